// LibvtermShim: the room where TerminalScreen stands in front of libvterm 0.1.4 (Debian 12's).
// Every file here exists because of one of the defects or gaps below. The tests named after each
// show the workaround; `TerminalScreenTests/LibvtermDefectTests` shows the defects themselves in
// raw libvterm (colon colours, SGR 58, the older width table, DECRC after a shrink, a mark after
// the last column, `CSI s`, mode 2026 swallowed), and `LibvtermCrashDefectTests` the crashes and
// the hang in a child (`libvterm-probe`: REP with nothing printed, a UTF-8 C1 in insert mode,
// ill-formed UTF-8 cut by a control), each expecting the defect, so a newer libvterm that fixed
// one fails there and says which workaround can go. Nothing outside this folder parses terminal bytes; the
// screen model, its cells and its snapshots (../Image) sit beside it.
//
// Defects (libvterm crashes, hangs or draws wrong):
// - REP (`CSI n b`) loops forever when nothing was printed yet, and writes past the row when the
//   repeated glyph is wide and lands in the last column. InputGuard replaces every REP with the
//   glyph printed as often as fits; it parses escape sequences as libvterm does where libvterm
//   differs from xterm (DEL inside `ESC …`, `[` `]` `P` after intermediates), so it sees every
//   REP libvterm sees. Shown by `VTermHangTests`, `InputGuardTests` (repeat…).
// - DECRC (and leaving the alternate screen) after the screen shrank puts the cursor outside
//   the screen, and the next print crashes. InputGuard reports the restore; TerminalScreen moves
//   the cursor back inside. Shown by `InputGuardTests` restoringACursorSavedBeforeShrinkingStaysInside,
//   cursorRestoreAfterAltScreenFromLargerSize, scrollRegionSetBeforeShrinkingIsReset.
// - Ill-formed UTF-8 cut by a control byte can crash it, and C1 controls encoded as UTF-8 get
//   width −1 (a crash in insert mode at column 0). UTF8Sanitizer hands it well-formed UTF-8
//   only. Shown by `UTF8SanitizerTests` fuzzFoundCrashSequenceIsHarmless, encodedC1ControlsAreDropped.
// - Colon colours: `38:2::r:g:b` is read as r = 255, and `58;5;1` (underline colour) as blink and
//   bold. SGRRewriter rewrites colon colours to the semicolon forms and drops SGR 58/59 with their
//   arguments. Shown by `ExtendedAttributeTests` colonColoursAsTmuxReadsThem,
//   underlineColourHasNoSideEffects.
// - A combining mark, ZWJ or variation selector written in a later chunk is joined only when the
//   cursor is right after its glyph and only if libvterm's own (older) tables know it; after a
//   glyph in the last column (pending wrap) it lands on the next row. InputGuard+Join and
//   TextShaper re-print the cell as one write would have. Shown by `ClusterTests`
//   markInTheNextFeedJoinsWhenLibvtermJoinsIt, joinerAtTheEndOfAFeedJoinsTheNextFeed;
//   `SplitFeedTests` markKeepsPendingWrap.
// - Its width table is older than glibc's (🧑 U+1F9D1: libvterm 1 column, glibc and tmux 2), and
//   a cell holds at most 6 scalars. TextShaper prints stand-ins (ClusterTable) of the right width
//   for such cells and maps them back; VTermWidthProbe asks libvterm what it would do. Shown by
//   `ClusterTests` newerEmojiIsWide, zwjSequenceIsOneCell, tooManyMarksStopAtTmuxCellSize.
//
// Gaps (libvterm lacks what tmux has, or keeps state it does not expose):
// - No dim, conceal, overline, dotted or dashed underline: SGRRewriter stores them in the cell's
//   font number (PenExtras); real font selections are dropped. Shown by `ExtendedAttributeTests`.
// - Unknown DEC private modes are swallowed without a callback: synchronized output (2026) is
//   found by a byte scan beside the parser (SyncOutputDetector). Shown by `SyncOutputDetectorTests`.
// - Autowrap, origin mode, focus and mouse encodings, the G0/G1 charsets and SO/SI, the scroll
//   region and DECLRMM are kept but not exposed: InputGuard+Modes and +Margins follow them in the
//   bytes, for snapshots and for the scroll batch. `CSI s` is taken for DECSLRM and saves nothing.
//   Shown by `ScreenImageTests`, `ScrollBatchTests` theGuardFollowsTheScrollRegionAndMargins.
// - Each line feed at the bottom of the region moves the whole cell buffer: a run of plain lines
//   is scrolled in one step instead (ScrollBatchPlan, TerminalScreen+ScrollBatch), leaving the
//   same screen and scrollback. Shown by `ScrollBatchTests`.
//
// Must not import: anything but CVTerm and CSupport (as all of TerminalScreen).
