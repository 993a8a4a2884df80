/* libvterm for Swift. Function-like macros (VTERM_COLOR_IS_*, VTERM_KEY_FUNCTION) do not import;
   TerminalScreen re-implements them in Swift. */
#include <vterm.h>
