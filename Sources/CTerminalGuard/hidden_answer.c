// Echo off while a secret is typed in the plain mode. Why in C: the saved `termios` and
// `sigaction`s are C structs that C code writes into (terminal_guard.c explains the Swift 6.3.1
// release-build layout fault that rules out Swift globals of them).
//
// The modes come back however the question ends: the answer (the loop ends it), quitting, the
// end of input (Ctrl-D) and a signal. A signal is the one way out the loop does not see first:
// Ctrl-C and a `kill` end the process with the default action, and Ctrl-Z stops it and hands the
// terminal to the shell. Its handler puts the modes back at once (tcsetattr is
// async-signal-safe), puts the action the signal had before back, and raises the signal again,
// which is then delivered, as it would have been, when the handler returns.

#define _GNU_SOURCE
#include "hidden_answer.h"

#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

// Signals that end the process by default, those that stop it (TTIN and TTOU too: a job put in
// the background while echo is off), and the crash signals.
static const int hidden_signals[] = {SIGINT,  SIGTERM, SIGHUP,  SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM,
                                     SIGPROF, SIGXCPU, SIGPIPE, SIGXFSZ, SIGTSTP, SIGTTIN, SIGTTOU, SIGILL,
                                     SIGTRAP, SIGSEGV, SIGBUS,  SIGFPE,  SIGABRT};

#define COUNT(array) (sizeof(array) / sizeof((array)[0]))

static atomic_int hidden = 0;
static atomic_int hidden_fd = -1;
static atomic_int hidden_wake_fd = -1;
static atomic_int caught_signal = 0;
static struct termios saved_modes;
static struct sigaction host_actions[NSIG];
// Whether our handler is installed for the signal (not one the host ignores).
static atomic_uchar handled[NSIG];

static int is_crash_signal(int signal) {
    return signal == SIGILL || signal == SIGTRAP || signal == SIGSEGV || signal == SIGBUS || signal == SIGFPE;
}

// The modes first, the flag after: a second signal arriving in between finds the flag still set
// and puts them back too (twice is harmless), rather than ending the process with echo off.
static void put_modes_back(void) {
    if (atomic_load(&hidden)) {
        tcsetattr(atomic_load(&hidden_fd), TCSANOW, &saved_modes);
        atomic_store(&hidden, 0);
    }
}

static void on_signal(int signal, siginfo_t *info, void *context) {
    (void)context;
    int saved_errno = errno;
    put_modes_back();
    if (atomic_exchange(&handled[signal], 0)) sigaction(signal, &host_actions[signal], NULL);
    // A real fault (a crash signal with si_code > 0: a bad address, Swift's trap) repeats by
    // itself when the handler returns, now with the host's action. Any other signal is raised
    // again: blocked while this handler runs, it is delivered with the host's action on return.
    // (Not si_code alone: the terminal's Ctrl-C and Ctrl-Z come with SI_KERNEL, which is > 0.)
    int is_fault = is_crash_signal(signal) && info != NULL && info->si_code > 0;
    if (!is_fault) raise(signal);
    atomic_store(&caught_signal, signal);
    int fd = atomic_load(&hidden_wake_fd);
    if (fd >= 0) {
        unsigned char byte = 1;
        ssize_t ignored = write(fd, &byte, 1);
        (void)ignored;
    }
    errno = saved_errno;
}

// Every signal this file handles: held off on this thread while the modes and actions change,
// and while any of their handlers runs.
static void hidden_signal_set(sigset_t *set) {
    sigemptyset(set);
    for (size_t i = 0; i < COUNT(hidden_signals); i++) sigaddset(set, hidden_signals[i]);
}

int prefs_hidden_begin(int input_fd, int wake_fd) {
    if (atomic_load(&hidden)) return 0;
    // Only in the foreground: tcsetattr from a background job would stop it (SIGTTOU).
    if (!isatty(input_fd) || tcgetpgrp(input_fd) != getpgrp()) return -1;
    struct termios modes;
    if (tcgetattr(input_fd, &modes) != 0) return -1;
    sigset_t set, previous_mask;
    hidden_signal_set(&set);
    sigprocmask(SIG_BLOCK, &set, &previous_mask);
    saved_modes = modes;
    atomic_store(&hidden_fd, input_fd);
    atomic_store(&hidden_wake_fd, wake_fd);
    atomic_store(&caught_signal, 0);
    for (size_t i = 0; i < COUNT(hidden_signals); i++) {
        int signal = hidden_signals[i];
        if (sigaction(signal, NULL, &host_actions[signal]) != 0) continue;
        // A signal the host ignores cannot end or stop it: left as it is.
        if (!(host_actions[signal].sa_flags & SA_SIGINFO) && host_actions[signal].sa_handler == SIG_IGN) continue;
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = on_signal;
        action.sa_flags = SA_SIGINFO;
        // Every other handled signal waits while one handler runs: two arriving together (on
        // two threads, or one during the other) cannot end the process between the modes
        // being put back and the flag saying so. SIGTTOU among them: a handler run after `bg`
        // is not stopped by its own tcsetattr.
        hidden_signal_set(&action.sa_mask);
        if (sigaction(signal, &action, NULL) == 0) atomic_store(&handled[signal], 1);
    }
    // Echo off, the line end still echoed. Canonical input stays: the person edits the answer
    // as any line, and Ctrl-D still ends input.
    modes.c_lflag &= ~(tcflag_t)(ECHO | ECHOE | ECHOK);
    modes.c_lflag |= ECHONL;
    // TCSANOW, not TCSAFLUSH: an answer pasted ahead of the question is kept, not dropped. The
    // flag is set first: a signal that reaches another thread (this process has several, and
    // sigprocmask holds signals off this one only) while the modes change puts them back.
    atomic_store(&hidden, 1);
    int result = tcsetattr(input_fd, TCSANOW, &modes);
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
    if (result != 0) {
        atomic_store(&hidden, 0);
        prefs_hidden_end();
        return -1;
    }
    return 0;
}

void prefs_hidden_end(void) {
    sigset_t set, previous_mask;
    hidden_signal_set(&set);
    sigprocmask(SIG_BLOCK, &set, &previous_mask);
    put_modes_back();
    for (size_t i = 0; i < COUNT(hidden_signals); i++) {
        int signal = hidden_signals[i];
        if (atomic_exchange(&handled[signal], 0)) sigaction(signal, &host_actions[signal], NULL);
    }
    atomic_store(&hidden_wake_fd, -1);
    sigprocmask(SIG_SETMASK, &previous_mask, NULL);
}

int prefs_hidden_is_on(void) { return atomic_load(&hidden); }

int prefs_hidden_take_signal(void) { return atomic_exchange(&caught_signal, 0); }
