// The terminal guard's state, in C on purpose.
//
// Why not Swift globals: with Swift 6.3.1 in `-c release` (seen 2026-11-24), a statically
// initialised Swift global of an imported C struct type is emitted without the struct's internal
// padding: `var x = sigaction()` became a 148-byte object where C's sizeof is 152, and
// `var m = termios()` 57 bytes instead of 60. `sigaction(SIGWINCH, &new, &x)` then wrote 152
// bytes and overwrote the global after it (the stop flag), and the release editor ended itself
// at start. Here C's own compiler lays the structs out; the release end-to-end tests in CI
// (`.ci/run`) start the editor built that way.
//
// Why the flags are atomics: signal handlers write them while the loop's thread reads them;
// lock-free atomics are async-signal-safe, and ThreadSanitizer sees them.

#define _GNU_SOURCE
#include "terminal_guard.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU};
static const int ignored_signals[] = {SIGPIPE, SIGXFSZ};
static const int crash_signals[] = {SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT};
// Signals whose action ncurses may change when it starts (it handles INT, TERM, TSTP and WINCH
// when they have their default action), besides the ones above: recorded so they come back too.
static const int curses_signals[] = {SIGTSTP, SIGWINCH, SIGCONT};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

// Bracketed paste and mouse reporting off, the main screen back, the cursor shown, plain text.
static const char leave_sequence[] = "\033[?2004l\033[?1006l\033[?1000l\033[?1049l\033[?25h\033[0m\r\n";

static atomic_int active = 0;
static atomic_int stop_signal = 0;
static atomic_int continued = 0;
static atomic_int suspend_requested = 0;
static atomic_int wake_fd = -1;
static atomic_int output_fd = -1;
static atomic_int input_fd = -1;
static atomic_int modes_saved = 0;
static struct termios saved_modes;
// The process's actions before the guard began, indexed by signal number.
static struct sigaction host_actions[NSIG];
static unsigned char host_action_recorded[NSIG];
// The action SIGWINCH had when the handlers were installed (ncurses'), which ours calls.
static struct sigaction resize_action;

static void wake_loop(void) {
    int fd = atomic_load(&wake_fd);
    if (fd >= 0) {
        unsigned char byte = 1;
        // A full pipe already means "wake up"; the result does not matter.
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
}

// The handlers keep errno as they found it: the interrupted code may be about to read it (a
// failed read, write or lock), and the wake-up write can set it (a full pipe).
static void on_stop(int signal) {
    int saved_errno = errno;
    atomic_store(&stop_signal, signal);
    wake_loop();
    errno = saved_errno;
}

// Whether the host had installed a handler of its own for `signal` before the guard began
// (not the default action, not ignored).
static int host_has_handler(int signal) {
    if (!host_action_recorded[signal]) return 0;
    if (host_actions[signal].sa_flags & SA_SIGINFO) return host_actions[signal].sa_sigaction != NULL;
    return host_actions[signal].sa_handler != SIG_DFL && host_actions[signal].sa_handler != SIG_IGN;
}

// Runs the host's own handler for `signal`, as the kernel would have.
static void call_host_handler(int signal, siginfo_t *info, void *context) {
    if (host_actions[signal].sa_flags & SA_SIGINFO) host_actions[signal].sa_sigaction(signal, info, context);
    else host_actions[signal].sa_handler(signal);
}

// A good guest: the host's own SIGCONT handler still runs.
static void on_continue(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (host_has_handler(signal)) call_host_handler(signal, info, context);
    atomic_store(&continued, 1);
    wake_loop();
    errno = saved_errno;
}

// A SIGTSTP sent from outside (`kill -TSTP`; Ctrl-Z arrives as a key in raw mode). ncurses'
// own handler would stop the process with mouse reporting still on, and every click in the shell
// would then type escape sequences: the loop suspends instead, as for Ctrl-Z, turning the modes
// off first.
static void on_suspend(int signal) {
    (void)signal;
    int saved_errno = errno;
    atomic_store(&suspend_requested, 1);
    wake_loop();
    errno = saved_errno;
}

// ncurses records the new size in its handler; the loop then reads KEY_RESIZE.
static void on_resize(int signal, siginfo_t *info, void *context) {
    int saved_errno = errno;
    if (resize_action.sa_flags & SA_SIGINFO) {
        if (resize_action.sa_sigaction) resize_action.sa_sigaction(signal, info, context);
    } else if (resize_action.sa_handler != SIG_DFL && resize_action.sa_handler != SIG_IGN) {
        resize_action.sa_handler(signal);
    }
    wake_loop();
    errno = saved_errno;
}

static void write_leave_sequence(void) {
    int fd = atomic_load(&output_fd);
    if (fd < 0) return;
    ssize_t ignored = write(fd, leave_sequence, sizeof(leave_sequence) - 1);
    (void)ignored;
}

// Restores the saved modes, leaves the alternate screen and shows the cursor. A real fault
// (si_code > 0: SIGSEGV on a bad address, Swift's trap on fatalError) goes back to the host's
// previous handler and returns, so the fault repeats there and Swift's backtracer prints onto a
// usable terminal. A signal that was sent (kill, raise, abort: si_code <= 0) would not repeat,
// and the backtracer would return into a program whose screen is gone, so it gets the default
// action at once.
static void on_crash(int signal, siginfo_t *info, void *context) {
    (void)context;
    prefs_guard_restore_modes();
    write_leave_sequence();
    int was_sent = info == NULL || info->si_code <= 0;
    if (!was_sent && host_action_recorded[signal]) {
        sigaction(signal, &host_actions[signal], NULL);
        return;
    }
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(signal, &standard, NULL);
    raise(signal);
}

static void record(int signal) {
    if (sigaction(signal, NULL, &host_actions[signal]) == 0) host_action_recorded[signal] = 1;
}

int prefs_guard_begin(int input, int output) {
    int expected = 0;
    if (!atomic_compare_exchange_strong(&active, &expected, 1)) return -1;
    atomic_store(&stop_signal, 0);
    atomic_store(&continued, 0);
    atomic_store(&suspend_requested, 0);
    memset(host_action_recorded, 0, sizeof host_action_recorded);
    for (size_t i = 0; i < COUNT(stop_signals); i++) record(stop_signals[i]);
    for (size_t i = 0; i < COUNT(ignored_signals); i++) record(ignored_signals[i]);
    for (size_t i = 0; i < COUNT(crash_signals); i++) record(crash_signals[i]);
    for (size_t i = 0; i < COUNT(curses_signals); i++) record(curses_signals[i]);
    atomic_store(&input_fd, input);
    atomic_store(&modes_saved, tcgetattr(input, &saved_modes) == 0);
    atomic_store(&output_fd, output);
    return 0;
}

static void install(int signal, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, NULL);
}

static void install_with_info(int signal, void (*handler)(int, siginfo_t *, void *), struct sigaction *previous) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_SIGINFO;
    sigaction(signal, &action, previous);
}

void prefs_guard_install(int wake) {
    atomic_store(&wake_fd, wake);
    for (size_t i = 0; i < COUNT(stop_signals); i++) install(stop_signals[i], on_stop);
    // Ignored so that a write to a reader gone returns EPIPE instead of ending the process, but
    // only where the host left the default action: a host's own handler stays, and runs.
    for (size_t i = 0; i < COUNT(ignored_signals); i++) {
        if (!host_has_handler(ignored_signals[i])) install(ignored_signals[i], SIG_IGN);
    }
    install_with_info(SIGCONT, on_continue, NULL);
    // SIGTSTP from outside (`kill -TSTP`) suspends the editor only where the host left the
    // default action. A host that ignores it (started so that it cannot be stopped) keeps
    // ignoring it; a host that installed a handler of its own keeps it: the host's handler runs
    // and the editor goes on with the screen as it was. (ncurses leaves a handler that is not
    // the default alone, so there is nothing to put back over it.) Replacing a host's handler
    // stopped the whole process instead, and the host never heard of the signal.
    if (!(host_action_recorded[SIGTSTP] && host_actions[SIGTSTP].sa_handler == SIG_IGN) && !host_has_handler(SIGTSTP)) {
        install(SIGTSTP, on_suspend);
    } else if (host_has_handler(SIGTSTP)) {
        sigaction(SIGTSTP, &host_actions[SIGTSTP], NULL);
    }
    install_with_info(SIGWINCH, on_resize, &resize_action);
    for (size_t i = 0; i < COUNT(crash_signals); i++) install_with_info(crash_signals[i], on_crash, NULL);
}

void prefs_guard_end(void) {
    if (!atomic_load(&active)) return;
    atomic_store(&wake_fd, -1);
    for (int signal = 1; signal < NSIG; signal++) {
        if (host_action_recorded[signal]) sigaction(signal, &host_actions[signal], NULL);
    }
    memset(host_action_recorded, 0, sizeof host_action_recorded);
    atomic_store(&output_fd, -1);
    atomic_store(&modes_saved, 0);
    atomic_store(&active, 0);
}

void prefs_guard_restore_modes(void) {
    if (atomic_load(&modes_saved)) tcsetattr(atomic_load(&input_fd), TCSANOW, &saved_modes);
}

int prefs_guard_has_saved_modes(void) { return atomic_load(&modes_saved); }

int prefs_guard_stop_signal(void) { return atomic_load(&stop_signal); }

int prefs_guard_take_continued(void) { return atomic_exchange(&continued, 0); }

int prefs_guard_take_suspend_request(void) { return atomic_exchange(&suspend_requested, 0); }

void prefs_guard_stop_process_group(void) {
    struct sigaction standard, previous;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    sigaction(SIGTSTP, &standard, &previous);
    kill(0, SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
    atomic_store(&continued, 0);
    atomic_store(&suspend_requested, 0);
}
