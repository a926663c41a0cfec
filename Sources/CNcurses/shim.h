#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character ncurses: without this the UTF-8 entry points (get_wch, addwstr) are not declared.
#define NCURSES_WIDECHAR 1
#include <ncursesw/curses.h>

#endif
