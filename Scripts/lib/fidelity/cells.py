"""Cells of a screen as a person sees it, parsed from `capture-pane -p -e -N` of a viewer pane
that a read-only tmux client draws (world.py): per row a list of (text, style) where text is one
character plus its combining marks and style every SGR attribute tmux keeps (bold, dim, italic,
underline and its style, blink, reverse, conceal, strike, overline, the foreground, background
and underline colours). `capture-pane -e` writes an SGR only where the style changes, also across
a line break, so the style carries from row to row. Both sides of a comparison come from tmux, so
their character and width rules are the same. `expected` maps the reference's colours to what a
terminal of fewer colours shows (the nearest palette entry)."""
import re
import unicodedata

SGR = re.compile(r"\x1b\[([0-9;:]*)m")
DEFAULT = (("fg", None), ("bg", None), ("us", None), ("attrs", frozenset()))

UNDERLINE_STYLES = {"1": "underline", "2": "double-underline", "3": "curly-underline",
                    "4": "dotted-underline", "5": "dashed-underline"}
SIMPLE = {1: "bold", 2: "dim", 3: "italic", 5: "blink", 7: "reverse", 8: "conceal", 9: "strike",
          21: "double-underline", 53: "overline"}
CLEARS = {22: {"bold", "dim"}, 23: {"italic"}, 25: {"blink"}, 27: {"reverse"}, 28: {"conceal"},
          29: {"strike"}, 55: {"overline"},
          24: {"underline", "double-underline", "curly-underline", "dotted-underline", "dashed-underline"}}


def _colour(params, i):
    """A 38/48/58 colour starting at params[i] (the 38); returns (value, next index)."""
    if i + 1 < len(params) and params[i + 1] == "5" and i + 2 < len(params):
        return ("idx", int(params[i + 2] or 0)), i + 3
    if i + 1 < len(params) and params[i + 1] == "2" and i + 4 < len(params):
        return ("rgb", int(params[i + 2] or 0), int(params[i + 3] or 0), int(params[i + 4] or 0)), i + 5
    return None, len(params)


def _sub_colour(parts):
    """A colon form `38:2::r:g:b` / `38:2:r:g:b` / `38:5:n`."""
    if len(parts) >= 3 and parts[1] == "5":
        return ("idx", int(parts[2] or 0))
    if len(parts) >= 5 and parts[1] == "2":
        rgb = [p for p in parts[2:]][-3:]
        return ("rgb",) + tuple(int(p or 0) for p in rgb)
    return None


def apply(style, params_text):
    style = dict(style)
    attrs = set(style["attrs"])
    params = params_text.split(";") if params_text else ["0"]
    i = 0
    while i < len(params):
        p = params[i]
        if ":" in p:
            parts = p.split(":")
            head = int(parts[0] or 0)
            if head == 5 and parts[1:] == ["3"]:
                attrs.add("overline")  # tmux 3.3a's capture-pane writes overline as 5:3
            elif head == 4:
                for name in UNDERLINE_STYLES.values():
                    attrs.discard(name)
                if parts[1] in UNDERLINE_STYLES:
                    attrs.add(UNDERLINE_STYLES[parts[1]])
            elif head in (38, 48, 58):
                style[{38: "fg", 48: "bg", 58: "us"}[head]] = _sub_colour(parts)
            i += 1
            continue
        n = int(p or 0)
        if n == 0:
            attrs = set()
            style["fg"] = style["bg"] = style["us"] = None
        elif n == 4:
            attrs.add("underline")
        elif n in SIMPLE:
            attrs.add(SIMPLE[n])
        elif n in CLEARS:
            attrs -= CLEARS[n]
        elif 30 <= n <= 37:
            style["fg"] = ("idx", n - 30)
        elif 90 <= n <= 97:
            style["fg"] = ("idx", n - 90 + 8)
        elif 40 <= n <= 47:
            style["bg"] = ("idx", n - 40)
        elif 100 <= n <= 107:
            style["bg"] = ("idx", n - 100 + 8)
        elif n == 39:
            style["fg"] = None
        elif n == 49:
            style["bg"] = None
        elif n == 59:
            style["us"] = None
        elif n in (38, 48, 58):
            value, i = _colour(params, i)
            style[{38: "fg", 48: "bg", 58: "us"}[n]] = value
            continue
        i += 1
    style["attrs"] = frozenset(attrs)
    return style


def parse_row(line, style=None):
    """One captured row → ([(text, style tuple)], the style at its end). `style` is the one the
    previous row ended in."""
    cells = []
    style = dict(style or DEFAULT)
    pos = 0
    for match in SGR.finditer(line):
        _append_text(cells, line[pos:match.start()], style)
        style = apply(style, match.group(1))
        pos = match.end()
    _append_text(cells, line[pos:], style)
    while cells and cells[-1][0] == " " and _is_plain_blank(cells[-1][1]):
        cells.pop()
    return cells, style


VISIBLE_ON_BLANK = {"reverse", "underline", "strike", "overline", "double-underline", "curly-underline",
                    "dotted-underline", "dashed-underline"}


def _is_plain_blank(style):
    values = dict(style)
    return values["bg"] is None and not (values["attrs"] & VISIBLE_ON_BLANK)


def _append_text(cells, text, style):
    key = tuple(sorted(style.items()))
    for ch in text:
        if cells and (unicodedata.combining(ch) or ch in "\u200d\ufe0e\ufe0f" or _joins(cells[-1][0], ch)):
            cells[-1] = (cells[-1][0] + ch, cells[-1][1])
        else:
            cells.append((ch, key))


def _joins(previous, ch):
    """tmux keeps a zero-width joiner's follower, skin tones and the second regional indicator in
    the same cell only in later versions; 3.3a prints them as cells of their own."""
    return False


def parse(capture, rows):
    lines = capture.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    parsed, style = [], None
    for line in lines[:rows]:
        cells, style = parse_row(line, style)
        parsed.append(cells)
    return parsed + [[] for _ in range(rows - len(parsed))]


def visible(cell, ignored=()):
    """What the eye can tell of a cell: a blank shows no foreground (nor underline colour unless
    underlined). Style keys in `ignored` are left out."""
    text, style = cell
    if ignored:
        style = tuple((k, None if k in ignored else v) for k, v in style)
    if text != " ":
        return (text, style)
    values = dict(style)
    attrs = values["attrs"] & VISIBLE_ON_BLANK
    underlined = any("underline" in a for a in attrs)
    return (text, (("attrs", attrs), ("bg", values["bg"]), ("fg", None),
                   ("us", values["us"] if underlined else None)))


def compare(reference, shown, ignored=()):
    """(text matches, attribute matches, cells) over the union of both rows' cells."""
    text = attrs = total = 0
    for a, b in zip(reference, shown):
        n = max(len(a), len(b))
        for k in range(n):
            total += 1
            ca = a[k] if k < len(a) else (" ", tuple(sorted(DEFAULT)))
            cb = b[k] if k < len(b) else (" ", tuple(sorted(DEFAULT)))
            if ca[0] == cb[0]:
                text += 1
                if visible(ca, ignored)[1] == visible(cb, ignored)[1]:
                    attrs += 1
    return text, attrs, total


def first_difference(reference, shown, ignored=()):
    for r, (a, b) in enumerate(zip(reference, shown)):
        if [visible(c, ignored) for c in a] != [visible(c, ignored) for c in b]:
            for k in range(max(len(a), len(b))):
                ca = visible(a[k], ignored) if k < len(a) else None
                cb = visible(b[k], ignored) if k < len(b) else None
                if ca != cb:
                    return "row %d col %d: tmux %r, claudepm %r" % (r, k, ca, cb)
    return ""


CUBE = [0, 95, 135, 175, 215, 255]
BASIC16 = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
           (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
           (255, 0, 255), (0, 255, 255), (255, 255, 255)]


def _distance(a, b):
    return sum((x - y) ** 2 for x, y in zip(a, b))


def _nearest256(rgb):
    """tmux's colour_find_rgb: the nearest of the 6×6×6 cube and the grey ramp."""
    def cube_index(v):
        return 0 if v < 48 else 1 if v < 115 else (v - 35) // 40
    index = [cube_index(v) for v in rgb]
    cube = tuple(CUBE[i] for i in index)
    average = sum(rgb) // 3
    grey_index = 23 if average > 238 else max(average - 3, 0) // 10
    grey = 8 + 10 * grey_index
    if _distance(rgb, (grey,) * 3) < _distance(rgb, cube):
        return 232 + grey_index
    return 16 + 36 * index[0] + 6 * index[1] + index[2]


def _palette_rgb(i):
    if i < 16:
        return BASIC16[i]
    if i >= 232:
        return (8 + 10 * (i - 232),) * 3
    n = i - 16
    return CUBE[n // 36], CUBE[(n // 6) % 6], CUBE[n % 6]


def _nearest_basic(rgb, count):
    return min(range(count), key=lambda i: (_distance(rgb, BASIC16[i]), i))


def degrade_colour(colour, depth):
    """`colour` as a terminal of `depth` colours ("truecolor", "256", "8") shows it."""
    if colour is None or depth == "truecolor":
        return colour
    if depth == "256":
        return ("idx", _nearest256(colour[1:])) if colour[0] == "rgb" else colour
    rgb = colour[1:] if colour[0] == "rgb" else _palette_rgb(colour[1])
    if colour[0] == "idx" and colour[1] < 8:
        return colour
    return ("idx", _nearest_basic(rgb, 8))


def degrade(screen, depth):
    """The reference screen with every colour mapped to the nearest one at `depth`."""
    if depth == "truecolor":
        return screen
    out = []
    for row in screen:
        cells = []
        for text, style in row:
            values = dict(style)
            for key in ("fg", "bg", "us"):
                values[key] = degrade_colour(values[key], depth)
            cells.append((text, tuple(sorted(values.items()))))
        out.append(cells)
    return out
