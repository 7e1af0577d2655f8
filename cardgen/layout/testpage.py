"""The duplex alignment test: one sheet, front and back, that measures a printer's duplex shift. Pure.

Printed double-sided (flip on the long edge) and held up to the light, the back's red lines
show through the front. Each reading takes two looks, both printed large enough to use the
page (the rulers 50 mm long, the tenths scales 71 mm):

- a **ruler**: the whole mm nearest to where the back's long red line crosses it (half-mm
  ticks say which whole mm is nearer);
- a **tenths scale**: the back prints red lines 1 mm apart; the front prints eleven black marks
  ``PITCH`` (7.1 mm) apart, numbered -0.5 to +0.5. A mark lies on a red line exactly when the
  shift's tenths are its number (mark k stands 7.1 k mm out, a whole number of mm plus k
  tenths), so one mark, and only one, meets a red line, and its number is signed already.

X = ruler + tenths (+2 and -0.3 make 1.7): the numbers printed are exactly what
``--back-offset X,Y`` takes (X right, Y up, as the backs page shows on screen), no sign or
"minus side" to work out, and the front has a line to write each reading on.

Why the numbers are what they are: a back is laid mirrored (``x → paper width - x``), so a
printer that prints the back ``e`` mm right puts it ``e`` mm left as seen from the front; an
offset moves the backs page by (X, -Y) in page mm (y down). So the back's cross appears at
(+X, +Y) from the front's centre, y down, when the offset (X, Y) is what undoes the shift:
the X ruler counts to the right, the Y ruler counts downwards.

All ink stays inside the printable area (``margin`` from each edge); a printer's shift moves
the back's lines by a few mm at most: the rulers reach ±``REACH`` mm, the tenths scales read
a shift up to ±``COMB`` - 35.5 mm. Words and numbers are in the sans family at sizes of the
type scale; the steps are a numbered list whose lines wrap under their text.
"""

from __future__ import annotations

from cardgen.layout.shapes import Circle, Drawing, Line, Rect, Shape, Text, cap_height, text_width
from cardgen.layout.typescale import BODY, HEAD, LEAD, NOTE, SUBHEAD, fit_step

INK = "#1a1a1a"
BACK = "#c0392b"  # the back's lines: red, so they tell apart from the front's through the paper
GREY = "#555555"
REACH = 25  # mm either way on the rulers
LINE = 0.15  # mm, ruler ticks
BACK_LINE = 0.25  # mm, the back's lines: thicker, to show through the paper
COMB_LINE = 0.2  # mm, the back's 1 mm lines of a tenths scale: seen through paper, yet fine enough to align
RULER = 31.0  # mm from the centre to the X ruler (below) and the Y ruler (right)
CROSS = RULER + 2.0  # mm, half the length of the back's long lines: just past the rulers
VERNIER = 50.0  # mm from the centre to the tenths scales' baselines
PITCH = 7.1  # mm between the front's tenths marks: a whole 7 mm and one tenth
TENTHS = 5  # the marks run -0.5 to +0.5
COMB = 43  # the back's 1 mm red lines reach this far either way along a tenths scale
COMB_LEN = 6.0  # mm, a red line of the comb (on the centre's side of the baseline)
MARK_LEN = 5.0  # mm, a black tenths mark (the far side); the 0 mark longer
TENTH = NOTE  # a tenths mark's number: as the rulers' (a letter's room between "+0.1" and "+0.2")
CAP = cap_height("sans")
NAME = SUBHEAD  # every ruler's and scale's name: one size, one colour, ``NAME_GAP`` from its marks
NAME_GAP = 3.0
PANEL = (68.0, 57.0, 70.0, 66.0)  # mm from the centre: the instruments' panel, left, up, right, down
PANEL_HEAD = "Read X and Y here (mm): the whole mm on each ruler, the tenths on each tenths scale"

INSTRUCTIONS = (
    "Print this page double-sided at 100 % (actual size), flip on the long edge.",
    "Hold the sheet up to a light with this side towards you: the back's red lines show through.",
    "Rulers: the whole mm nearest the red line. X where the red upright line crosses the X ruler, Y where the "
    "red level line crosses the Y ruler.",
    "Tenths: on each tenths scale one black mark meets a red line exactly, as if it went on into it; its number "
    "(-0.5 to +0.5) is the tenths.",
    "Add them up on the lines below (ruler +2 and tenths -0.3 make 1.7), then build with --back-offset X,Y "
    "(e.g. --back-offset 1.7,-0.4) and print this page again with it: the crosses meet. Landscape sheets "
    "turn the page: check with a sheet of cards before a whole pack.",
)
CHECK = "This line is 100 mm long. If it is not, print at 100 % (actual size), not fit to page."
FORM = ("X", "Y")  # a line each to write the reading on


def _sans(x: float, y: float, text: str, size: float, anchor: str = "start", **kw: object) -> Text:
    return Text(x, y, text, size, anchor, family="sans", **kw)  # type: ignore[arg-type]


def _name(x: float, y: float, text: str, anchor: str) -> Text:
    return _sans(x, y, text, NAME, anchor, bold=True, fill=INK, role="ruler-name")


def _gauges(cx: float, cy: float) -> list[Shape]:
    """What the front's marks are read against, about its centre: the cross with rings 5 and
    10 mm out (a shift at a glance), the rulers X and Y and their tenths scales, each named."""
    return [
        Line(cx - 20, cy, cx + 20, cy, stroke=INK, stroke_width=LINE, role="cross"),
        Line(cx, cy - 20, cx, cy + 20, stroke=INK, stroke_width=LINE, role="cross"),
        Circle(cx, cy, 5.0, fill=None, stroke=INK, stroke_width=LINE, role="cross"),
        Circle(cx, cy, 10.0, fill=None, stroke=INK, stroke_width=LINE, role="cross"),
        *_ruler(cx, cy + RULER, horizontal=True),
        _name(cx - REACH - NAME_GAP, cy + RULER, "X", "end"),
        *_ruler(cx + RULER, cy, horizontal=False),
        _name(cx + RULER, cy - REACH - NAME_GAP, "Y", "middle"),
        *_tenths(cx, cy + VERNIER, horizontal=True),
        _name(cx - COMB - NAME_GAP, cy + VERNIER + CAP * NAME / 2, "X tenths", "end"),
        *_tenths(cx + VERNIER, cy, horizontal=False),
        _name(cx + VERNIER, cy - COMB - NAME_GAP, "Y tenths", "middle"),
    ]


def _ruler(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """A front ruler through (cx, cy): ticks every 0.5 mm pointing at the centre (longer every 1
    and 5 mm), numbers every 5 mm on the far side; the X ruler counts right, the Y ruler down."""
    shapes: list[Shape] = []
    for half in range(-2 * REACH, 2 * REACH + 1):
        v = half / 2
        length = 4.0 if half % 10 == 0 else 2.8 if half % 2 == 0 else 1.5
        if horizontal:
            shapes.append(Line(cx + v, cy - length, cx + v, cy, stroke=INK, stroke_width=LINE, role="ruler"))
        else:
            shapes.append(Line(cx - length, cy + v, cx, cy + v, stroke=INK, stroke_width=LINE, role="ruler"))
        if half % 10 == 0:
            label = f"{v:+g}" if v else "0"
            at = (cx + v, cy + 1.2 + CAP * NOTE) if horizontal else (cx + 1.2, cy + v + CAP * NOTE / 2)
            shapes.append(_sans(*at, label, NOTE, "middle" if horizontal else "start", fill=INK, role="ruler-label"))
    return shapes


def _tenths(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """The front's tenths scale along a baseline through (cx, cy): a black mark every ``PITCH``
    mm on the far side of it, numbered -0.5 to +0.5 (the 0 longer)."""
    shapes: list[Shape] = []
    for k in range(-TENTHS, TENTHS + 1):
        v = PITCH * k
        length = MARK_LEN + (2.0 if k == 0 else 0.0)
        label = f"{k / 10:+.1f}" if k else "0"
        if horizontal:
            shapes.append(Line(cx + v, cy, cx + v, cy + length, stroke=INK, stroke_width=LINE, role="vernier"))
            at = (cx + v, cy + MARK_LEN + 2.0 + 1.5 + CAP * TENTH)
            shapes.append(_sans(*at, label, TENTH, "middle", bold=k == 0, fill=INK, role="vernier-label"))
        else:
            shapes.append(Line(cx, cy + v, cx + length, cy + v, stroke=INK, stroke_width=LINE, role="vernier"))
            at = (cx + MARK_LEN + 2.0 + 1.5, cy + v + CAP * TENTH / 2)
            shapes.append(_sans(*at, label, TENTH, "start", bold=k == 0, fill=INK, role="vernier-label"))
    return shapes


def _comb(cx: float, cy: float, *, horizontal: bool) -> list[Shape]:
    """The back's half of a tenths scale, as seen from the front: red lines 1 mm apart on the
    centre's side of the baseline through (cx, cy), the one at 0 longer."""
    shapes: list[Shape] = []
    for j in range(-COMB, COMB + 1):
        length = COMB_LEN + (2.0 if j == 0 else 0.0)
        if horizontal:
            shapes.append(
                Line(cx + j, cy - length, cx + j, cy, stroke=BACK, stroke_width=COMB_LINE, role="vernier-back")
            )
        else:
            shapes.append(
                Line(cx - length, cy + j, cx, cy + j, stroke=BACK, stroke_width=COMB_LINE, role="vernier-back")
            )
    return shapes


def _seen(cx: float, cy: float) -> list[Shape]:
    """The back's lines as seen through the front (before they are mirrored onto the back page):
    the red cross, its rings, and the tenths scales' combs."""
    return [
        Line(cx - CROSS, cy, cx + CROSS, cy, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Line(cx, cy - CROSS, cx, cy + CROSS, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 5.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        Circle(cx, cy, 10.0, fill=None, stroke=BACK, stroke_width=BACK_LINE, role="back-cross"),
        *_comb(cx, cy + VERNIER, horizontal=True),
        *_comb(cx + VERNIER, cy, horizontal=False),
    ]


def _form(x: float, y: float, size: float) -> list[Shape]:
    """Where to write the reading, a line each for X and Y: ruler ____ + tenths ____ = ____ ."""
    shapes: list[Shape] = []
    blank = 16.0
    for n, axis in enumerate(FORM):
        at = y + n * size * 2.6
        cursor = x
        for word in (f"{axis}:", "ruler", None, "+  tenths", None, "=", None):
            if word is None:
                shapes.append(
                    Line(cursor, at + 0.8, cursor + blank, at + 0.8, stroke=INK, stroke_width=0.2, role="form")
                )
                cursor += blank + 2.5
                continue
            bold = word.endswith(":")
            shapes.append(_sans(cursor, at, word, size, bold=bold, fill=INK, role="form"))
            cursor += text_width(word, size, bold=bold, family="sans") + 2.5
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
    m = margin
    title = "Duplex alignment test"
    top = m + 4.0 + CAP * HEAD
    steps = _text_block(INSTRUCTIONS, m + 4.0, top + 8.0, pw - 2 * m - 8.0, LEAD)
    # the instruments' panel under the steps, with the lines to write on under it, and the 100 mm
    # line at the foot: centred across the sheet, as low as the room between the steps and the foot allows
    below = max(s.y for s in steps if isinstance(s, Text)) + 6.0 + LEAD + PANEL[1]
    cx, cy = pw / 2, max(ph / 2, below)

    front: list[Shape] = [
        _sans(m + 4.0, top, f"{title}: front", HEAD, bold=True, fill=INK, role="title"),
        *steps,
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
        *_form(cx - PANEL[0], cy + PANEL[2] + 6.0 + CAP * LEAD, LEAD),
        *_hundred(cx - 50.0, ph - m - 16.0, pw - 2 * m - 8.0),
    ]
    if back_offset != (0.0, 0.0):
        used = f"printed with --back-offset {back_offset[0]:g},{back_offset[1]:g}: the crosses should meet"
        front.append(
            _sans(m + 4.0, ph - m - 24.0, used, fit_step(used, BODY, pw - 2 * m - 8.0), fill=INK, role="offset")
        )

    # The back, as seen through from the front; then mirrored onto the back page and moved.
    seen = _seen(cx, cy)
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
    "Hold it up to a light, this half towards you: the other half's red lines show through.",
    "Read X and Y as on the duplex test: on each ruler the whole mm nearest the red line, plus the number of the "
    "black tenths mark that meets a red line exactly.",
    "0,0: folded so, every back of a --fold sheet lies behind its front. If not, fold again on the line: X is "
    "twice how far right of it you folded, Y how far down the back half slid. Cards forgive up to 2 mm: their "
    "backs run 2 mm past the cut.",
)
FOLD_GAP = 1.0  # mm: nothing of either half comes nearer the fold line
FOLD_DASH = (3.0, 2.0)  # as the fold line of a --fold sheet (impose.sheets)
FOLD_WIDTH = 0.5 * 25.4 / 72  # 0.5 pt, as there


def reach() -> tuple[float, float, float, float]:
    """How far the gauges' ink reaches from their centre: left, up, right, down (mm)."""
    left = COMB + NAME_GAP + text_width("X tenths", NAME, bold=True, family="sans")
    up = COMB + NAME_GAP + CAP * NAME
    right = VERNIER + MARK_LEN + 2.0 + 1.5 + text_width("+0.5", TENTH, family="sans")
    down = VERNIER + MARK_LEN + 2.0 + 1.5 + CAP * TENTH
    return left, up, right, down


def fold_test(paper: tuple[float, float], *, margin: float = 5.0) -> Drawing:
    """The fold alignment test on ``paper`` (mm, either way round): one landscape page with a
    dashed fold line down its middle, the rulers on the left half and the red cross on the right,
    laid as a ``--fold`` sheet lays a back (mirrored across the fold line), so that folding the
    sheet on the line, printed side out, puts the cross behind the rulers' 0,0."""
    pw, ph = max(paper), min(paper)
    fold = pw / 2
    m = margin
    title = "Fold alignment test"
    top = m + 4.0 + CAP * HEAD
    width = fold - FOLD_GAP - m - 8.0
    steps = _text_block(FOLD_INSTRUCTIONS, m + 4.0, top + 8.0, width)
    left, up, _, _ = reach()
    # the gauges under the steps, in the left half (clear of its edge)
    cx = max(fold / 2, m + 4.0 + left)
    cy = max(ph / 2, max(s.y for s in steps if isinstance(s, Text)) + 4.0 + up)
    check = "This line is 100 mm long: if it is not, print at 100 % (actual size)."
    front: list[Shape] = [
        _sans(m + 4.0, top, f"{title}: front", HEAD, bold=True, fill=INK, role="title"),
        *steps,
        *_gauges(cx, cy),
        *[s for s in _hundred(cx - 50.0, ph - m - 12.0, width) if not (isinstance(s, Text) and s.text == CHECK)],
        _sans(cx, ph - m - 4.0, check, fit_step(check, BODY, width), "middle", fill=GREY, role="check"),
        Line(fold, m, fold, ph - m, stroke=INK, stroke_width=FOLD_WIDTH, dash=FOLD_DASH, role="fold"),
    ]
    # its words at the top of its half, where the front has its steps: folded, they show through
    # on the steps' side, away from the gauges
    note = "Fold this half behind the other, printed side out: its red lines show through."
    x = fold + FOLD_GAP + 4.0
    back: list[Shape] = [
        *_mirrored(_seen(cx, cy), pw),  # the back half, as seen through once folded, mirrored across the fold
        _sans(
            x,
            top,
            f"{title}: back",
            fit_step(f"{title}: back", HEAD, width, bold=True),
            bold=True,
            fill=BACK,
            role="title",
        ),  # fmt: skip
        _sans(x, top + 8.0, note, fit_step(note, BODY, width), fill=GREY, role="note"),
    ]
    return Drawing(pw, ph, (*front, *back), title=title)
