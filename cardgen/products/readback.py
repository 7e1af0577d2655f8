"""Reading a written folder back, to check what was really written. Product-neutral.

``check_folder`` loads the folder's manifest (validated against ``SCHEMA`` before anything
uses it) and hands it to the product that wrote it (found in the registry). The pieces every
deck checker uses are here:

- ``read_svg``: a component SVG's size, texts (by role, the SVG ``class``) and shapes, and
  everything in it cardgen never writes (a ``style``, an ``opacity``, a ``<use>`` ...); its one
  ``<style>`` may hold only the shipped font's ``@font-face`` rules, whose glyphs must be the
  shipped font's own;
- ``pdf_damage``: every stream of the PDF decoded strictly, so a flipped byte is found;
- ``sheet_slots`` and ``compare_slot``: the objects pdfium finds in each card's place on a
  sheet, held against the texts and shapes of that card's SVG.

Every file is read through ``output.read_file``: regular files only, within a size limit.
"""

from __future__ import annotations

import base64
import io
import json
import logging
import math
import re
import xml.etree.ElementTree as ET
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from sys import intern
from typing import Any, Literal

from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan
from cardgen.layout.shapes import ADVANCE, Typeface
from cardgen.options import MAX_BACK_OFFSET, PNG_DPI, PrintOptions
from cardgen.products import PRODUCTS, FolderCheck, product
from cardgen.products.deck import MANIFEST
from cardgen.products.output import read_file, show_path
from cardgen.products.pageobjects import FILL, PageObjects, PathObject, TextObject
from cardgen.rules.check import Violation
from cardgen.units import MAX_LENGTH, PAPERS, shown

SVG = "{http://www.w3.org/2000/svg}"
PT = 72 / 25.4
BOLD_FONT, REGULAR_FONT = "DejaVuSansMono-Bold", "DejaVuSansMono"  # the shipped fonts, as the PDF names them

MANIFEST_LIMIT = 1_000_000  # bytes; cardgen writes a few hundred
SVG_LIMIT = 4_000_000
PDF_LIMIT = 1_000_000_000
TEXT_LIMIT = 64_000_000  # pack.csv, rules.html
STREAM_LIMIT = 256_000_000  # decoded bytes of one PDF stream
MIN_TEXT_MM = 0.2  # cardgen never sets type smaller (an 80-character title on a 10 mm card is about 0.3)

# ---------------------------------------------------------------- the manifest


@dataclass(frozen=True)
class Field:
    """What one manifest key must hold. ``lo``/``hi`` bound a number, a length or a list."""

    kind: Literal["str", "int", "number", "bool", "size", "offset", "names"]
    lo: float = 0
    hi: float = 10**9
    required: bool = True
    choices: tuple[str, ...] = ()


# Every key a checkable folder's pack.json may hold, in one place. Keys of a deck (written by
# ``deck.deck_manifest``) are required; a product's own keys are checked here when present
# and their presence by the product (``need``).
SCHEMA: dict[str, Field] = {
    "game": Field("str", 1, 40),
    "cards": Field("int", 1, 100_000),
    "card_mm": Field("size", 10, 400),
    "bleed_mm": Field("number", 0, 12.7),
    "margin_mm": Field("number", 0, MAX_LENGTH),
    "gutter_mm": Field("number", 0, MAX_LENGTH),
    "paper": Field("str", choices=tuple(PAPERS)),
    "orientation": Field("str", choices=("portrait", "landscape")),
    "per_page": Field("int", 1, 100_000),
    "backs": Field("bool"),
    "title": Field("str", 0, 80),
    "cardgen_version": Field("str", 1, 40, required=False),
    "back_offset": Field("offset", -MAX_BACK_OFFSET, MAX_BACK_OFFSET, required=False),  # only when not 0,0
    "png_dpi": Field("int", PNG_DPI[0], PNG_DPI[1], required=False),  # only with --png
    "tts": Field("bool", required=False),  # only with --tts
    "pattern": Field("str", 1, 20, required=False),
    "census": Field("int", 1, 26, required=False),
    "copies": Field("int", 1, 100, required=False),
    "categories": Field("names", 1, 40, required=False),
}


def _field_problem(value: Any, f: Field) -> str | None:
    """Why ``value`` does not fit ``f``, or None."""
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if f.kind == "str":
        if not isinstance(value, str):
            return "must be text"
        if f.choices and value not in f.choices:
            return f"must be one of {', '.join(f.choices)}"
        if not f.choices and not f.lo <= len(value) <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g} characters long"
        if any(not ch.isprintable() for ch in value):
            return "holds a control character"
    elif f.kind == "bool":
        if not isinstance(value, bool):
            return "must be true or false"
    elif f.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            return "must be a whole number"
        if not f.lo <= value <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g}"
    elif f.kind == "number":
        if not number or not math.isfinite(value):
            return "must be a number"
        if not f.lo <= value <= f.hi:
            return f"must be {f.lo:g} to {f.hi:g}"
    elif f.kind in ("size", "offset"):
        pair = "[width, height]" if f.kind == "size" else "[x, y]"
        if not isinstance(value, list) or len(value) != 2:
            return f"must be {pair} in mm"
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v):
                return f"must be {pair} in mm"
            if not f.lo <= v <= f.hi:
                return f"must be {pair}, each {f.lo:g} to {f.hi:g} mm"
    elif f.kind == "names":
        if not isinstance(value, list) or not all(isinstance(v, str) and 0 < len(v) <= 40 for v in value):
            return "must be a list of names"
        if not f.lo <= len(value) <= f.hi:
            return f"must list {f.lo:g} to {f.hi:g} names"
    return None


def validate_manifest(data: Any, schema: dict[str, Field] = SCHEMA, *, where: str = MANIFEST) -> dict[str, Any]:
    """``data`` itself when every key in ``schema`` fits it; else one line naming the key.

    >>> validate_manifest({"copies": "3"}, {"copies": Field("int", 1, 100)})
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: pack.json: copies "3" must be a whole number
    """
    if not isinstance(data, dict):
        raise CardgenError(f"{where} does not hold a JSON object")
    for key, f in schema.items():
        if key not in data:
            if f.required:
                raise CardgenError(f"{where} has no {key}")
            continue
        why = _field_problem(data[key], f)
        if why:
            value = json.dumps(data[key], ensure_ascii=False)
            value = value if len(value) <= 60 else value[:40] + "…" + value[-10:]
            raise CardgenError(f"{where}: {key} {value} {why}")
    return data


def need(data: dict[str, Any], *keys: str) -> None:
    """One line naming the first of a product's own ``keys`` missing from its manifest."""
    for key in keys:
        if key not in data:
            raise CardgenError(f"{MANIFEST} has no {key}")


def load_manifest(folder: Path) -> dict[str, Any]:
    """The folder's pack.json, read within limits and validated against ``SCHEMA``."""
    path = folder / MANIFEST
    if not path.exists() and not path.is_symlink():
        raise CardgenError(f"{show_path(folder)} is not a pack folder written by cardgen: no {MANIFEST}")
    raw = read_file(path, limit=MANIFEST_LIMIT, what=MANIFEST)
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as e:
        raise CardgenError(f"cannot read {show_path(path)}: {str(e)[:200]}") from None
    game = data.get("game") if isinstance(data, dict) else None
    if not isinstance(game, str) or game not in PRODUCTS or product(game).check is None:
        raise CardgenError(f"{show_path(path)} does not describe anything cardgen can check")
    return validate_manifest(data)


def check_written(folder: Path) -> FolderCheck:
    """The folder's manifest, read and handed to the product that wrote it."""
    data = load_manifest(folder)
    checker = product(data["game"]).check
    assert checker is not None  # load_manifest refused the others
    return checker(folder, data)


def check_folder(folder: Path) -> list[Violation]:
    """Every violation in ``folder``, read from its files by the product that wrote them."""
    return check_written(folder).violations


def plan_from_manifest(data: dict[str, Any]) -> SheetPlan:
    from cardgen.impose.sheets import plan_sheet
    from cardgen.units import parse_paper

    try:
        shift = data.get("back_offset", (0.0, 0.0))
        return plan_sheet(
            (float(data["card_mm"][0]), float(data["card_mm"][1])),
            parse_paper(data["paper"]),
            margin=float(data["margin_mm"]),
            bleed=float(data["bleed_mm"]),
            gutter=float(data["gutter_mm"]),
            orientation=data["orientation"],
            back_offset=(float(shift[0]), float(shift[1])),
        )
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise CardgenError(f"{MANIFEST} is incomplete or malformed: {e}") from None


def options_from_manifest(data: dict[str, Any]) -> PrintOptions:
    """The print options a (validated) manifest records, to draw its components again."""
    from cardgen.units import parse_paper

    x, y = data.get("back_offset", (0.0, 0.0))  # recorded only when the backs were moved
    return PrintOptions(
        card=(data["card_mm"][0], data["card_mm"][1]),
        paper=parse_paper(data["paper"]),
        paper_name=data["paper"],
        bleed=data["bleed_mm"],
        margin=data["margin_mm"],
        gutter=data["gutter_mm"],
        title=data["title"],
        backs=data["backs"],
        back_offset=(float(x), float(y)),
        png=data.get("png_dpi"),
        tts=data.get("tts", False),
    )


# ---------------------------------------------------------------- component SVGs


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
    fonts: dict[bool, frozenset[int]] = field(default_factory=dict)  # bold -> code points embedded
    theme: Typeface | None = None  # the theme's own font, which texts may be set in
    theme_fonts: dict[bool, frozenset[int]] = field(default_factory=dict)  # the same, of the theme's font

    def role(self, role: str) -> list[SvgText]:
        return [t for t in self.texts if t.role == role]


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


def _family(theme: bool = False) -> str:
    from cardgen.render.svg import FAMILY, THEME_FAMILY

    return THEME_FAMILY if theme else FAMILY


def parse_svg(data: bytes, name: str, theme: Typeface | None = None) -> SvgDoc | str:
    """``data`` read as a component SVG, or what makes it unreadable; ``theme``: the pack's theme
    font, which its titles and backs may be set in (and embed)."""
    try:
        root = ET.fromstring(data)
    except (ET.ParseError, ValueError, RecursionError) as e:
        return f"cannot read {name}: {str(e)[:200]}"
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


def _walk(el: ET.Element, doc: SvgDoc, dx: float, dy: float, *, painted: bool, fonts: ET.Element | None) -> None:
    tag = el.tag[len(SVG) :] if el.tag.startswith(SVG) else el.tag
    allowed = ALLOWED.get(tag)
    if allowed is None or (tag == "style" and el is not fonts):
        doc.problems.append(f"<{tag}> element, which cardgen never writes")
        return
    extra = sorted(set(el.attrib) - allowed)
    if extra:
        doc.problems.append(f"{extra[0]}={shown(el.get(extra[0], ''), 30)} on a <{tag}>, which cardgen never writes")
    if tag == "g" and el.get("transform") is not None:
        m = _TRANSLATE.fullmatch(el.get("transform", ""))
        if not m:
            doc.problems.append(f"a group transform {shown(el.get('transform', ''), 40)}, which cardgen never writes")
        else:
            dx, dy = dx + float(m.group(1)), dy + float(m.group(2))
    if tag in SHAPES:
        _shape(el, tag, doc, dx, dy, painted)
    elif tag == "text":
        _text(el, doc, dx, dy)
    elif tag == "image":
        _image(el, doc, dx, dy)
    elif tag in ("title", "desc", "style") and len(el):
        doc.problems.append(f"elements inside <{tag}>, which cardgen never writes")
    elif tag == "style":
        _font_faces(el, doc)
    inside = painted and tag not in ("defs", "clipPath")
    if tag not in ("text", "style"):
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
    from cardgen.render import FONT_FAMILY
    from cardgen.render.fonts import THEME_FONT_FAMILY

    if el.get("type") != "text/css":
        doc.problems.append(f"a <style> of type {shown(el.get('type', ''), 20)}, which cardgen never writes")
    faces: list[tuple[bool, bool]] = []  # (theme's, bold)
    for rule in (el.text or "").split("\n"):
        m = _FACE.fullmatch(rule)
        theme = m is not None and doc.theme is not None and m["family"] == THEME_FONT_FAMILY
        if not m or not (theme or m["family"] == FONT_FAMILY):
            doc.problems.append(f"a <style> holding {shown(rule.strip(), 40)}, not the shipped font cardgen embeds")
            return
        bold = m["weight"] == "bold"
        faces.append((theme, bold))
        reference = doc.theme.files[bold] if theme and doc.theme is not None else None
        font = embedded_font(bold, m["data"], m["range"], reference)
        if isinstance(font, str):
            doc.problems.append(f"an embedded {m['weight']} {'theme ' if theme else ''}font that {font}")
        else:
            (doc.theme_fonts if theme else doc.fonts)[bold] = font
    if faces != sorted(set(faces)):
        doc.problems.append("a <style> whose @font-face rules are repeated or out of order, which cardgen never writes")


@lru_cache(maxsize=8)
def _shipped(bold: bool, reference: bytes | None = None) -> Any:
    """A shipped face, or the font file ``reference`` (a theme's), read with fontTools."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    from cardgen.render import font_path

    return TTFont(str(font_path(bold)) if reference is None else io.BytesIO(reference))


@lru_cache(maxsize=4096)
def _shipped_glyph(bold: bool, code: int, reference: bytes | None = None) -> tuple[int, list[Any]] | None:
    """(advance, outline with components resolved) of a character in a shipped face (or ``reference``)."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen  # type: ignore[import-untyped,unused-ignore]

    font = _shipped(bold, reference)
    name = font.getBestCmap().get(code)
    if name is None:
        return None
    glyphs = font.getGlyphSet()
    pen = DecomposingRecordingPen(glyphs)
    glyphs[name].draw(pen)
    return glyphs[name].width, pen.value


def _same_outline(a: list[Any], b: list[Any]) -> bool:
    """The same drawing operations through the same points, give or take one font unit: the
    subsetter re-rounds a composite glyph's scaled components (✓ moves by 1/2048 em), nothing more."""
    if len(a) != len(b):
        return False
    for (op_a, pts_a), (op_b, pts_b) in zip(a, b):
        if op_a != op_b or len(pts_a) != len(pts_b):
            return False
        for p, q in zip(pts_a, pts_b):
            if p is None or q is None:  # a TrueType contour with no on-curve point ends in None
                if p is not q:
                    return False
            elif abs(p[0] - q[0]) > 1 or abs(p[1] - q[1]) > 1:
                return False
    return True


@lru_cache(maxsize=256)
def embedded_font(bold: bool, data: str, ranges: str, reference: bytes | None = None) -> frozenset[int] | str:
    """The characters an embedded font (base64 ``data``) draws, each exactly as the shipped face
    (or the font file ``reference``, a theme's) does (outline and advance), or what is wrong with
    it. Made once per font a process."""
    from cardgen.render.fonts import ready_faces, unicode_range

    ready = ready_faces(bold).get(data) if reference is None else None  # shipped, verified by the tests
    if ready is not None:
        return ready if unicode_range(ready) == ranges else "claims characters (unicode-range) other than those it has"
    return _foreign_font(bold, data, ranges, reference)


def _foreign_font(bold: bool, data: str, ranges: str, reference: bytes | None = None) -> frozenset[int] | str:
    """``embedded_font`` for data other than the shipped subsets: read and compared glyph by glyph."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen  # type: ignore[import-untyped,unused-ignore]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    from cardgen.render.fonts import FONT_TABLES, unicode_range

    try:
        font = TTFont(io.BytesIO(base64.b64decode(data, validate=True)))
        tables = set(font.keys()) - {"GlyphOrder"}
        if not tables <= FONT_TABLES:
            return f"has tables cardgen never embeds ({', '.join(sorted(tables - FONT_TABLES))})"
        if font["head"].unitsPerEm != _shipped(bold, reference)["head"].unitsPerEm:
            return "is scaled unlike the shipped font"
        cmap = font.getBestCmap() or {}
        if unicode_range(cmap) != ranges:
            return "claims characters (unicode-range) other than those it has"
        glyphs = font.getGlyphSet()
        for code, name in sorted(cmap.items()):
            pen = DecomposingRecordingPen(glyphs)
            glyphs[name].draw(pen)
            shipped = _shipped_glyph(bold, code, reference)
            if shipped is None or glyphs[name].width != shipped[0] or not _same_outline(pen.value, shipped[1]):
                return f"draws {chr(code)!r} (U+{code:04X}) unlike the shipped font"
        pen = DecomposingRecordingPen(glyphs)
        glyphs[font.getGlyphOrder()[0]].draw(pen)
        if pen.value:
            return "draws its missing-glyph box, which cardgen never embeds"
    except Exception as e:  # fontTools meets damage in untrusted data in many ways: any is a finding
        return f"cannot be read as a font ({type(e).__name__})"
    return frozenset(cmap)


def _missing_glyphs(doc: SvgDoc) -> None:
    """Each text's characters that the shipped face (or the theme's) has must be in the face the SVG embeds."""
    for t in doc.texts:
        lacking = {ord(c) for c in t.text} - (doc.theme_fonts if t.theme else doc.fonts).get(t.bold, frozenset())
        if lacking:  # (the shipped face is read only then: it has ~3000 characters)
            reference = doc.theme.files[t.bold] if t.theme and doc.theme is not None else None
            lacking &= set(_shipped(t.bold, reference).getBestCmap())
        if lacking:
            what = f"a <text class={t.role!r}>" if t.role else "a <text>"
            letters = shown("".join(map(chr, sorted(lacking))), 20)
            doc.problems.append(f"{what} with letters {letters} that its embedded font lacks")
            return


def _paint(el: ET.Element, key: str, doc: SvgDoc, tag: str, *, none_ok: bool) -> str | None:
    value = el.get(key)
    if value is None or (none_ok and value == "none"):
        return None
    if not _HEX.fullmatch(value):
        doc.problems.append(f"{key}={shown(value, 30)} on a <{tag}>, which cardgen never writes")
        return None
    return value.lower()


def _shape(el: ET.Element, tag: str, doc: SvgDoc, dx: float, dy: float, painted: bool) -> None:
    fill = _paint(el, "fill", doc, tag, none_ok=True)
    _paint(el, "stroke", doc, tag, none_ok=False)
    width = _num(el.get("stroke-width", "0"))
    if width is None or width < 0:
        doc.problems.append(f"stroke-width={shown(el.get('stroke-width', ''), 30)} on a <{tag}>")
        width = 0.0
    box = None
    if tag == "rect":
        x, y, w, h = (_num(el.get(k)) for k in ("x", "y", "width", "height"))
        if x is None or y is None or w is None or h is None or w < 0 or h < 0:
            doc.problems.append("a <rect> without a proper position and size")
        else:
            box = (x + dx, y + dy, x + dx + w, y + dy + h)
    if painted:
        doc.shapes.append(SvgShape(intern(tag), intern(el.get("class", "")), fill and intern(fill), width, box))


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
    role = el.get("class", "")
    what = f"a <text class={role!r}>" if role else "a <text>"
    if len(el):
        doc.problems.append(f"elements inside {what}, which cardgen never writes")
    text = " ".join("".join(el.itertext()).split())
    x, y, size = _num(el.get("x")), _num(el.get("y")), _num(el.get("font-size"))
    if x is None or y is None:
        doc.problems.append(f"{what} without a proper position")
        return
    if size is None or size < MIN_TEXT_MM:
        doc.problems.append(
            f"{what} with font-size {shown(el.get('font-size', ''), 20)}: cardgen never sets type below {MIN_TEXT_MM:g} mm"
        )
        size = size or 0.0
    theme = doc.theme is not None and el.get("font-family") == _family(theme=True)
    if el.get("font-family") != _family() and not theme:
        doc.problems.append(f"{what} in font {shown(el.get('font-family', ''), 40)}, not the shipped one")
    weight = el.get("font-weight")
    if weight not in (None, "bold"):
        doc.problems.append(f"{what} with font-weight {shown(weight or '', 20)}, which cardgen never writes")
    anchor = el.get("text-anchor", "start")
    if anchor not in ("start", "middle", "end"):
        doc.problems.append(f"{what} with text-anchor {shown(anchor, 20)}")
        anchor = "start"
    fill = _paint(el, "fill", doc, "text", none_ok=False)
    if fill is None and "fill" not in el.attrib:
        doc.problems.append(f"{what} without its colour")
    rotate = 0
    if el.get("transform") is not None:
        m = _ROTATE.fullmatch(el.get("transform", ""))
        if not m or _num(m.group(2)) != x or _num(m.group(3)) != y:
            doc.problems.append(
                f"{what} with transform {shown(el.get('transform', ''), 40)}, which cardgen never writes"
            )
        else:
            rotate = int(m.group(1)) % 360
    # (the few names and colours a pack repeats are held once: a big pack's SVGs have ~20 000 texts)
    doc.texts.append(
        SvgText(
            intern(role),
            text,
            x + dx,
            y + dy,
            size,
            intern(anchor),
            weight == "bold",
            intern(fill or ""),
            rotate,
            theme,
        )
    )


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


# ---------------------------------------------------------------- the PDF


def single_pdf(folder: Path) -> Path | Violation:
    """The folder's one PDF; with several, a violation naming the extra ones."""
    pdfs = sorted(p for p in folder.glob("*.pdf") if not p.name.startswith("."))
    if len(pdfs) == 1:
        return pdfs[0]
    if not pdfs:
        return Violation("files", f"no PDF in {folder.name}")
    # the folder is named after the pack, and may carry a suffix for its print options
    own = [p for p in pdfs if folder.name == p.stem or folder.name.startswith(p.stem + "-")]
    own.sort(key=lambda p: -len(p.stem))
    extra = [p.name for p in pdfs if p not in own[:1]]
    if own:
        return Violation("files", f"extra PDF in {folder.name}: {', '.join(extra)} (cardgen wrote only {own[0].name})")
    return Violation("files", f"wanted one PDF in {folder.name}, found {len(pdfs)}: {', '.join(p.name for p in pdfs)}")


def _unfilter(name: str, data: bytes) -> bytes:
    """One PDF filter undone strictly: any damage raises ValueError."""
    if name in ("/FlateDecode", "/Fl"):
        d = zlib.decompressobj()
        try:
            out = d.decompress(data, STREAM_LIMIT)
        except zlib.error as e:
            raise ValueError(f"its compressed data is damaged ({e})") from None
        if d.unconsumed_tail:
            raise ValueError(f"it inflates to more than {STREAM_LIMIT} bytes")
        if not d.eof:
            raise ValueError("its compressed data ends early")
        if d.unused_data.strip():
            raise ValueError("bytes follow the end of its compressed data")
        return out
    if name in ("/ASCII85Decode", "/A85"):
        body = bytes(data).strip()
        if body.startswith(b"<~"):
            body = body[2:]
        if not body.endswith(b"~>"):
            raise ValueError("its ASCII85 data has no end marker")
        try:
            return base64.a85decode(body[:-2], ignorechars=b" \t\n\r\x0b\x0c")
        except ValueError as e:
            raise ValueError(f"its ASCII85 data is damaged ({e})") from None
    if name in ("/ASCIIHexDecode", "/AHx"):
        body = bytes(data).strip()
        if not body.endswith(b">"):
            raise ValueError("its hex data has no end marker")
        try:
            return bytes.fromhex(body[:-1].decode("ascii"))
        except (ValueError, UnicodeDecodeError) as e:
            raise ValueError(f"its hex data is damaged ({e})") from None
    if name in ("/DCTDecode", "/DCT"):  # a theme's JPEG picture, put in as it was
        from PIL import Image

        try:
            with Image.open(io.BytesIO(bytes(data))) as im:
                if im.format != "JPEG":
                    raise ValueError("its DCT data is not a JPEG")
                im.load()
        except (OSError, SyntaxError, Image.DecompressionBombError) as e:
            raise ValueError(f"its JPEG data is damaged ({_one_line(e)})") from None
        return bytes(data)
    raise ValueError(f"it uses the {name} filter, which cardgen never writes")


def _stream_names(reader: Any, problems: list[str]) -> dict[int, str]:
    """Object number -> what the stream is (page content, embedded font), for messages; and
    into ``problems``, a font whose descriptor names another font."""
    names: dict[int, str] = {}

    def ref(obj: Any) -> int | None:
        num = getattr(obj, "idnum", None)
        return num if isinstance(num, int) else None

    try:
        for i, page in enumerate(reader.pages, 1):
            contents = page.get("/Contents")
            for c in contents if isinstance(contents, list) else [contents]:
                if (n := ref(c)) is not None:
                    names.setdefault(n, f"the content of page {i}")
            fonts = page.get("/Resources", {}).get_object().get("/Font", {}).get_object()
            for font in fonts.values():
                font = font.get_object()
                base = str(font.get("/BaseFont", "?")).lstrip("/").split("+", 1)[-1]
                if (n := ref(font.get("/ToUnicode"))) is not None:
                    names.setdefault(n, f"the text map of font {base}")
                desc = font.get("/FontDescriptor")
                desc = desc.get_object() if desc is not None else {}
                if "/FontName" in desc and str(desc["/FontName"]) != str(font.get("/BaseFont")):
                    problems.append(f"font {base} is described as {str(desc['/FontName']).lstrip('/')}")
                for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                    if (n := ref(desc.get(key))) is not None:
                        names.setdefault(n, f"the embedded font {base}")
    except Exception:  # noqa: BLE001 - names only decorate messages; damage is reported below
        pass
    return names


class _Warnings(logging.Handler):
    """Collects what pypdf logs while it repairs a file: each repair is damage found."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(" ".join(record.getMessage().split())[:160])


def pdf_damage(data: bytes) -> list[str]:
    """What is damaged in a PDF: the cross-reference table must point at every object, every
    object must parse and every stream's filters must undo strictly (zlib's checksum finds a
    flipped byte), with nothing repaired on the way; no "best effort" recovery."""
    log = logging.getLogger("pypdf")
    caught, propagate = _Warnings(), log.propagate
    log.addHandler(caught)
    log.propagate = False  # pypdf's notes must not reach the terminal
    try:
        out = _damage(data)
    finally:
        log.removeHandler(caught)
        log.propagate = propagate
    return out + [f"pypdf had to repair it ({m})" for m in dict.fromkeys(caught.messages)][:3]


def _damage(data: bytes) -> list[str]:
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, StreamObject

    try:
        reader = PdfReader(io.BytesIO(data), strict=True)
        table = {(num, gen): at for gen, objs in reader.xref.items() for num, at in objs.items() if num}
        numbers = sorted(table) + sorted({(num, 0) for num in reader.xref_objStm})
    except Exception as e:  # noqa: BLE001 - a damaged file can raise nearly anything
        return [f"its structure cannot be read ({_one_line(e)})"]
    out: list[str] = []
    for (num, gen), at in sorted(table.items()):
        if not isinstance(at, int) or not re.match(rb"\s*%d\s+%d\s+obj\b" % (num, gen), data[at : at + 40]):
            out.append(f"its cross-reference table does not point at object {num}")
    names = _stream_names(reader, out)
    out = list(dict.fromkeys(out))
    for num, gen in numbers:
        try:
            obj = reader.get_object(IndirectObject(num, gen, reader))
        except Exception as e:  # noqa: BLE001
            out.append(f"object {num} cannot be read ({_one_line(e)})")
            continue
        if obj is None:
            out.append(f"object {num} cannot be read")
            continue
        if not isinstance(obj, StreamObject):
            continue
        try:
            filters = obj.get("/Filter")
            filters = [] if filters is None else [filters] if not isinstance(filters, list) else list(filters)
            body = bytes(obj._data)
            if any(str(f) in ("/DCTDecode", "/DCT") for f in filters[:-1]) or (
                filters and str(filters[-1]) in ("/DCTDecode", "/DCT") and obj.get("/Subtype") != "/Image"
            ):
                raise ValueError("it uses the /DCTDecode filter other than for a picture, which cardgen never writes")
            for f in filters:
                body = _unfilter(str(f), body)
            length1 = obj.get("/Length1")
            if isinstance(length1, int) and length1 != len(body):
                raise ValueError(f"it decodes to {len(body)} bytes, not the {length1} it records")
        except ValueError as e:
            out.append(f"object {num} ({names.get(num, 'a stream')}): {e}")
    return out


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())[:160] or type(e).__name__


@dataclass
class Slot:
    """The objects pdfium found in one component's place on a sheet (its bleed box)."""

    page: int  # 1-based
    index: int  # 0-based, row-major as ``SheetPlan.slot`` counts
    back: bool
    origin: tuple[float, float]  # cut-box top-left, mm from the paper's top-left
    texts: list[TextObject] = field(default_factory=list)
    paths: list[PathObject] = field(default_factory=list)


def sheet_slots(page: PageObjects, plan: SheetPlan, *, back: bool = False) -> tuple[list[Slot], list[TextObject]]:
    """Each slot of ``page`` with the objects whose box centre lies in its bleed box; and the
    texts that lie in no slot (the sheet's caption)."""
    slots = [Slot(page.number, i, back, plan.slot(i, back=back)) for i in range(plan.per_page)]
    px, py = plan.pitch
    x0, y0, _, _ = plan.block
    pw, ph = plan.paper
    w, h = plan.card
    b = plan.bleed

    def where(box: tuple[float, float, float, float]) -> Slot | None:
        x = (box[0] + box[2]) / 2 / PT
        y = ph - (box[1] + box[3]) / 2 / PT
        if back:  # backs are laid mirrored and moved by the back offset: undo both, count as on the fronts
            x, y = pw - x + plan.back_offset[0], y + plan.back_offset[1]
        col, row = math.floor((x - x0) / px), math.floor((y - y0) / py)
        if not (0 <= col < plan.cols and 0 <= row < plan.rows):
            return None
        sx, sy = x0 + col * px + b, y0 + row * py + b
        if sx - b <= x <= sx + w + b and sy - b <= y <= sy + h + b:
            return slots[row * plan.cols + col]
        return None

    loose: list[TextObject] = []
    for t in page.texts:
        s = where(t.box)
        if s is None:
            loose.append(t)
        else:
            s.texts.append(t)
    for p in page.paths:
        s = where(p.box)
        if s is not None:
            s.paths.append(p)
    return slots, loose


ROLE_NAMES = {
    "number": "large number",
    "index-number": "corner index number",
    "ability": "ability",
    "index-ability": "corner index ability",
}


def role_name(t: SvgText) -> str:
    name = ROLE_NAMES.get(t.role, t.role.replace("-", " ") or "text")
    return f"{name} (turned)" if t.turned else name if t.rotate == 0 else f"{name} (turned {t.rotate}°)"


def _rgb(hex_colour: str | None) -> tuple[int, int, int, int] | None:
    if not hex_colour:
        return None
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16), 255


def expected_origin(t: SvgText, slot: Slot, paper_height: float, theme: Typeface | None = None) -> tuple[float, float]:
    """Where the PDF must start ``t``'s baseline (points from the page's bottom-left); ``theme``:
    the font a text set in the theme's font has (its own widths)."""
    width = theme.width(t.text, t.size, t.bold) if t.theme and theme else len(t.text) * ADVANCE * t.size
    shift = {"start": 0.0, "middle": width / 2, "end": width}[t.anchor]
    a = math.radians(t.rotate)
    x = slot.origin[0] + t.x - shift * math.cos(a)
    y = slot.origin[1] + t.y - shift * math.sin(a)
    return x * PT, (paper_height - y) * PT


def compare_slot(
    slot: Slot, doc: SvgDoc, paper_height: float, *, placed: bool = True
) -> tuple[list[str], dict[str, list[TextObject]]]:
    """What differs between a slot of the PDF and the component SVG meant to be there: every
    text of the SVG must be in the PDF at its place, with its words, font, size, colour and
    turn, and nothing else; the shapes must match in number and paint, rectangles in place.
    ``placed=False`` (a backs page, which the imposition may shift and extend): the texts are
    matched by their words wherever they are in the slot, and shapes are not compared.
    Returns the problems and the PDF texts found for each role."""
    problems: list[str] = []
    found: dict[str, list[TextObject]] = defaultdict(list)
    left = list(slot.texts)
    tol = 0.5 * PT  # half a millimetre
    for t in doc.texts:
        angle = (-t.rotate) % 360
        ex, ey = expected_origin(t, slot, paper_height, doc.theme)
        best: TextObject | None = None
        best_d = tol
        for p in left:
            turn = abs(p.angle - angle)
            if turn > 1 and 360 - turn > 1:
                continue
            if not placed:
                text = " ".join(p.text.split())
                if text == t.text or (t.role not in ROLE_NAMES and _lacks_glyphs(text, t.text)):
                    best = p
                    break
                continue
            d = math.hypot(p.x - ex, p.y - ey)
            if d <= best_d:
                best, best_d = p, d
        if best is None:
            problems.append(f"its {role_name(t)} {shown(t.text, 30)} is missing")
            continue
        del left[next(i for i, p in enumerate(left) if p is best)]  # by identity: no field-by-field ==
        found[t.role].append(best)
        got = " ".join(best.text.split())
        font = doc.theme.ps_names[t.bold] if t.theme and doc.theme else BOLD_FONT if t.bold else REGULAR_FONT
        if got != t.text and not (t.role not in ROLE_NAMES and _lacks_glyphs(got, t.text)):
            problems.append(f"its {role_name(t)} reads {shown(got, 30)}, not {shown(t.text, 30)}")
        if best.font != font or not best.embedded:
            problems.append(
                f"its {role_name(t)} is set in {best.font or 'an unnamed font'}{'' if best.embedded else ' (not embedded)'}, not {font}"
            )
        if abs(best.size - t.size * PT) > 0.02 * t.size * PT + 0.05:
            problems.append(f"its {role_name(t)} is {best.size / PT:.2f}mm tall type, not {t.size:g}mm")
        if best.fill != _rgb(t.fill):
            problems.append(f"its {role_name(t)} is coloured {_hex(best.fill)}, not {t.fill}")
        if best.mode != FILL:
            problems.append(f"its {role_name(t)} is drawn in text mode {best.mode} (3 is invisible), not filled")
    for p in left:
        problems.append(f"it shows {shown(' '.join(p.text.split()), 30)}, which its SVG does not")
    if placed:
        problems += _compare_shapes(slot, doc, paper_height)
    return problems, found


def _lacks_glyphs(got: str, want: str) -> bool:
    """True when ``got`` is ``want`` without some non-ASCII characters: what the PDF shows of a
    title with characters the shipped font has no glyph for (they print as empty boxes).

    >>> _lacks_glyphs("Zug ✓", "Zug 漢字 ✓"), _lacks_glyphs("Zug", "Zag")
    (True, False)
    """
    it = iter(want)
    dropped = []
    for ch in got:
        for w in it:
            if w == ch:
                break
            dropped.append(w)
        else:
            return False
    dropped += list(it)
    return all(not ch.isascii() or ch.isspace() for ch in dropped)


def _hex(c: tuple[int, int, int, int] | None) -> str:
    if c is None:
        return "nothing"
    return f"#{c[0]:02x}{c[1]:02x}{c[2]:02x}" + (f" at alpha {c[3]}" if c[3] != 255 else "")


def _compare_shapes(slot: Slot, doc: SvgDoc, paper_height: float) -> list[str]:
    problems: list[str] = []
    if len(slot.paths) != len(doc.shapes):
        problems.append(f"it holds {len(slot.paths)} shapes, not the {len(doc.shapes)} of its SVG")
    want = Counter(_rgb(s.fill) for s in doc.shapes)
    got = Counter(p.fill for p in slot.paths)
    for colour in sorted(set(want) | set(got), key=lambda c: (c is None, c or ())):
        if want[colour] != got[colour]:
            problems.append(f"it holds {got[colour]} shapes filled with {_hex(colour)}, not {want[colour]}")
    for s in doc.shapes:
        if s.box is None:
            continue
        x0, y0, x1, y1 = s.box
        ox, oy = slot.origin
        box = ((ox + x0) * PT, (paper_height - oy - y1) * PT, (ox + x1) * PT, (paper_height - oy - y0) * PT)
        tol = s.stroke_width * PT + 0.5
        if not any(all(abs(a - b) <= tol for a, b in zip(p.box, box)) for p in slot.paths):
            what = f"its {s.role.replace('-', ' ')} box" if s.role else "a rectangle of its SVG"
            problems.append(f"{what} ({x1 - x0:g}×{y1 - y0:g}mm) is not where its SVG has it")
    return problems


def has_pictures(data: dict[str, Any]) -> bool:
    """Whether a manifest's theme has pictures of its own (a logo or back from a file)."""
    theme = data.get("theme")
    return isinstance(theme, dict) and any("." in str(theme.get(k, "")) for k in ("logo", "back"))


def page_problems(
    pages: list[PageObjects], plan: SheetPlan, count: int, backs: bool, pictures: bool = False
) -> tuple[list[str], bool]:
    """The pages the PDF must have for ``count`` components: their number and size; and
    whether the paper is right (if not, no component can be where the plan puts it).
    ``pictures``: the theme has pictures of its own, so pages may hold images."""
    want = plan.pages(count) * (2 if backs else 1)
    out: list[str] = []
    if len(pages) != want:
        out.append(f"it has {len(pages)} pages, not the {want} that {count} cards on {plan.per_page} a sheet need")
    paper_ok = True
    for p in pages:
        if paper_ok and not paper_fits(p, plan):
            out.append(
                f"page {p.number} is {p.width / PT:.1f}×{p.height / PT:.1f}mm, "
                f"not the {plan.paper[0]:g}×{plan.paper[1]:g}mm {plan.orientation} sheet {MANIFEST} records"
            )
            paper_ok = False
        others = set(p.others) - ({"image"} if pictures else set())
        if others:
            out.append(f"page {p.number} holds {', '.join(sorted(others))} objects, which cardgen never draws")
    return out, paper_ok


def paper_fits(page: PageObjects, plan: SheetPlan) -> bool:
    """Whether ``page`` is the plan's paper, to a point."""
    return abs(page.width - plan.paper[0] * PT) <= 1 and abs(page.height - plan.paper[1] * PT) <= 1


def card_box_problem(page: PageObjects, plan: SheetPlan, doc: SvgDoc) -> str | None:
    """Whether the first card on ``page`` fills the box the plan gives it (card and bleed), when
    its SVG has a full-size rectangle (a background) to look for; if not, says what size the
    PDF's card boxes are."""
    if not any(s.box is not None and _same_box(s.box, _view_box(doc), 0.01) for s in doc.shapes):
        return None
    (ox, oy), b, (w, h), ph = plan.slot(0), plan.bleed, plan.card, plan.paper[1]
    want = ((ox - b) * PT, (ph - oy - h - b) * PT, (ox + w + b) * PT, (ph - oy + b) * PT)
    if any(_same_box(p.box, want, 0.5) for p in page.paths):
        return None
    bw, bh = w + 2 * b, h + 2 * b
    sizes = Counter(
        (round((p.box[2] - p.box[0]) / PT, 2), round((p.box[3] - p.box[1]) / PT, 2))
        for p in page.paths
        if p.fill is not None and (p.box[2] - p.box[0]) * (p.box[3] - p.box[1]) > 0.25 * bw * bh * PT * PT
    )
    seen = (
        f"; its card boxes are {sizes.most_common(1)[0][0][0]:g}×{sizes.most_common(1)[0][0][1]:g}mm" if sizes else ""
    )
    return (
        f"page {page.number} has no {bw:g}×{bh:g}mm card (bleed included) where {MANIFEST}'s sizes put "
        f"the first card{seen}, so its cards were not compared one by one"
    )


def _view_box(doc: SvgDoc) -> tuple[float, float, float, float]:
    x, y, w, h = doc.view
    return x, y, x + w, y + h


def _same_box(a: tuple[float, ...], b: tuple[float, ...], tol: float) -> bool:
    return all(abs(u - v) <= tol for u, v in zip(a, b))


def capped(
    violations: Iterable[Violation], limit: int, summary: Callable[[int, tuple[int, ...]], Violation]
) -> list[Violation]:
    """The first ``limit`` violations, then one ``summary(left, cards)`` for the rest."""
    items = list(violations)
    if len(items) <= limit:
        return items
    rest = items[limit:]
    cards = tuple(sorted({n for v in rest for n in v.cards}))
    return items[:limit] + [summary(len(rest), cards)]
