// The parts of ncursesw that Swift cannot import directly: macros, and C globals that
// Swift 6's strict concurrency rejects. Each wrapper only forwards.
#ifndef PICKER_CNCURSES_SHIM_H
#define PICKER_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <locale.h>
#include <langinfo.h>
#include <stdio.h>
#include <term.h>

static inline WINDOW *picker_stdscr(void) { return stdscr; }
static inline attr_t picker_a_normal(void) { return A_NORMAL; }
static inline attr_t picker_a_reverse(void) { return A_REVERSE; }
static inline attr_t picker_a_bold(void) { return A_BOLD; }
static inline attr_t picker_a_underline(void) { return A_UNDERLINE; }
static inline attr_t picker_a_dim(void) { return A_DIM; }
static inline int picker_color_pair(int n) { return COLOR_PAIR(n); }
static inline int picker_colors(void) { return COLORS; }
static inline int picker_color_pairs(void) { return COLOR_PAIRS; }

// The terminfo layer, for the inline area: the terminal setupterm loaded, and tparm, which is
// variadic in C.
static inline TERMINAL *picker_cur_term(void) { return cur_term; }
static inline char *picker_tparm(const char *capability, long first, long second) {
    return tparm(capability, first, second, 0L, 0L, 0L, 0L, 0L, 0L, 0L);
}

// glibc hides wcwidth from Swift; it is what ncurses measures text with.
extern int wcwidth(wchar_t c);

#endif
