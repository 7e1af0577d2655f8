"""What a theme's own SVG (a logo, a back) may hold: a plain vector drawing, read whole before
anything draws it.

An allow-list, not a deny-list: the elements of a plain drawing (shapes, paths, groups, text,
gradients, clips and masks, ``<use>`` of its own parts, pictures embedded in it), the attributes
and style properties that place and paint them, and nothing else: no filter (a chain of blurs
costs a canvas each: gigabytes), no script, no foreign content, no other file. A reference
may only name a part of the same file (``#id``), and an embedded picture must be a real
``data:`` URL of a PNG or a JPEG, in base64 (resvg reads a ``data:`` it cannot parse as a
path, relative to the working folder). Elements and attributes in other namespaces (a drawing
program's own: Inkscape's, Sodipodi's, RDF metadata) are left alone: resvg ignores them.
What drawing a sound SVG costs is bounded where it is drawn (``render.png.picture_png``).
"""

from __future__ import annotations

import base64
import binascii
import io
import re
import xml.etree.ElementTree as ET

from cardgen.errors import CardgenError
from cardgen.units import shown

SVG = "{http://www.w3.org/2000/svg}"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
MAX_SVG_DEPTH = 64
MAX_SVG_ELEMENTS = 100_000
MAX_SVG_SIDE = 100_000.0  # px at 96 to the inch: a 26 m drawing
MAX_SVG_ASPECT = 50.0
SVG_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}

ELEMENTS = frozenset(
    """svg g defs symbol use title desc metadata a switch
    path rect circle ellipse line polyline polygon image
    text tspan textPath
    linearGradient radialGradient stop pattern clipPath mask marker style""".split()
)
# presentation attributes and style properties (the same names), then the others a drawing's
# elements take; ``data-*`` and ``aria-*`` (a drawing program's notes) mean nothing to resvg
PROPERTIES = frozenset(
    """fill fill-opacity fill-rule stroke stroke-width stroke-opacity stroke-linecap stroke-linejoin
    stroke-miterlimit stroke-dasharray stroke-dashoffset opacity color stop-color stop-opacity
    clip-path clip-rule mask mask-type display visibility overflow paint-order vector-effect
    isolation mix-blend-mode marker marker-start marker-mid marker-end transform transform-origin
    transform-box color-interpolation color-rendering shape-rendering text-rendering
    image-rendering solid-color solid-opacity enable-background
    font font-family font-size font-weight font-style font-variant font-stretch font-kerning
    font-size-adjust font-feature-settings font-variant-caps font-variant-ligatures
    font-variant-numeric font-variant-east-asian font-variant-position text-anchor
    dominant-baseline alignment-baseline baseline-shift letter-spacing word-spacing
    text-decoration text-decoration-line text-decoration-color text-decoration-style
    writing-mode direction unicode-bidi line-height white-space text-orientation
    glyph-orientation-vertical glyph-orientation-horizontal inline-size""".split()
)
ATTRIBUTES = PROPERTIES | frozenset(
    """id class style lang tabindex role focusable version baseProfile viewBox
    preserveAspectRatio x y width height rx ry cx cy r fx fy fr x1 y1 x2 y2 points d pathLength
    href offset gradientUnits gradientTransform spreadMethod patternUnits patternContentUnits
    patternTransform clipPathUnits maskUnits maskContentUnits dx dy rotate textLength
    lengthAdjust startOffset method spacing side refX refY markerWidth markerHeight markerUnits
    orient systemLanguage requiredFeatures requiredExtensions zoomAndPan contentScriptType
    contentStyleType target""".split()
)
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*", re.ASCII)
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_BLOCK = re.compile(r"[^{}]*\{([^{}]*)\}")
# a data URL as RFC 2397 spells it: a PNG or a JPEG, in base64 (its padding and line breaks allowed)
_DATA = re.compile(
    r"data:image/(png|jpeg|jpg)(?:;[a-z0-9-]+=[a-z0-9._-]+)*;base64,([A-Za-z0-9+/=\s]+)",
    re.IGNORECASE | re.ASCII,
)
MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "jpeg": b"\xff\xd8\xff", "jpg": b"\xff\xd8\xff"}


def read_svg(text: str, where: str) -> tuple[tuple[float, float], list[bytes]]:
    """The natural size (px) of someone else's SVG, and the pictures embedded in it (PNG or JPEG
    bytes, for the caller to check as it checks any picture), after reading it whole for what
    it may not hold: a document type or entities; an element, attribute or style property a
    plain drawing does not use (``ELEMENTS``, ``ATTRIBUTES``, ``PROPERTIES``); a reference to
    anything outside it; more than ``MAX_SVG_DEPTH`` levels or ``MAX_SVG_ELEMENTS`` elements; a
    size missing, absurd or far from square. Each is one line, and nothing is drawn."""
    head = text[:4096].lower()
    if "<!doctype" in head or "<!entity" in text.lower():
        raise CardgenError(f"{where}: an SVG with a document type or entities, which a picture does not need")
    root: ET.Element | None = None
    depth = elements = 0
    pictures: list[bytes] = []
    try:
        for event, el in ET.iterparse(io.StringIO(text), events=("start", "end")):
            if event == "end":
                depth -= 1
                continue
            depth, elements = depth + 1, elements + 1
            root = el if root is None else root
            if depth > MAX_SVG_DEPTH or elements > MAX_SVG_ELEMENTS:
                why = (
                    f"more than {MAX_SVG_DEPTH} levels deep"
                    if depth > MAX_SVG_DEPTH
                    else f"more than {MAX_SVG_ELEMENTS} elements"
                )
                raise CardgenError(f"{where}: an SVG {why}, which cardgen does not draw")
            pictures += _element(el, where)
    except ET.ParseError as e:
        raise CardgenError(f"{where}: an SVG that cannot be read ({' '.join(str(e).split())[:80]})") from None
    if root is None or root.tag != f"{SVG}svg":
        raise CardgenError(f"{where}: not an SVG drawing (an <svg> root in the SVG namespace)")
    w, h = _svg_side(root, "width", 2), _svg_side(root, "height", 3)
    if not (0 < w <= MAX_SVG_SIDE and 0 < h <= MAX_SVG_SIDE) or max(w, h) / min(w, h) > MAX_SVG_ASPECT:
        raise CardgenError(f"{where}: an SVG {w:g} × {h:g} px in size, which cardgen does not draw (give it a viewBox)")
    return (w, h), pictures


def _plain(where: str, what: str) -> CardgenError:
    return CardgenError(
        f"{where}: an SVG with {what}, which a plain drawing does not need: cardgen draws shapes, text and "
        "gradients (export it without effects, or give a PNG)"
    )


def _element(el: ET.Element, where: str) -> list[bytes]:
    """One line unless the element is one a plain drawing uses, with such attributes, and refers
    to nothing outside the file; the pictures it embeds."""
    if not el.tag.startswith(SVG):
        if el.tag.startswith("{http://www.w3.org/") and not el.tag.startswith("{http://www.w3.org/1999/02/22-rdf"):
            raise _plain(where, f"a <{el.tag.rsplit('}', 1)[-1]}> of another language")  # XInclude, XHTML …
        return []  # a drawing program's own (or none: resvg ignores an element in no namespace)
    tag = el.tag[len(SVG) :]
    if tag not in ELEMENTS:
        raise _plain(where, f"a <{shown(tag, 30)[1:-1]}>")
    pictures: list[bytes] = []
    for key, value in el.attrib.items():
        if key.startswith("{"):
            if key == XLINK_HREF:
                pictures += _reference(tag, value, where)
            continue  # another namespace's (xml:space, inkscape:label …): resvg ignores it
        if key not in ATTRIBUTES and not key.startswith(("data-", "aria-")):
            raise _plain(where, f"the attribute {shown(key, 30)}")
        if key == "href":
            pictures += _reference(tag, value, where)
        elif key == "style":
            _declarations(value, where)
        for m in _URL.finditer(value):
            _local(m.group(1), where)
    if tag == "style":
        _stylesheet(el.text or "", where)
    if tag == "image" and not pictures:
        raise _plain(where, "an <image> that embeds no picture")
    return pictures


def _reference(tag: str, ref: str, where: str) -> list[bytes]:
    """An ``href``: a part of the same file, or (on an ``<image>``) a PNG or JPEG embedded whole."""
    ref = ref.strip()
    if tag != "image":
        _local(ref, where)
        return []
    m = _DATA.fullmatch(ref)
    if m is None:
        raise CardgenError(
            f"{where}: an SVG whose <image> is {shown(ref, 40)}: an embedded picture must be a data URL "
            "of a PNG or a JPEG in base64 (data:image/png;base64,…)"
        )
    try:
        data = base64.b64decode("".join(m.group(2).split()), validate=True)
    except (binascii.Error, ValueError):
        raise CardgenError(f"{where}: an SVG whose embedded picture is not valid base64") from None
    if not data.startswith(MAGIC[m.group(1).lower()]):
        raise CardgenError(f"{where}: an SVG whose embedded picture is not the {m.group(1).upper()} it says it is")
    return [data]


def _local(ref: str, where: str) -> None:
    """One line unless ``ref`` names a part of the same file (``#id``)."""
    ref = ref.strip()
    if not ref.startswith("#"):
        raise CardgenError(
            f"{where}: an SVG that refers to {shown(ref, 40)} outside it: a picture must hold all it shows"
        )


def _declarations(css: str, where: str) -> None:
    """One line unless every declaration in ``css`` (``fill: red; stroke: none``) sets a
    property of ``PROPERTIES`` (or a drawing program's own, ``-inkscape-…``)."""
    for declaration in css.split(";"):
        name, colon, value = declaration.partition(":")
        name = name.strip().lower()
        if not name and not value.strip():
            continue
        if not colon or not (name in PROPERTIES or name.startswith("-")):
            raise _plain(where, f"the style {shown(declaration.strip(), 40)}")
        for m in _URL.finditer(value):
            _local(m.group(1), where)
        if "\\" in value:
            raise _plain(where, "an escaped style")


def _stylesheet(css: str, where: str) -> None:
    """A ``<style>``: plain rules only (``.st0{fill:#E30613}``), each as ``_declarations``; no
    ``@`` rule (``@import`` would read another file, ``@font-face`` another font)."""
    css = _COMMENT.sub(" ", css)
    if "@" in css or "\\" in css:
        raise CardgenError(f"{where}: an SVG whose style has an @ rule or an escape, which cardgen does not follow")
    rest = _BLOCK.sub("", css)
    if rest.strip():
        raise _plain(where, f"a style it cannot read ({shown(rest.strip(), 30)})")
    for m in _BLOCK.finditer(css):
        _declarations(m.group(1), where)


def _svg_side(root: ET.Element, key: str, index: int) -> float:
    """The root's width or height in px (its viewBox's where the attribute is missing or relative)."""
    m = _LENGTH.fullmatch(root.get(key, ""))
    if m:
        return float(m.group(1)) * SVG_UNITS[m.group(2) or ""]
    view = root.get("viewBox", "").replace(",", " ").split()
    try:
        return float(view[index]) if len(view) == 4 else 0.0
    except ValueError:
        return 0.0
