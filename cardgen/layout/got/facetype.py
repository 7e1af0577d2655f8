"""The type sizes and places every face of one pack shares, worked out once from its widest case.

A pack's faces differ in their texts (a 6 is underlined, 88 is wider than 11, ``HI OD→X`` is
longer than ``A↔B``), but a player holding them, or a table of them, sees one typeface at one
size for each part: the large number, the large ability, the note under it, the corner index,
the title. So the sizes are not fitted card by card: ``face_type`` fits them to the pack's
widest number, longest ability, longest note, to an underline if any number needs one, and to
its pack mark and title, and every face of the pack is drawn with the same ``FaceType``
(``card.double_ended_face``). Sizes are steps of the type scale (``layout.typescale``).

Numbers, ability codes and pack marks are set in the monospace family's bold (``FIGURES``), as #23
itself reads it ("monospace suits the numbers and the indices a checker reads"): every digit is one
width, so 11 and 88 take the same room and a pack's number size is simply its longest number's;
its 0 is dotted, its 1 flagged and footed, so no digit reads as a letter; and the card's
abilities (``A↔B``, ``HI→X``) need that family for their arrows anyway, so a card embeds one face.
Atkinson Hyperlegible Bold digits were tried: they read well, but every card then embeds a second
face, which took the PDF of an 84-card pack from 57 to 89 kB before any art (the project keeps
its PDF under a tenth of the naive pipeline's). Notes and titles are words: the sans family.

A title that two lines cannot hold at the smallest step (6 pt) beside the corner index goes
under it, across the card; one that cannot be held there either is cut with "…", and
``FaceType.title_cut`` says so (the product warns in one line).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from cardgen.layout import metrics
from cardgen.layout.shapes import CAP_HEIGHT, Family, Typeface, cap_height, text_width
from cardgen.layout.typescale import LABEL, SCALE, fitting

SAFE = 25.4 / 8  # frames and text stay this far inside the cut
MIN_TYPE = LABEL  # 6 pt: no text on a card is smaller
SANS_CAP = metrics.SANS_CAP_HEIGHT
# Numbers, ability codes and pack marks: the monospace family's bold (every digit one width, so
# 11 and 88 take the same room; its glyphs are in every card already, for the arrows)
FIGURES: Family = "mono"
FIGURE_CAP = CAP_HEIGHT
LINE = 1.2  # line spacing, in sizes
GAUGE = 1.5  # the track's gauge (between the rails' inner edges), mm at poker size
RAIL = 0.45  # a rail's width
# An underline (6, 9, 16 …) starts this far under the baseline and is this thick, in sizes
UNDER_OFFSET = 0.09
UNDER_THICK = 0.06
CLEAR = 1.5  # mm at least between an underline and the text under it: clear at print size
RING = 0.55  # a pack mark's ring radius, in sizes of the corner index's number


def underline_depth(size: float) -> float:
    """How far under its baseline the underline of a number set at ``size`` ends (mm)."""
    return UNDER_OFFSET * size + max(0.25, UNDER_THICK * size)


def clear(scale: float) -> float:
    """The room left under an underline: 1.5 mm, more on a card bigger than poker."""
    return max(CLEAR, CLEAR * scale)


def scale_of(w: float, h: float) -> float:
    """How big a card is next to a poker card (63.5 × 88.9 mm): what its art and type scale by."""
    return min(w / 63.5, h / 88.9)


@dataclass(frozen=True)
class PackFaces:
    """What the faces of one pack show, as far as their type goes: the widest text of each part."""

    number: str  # the widest number of the pack (in the sans bold digits)
    code: str  # the widest corner-index ability
    label: str  # the widest large ability
    note: str = ""  # the widest line under an ability ('' when no card has one)
    underlined: bool = False  # some number is underlined (6, 9, 66 …)
    picture: bool = False  # a 2D pictogram beside the large number
    spaces: int = 0  # a linear mat's spaces: the pictogram's wagons (0: a 2D pack)
    marked: bool = False  # a pack's letter beside the corner index (several packs)


def widest(texts: object, *, bold: bool, family: str = "sans") -> str:
    """The text of ``texts`` that is widest when set (at any one size).

    >>> widest(["11", "88", "7"], bold=True)
    '88'
    """
    return max(texts, key=lambda t: text_width(t, 1.0, bold=bold, family=family)) if texts else ""  # type: ignore[call-overload, arg-type]


@dataclass(frozen=True)
class Stack:
    """Where the large number, the ability and its note stand (their baselines), in the upper half."""

    number: float
    label: float
    note: float


@dataclass(frozen=True)
class FaceType:
    """Sizes (mm) and places shared by every face of a pack; ``double_ended_face`` draws with it."""

    w: float
    h: float
    scale: float
    idx: float  # the corner index's number
    code: float  # the corner index's ability
    big: float  # the large number
    label: float  # the large ability
    note: float  # the line under it (0: none in the pack)
    side: float  # a 2D pictogram's side (0: none)
    ix: float  # the corner index's left edge and its two baselines
    iy: float
    code_y: float
    index_right: float  # the right edge of the widest corner index (and its pack mark)
    ring: float  # a pack mark's ring radius
    ring_x: float  # its centre's distance right of the index's widest text
    title: tuple[str, ...]  # the title's lines, their size, centre and first baseline
    title_size: float
    title_x: float
    title_y: float
    title_cut: bool  # the title was cut short ("…"): the build says so
    logo: tuple[float, float, float, float] | None  # the theme logo's box (x, y, w, h), top right
    rail: float  # the rail the pictogram stands on (the track's upper rail, or the plain look's line)
    strip: float  # the pictogram's height over that rail (0: none)
    strip_x: tuple[float, float]  # its left and right ends
    track: bool  # a track across the middle (the railway look)
    with_note: Stack
    without_note: Stack


def _lines(text: str, size: float, width: float, font: Typeface | None) -> list[str] | None:
    """``text`` on one line, or two broken at a space (as evenly as they go), each no wider
    than ``width`` at ``size``; None when whole words cannot do it."""
    if text_width(text, size, font, family="sans") <= width:
        return [text]
    best: list[str] | None = None
    best_w = 0.0
    for i, ch in enumerate(text):
        if ch != " ":
            continue
        a, b = text[:i], text[i + 1 :]
        wa, wb = text_width(a, size, font, family="sans"), text_width(b, size, font, family="sans")
        if wa <= width and wb <= width and (best is None or max(wa, wb) < best_w):
            best, best_w = [a, b], max(wa, wb)
    return best


def cut_lines(text: str, size: float, width: float, font: Typeface | None) -> list[str]:
    """Two lines of ``text`` at ``size``, the first as full as whole words make it, the second
    cut short with "…" (or a word broken where no space will do).

    >>> cut_lines("The Grand Trans-Continental Express Society", 2.117, 20, None)
    ['The Grand Trans-', 'Continental…']
    """

    def fits(t: str) -> bool:
        return text_width(t, size, font, family="sans") <= width

    n = 1
    while n < len(text) and fits(text[: n + 1]):
        n += 1
    cut = text.rfind(" ", 0, n + 1) if n < len(text) else n
    hyphen = text.rfind("-", 0, n)
    cut = max(cut, hyphen + 1) if hyphen > 0 and hyphen + 1 > cut else cut
    first = text[:cut] if cut > 0 else text[:n]
    rest = text[len(first) :].strip()
    if fits(rest):
        return [first.rstrip(), rest]
    words = rest.split(" ")
    second = ""
    for word in words:  # whole words while they fit with the "…"
        if not fits(f"{second} {word}…".strip()):
            break
        second = f"{second} {word}".strip()
    if not second:  # not even the first word: as much of it as fits
        second = words[0]
        while second and not fits(second + "…"):
            second = second[:-1]
    return [first.rstrip(), second.rstrip(" -") + "…"]


def cut_line(text: str, size: float, width: float, font: Typeface | None) -> str:
    """``text`` on one line no wider than ``width`` at ``size``: whole, else as many whole words
    as fit with "…" (or as much of the first word).

    >>> cut_line("The Grand Trans-Continental Express Society", 2.117, 20, None)
    'The Grand…'
    """

    def fits(t: str) -> bool:
        return text_width(t, size, font, family="sans") <= width

    if fits(text):
        return text
    line = ""
    for word in text.split(" "):
        if not fits(f"{line} {word}…".strip()):
            break
        line = f"{line} {word}".strip()
    if not line:
        line = text
        while len(line) > 1 and not fits(line + "…"):
            line = line[:-1]
    return line.rstrip(" -") + "…"


def fit_title(
    title: str, zones: list[tuple[float, float, float]], largest: float, font: Typeface | None
) -> tuple[list[str], float, tuple[float, float, float], bool]:
    """The title's lines, size and zone (x0, x1, top of its ink): the first zone that holds it
    on two lines of whole words at a step of the scale from ``largest`` down to 6 pt; else cut
    with "…" at 6 pt in the last zone (and True)."""
    text = " ".join(title.split())
    steps = [s for s in reversed(SCALE) if MIN_TYPE - 1e-9 <= s <= largest + 1e-9] or [MIN_TYPE]
    for zone in zones:
        for s in steps:
            lines = _lines(text, s, zone[1] - zone[0], font)
            if lines is not None:
                return lines, s, zone, False
    zone = zones[-1]
    return cut_lines(text, MIN_TYPE, zone[1] - zone[0], font), MIN_TYPE, zone, True


def fit_lines(text: str, largest: float, width: float, font: Typeface | None = None) -> tuple[list[str], float, bool]:
    """``text`` on one or two lines of whole words no wider than ``width``, at the largest step of
    the scale up to ``largest`` that holds it; cut with "…" at 6 pt when none does (and True).

    >>> fit_lines("any number in the pack; no ability", 3.1, 40)
    (['any number in the', 'pack; no ability'], 3.048, False)
    """
    lines, size, _, cut = fit_title(text, [(0.0, width, 0.0)], largest, font)
    return lines, size, cut


@lru_cache(maxsize=64)
def face_type(
    faces: PackFaces,
    size: tuple[float, float],
    *,
    title: str = "",
    font: Typeface | None = None,
    logo: bool = False,
    railway: bool = True,
    one_line: bool = False,
) -> FaceType:
    """The sizes and places of every face of a pack showing ``faces`` on cards of ``size``.
    ``logo``: a theme's logo in the top right corner; ``railway``: the track across the middle
    and the engine (else the plain look's row of boxes); ``one_line``: the title on one line,
    cut with "…" (what a card too short for two lines under its corner index gets)."""
    w, h = size
    scale = scale_of(w, h)
    inner = w - 2 * SAFE
    pad = max(1.2, 1.4 * scale)

    # The corner index: number over ability, top left, never below 6 pt; the ability as large
    # as the number where it is short (``AB``), else as large as the corner holds (a 2D card's
    # ``row A: rotate →``, beside a theme's logo or not), one size for the pack.
    idx = max(MIN_TYPE, fitting(min(4.8 * scale, _fit(faces.number, inner * 0.28, bold=True, family=FIGURES))))
    code = idx
    if text_width(faces.code, idx, bold=True, family=FIGURES) > inner * 0.3:
        room = inner * (0.5 if logo else 0.66)
        code = max(MIN_TYPE, fitting(min(idx * 0.85, _fit(faces.code, room, bold=True, family=FIGURES))))
    ix, iy = SAFE + pad, SAFE + pad + FIGURE_CAP * idx
    # under the number, its underline if any number of the pack has one, then clear room
    drop = max(0.42 * idx, underline_depth(idx) + clear(scale) if faces.underlined else 0.0)
    code_y = iy + drop + FIGURE_CAP * code
    widest_index = max(
        text_width(faces.number, idx, bold=True, family=FIGURES),
        text_width(faces.code, code, bold=True, family=FIGURES),
    )
    index_right = ix + widest_index
    ring = RING * idx
    ring_x = 1.8 * scale + ring  # the ring stands clear of the index (a gap as wide as a letter)
    if faces.marked:
        index_right += ring_x + ring
    index_top = iy - FIGURE_CAP * idx

    # The theme's logo, top right, as tall as the index; the title between them, else under them.
    right = w - SAFE - pad
    box = None
    if logo:
        lh = code_y - index_top
        box = (right - 2.2 * lh, index_top, 2.2 * lh, lh)
        if box[0] < index_right + 0.5:  # a card too narrow for it beside the corner index: none
            box = None
        else:
            right = box[0] - 1.2 * scale
    title_lines: list[str] = []
    ts, tx, ty, cut = 0.0, w / 2, 0.0, False
    ceiling = code_y
    given = font
    if title:
        font = font if font is not None and font.covers(title) else None
        beside = (index_right + 1.5 * scale, right, index_top)
        under = (SAFE + pad, w - SAFE - pad, code_y + 1.4 * scale)
        zones = [z for z in (beside,) if z[1] - z[0] >= inner * 0.4] + [under]
        title_lines, ts, (x0, x1, top), cut = fit_title(title, zones, fitting(3.1 * scale), font)
        if one_line and len(title_lines) > 1:
            title_lines, cut = [cut_line(" ".join(title.split()), ts, x1 - x0, font)], True
        tcap = cap_height("sans", font, title)
        tx, ty = (x0 + x1) / 2, top + tcap * ts
        ceiling = max(ceiling, ty + (len(title_lines) - 1) * LINE * ts)
    ceiling += 1.4 * scale
    # a number clear of the index sideways (no title, no logo over it) may stand as high as the
    # index's last baseline: the room under an underline is not taken from the number's size
    aside = code_y if not title_lines else ceiling

    # The middle: a track (the railway look) with the pictogram standing on its upper rail. A 2D
    # card has none over its track: an engine with empty wagons there said nothing, and took the
    # room its mat's pictogram grows into.
    if railway:
        rail = h / 2 - GAUGE * scale / 2 - RAIL * scale
        strip = 6.2 * scale if faces.spaces else 0.0 if faces.picture else 4.6 * scale
    else:
        rail = h / 2 - 1.0 * scale
        strip = 4.6 * scale if faces.spaces else 0.0
    strip_x = (SAFE + pad, w - SAFE - pad)
    strip_top = rail - strip - (1.6 * scale if strip else 1.5 * scale)

    # The large number and ability: as large as the widest of each fits across, then stepped
    # down together until number, underline, ability and note stand between the corner index
    # and the pictogram.
    side_k = 1.5 * FIGURE_CAP if faces.picture else 0.0  # a 2D pictogram's side, per size of the number
    wn = text_width(faces.number, 1.0, bold=True, family=FIGURES)
    big_max = min(16.0 * scale, inner * (0.9 if faces.picture else 0.8) / (wn + (0.25 + side_k if side_k else 0.0)))
    label_max = min(11.0 * scale, _fit(faces.label, inner * 0.9, bold=True, family="mono"))
    note = max(MIN_TYPE, fitting(min(3.1 * scale, _fit(faces.note, inner * 0.92, bold=True)))) if faces.note else 0.0
    bi = max(0, _step_index(big_max))
    li = max(0, _step_index(label_max))
    while True:
        big, lab = SCALE[bi], SCALE[li]
        with_note = _stack(strip_top, big, lab, note, faces.underlined, scale)
        top = with_note.number - max(FIGURE_CAP * big, side_k * big)
        half = (wn + (0.25 + side_k if side_k else 0.0)) * big / 2  # the number (and its pictogram), centred
        clear_of = w / 2 - half >= index_right + 1.4 * scale and (box is None or w / 2 + half <= box[0] - 1.4 * scale)
        if top >= (aside if clear_of else ceiling) or (bi == 0 and li == 0):
            break
        if li == 0 or bi > li + 2:
            bi -= 1
        else:
            li -= 1
    if len(title_lines) > 1 and top < ceiling - 1e-9:
        # even the smallest number and ability would run into a title of two lines (a card
        # short for its width): the title on one line, cut with "…" (and the build says so)
        return face_type(faces, size, title=title, font=given, logo=logo, railway=railway, one_line=True)
    return FaceType(
        w=w,
        h=h,
        scale=scale,
        idx=idx,
        code=code,
        big=big,
        label=lab,
        note=note,
        side=side_k * big,
        ix=ix,
        iy=iy,
        code_y=code_y,
        index_right=index_right,
        ring=ring,
        ring_x=ring_x,
        title=tuple(title_lines),
        title_size=ts,
        title_x=tx,
        title_y=ty,
        title_cut=cut,
        logo=box,
        rail=rail,
        strip=strip,
        strip_x=strip_x,
        track=railway,
        with_note=with_note,
        without_note=_stack(strip_top, big, lab, 0.0, faces.underlined, scale),
    )


def _fit(text: str, width: float, *, bold: bool, family: Family = "sans") -> float:
    """The size at which ``text`` is ``width`` wide."""
    one = text_width(text, 1.0, bold=bold, family=family)
    return width / one if one else 1e9


def _step_index(size: float) -> int:
    """The index of the largest step no larger than ``size`` (-1 if none is)."""
    return max((i for i, s in enumerate(SCALE) if s <= size + 1e-9), default=-1)


def _stack(bottom: float, big: float, label: float, note: float, underlined: bool, scale: float) -> Stack:
    """Baselines of note, ability and number, up from ``bottom`` (the lowest ink allowed)."""
    note_y = bottom
    label_y = note_y - SANS_CAP * note - 1.3 * scale if note else bottom
    # room for an underline (``card._underline``), then clear room: one gap for the whole pack
    gap = max(2.4 * scale, underline_depth(big) + clear(scale) if underlined else 0.0)
    number_y = label_y - CAP_HEIGHT * label - gap
    return Stack(number_y, label_y, note_y)
