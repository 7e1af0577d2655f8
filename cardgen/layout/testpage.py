"""The duplex alignment test: one sheet, front and back, that measures a printer's duplex shift. Pure.

Printed double-sided (flip on the long edge) and held up to the light, the back's red cross
shows through the front. Where the back's long lines cross the front's rulers, the user
reads how far the back landed from where it should: the numbers printed on the rulers are
exactly what ``--back-offset X,Y`` takes (X right, Y up, as the backs page shows on screen),
so no sign needs working out. Verniers (the back's lines 0.9 mm apart against the front's
1 mm) give tenths.

Why the numbers are what they are: a back is laid mirrored (``x → paper width - x``), so a
printer that prints the back ``e`` mm right puts it ``e`` mm left as seen from the front; an
offset moves the backs page by (X, -Y) in page mm (y down). So the back's cross appears at
(+X, +Y) from the front's centre, y down, when the offset (X, Y) is what undoes the shift:
the X ruler counts to the right, the Y ruler counts downwards.

All ink stays inside the printable area (``margin`` from each edge); a printer's shift moves
the back's cross by a few mm at most, and the rulers reach ±``REACH`` mm. Words and numbers
are in the sans family at sizes of the type scale; the steps are a numbered list whose lines
wrap under their text.
"""

from __future__ import annotations

from cardgen.layout.shapes import Circle, Drawing, Line, Rect, Shape, Text, cap_height, text_width
from cardgen.layout.typescale import BODY, HEAD, LEAD, NOTE, SUBHEAD, fit_step

INK = "#1a1a1a"
BACK = "#c0392b"  # the back's lines: red, so they tell apart from the front's through the paper
GREY = "#555555"
REACH = 15  # mm either way on the rulers
LINE = 0.15  # mm, ruler ticks
BACK_LINE = 0.25  # mm, the back's lines: thicker, to show through the paper
RULER = 32.0  # mm from the centre to the X ruler (below) and the Y ruler (right)
CROSS = RULER + 2.0  # mm, half the length of the back's long lines: just past the rulers
VERNIER = 52.0  # mm from the centre to the verniers
CAP = cap_height("sans")
NAME = SUBHEAD  # every ruler's and vernier's name: one size, one colour, ``NAME_GAP`` from its marks
NAME_GAP = 3.0
PANEL = (40.0, 40.0, 66.0, 62.0)  # mm from the centre: the instruments' panel, left, up, right, down
PANEL_HEAD = "Read X, Y and their tenths here (mm)"

INSTRUCTIONS = (
    "Print this page double-sided at 100 % (actual size), flip on the long edge.",
    "Hold the sheet up to a light with this side towards you: the back's red cross shows through.",
    "X: where the red upright line crosses the X ruler. Y: where the red level line crosses the Y ruler.",
    "Tenths, on the verniers: whole mm = the black mark just on the minus side of the long red 0 line; "
    "then count the red lines from 0 to the one that meets a black mark exactly: that many tenths.",
    "Build with --back-offset X,Y (e.g. --back-offset 0.5,-1.3); print this page again with it to see the "
    "crosses meet. Landscape sheets turn the page: check with a sheet of cards before a whole pack.",
)
CHECK = "This line is 100 mm long. If it is not, print at 100 % (actual size), not fit to page."


def _sans(x: float, y: float, text: str, size: float, anchor: str = "start", **kw: object) -> Text:
    return Text(x, y, text, size, anchor, family="sans", **kw)  # type: ignore[arg-type]


def _gauges(cx: float, cy: float) -> list[Shape]:
    """What the front's marks are read against, about its centre: the cross with rings 5 and
    10 mm out (a shift at a glance), the rulers X and Y and their verniers (tenths)."""
    return [
        Line(cx - 20, cy, cx + 20, cy, stroke=INK, stroke_width=LINE, role="cross"),
        Line(cx, cy - 20, cx, cy + 20, stroke=INK, stroke_width=LINE, role="cross"),
        Circle(cx, cy, 5.0, fill=None, stroke=INK, stroke_width=LINE, role="cross"),
        Circle(cx, cy, 10.0, fill=None, stroke=INK, stroke_width=LINE, role="cross"),
        *_ruler(cx, cy + RULER, horizontal=True),
        _sans(cx - REACH - NAME_GAP, cy + RULER, "X", NAME, "end", bold=True, fill=INK, role="ruler-name"),
        *_ruler(cx + RULER, cy, horizontal=False),
        _sans(cx + RULER, cy - REACH - NAME_GAP, "Y", NAME, "middle", bold=True, fill=INK, role="ruler-name"),
        *_vernier_main(cx, cy + VERNIER, horizontal=True),
        _sans(cx - 4.0 - NAME_GAP, cy + VERNIER, "X tenths", NAME, "end", bold=True, fill=INK, role="ruler-name"),
        *_vernier_main(cx + VERNIER, cy, horizontal=False),
        _sans(cx + VERNIER, cy - 4.0 - NAME_GAP, "Y tenths", NAME, "middle", bold=True, fill=INK, role="ruler-name"),
    ]


def _ruler(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """A front ruler through (cx, cy): ticks every 0.5 mm pointing at the centre (longer every 1
    and 5 mm), numbers every 5 mm on the far side; the X ruler counts right, the Y ruler down."""
    shapes: list[Shape] = []
    for half in range(-2 * REACH, 2 * REACH + 1):
        v = half / 2
        length = 4.0 if half % 10 == 0 else 2.6 if half % 2 == 0 else 1.4
        if horizontal:
            shapes.append(Line(cx + v, cy - length, cx + v, cy, stroke=INK, stroke_width=LINE, role="ruler"))
        else:
            shapes.append(Line(cx - length, cy + v, cx, cy + v, stroke=INK, stroke_width=LINE, role="ruler"))
        if half % 10 == 0:
            label = f"{v:+g}" if v else "0"
            at = (cx + v, cy + 1.2 + CAP * NOTE) if horizontal else (cx + 1.2, cy + v + CAP * NOTE / 2)
            shapes.append(_sans(*at, label, NOTE, "middle" if horizontal else "start", fill=INK, role="ruler-label"))
    return shapes


def _vernier_main(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """The front's half of a vernier: 1 mm marks from -4 to +13, on the minus side of the line."""
    shapes: list[Shape] = []
    for n in range(-4, 14):
        length = 3.5 if n % 5 == 0 else 2.5
        if horizontal:
            shapes.append(Line(cx + n, cy - length, cx + n, cy, stroke=INK, stroke_width=LINE, role="vernier"))
        else:
            shapes.append(Line(cx - length, cy + n, cx, cy + n, stroke=INK, stroke_width=LINE, role="vernier"))
    return shapes


def _vernier_back(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """The back's half, as seen from the front: 11 lines 0.9 mm apart from 0 (long) to 10."""
    shapes: list[Shape] = []
    for k in range(11):
        length = 4.0 if k in (0, 10) else 3.0 if k == 5 else 2.2
        v = 0.9 * k
        if horizontal:
            shapes.append(Line(cx + v, cy, cx + v, cy + length, stroke=BACK, stroke_width=LINE, role="vernier-back"))
        else:
            shapes.append(Line(cx, cy + v, cx + length, cy + v, stroke=BACK, stroke_width=LINE, role="vernier-back"))
    return shapes


def _mirrored(shapes: list[Shape], width: float) -> list[Shape]:
    """Lines and circles as the back page must carry them to show through at these places."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Line):
            out.append(Line(width - s.x1, s.y1, width - s.x2, s.y2, s.stroke, s.stroke_width, s.role))
        elif isinstance(s, Circle):
            out.append(Circle(width - s.cx, s.cy, s.r, s.fill, s.stroke, s.stroke_width, s.role))
    return out


def _hundred(x: float, y: float, width: float) -> list[Shape]:
    """A 100 mm line with a mark every 10 mm, to check the page was printed at actual size; its
    words under it at the body size, the line and the words centred on ``x`` + 50."""
    shapes: list[Shape] = [Line(x, y, x + 100, y, stroke=INK, stroke_width=0.25, role="check")]
    for k in range(11):
        length = 3.0 if k % 5 == 0 else 1.8
        shapes.append(Line(x + 10 * k, y - length, x + 10 * k, y, stroke=INK, stroke_width=0.2, role="check"))
    shapes.append(_sans(x + 50, y - 4.0, "100 mm", BODY, "middle", bold=True, fill=INK, role="check"))
    size = fit_step(CHECK, BODY, width)
    shapes.append(_sans(x + 50, y + 1.8 + CAP * size, CHECK, size, "middle", fill=GREY, role="check"))
    return shapes


def _wrap(text: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, family="sans") <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _text_block(steps: tuple[str, ...], x: float, y: float, width: float, size: float = BODY) -> list[Shape]:
    """The steps as a numbered list from the baseline ``y``, each wrapped to ``width`` under its own
    text (a hanging indent), a little room between steps."""
    indent = text_width("0.", size, bold=True, family="sans") + 2.0
    shapes: list[Shape] = []
    at = y
    for n, step in enumerate(steps, 1):
        shapes.append(_sans(x, at, f"{n}.", size, fill=INK, bold=True, role="instructions"))
        for line in _wrap(step, size, width - indent):
            shapes.append(_sans(x + indent, at, line, size, fill=INK, role="instructions"))
            at += size * 1.4
        at += size * 0.45
    return shapes


def duplex_test(
    paper: tuple[float, float], *, margin: float = 5.0, back_offset: tuple[float, float] = (0.0, 0.0)
) -> tuple[Drawing, Drawing]:
    """The front and back pages of the duplex alignment test on ``paper`` (portrait, mm).

    The back is laid for a long-edge flip and moved by ``back_offset`` (x right, y up), as
    ``impose`` moves a backs page, so printing it again with the measured offset shows the fix.
    """
    pw, ph = paper
    cx, cy = pw / 2, ph / 2  # the centre of the sheet
    m = margin
    title = "Duplex alignment test"
    top = m + 4.0 + CAP * HEAD

    front: list[Shape] = [
        _sans(m + 4.0, top, f"{title}: front", HEAD, bold=True, fill=INK, role="title"),
        *_text_block(INSTRUCTIONS, m + 4.0, top + 8.0, pw - 2 * m - 8.0, LEAD),
        # the instruments in one panel, named: the cross, the rulers and the verniers
        Rect(
            cx - PANEL[0],
            cy - PANEL[1],
            PANEL[0] + PANEL[2],
            PANEL[1] + PANEL[3],
            fill=None,
            stroke=GREY,
            stroke_width=0.3,
            radius=2.0,
            role="panel",
        ),  # fmt: skip
        _sans(cx - PANEL[0], cy - PANEL[1] - 2.0, PANEL_HEAD, LEAD, bold=True, fill=INK, role="panel-head"),
        *_gauges(cx, cy),
        *_hundred(cx - 50.0, ph - m - 16.0, pw - 2 * m - 8.0),
    ]
    if back_offset != (0.0, 0.0):
        used = f"printed with --back-offset {back_offset[0]:g},{back_offset[1]:g}: the crosses should meet"
        front.append(
            _sans(m + 4.0, ph - m - 24.0, used, fit_step(used, BODY, pw - 2 * m - 8.0), fill=INK, role="offset")
        )

    # The back, as seen through from the front; then mirrored onto the back page and moved.
    seen: list[Shape] = [
        Line(cx - CROSS, cy, cx + CROSS, cy, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Line(cx, cy - CROSS, cx, cy + CROSS, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 5.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 10.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        *_vernier_back(cx, cy + VERNIER, horizontal=True),
        *_vernier_back(cx + VERNIER, cy, horizontal=False),
    ]
    ox, oy = back_offset
    back_shapes = [_moved(s, ox, -oy) for s in _mirrored(seen, pw)]
    note = "Hold the sheet to the light from the front: this side's red lines show through."
    back_shapes += [
        _sans(m + 4.0, top, f"{title}: back", HEAD, bold=True, fill=BACK, role="title"),
        _sans(m + 4.0, ph - m - 4.0, note, fit_step(note, BODY, pw - 2 * m - 8.0), fill=GREY, role="note"),
    ]
    return (
        Drawing(pw, ph, tuple(front), title=f"{title}: front"),
        Drawing(pw, ph, tuple(back_shapes), title=f"{title}: back"),
    )


def _moved(s: Shape, dx: float, dy: float) -> Shape:
    if isinstance(s, Line):
        return Line(s.x1 + dx, s.y1 + dy, s.x2 + dx, s.y2 + dy, s.stroke, s.stroke_width, s.role)
    if isinstance(s, Circle):
        return Circle(s.cx + dx, s.cy + dy, s.r, s.fill, s.stroke, s.stroke_width, s.role)
    return s


# --- the fold-over test: one sheet, printed one-sided and folded -------------------------------

FOLD_INSTRUCTIONS = (
    "Print this page one-sided at 100 % (actual size).",
    "Fold it on the dashed line, printed side out, and crease it flat.",
    "Hold it up to a light, this half towards you: the other half's red cross shows through.",
    "X: where the red upright line crosses the X ruler; Y: where the red level line crosses the Y ruler. "
    "Tenths on the verniers, as on the duplex test: count the red lines from 0 to the one that meets a "
    "black mark exactly.",
    "0,0: folded so, every back of a --fold sheet lies behind its front. If not, fold again on the line: "
    "X is twice how far right of it you folded, Y how far down the back half slid along it. Cards forgive "
    "up to 2 mm: their backs run 2 mm past the cut.",
)
FOLD_GAP = 1.0  # mm: nothing of either half comes nearer the fold line
FOLD_DASH = (3.0, 2.0)  # as the fold line of a --fold sheet (impose.sheets)
FOLD_WIDTH = 0.5 * 25.4 / 72  # 0.5 pt, as there


def fold_test(paper: tuple[float, float], *, margin: float = 5.0) -> Drawing:
    """The fold alignment test on ``paper`` (mm, either way round): one landscape page with a
    dashed fold line down its middle, the rulers on the left half and the red cross on the right,
    laid as a ``--fold`` sheet lays a back (mirrored across the fold line), so that folding the
    sheet on the line, printed side out, puts the cross behind the rulers' 0,0."""
    pw, ph = max(paper), min(paper)
    fold = pw / 2
    cx, cy = fold / 2, ph / 2  # the middle of the left half
    m = margin
    title = "Fold alignment test"
    top = m + 4.0 + CAP * HEAD
    width = fold - FOLD_GAP - m - 8.0
    check = "This line is 100 mm long: if it is not, print at 100 % (actual size)."
    front: list[Shape] = [
        _sans(m + 4.0, top, f"{title}: front", HEAD, bold=True, fill=INK, role="title"),
        *_text_block(FOLD_INSTRUCTIONS, m + 4.0, top + 8.0, width),
        *_gauges(cx, cy),
        *[s for s in _hundred(cx - 50.0, ph - m - 12.0, width) if not (isinstance(s, Text) and s.text == CHECK)],
        _sans(cx, ph - m - 4.0, check, fit_step(check, BODY, width), "middle", fill=GREY, role="check"),
        Line(fold, m, fold, ph - m, stroke=INK, stroke_width=FOLD_WIDTH, dash=FOLD_DASH, role="fold"),
    ]
    # the back half, as seen through from the front once folded; then mirrored across the fold line
    seen: list[Shape] = [
        Line(cx - CROSS, cy, cx + CROSS, cy, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Line(cx, cy - CROSS, cx, cy + CROSS, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 5.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 10.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        *_vernier_back(cx, cy + VERNIER, horizontal=True),
        *_vernier_back(cx + VERNIER, cy, horizontal=False),
    ]
    # its words above the cross, where the front has none: folded, they show through on blank paper
    note = "Fold this half behind the other, printed side out: its red lines show through."
    x = fold + FOLD_GAP + 4.0
    back: list[Shape] = [
        *_mirrored(seen, pw),
        _sans(
            x,
            cy - CROSS - 12.0,
            f"{title}: back",
            fit_step(f"{title}: back", HEAD, width, bold=True),
            bold=True,
            fill=BACK,
            role="title",
        ),  # fmt: skip
        _sans(x, cy - CROSS - 5.0, note, fit_step(note, BODY, width), fill=GREY, role="note"),
    ]
    return Drawing(pw, ph, (*front, *back), title=title)
