/* ncursesw for Swift.
   SwiftPM drops pkg-config's -D flags, so the wide-character API is enabled here, and the
   function-like macros Swift cannot import are wrapped as static inline functions. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline attr_t cpm_A_NORMAL(void)    { return A_NORMAL; }
static inline attr_t cpm_A_BOLD(void)      { return A_BOLD; }
static inline attr_t cpm_A_DIM(void)       { return A_DIM; }
static inline attr_t cpm_A_ITALIC(void)    { return A_ITALIC; }
static inline attr_t cpm_A_REVERSE(void)   { return A_REVERSE; }
static inline attr_t cpm_A_UNDERLINE(void) { return A_UNDERLINE; }
static inline attr_t cpm_A_BLINK(void)     { return A_BLINK; }
static inline int    cpm_KEY_F(int n)      { return KEY_F(n); }
static inline void   cpm_getmaxyx(WINDOW *w, int *y, int *x) { int a, b; getmaxyx(w, a, b); *y = a; *x = b; }
static inline void   cpm_getyx(WINDOW *w, int *y, int *x)    { int a, b; getyx(w, a, b); *y = a; *x = b; }
static inline WINDOW *cpm_stdscr(void) { return stdscr; }
static inline int    cpm_lines(void) { return LINES; }
static inline int    cpm_cols(void) { return COLS; }
static inline int    cpm_colors(void) { return COLORS; }
static inline int    cpm_color_pairs(void) { return COLOR_PAIRS; }
/* Mouse masks (function-like macros in curses.h). Added by the TUI. */
static inline mmask_t cpm_BUTTON1_PRESSED(void) { return BUTTON1_PRESSED; }
static inline mmask_t cpm_BUTTON1_CLICKED(void) { return BUTTON1_CLICKED; }
static inline mmask_t cpm_BUTTON4_PRESSED(void) { return BUTTON4_PRESSED; }
static inline mmask_t cpm_BUTTON5_PRESSED(void) { return BUTTON5_PRESSED; }
static inline attr_t  cpm_A_INVIS(void)     { return A_INVIS; }
/* Terminfo capabilities the frame writer asks about (extended names such as RGB, Tc, Smulx are
   looked up by name; tigetstr answers (char *)-1 for a name that is not a string capability). */
static inline int cpm_has_flag_or_number(const char *name) {
    return tigetflag((char *)name) > 0 || tigetnum((char *)name) > 0;
}
static inline int cpm_has_string(const char *name) {
    char *value = tigetstr((char *)name);
    return value != NULL && value != (char *)-1;
}
