#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character ncurses: without this the UTF-8 entry points (get_wch, addwstr) are not declared.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>
#include <locale.h>
#include <stdio.h>

// Swift does not import function-like macros (the A_* attributes are built by NCURSES_BITS,
// KEY_F is a macro) nor, in Swift 6 mode, mutable globals such as stdscr. These small
// functions expose what the terminal layer needs, with the values ncurses itself defines.

static inline attr_t prefs_attr_normal(void) { return A_NORMAL; }
static inline attr_t prefs_attr_bold(void) { return A_BOLD; }
static inline attr_t prefs_attr_reverse(void) { return A_REVERSE; }
static inline attr_t prefs_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t prefs_attr_dim(void) { return A_DIM; }
static inline attr_t prefs_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline int prefs_key_f(int n) { return KEY_F(n); }
static inline WINDOW *prefs_stdscr(void) { return stdscr; }
static inline int prefs_attrset(attr_t attributes) { return attrset(attributes); }
static inline int prefs_lc_all(void) { return LC_ALL; }
static inline FILE *prefs_stdout(void) { return stdout; }
static inline FILE *prefs_stdin(void) { return stdin; }
static inline int prefs_width(WINDOW *window) { return getmaxx(window); }
static inline int prefs_height(WINDOW *window) { return getmaxy(window); }

// Whether the terminal can move the cursor at all (TERM=dumb cannot): tigetstr answers NULL
// for a missing capability and (char *)-1 for a name that is not a string capability.
static inline int prefs_can_move_cursor(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (const char *)-1;
}

// The line-drawing characters of the terminal itself (ACS_* index acs_map, a macro), for
// locales that cannot encode the Unicode box characters.
static inline chtype prefs_acs_vline(void) { return ACS_VLINE; }
static inline chtype prefs_acs_hline(void) { return ACS_HLINE; }
static inline chtype prefs_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype prefs_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype prefs_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype prefs_acs_lrcorner(void) { return ACS_LRCORNER; }
static inline chtype prefs_acs_block(void) { return ACS_CKBOARD; }
static inline chtype prefs_acs_ttee(void) { return ACS_TTEE; }

#endif
