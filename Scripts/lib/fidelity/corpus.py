"""The fidelity corpus: screen programs run in a pane (by /bin/sh -c), each exercising one
part of a terminal, synthetic cases and real full-screen programs from Debian's packages. `quick`
cases form the short run that Scripts/test makes. A `Case` may wait for a text before it counts as
drawn, type keys into its program, and be frozen (SIGSTOP) once drawn when it redraws on its own
(a process viewer's clock), so that both sides are read at one moment. IGNORED names the style
keys a case's attribute figure leaves out: only the underline colour (SGR 58) of `sgr-attributes`,
which libvterm 0.1.4 has no room for (docs/terminal.md)."""
import os

E = r"\033"
SLOW = os.path.join(os.path.dirname(os.path.abspath(__file__)), "slow.py")


def printf(*parts):
    return "printf '" + "".join(parts) + "'"


class Case:
    def __init__(self, name, quick, command, ready=None, keys=(), done=None, live=False):
        self.name, self.quick, self.command = name, quick, command
        self.ready, self.keys, self.done, self.live = ready, list(keys), done, live
        self.slow = False

    @property
    def program(self):
        """A real program (it owns the pane) rather than bytes printed at once. One that is
        frozen runs as the shell's child: tmux sends SIGCONT to a pane's own process when it stops."""
        return self.command.startswith("exec ") or self.live

    def shell(self):
        """The pane's command after its `wait-for`: the bytes printed at once, or in small pieces
        over about two seconds when `slow` (the viewer attaches mid-output), then `cat` keeps the
        pane; a program runs as it is."""
        if self.program:
            return self.command
        if self.slow:
            return "(%s) > out-$$; exec python3 %s out-$$" % (self.command, SLOW)
        return self.command + "; exec cat"


def case(name, quick, command, **options):
    return Case(name, quick, command, **options)


CASES = [
    case("basic-colours", True, printf(*[E + "[%dm%d " % (n, n) for n in list(range(30, 38)) + list(range(90, 98))],
                                   E + "[0m\\n", *[E + "[%dm%d " % (n, n) for n in list(range(40, 48)) + list(range(100, 108))],
                                   E + "[0m\\n")),
    case("256-colours", False, "for i in $(seq 0 255); do printf '\\033[38;5;%dm#\\033[48;5;%dm \\033[0m' $i $((255-i)); "
                           "[ $((i % 32)) -eq 31 ] && printf '\\n'; done"),
    case("24-bit", True, "for r in 0 64 128 192 255; do for g in 0 85 170 255; do "
                     "printf '\\033[38;2;%d;%d;200m*\\033[48;2;%d;30;%dm \\033[0m' $r $g $g $r; done; printf '\\n'; done"),
    case("sgr-attributes", True, printf(E + "[1mbold" + E + "[0m ", E + "[2mdim" + E + "[0m ", E + "[3mitalic" + E + "[0m ",
                                    E + "[4munder" + E + "[0m ", E + "[4:2mdouble" + E + "[0m ", E + "[4:3mcurly" + E + "[0m ",
                                    E + "[4:4mdotted" + E + "[0m ", E + "[4:5mdashed" + E + "[0m\\n",
                                    E + "[4;58:2::255:0:0mred-underline" + E + "[0m ", E + "[5mblink" + E + "[0m ",
                                    E + "[7mreverse" + E + "[0m ", E + "[8mconceal" + E + "[0m ", E + "[9mstrike" + E + "[0m ",
                                    E + "[53moverline" + E + "[0m ", E + "[1;3;4;9;38;5;196mcombo" + E + "[0m\\n")),
    case("wide-emoji", True, printf("漢字|テスト|😀|🧑|👍🏽|🇯🇵|🧑‍🤝‍🧑|❤️|☺︎|end\\n")),
    # The width rule at its edges: emoji newer than libvterm's tables, ZWJ sequences with VS16,
    # flags, skin tones, astral CJK, Nerd Font private-use glyphs, ambiguous-width symbols,
    # Hangul jamo, stacked marks, unassigned code points (tmux drops them), then a wide
    # character that does not fit in the last column (it wraps) and a mark on the last column.
    case("width-rule", True, printf("🫠🪿🧑|🧑‍💻|👩‍❤️‍💋‍👨|🏳️‍🌈|✌️|🇩🇪🇫🇷|👋🏿|𠀀𠂉|①±→|\\356\\202\\260\\357\\204\\225|",
                                "\\341\\204\\200\\341\\205\\240|a\\314\\210\\314\\243|x\\360\\237\\251\\267y|end\\n")
     + "; printf '%099d' 0; " + printf("🧑z\\n") + "; printf '%099d' 0; " + printf("e\\314\\201\\n")),
    case("combining", True, printf("e\\314\\201 a\\314\\210\\314\\243 n\\314\\203|end\\n")),
    case("box-drawing", True, printf("┌──┬──┐\\n│ab│cd│\\n├──┼──┤\\n╰──┴──╯ ═║╔╗\\n")),
    case("scroll-region", True, printf("top\\n", E + "[2;6r", E + "[6;1H") + "; for i in $(seq 1 12); do echo r$i; done; "
                            + printf(E + "[r", E + "[10;1Hafter")),
    case("insert-delete", False, printf("abcdefgh\\n12345678\\nline3\\nline4", E + "[1;3H", E + "[2@", E + "[2;3H", E + "[3P",
                                    E + "[3;1H", E + "[L", E + "[5;1H", E + "[M")),
    case("bce-erase", True, printf(E + "[44mblue bg", E + "[K\\n", E + "[41m", E + "[5X", E + "[0m\\n", E + "[42m", E + "[J",
                               E + "[0m")),
    case("alternate-screen", True, printf("primary\\n", E + "[?1049h", E + "[2J", E + "[3;3H", E + "[1;35min alt", E + "[0m")),
    case("sync-output", False, printf(E + "[?2026h", E + "[2J", E + "[1;1Hframe one", E + "[2;1H", E + "[32mgreen",
                                  E + "[0m", E + "[?2026l")),
    case("claude-frame", True, printf(E + "[38;2;215;119;87m⏺" + E + "[0m Update(src/app.ts)\\n",
                                  "  ⎿  Updated " + E + "[1msrc/app.ts" + E + "[0m with 2 additions\\n",
                                  E + "[48;2;2;40;0m" + E + "[38;2;80;200;120m+  const days = diff(start)" + E + "[K" + E + "[0m\\n",
                                  E + "[48;2;61;1;0m" + E + "[38;2;220;90;90m-  const days = diff(now)" + E + "[K" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m╭────────────────────────────╮" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m│" + E + "[0m " + E + "[2mDo you want to proceed?" + E + "[0m    "
                                  + E + "[38;2;136;136;136m│" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m╰────────────────────────────╯" + E + "[0m\\n")),
    # DEC special graphics, designated into G0 and, through SO/SI, into G1.
    case("dec-graphics", True, printf(E + "(0lqqwqqk" + E + "(B\\n", E + "(0x" + E + "(Bab" + E + "(0x" + E + "(Bcd"
                                      + E + "(0x" + E + "(B\\n", E + ")0\\016mqqvqqj\\017 after\\n")),
    # A colour left set at a line break (capture-pane writes no SGR at the next row's start).
    case("line-carry", True, printf(E + "[38;2;215;119;87m│ first row\\nsecond row │", E + "[48;5;24m\\nthird",
                                    E + "[K" + E + "[0m\\n")),
    # CJK text on coloured backgrounds, erased to the end of the row.
    case("cjk-bg", False, printf(E + "[48;5;52m漢字テキスト" + E + "[K\\n", E + "[46;30m한국어 ", E + "[K" + E + "[0m\\n")),
    case("vim", False, "exec vim -u NONE -N -n -c 'set number' -c 'syntax on' /etc/services", ready="Network services"),
    case("less", True, "exec less /etc/services", ready="Network services"),
    # Real full-screen programs from Debian's packages: a file manager with coloured panels, two
    # process viewers (frozen once drawn), the terminal test program's screens.
    case("mc", True, "exec mc -u -d", ready="Quit"),
    case("htop", False, "htop -d 100", ready="Quit", live=True),
    case("btop", False, "btop", ready="cpu", live=True),
    case("vttest-cursor", False, "exec vttest", ready="Enter choice", keys=["1", "Enter"], done="Push <RETURN>"),
    case("vttest-screen", False, "exec vttest", ready="Enter choice", keys=["2", "Enter"], done="Push <RETURN>"),
]

IGNORED = {"sgr-attributes": {"us"}}
