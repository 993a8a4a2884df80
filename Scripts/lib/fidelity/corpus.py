"""The fidelity corpus: screen programs run in a pane (by /bin/sh -c), each exercising one
part of a terminal. `quick` cases form the short run that Scripts/test makes. IGNORED names the
style keys a case's attribute figure leaves out: only the underline colour (SGR 58) of
`sgr-attributes`, which libvterm 0.1.4 has no room for (docs/terminal.md)."""

E = r"\033"


def printf(*parts):
    return "printf '" + "".join(parts) + "'"


CASES = [
    ("basic-colours", True, printf(*[E + "[%dm%d " % (n, n) for n in list(range(30, 38)) + list(range(90, 98))],
                                   E + "[0m\\n", *[E + "[%dm%d " % (n, n) for n in list(range(40, 48)) + list(range(100, 108))],
                                   E + "[0m\\n")),
    ("256-colours", False, "for i in $(seq 0 255); do printf '\\033[38;5;%dm#\\033[48;5;%dm \\033[0m' $i $((255-i)); "
                           "[ $((i % 32)) -eq 31 ] && printf '\\n'; done"),
    ("24-bit", True, "for r in 0 64 128 192 255; do for g in 0 85 170 255; do "
                     "printf '\\033[38;2;%d;%d;200m*\\033[48;2;%d;30;%dm \\033[0m' $r $g $g $r; done; printf '\\n'; done"),
    ("sgr-attributes", True, printf(E + "[1mbold" + E + "[0m ", E + "[2mdim" + E + "[0m ", E + "[3mitalic" + E + "[0m ",
                                    E + "[4munder" + E + "[0m ", E + "[4:2mdouble" + E + "[0m ", E + "[4:3mcurly" + E + "[0m ",
                                    E + "[4:4mdotted" + E + "[0m ", E + "[4:5mdashed" + E + "[0m\\n",
                                    E + "[4;58:2::255:0:0mred-underline" + E + "[0m ", E + "[5mblink" + E + "[0m ",
                                    E + "[7mreverse" + E + "[0m ", E + "[8mconceal" + E + "[0m ", E + "[9mstrike" + E + "[0m ",
                                    E + "[53moverline" + E + "[0m ", E + "[1;3;4;9;38;5;196mcombo" + E + "[0m\\n")),
    ("wide-emoji", True, printf("漢字|テスト|😀|🧑|👍🏽|🇯🇵|🧑‍🤝‍🧑|❤️|☺︎|end\\n")),
    # The width rule at its edges: emoji newer than libvterm's tables, ZWJ sequences with VS16,
    # flags, skin tones, astral CJK, Nerd Font private-use glyphs, ambiguous-width symbols,
    # Hangul jamo, stacked marks, unassigned code points (tmux drops them), then a wide
    # character that does not fit in the last column (it wraps) and a mark on the last column.
    ("width-rule", True, printf("🫠🪿🧑|🧑‍💻|👩‍❤️‍💋‍👨|🏳️‍🌈|✌️|🇩🇪🇫🇷|👋🏿|𠀀𠂉|①±→|\\356\\202\\260\\357\\204\\225|",
                                "\\341\\204\\200\\341\\205\\240|a\\314\\210\\314\\243|x\\360\\237\\251\\267y|end\\n")
     + "; printf '%099d' 0; " + printf("🧑z\\n") + "; printf '%099d' 0; " + printf("e\\314\\201\\n")),
    ("combining", True, printf("e\\314\\201 a\\314\\210\\314\\243 n\\314\\203|end\\n")),
    ("box-drawing", True, printf("┌──┬──┐\\n│ab│cd│\\n├──┼──┤\\n╰──┴──╯ ═║╔╗\\n")),
    ("scroll-region", True, printf("top\\n", E + "[2;6r", E + "[6;1H") + "; for i in $(seq 1 12); do echo r$i; done; "
                            + printf(E + "[r", E + "[10;1Hafter")),
    ("insert-delete", False, printf("abcdefgh\\n12345678\\nline3\\nline4", E + "[1;3H", E + "[2@", E + "[2;3H", E + "[3P",
                                    E + "[3;1H", E + "[L", E + "[5;1H", E + "[M")),
    ("bce-erase", True, printf(E + "[44mblue bg", E + "[K\\n", E + "[41m", E + "[5X", E + "[0m\\n", E + "[42m", E + "[J",
                               E + "[0m")),
    ("alternate-screen", True, printf("primary\\n", E + "[?1049h", E + "[2J", E + "[3;3H", E + "[1;35min alt", E + "[0m")),
    ("sync-output", False, printf(E + "[?2026h", E + "[2J", E + "[1;1Hframe one", E + "[2;1H", E + "[32mgreen",
                                  E + "[0m", E + "[?2026l")),
    ("claude-frame", True, printf(E + "[38;2;215;119;87m⏺" + E + "[0m Update(src/app.ts)\\n",
                                  "  ⎿  Updated " + E + "[1msrc/app.ts" + E + "[0m with 2 additions\\n",
                                  E + "[48;2;2;40;0m" + E + "[38;2;80;200;120m+  const days = diff(start)" + E + "[K" + E + "[0m\\n",
                                  E + "[48;2;61;1;0m" + E + "[38;2;220;90;90m-  const days = diff(now)" + E + "[K" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m╭────────────────────────────╮" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m│" + E + "[0m " + E + "[2mDo you want to proceed?" + E + "[0m    "
                                  + E + "[38;2;136;136;136m│" + E + "[0m\\n",
                                  E + "[38;2;136;136;136m╰────────────────────────────╯" + E + "[0m\\n")),
    ("vim", False, "exec vim -u NONE -N -n -c 'set number' -c 'syntax on' /etc/services"),
    ("less", False, "exec less /etc/services"),
]

IGNORED = {"sgr-attributes": {"us"}}
