import Glibc

/// How `prefs-tui` ends when a signal stopped its editor: the editor library has put the
/// terminal back and handed the signal to the process's own disposition; this makes sure the
/// process then ends by that signal, with its default action, so the parent sees it (exit status
/// 128 + n in a shell) as if it had not been caught. Only the executable decides this: the
/// library never ends its host. For SIGQUIT and SIGXCPU the default action includes a core file
/// where the limits allow one (`ulimit -c`), which is what those signals ask for.
enum SignalExit {
    static func end(by signal: Int32) -> Never {
        var standard = sigaction()
        standard.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&standard.sa_mask)
        sigaction(signal, &standard, nil)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, signal)
        sigprocmask(SIG_UNBLOCK, &set, nil)
        raise(signal)
        // Only reached if the signal's default action does not end the process.
        exit(128 + signal)
    }
}
