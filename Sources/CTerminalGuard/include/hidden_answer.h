#ifndef PREFS_HIDDEN_ANSWER_H
#define PREFS_HIDDEN_ANSWER_H

// The plain mode's answer to a secret's question, typed with the terminal's echo off, as
// getpass and readpassphrase read a password. The state lives in hidden_answer.c, not in Swift
// globals (terminal_guard.c says why).

/// Turns echo off on the terminal `input_fd` (the line end still shows, so the next question
/// starts on a line of its own), after saving its modes and the process's action for each signal
/// that could end or stop the process while echo is off. Each such signal, unless the host
/// ignores it, first puts the modes back, then gets the action it had (so the host's handler, or
/// the default action, runs as it would have), and the loop is woken through `wake_fd`.
/// Returns 0; 0 also when echo is already off; -1 when `input_fd` is not a terminal of this
/// process's foreground, and nothing was changed.
int prefs_hidden_begin(int input_fd, int wake_fd);

/// Puts back the modes and the signal actions saved by `prefs_hidden_begin`. Safe to call when
/// echo is not off.
void prefs_hidden_end(void);

/// Whether echo is off now (begun and not ended, and no signal put the modes back since).
int prefs_hidden_is_on(void);

/// The signal that put the modes back since `prefs_hidden_begin`, or 0; clears it. The loop then
/// ends the hidden answer and begins it again if the question is still open (after a stop and a
/// continue, for example).
int prefs_hidden_take_signal(void);

#endif
