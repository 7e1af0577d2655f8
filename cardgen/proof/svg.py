"""Reading a component SVG back: its size, texts (by role, the SVG ``class``), shapes and
pictures, and everything in it that cardgen's writer never produces (a ``style``, an
``opacity``, a ``<use>``, a picture not in the file ...). Its one ``<style>`` may hold only the
``@font-face`` rules the writer embeds, whose glyphs ``proof.fonts`` checks against the shipped
font (or the pack's theme font). Every file is read through ``files.read_file``: regular files
only, within a limit, and parsed by ``read_tree``: no document type or entities, no deeper or
larger than a theme's own SVG may be (``themes.svgrules``), so that whatever someone put in a
folder is one line, never a crash. A reader that draws a card SVG (``cardgen preview``) draws
only one ``parse_svg`` finds nothing wrong with: the writer's allow-list.
"""

from __future__ import annotations

import io
import math
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from sys import intern

from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.layout.shapes import Typeface
from cardgen.manifest import MANIFEST
from cardgen.proof.fonts import embedded_font, shipped_characters
from cardgen.render import FAMILY_NAMES
from cardgen.render.fonts import SVG_FAMILIES, SVG_THEME_FAMILY, THEME_FONT_FAMILY
from cardgen.themes.svgrules import MAX_SVG_DEPTH, MAX_SVG_ELEMENTS
from cardgen.units import shown

SVG = "{http://www.w3.org/2000/svg}"
SVG_LIMIT = 4_000_000
MIN_TEXT_MM = 0.2  # cardgen never sets type smaller (an 80-character title on a 10 mm card is about 0.3)


@dataclass(frozen=True, slots=True)  # slots: a big pack's SVGs hold tens of thousands
class SvgText:
    role: str  # the SVG class
    text: str
    x: float  # anchor point, mm in the drawing (group offsets added)
    y: float
    size: float  # mm
    anchor: str
    bold: bool
    fill: str  # #rrggbb
    rotate: int  # degrees clockwise, as SVG's rotate()
    theme: bool = False  # set in the theme's own font
    family: str = "mono"  # the shipped family it is set in ("mono", "sans"), when not the theme's

    @property
    def turned(self) -> bool:
        return self.rotate % 360 == 180


@dataclass(frozen=True, slots=True)
class SvgShape:
    kind: str  # rect, line, polygon, circle, path
    role: str
    fill: str | None  # #rrggbb, or None when unfilled
    stroke_width: float
    box: tuple[float, float, float, float] | None  # a rect's (x0, y0, x1, y1) in mm; None for other shapes


@dataclass(frozen=True, slots=True)
class SvgImage:
    role: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1 in the drawing's mm
    kind: str  # png or jpeg


@dataclass
class SvgDoc:
    """One component SVG as cardgen wrote it (or not: see ``problems``)."""

    name: str  # for messages, e.g. cards/0001.svg
    width: float  # mm
    height: float
    view: tuple[float, float, float, float]
    texts: list[SvgText] = field(default_factory=list)
    shapes: list[SvgShape] = field(default_factory=list)
    images: list[SvgImage] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # what cardgen never writes
    # (family, bold) -> the code points embedded
    fonts: dict[tuple[str, bool], frozenset[int]] = field(default_factory=dict)
    theme: Typeface | None = None  # the theme's own font, which texts may be set in
    theme_fonts: dict[bool, frozenset[int]] = field(default_factory=dict)  # the same, of the theme's font
    # the texts by role, made when first asked for (once ``parse_svg`` has read every text): a
    # card's checks ask for a dozen roles
    _roles: dict[str, list[SvgText]] | None = field(default=None, init=False, repr=False, compare=False)

    def role(self, role: str) -> list[SvgText]:
        if self._roles is None:
            self._roles = {}
            for t in self.texts:
                self._roles.setdefault(t.role, []).append(t)
        return list(self._roles.get(role, ()))


_PAINT = frozenset({"class", "fill", "stroke", "stroke-width"})
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_PICTURE = re.compile(r"data:image/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})")
# Every element and attribute cardgen's SVG writer produces; anything else was added by someone.
ALLOWED: dict[str, frozenset[str]] = {
    "svg": frozenset({"baseProfile", "height", "version", "viewBox", "width"}),
    "title": frozenset(),
    "desc": frozenset(),
    "defs": frozenset(),
    "style": frozenset({"type"}),  # only the first child of the root's <defs>, holding the fonts
    "clipPath": frozenset({"id"}),
    "g": frozenset({"class", "transform", "clip-path"}),
    "rect": _PAINT | {"x", "y", "width", "height", "rx", "ry"},
    "line": _PAINT | {"x1", "y1", "x2", "y2", "stroke-dasharray"},
    "polygon": _PAINT | {"points"},
    "circle": _PAINT | {"cx", "cy", "r"},
    "path": _PAINT | {"d"},
    "text": frozenset(
        {"x", "y", "class", "font-family", "font-size", "text-anchor", "fill", "font-weight", "transform"}
    ),
    "image": frozenset({"x", "y", "width", "height", "class", "preserveAspectRatio", XLINK_HREF}),  # a theme's picture
}
SHAPES = ("rect", "line", "polygon", "circle", "path")
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_FAMILY_OF_NAME = {name: family for family, name in FAMILY_NAMES.items()}  # "DejaVu Sans Mono" -> "mono"
_FAMILY_OF_ATTR = {attr: family for family, attr in SVG_FAMILIES.items()}  # a text's font-family -> its family
_NUM = r"(-?[0-9]+(?:\.[0-9]+)?)"
_ROTATE = re.compile(rf"rotate\((-?[0-9]+) {_NUM} {_NUM}\)")
_TRANSLATE = re.compile(rf"translate\({_NUM} {_NUM}\)")
_MM = re.compile(rf"{_NUM}mm")


def _num(text: str | None) -> float | None:
    try:
        v = float(text) if text is not None else None
    except ValueError:
        return None
    return v if v is not None and math.isfinite(v) else None


def read_tree(data: bytes, name: str) -> ET.Element | str:
    """``data`` parsed as XML, or why it cannot be (one line): not XML, a document type or
    entities (cardgen writes neither), more than ``MAX_SVG_DEPTH`` levels deep or
    ``MAX_SVG_ELEMENTS`` elements (cardgen's SVGs are a few levels deep, a few thousand elements
    at most). The depth is counted as the file is read, so a deep file is never walked."""
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        return f"{name} has a document type or entities, which cardgen never writes"
    root: ET.Element | None = None
    depth = elements = 0
    try:
        for event, el in ET.iterparse(io.BytesIO(data), events=("start", "end")):
            if event == "end":
                depth -= 1
                continue
            depth, elements = depth + 1, elements + 1
            root = el if root is None else root
            if depth > MAX_SVG_DEPTH:
                return f"{name} is more than {MAX_SVG_DEPTH} levels deep, which cardgen never writes"
            if elements > MAX_SVG_ELEMENTS:
                return f"{name} holds more than {MAX_SVG_ELEMENTS} elements, which cardgen never writes"
    except (ET.ParseError, ValueError, RecursionError) as e:
        return f"cannot read {name}: {' '.join(str(e).split())[:200]}"
    if root is None:  # pragma: no cover - the parser fails first on a file with no element
        return f"cannot read {name}: no element"
    return root


def parse_svg(data: bytes, name: str, theme: Typeface | None = None) -> SvgDoc | str:
    """``data`` read as a component SVG, or what makes it unreadable (``read_tree``); ``theme``:
    the pack's theme font, which its titles and backs may be set in (and embed)."""
    root = read_tree(data, name)
    if isinstance(root, str):
        return root
    if root.tag != f"{SVG}svg":
        return f"{name} is not an SVG drawing"
    w, h = (_MM.fullmatch(root.get(k, "")) for k in ("width", "height"))
    view = [_num(v) for v in root.get("viewBox", "").split()]
    if not w or not h or len(view) != 4 or None in view:
        return f"{name} has no size in mm and viewBox"
    doc = SvgDoc(name, float(w.group(1)), float(h.group(1)), tuple(view), theme=theme)  # type: ignore[arg-type]
    defs = root.find(f"{SVG}defs")
    fonts = defs[0] if defs is not None and len(defs) and defs[0].tag == f"{SVG}style" else None
    _walk(root, doc, 0.0, 0.0, painted=True, fonts=fonts)
    if doc.fonts or doc.theme_fonts:
        _missing_glyphs(doc)
    return doc


# Each element cardgen writes by its qualified tag: (its name, the attributes it may have); the
# walk looks a tag up once instead of cutting the namespace off each element's.
_KNOWN = {f"{SVG}{tag}": (tag, allowed) for tag, allowed in ALLOWED.items()}


def _walk(el: ET.Element, doc: SvgDoc, dx: float, dy: float, *, painted: bool, fonts: ET.Element | None) -> None:
    known = _KNOWN.get(el.tag)
    if known is None:
        tag = el.tag[len(SVG) :] if el.tag.startswith(SVG) else el.tag
        allowed = ALLOWED.get(tag)
    else:
        tag, allowed = known
    if allowed is None or (tag == "style" and el is not fonts):
        doc.problems.append(f"<{tag}> element, which cardgen never writes")
        return
    attrib = el.attrib
    if not allowed.issuperset(attrib):
        extra = sorted(set(attrib) - allowed)
        doc.problems.append(f"{extra[0]}={shown(el.get(extra[0], ''), 30)} on a <{tag}>, which cardgen never writes")
    if tag == "text":
        _text(el, doc, dx, dy)
        return
    if tag == "g" and "transform" in attrib:
        m = _TRANSLATE.fullmatch(attrib["transform"])
        if not m:
            doc.problems.append(f"a group transform {shown(el.get('transform', ''), 40)}, which cardgen never writes")
        else:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
    if tag in SHAPES:
        _shape(el, tag, doc, dx, dy, painted)
    elif tag == "image":
        _image(el, doc, dx, dy)
    elif tag in ("title", "desc", "style") and len(el):
        doc.problems.append(f"elements inside <{tag}>, which cardgen never writes")
    elif tag == "style":
        _font_faces(el, doc)
    if tag == "style":
        return
    inside = painted and tag not in ("defs", "clipPath")
    for child in el:
        _walk(child, doc, dx, dy, painted=inside, fonts=fonts)


# What the SVG writer embeds: per face, one rule, the regular one first.
_FACE = re.compile(
    r"@font-face\{font-family:'(?P<family>[^'{};]*)';font-weight:(?P<weight>normal|bold);"
    r"src:url\(data:font/ttf;base64,(?P<data>[A-Za-z0-9+/]+={0,2})\);"
    r"unicode-range:(?P<range>U\+[0-9A-F]{1,6}(?:-[0-9A-F]{1,6})?(?:,U\+[0-9A-F]{1,6}(?:-[0-9A-F]{1,6})?)*)\}"
)


def _font_faces(el: ET.Element, doc: SvgDoc) -> None:
    """The fonts the SVG embeds: each rule must be the writer's ``@font-face`` for a shipped face
    (or for a face of the theme's font, when the pack has one), each face once, in the writer's order."""
    if el.get("type") != "text/css":
        doc.problems.append(f"a <style> of type {shown(el.get('type', ''), 20)}, which cardgen never writes")
    faces: list[tuple[int, bool]] = []  # (0 monospace, 1 sans, 2 theme's; bold): the writer's order
    for rule in (el.text or "").split("\n"):
        m = _FACE.fullmatch(rule)
        theme = m is not None and doc.theme is not None and m["family"] == THEME_FONT_FAMILY
        family = _FAMILY_OF_NAME.get(m["family"], "") if m else ""
        if not m or not (theme or family):
            doc.problems.append(f"a <style> holding {shown(rule.strip(), 40)}, not the shipped font cardgen embeds")
            return
        bold = m["weight"] == "bold"
        faces.append((2 if theme else 0 if family == "mono" else 1, bold))
        reference = doc.theme.files[bold] if theme and doc.theme is not None else None
        font = embedded_font(bold, m["data"], m["range"], reference, family or "mono")
        if isinstance(font, str):
            doc.problems.append(f"an embedded {m['weight']} {'theme ' if theme else ''}font that {font}")
        elif theme:
            doc.theme_fonts[bold] = font
        else:
            doc.fonts[family, bold] = font
    if faces != sorted(set(faces)):
        doc.problems.append("a <style> whose @font-face rules are repeated or out of order, which cardgen never writes")


def _missing_glyphs(doc: SvgDoc) -> None:
    """Each text's characters that the shipped face (or the theme's) has must be in the face the SVG embeds."""
    for t in doc.texts:
        embedded = doc.theme_fonts.get(t.bold) if t.theme else doc.fonts.get((t.family, t.bold))
        lacking = {ord(c) for c in t.text} - (embedded or frozenset())
        if lacking:  # (the shipped face is read only then: it has ~3000 characters)
            reference = doc.theme.files[t.bold] if t.theme and doc.theme is not None else None
            lacking &= shipped_characters(t.bold, reference, t.family)
        if lacking:
            what = f"a <text class={t.role!r}>" if t.role else "a <text>"
            letters = shown("".join(map(chr, sorted(lacking))), 20)
            doc.problems.append(f"{what} with letters {letters} that its embedded font lacks")
            return


def _paint(get: Callable[..., str | None], key: str, problems: list[str], tag: str, *, none_ok: bool) -> str | None:
    value = get(key)
    if value is None or (none_ok and value == "none"):
        return None
    if not _HEX.fullmatch(value):
        problems.append(f"{key}={shown(value, 30)} on a <{tag}>, which cardgen never writes")
        return None
    return value.lower()


def _shape(el: ET.Element, tag: str, doc: SvgDoc, dx: float, dy: float, painted: bool) -> None:
    shape, problems = _read_shape(tag, tuple(el.attrib.items()), dx, dy)
    doc.problems += problems
    if painted:
        doc.shapes.append(shape)


# What a shape says depends on the element alone (its tag and attributes) and the offset of the
# groups around it, and a pack's SVGs repeat their shapes file after file (the same frame, track
# and engine; an ability's wagons on every copy): each distinct shape is read once and what it
# says looked up after that. Every element of every file is still parsed and looked up by all
# it holds: two that differ in anything are read apart. (A record is frozen: documents share it.)
@lru_cache(maxsize=2048)
def _read_shape(
    tag: str, attrib: tuple[tuple[str, str], ...], dx: float, dy: float
) -> tuple[SvgShape, tuple[str, ...]]:
    get = dict(attrib).get
    problems: list[str] = []
    fill = _paint(get, "fill", problems, tag, none_ok=True)
    _paint(get, "stroke", problems, tag, none_ok=False)
    width = _num(get("stroke-width", "0"))
    if width is None or width < 0:
        problems.append(f"stroke-width={shown(get('stroke-width', ''), 30)} on a <{tag}>")
        width = 0.0
    box = None
    if tag == "rect":
        x, y, w, h = (_num(get(k)) for k in ("x", "y", "width", "height"))
        if x is None or y is None or w is None or h is None or w < 0 or h < 0:
            problems.append("a <rect> without a proper position and size")
        else:
            box = (x + dx, y + dy, x + dx + w, y + dy + h)
    return SvgShape(intern(tag), intern(get("class", "")), fill and intern(fill), width, box), tuple(problems)


def _image(el: ET.Element, doc: SvgDoc, dx: float, dy: float) -> None:
    """A theme's picture: PNG or JPEG data in the file, stretched over its box as the layout fitted it."""
    x, y, w, h = (_num(el.get(k)) for k in ("x", "y", "width", "height"))
    m = _PICTURE.fullmatch(el.get(XLINK_HREF, ""))
    if x is None or y is None or w is None or h is None or w <= 0 or h <= 0:
        doc.problems.append("an <image> without a proper position and size")
    elif not m or el.get("preserveAspectRatio") != "none":
        doc.problems.append(
            f"an <image> of {shown(el.get(XLINK_HREF, ''), 30)}, not a picture in the file as cardgen puts it"
        )
    else:
        doc.images.append(SvgImage(intern(el.get("class", "")), (x + dx, y + dy, x + dx + w, y + dy + h), m[1]))


def _text(el: ET.Element, doc: SvgDoc, dx: float, dy: float) -> None:
    # (a big pack has ~10 000 texts: the attributes are looked up once each, in the dict)
    get = el.attrib.get
    problems = doc.problems
    role = get("class", "")
    if len(el):
        problems.append(f"elements inside {_what(role)}, which cardgen never writes")
        text = " ".join("".join(el.itertext()).split())
    else:
        text = " ".join((el.text or "").split())
    x, y = _num(get("x")), _num(get("y"))
    if x is None or y is None:
        problems.append(f"{_what(role)} without a proper position")
        return
    style = get("font-size"), get("font-family", ""), get("font-weight"), get("text-anchor", "start"), get("fill")
    (size, theme, family, bold, anchor, fill), found = _text_style(role, *style, doc.theme is not None)
    problems += found
    rotate = 0
    transform = get("transform")
    if transform is not None:
        m = _ROTATE.fullmatch(transform)
        if not m or _num(m.group(2)) != x or _num(m.group(3)) != y:
            problems.append(f"{_what(role)} with transform {shown(transform, 40)}, which cardgen never writes")
        else:
            rotate = int(m.group(1)) % 360
    doc.texts.append(SvgText(intern(role), text, x + dx, y + dy, size, anchor, bold, fill, rotate, theme, family))


def _what(role: str) -> str:
    return f"a <text class={role!r}>" if role else "a <text>"


# A text's style: a pack's ten thousand texts are set in a dozen (its roles' sizes and colours)
@lru_cache(maxsize=256)
def _text_style(
    role: str,
    size_attr: str | None,
    font_family: str,
    weight: str | None,
    anchor: str,
    fill: str | None,
    themed: bool,
) -> tuple[tuple[float, bool, str, bool, str, str], tuple[str, ...]]:
    """(size, theme, family, bold, anchor, fill) of a ``<text>`` from its style attributes, and
    their problems; ``themed``: the pack has a theme font, which a text may be set in. Names and
    colours are interned: a big pack's SVGs have ~20 000 texts."""
    what = _what(role)
    problems: list[str] = []
    size = _num(size_attr)
    if size is None or size < MIN_TEXT_MM:
        problems.append(
            f"{what} with font-size {shown(size_attr or '', 20)}: cardgen never sets type below {MIN_TEXT_MM:g} mm"
        )
        size = size or 0.0
    theme = themed and font_family == SVG_THEME_FAMILY
    family = _FAMILY_OF_ATTR.get(font_family, "")
    if not family and not theme:
        problems.append(f"{what} in font {shown(font_family, 40)}, not a shipped one")
    if weight not in (None, "bold"):
        problems.append(f"{what} with font-weight {shown(weight or '', 20)}, which cardgen never writes")
    if anchor not in ("start", "middle", "end"):
        problems.append(f"{what} with text-anchor {shown(anchor, 20)}")
        anchor = "start"
    if fill is None:
        problems.append(f"{what} without its colour")
    elif not _HEX.fullmatch(fill):
        problems.append(f"fill={shown(fill, 30)} on a <text>, which cardgen never writes")
        fill = None
    else:
        fill = fill.lower()
    style = (size, theme, intern(family or "mono"), weight == "bold", intern(anchor), intern(fill or ""))
    return style, tuple(problems)


def read_svg(path: Path, name: str | None = None, theme: Typeface | None = None) -> tuple[SvgDoc | str, bytes]:
    """A component SVG read within limits: (the drawing or what is wrong, its bytes)."""
    name = name or path.name
    try:
        data = read_file(path, limit=SVG_LIMIT, what="SVG")
    except CardgenError as e:
        return str(e), b""
    return parse_svg(data, name, theme), data


def svg_texts(path: Path) -> dict[str, set[str]] | str:
    """The texts of an SVG grouped by their class (role), or what is wrong with the file."""
    doc, _ = read_svg(path)
    if isinstance(doc, str):
        return doc
    texts: dict[str, set[str]] = defaultdict(set)
    for t in doc.texts:
        texts[t.role].add(t.text)
    return texts


def size_problem(doc: SvgDoc, card: tuple[float, float], bleed: float) -> str | None:
    """Why ``doc`` is not a ``card`` (w, h in mm) with ``bleed`` around it, or None."""
    w, h = card[0] + 2 * bleed, card[1] + 2 * bleed
    want = (-bleed, -bleed, w, h)
    if (
        abs(doc.width - w) > 0.002
        or abs(doc.height - h) > 0.002
        or any(abs(a - b) > 0.002 for a, b in zip(doc.view, want))
    ):
        return (
            f"{doc.name} is {doc.width:g}×{doc.height:g}mm (viewBox {' '.join(f'{v:g}' for v in doc.view)}), "
            f"not the {card[0]:g}×{card[1]:g}mm card with {bleed:g}mm bleed that {MANIFEST} records"
        )
    return None
