#ifndef PREFS_TERMINAL_GUARD_H
#define PREFS_TERMINAL_GUARD_H

// What the editor must put back however it ends: the terminal's modes and every signal action
// it (or ncurses) replaced. The state lives in terminal_guard.c, not in Swift globals; the
// comment at the top of that file says why.

/// Starts guarding: saves the modes of `input_fd` (tcgetattr), remembers `output_fd` for the
/// sequences that leave the alternate screen, bracketed paste and the hidden cursor, and records
/// the process's current action for every signal the editor or ncurses may change. Call it
/// before curses starts (ncurses installs handlers of its own when it starts).
/// Returns 0; -1 when a guard is already active (one editor at a time in a process).
int prefs_guard_begin(int input_fd, int output_fd);

/// Installs the editor's handlers: the stop signals (INT, TERM, HUP, QUIT, USR1, USR2, ALRM,
/// VTALRM, PROF, XCPU) record the signal and wake the loop; PIPE and XFSZ are ignored (unless
/// the host handles them); CONT runs the host's handler, if any, marks the continue and wakes
/// the loop; TSTP (unless the host ignores it or handles it itself, whose handler then stays)
/// asks the loop to suspend and wakes it; WINCH calls the handler it replaces (ncurses') and
/// wakes the loop; the crash signals (ILL, TRAP, SEGV, BUS, FPE, ABRT) put the terminal back
/// first. `wake_fd` is the non-blocking write end of the loop's self-pipe.
void prefs_guard_install(int wake_fd);

/// Puts back every signal action recorded by `prefs_guard_begin` and forgets the wake-up
/// descriptor. After it a new guard may begin. Safe to call more than once.
void prefs_guard_end(void);

/// Puts the modes saved by `prefs_guard_begin` back (tcsetattr), if they were saved.
void prefs_guard_restore_modes(void);

/// Whether modes were saved by `prefs_guard_begin`.
int prefs_guard_has_saved_modes(void);

/// The stop signal that arrived since `prefs_guard_install`, or 0.
int prefs_guard_stop_signal(void);

/// Whether the process was continued (SIGCONT) since the last call; clears the mark.
int prefs_guard_take_continued(void);

/// Whether a SIGTSTP came from outside (`kill -TSTP`) since the last call; clears the mark. The
/// loop then suspends as for Ctrl-Z, with the terminal's modes off while stopped.
int prefs_guard_take_suspend_request(void);

/// Stops the process group as the terminal's Ctrl-Z would (SIGTSTP with its default action),
/// and returns once the group is continued.
void prefs_guard_stop_process_group(void);

#endif
