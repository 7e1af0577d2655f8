"""A theme's own pictures (``logo = "art/logo.png"``, ``back = "art/back.jpg"``): read, checked
and made fit to print, once, when the theme is read.

PNG and JPEG files are kept as they are (JPEG goes into the PDF as it is, undecoded) unless
they are bigger than the card could ever show (``longest`` pixels on their long side, past
300 dpi): then they are scaled down, so a photo straight from a camera does not go into every
card SVG at 20 MB. An SVG is drawn by resvg into a PNG of that size. Anything else (a GIF, a
damaged or truncated file, a decompression bomb) is one line naming the file.

Reading a picture a second time gives the same bytes (the scaled-down ones are small enough to
be kept), so ``cardgen check`` draws a pack again from the copies it holds (``theme/back.png``).
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.layout.theme import Picture
from cardgen.render.png import picture_png
from cardgen.units import shown

MAX_PICTURE_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 60_000_000  # past this a "picture" is more likely a decompression bomb than art
KINDS = {"PNG": "png", "JPEG": "jpeg"}
# An SVG of one's own is read before it is drawn: a logo or a back needs neither more nesting
# nor more elements than these (a drawing program's export has a few levels and a few thousand),
# and an outline so long or thin that drawing it to the card would take a huge canvas is refused.
MAX_SVG_DEPTH = 64
MAX_SVG_ELEMENTS = 100_000
MAX_SVG_SIDE = 100_000.0  # px at 96 to the inch: a 26 m drawing
MAX_SVG_ASPECT = 50.0
SVG_UNITS = {"": 1.0, "px": 1.0, "pt": 96 / 72, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}
_LENGTH = re.compile(r"\s*([0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\s*(px|pt|pc|mm|cm|in)?\s*")
_URL = re.compile(r"url\(\s*['\"]?\s*([^)'\"\s]*)", re.IGNORECASE)
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"


def load_picture(path: Path, longest: int, where: str) -> Picture:
    """The picture in ``path`` (PNG, JPEG or SVG), no longer than ``longest`` pixels."""
    data = read_file(path, limit=MAX_PICTURE_BYTES, what="picture")
    if path.suffix.lower() in (".svg", ".svgz") or data.lstrip()[:5] in (b"<?xml", b"<svg "):
        data = _from_svg(data, longest, where)
    return picture_from_bytes(data, longest, where)


def picture_from_bytes(data: bytes, longest: int, where: str) -> Picture:
    """PNG or JPEG ``data`` as a Picture, scaled down to ``longest`` pixels if it is longer."""
    from PIL import Image, UnidentifiedImageError  # (Pillow only for a theme's pictures: 22 ms a run)

    # Pillow's own bomb check only warns up to twice its limit; cardgen's, below, refuses any
    # picture over MAX_PIXELS in one line, from its header, before a pixel is read.
    Image.MAX_IMAGE_PIXELS = None
    try:
        with Image.open(io.BytesIO(data)) as opened:
            im: Image.Image = opened
            kind = KINDS.get(opened.format or "")
            if kind is None:
                raise CardgenError(f"{where}: a {opened.format or 'file'} picture: use PNG, JPEG or SVG")
            w, h = opened.size
            if w * h > MAX_PIXELS:  # before its pixels are read: a 10000 × 10000 PNG would take 400 MB
                raise CardgenError(
                    f"{where}: a picture of {w} × {h} pixels, more than the {MAX_PIXELS // 1_000_000} million "
                    "cardgen reads: scale it down first (a card needs about 800 × 1100)"
                )
            im.load()  # all of it: a truncated file fails here, not in the PDF writer
            if im.mode not in (("RGB", "L") if kind == "jpeg" else ("1", "L", "LA", "P", "RGB", "RGBA")):
                im = im.convert("RGBA" if "A" in im.mode else "RGB")  # CMYK, 16-bit: as screens show it
                data = b""
            if max(im.size) > longest:
                k = longest / max(im.size)
                im = im.resize((max(1, round(im.width * k)), max(1, round(im.height * k))), Image.Resampling.LANCZOS)
                data = b""
            if not data:  # changed: written again, without the file's metadata
                out = io.BytesIO()
                if kind == "jpeg":
                    im.save(out, "JPEG", quality=92)
                else:
                    im.save(out, "PNG")
                data = out.getvalue()
            width, height = im.size
    except CardgenError:
        raise
    except (UnidentifiedImageError, Image.DecompressionBombError) as e:
        raise CardgenError(f"{where}: not a picture cardgen can read ({type(e).__name__})") from None
    except (OSError, ValueError, SyntaxError) as e:
        raise CardgenError(f"{where}: a damaged picture ({' '.join(str(e).split())[:80]})") from None
    return Picture(data, kind, width, height)


def with_turned(picture: Picture) -> Picture:
    """``picture`` with its copy turned 180° (a logo's, for a double-ended face's lower half):
    the same pixels, the same kind, written once when the theme is read (the same bytes every
    time, so ``cardgen check`` draws the faces again alike)."""
    from PIL import Image  # (Pillow only for a theme's pictures)

    with Image.open(io.BytesIO(picture.data)) as opened:
        turned = opened.transpose(Image.Transpose.ROTATE_180)
        out = io.BytesIO()
        if picture.kind == "jpeg":
            turned.save(out, "JPEG", quality=92)
        else:
            turned.save(out, "PNG")
    return replace(picture, turned=out.getvalue())


def _from_svg(data: bytes, longest: int, where: str) -> bytes:
    """An SVG drawn by resvg as a PNG, ``longest`` pixels on its long side."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardgenError(f"{where}: an SVG that is not UTF-8 text") from None
    natural = svg_size(text, where)
    try:
        return picture_png(text, longest, natural)
    except (ValueError, RuntimeError, OSError) as e:
        raise CardgenError(f"{where}: an SVG that cannot be drawn ({' '.join(str(e).split())[:80]})") from None


def svg_size(text: str, where: str) -> tuple[float, float]:
    """The natural size (px) of someone else's SVG, after reading it whole for what it may not
    hold: a document type or entities; a reference to anything outside it (an ``href`` or a CSS
    ``url(…)`` that is not ``#…`` or ``data:…``, an ``@import``, a script, foreign content);
    more than ``MAX_SVG_DEPTH`` levels or ``MAX_SVG_ELEMENTS`` elements; a size missing, absurd
    or far from square. Each is one line, and nothing is drawn (resvg would follow a path to
    any readable file, allocate whatever canvas the size asks for, and recurse as deep as the
    nesting goes)."""
    head = text[:4096].lower()
    if "<!doctype" in head or "<!entity" in text.lower():
        raise CardgenError(f"{where}: an SVG with a document type or entities, which a picture does not need")
    root: ET.Element | None = None
    depth = elements = 0
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
            _external(el, where)
    except ET.ParseError as e:
        raise CardgenError(f"{where}: an SVG that cannot be read ({' '.join(str(e).split())[:80]})") from None
    if root is None or root.tag.rsplit("}", 1)[-1] != "svg":
        raise CardgenError(f"{where}: not an SVG drawing")
    w, h = _svg_side(root, "width", 2), _svg_side(root, "height", 3)
    if not (0 < w <= MAX_SVG_SIDE and 0 < h <= MAX_SVG_SIDE) or max(w, h) / min(w, h) > MAX_SVG_ASPECT:
        raise CardgenError(f"{where}: an SVG {w:g} × {h:g} px in size, which cardgen does not draw (give it a viewBox)")
    return w, h


def _external(el: ET.Element, where: str) -> None:
    """One line when the element refers to anything outside the file (or runs anything)."""
    tag = el.tag.rsplit("}", 1)[-1]
    if tag in ("script", "foreignObject", "iframe", "audio", "video"):
        raise CardgenError(f"{where}: an SVG with a <{tag}>, which a picture does not need")
    refs = [v for k, v in el.attrib.items() if k in ("href", XLINK_HREF, "src")]
    styles = [v for k, v in el.attrib.items() if k == "style" or "url(" in v] + (
        [el.text or ""] if tag == "style" else []
    )
    refs += [m.group(1) for s in styles for m in _URL.finditer(s)]
    if any("@import" in s.lower() for s in styles):
        raise CardgenError(f"{where}: an SVG whose style imports another file, which cardgen does not follow")
    for ref in refs:
        ref = ref.strip()
        if not (ref.startswith("#") or ref.lower().startswith("data:")):
            raise CardgenError(
                f"{where}: an SVG that refers to {shown(ref, 40)} outside it: a picture must hold all it shows"
            )


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
