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
from dataclasses import replace
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.layout.theme import Picture
from cardgen.render.bounded import TooCostly
from cardgen.render.png import picture_png
from cardgen.themes.svgrules import read_svg

MAX_PICTURE_BYTES = 40 * 1024 * 1024
MAX_PIXELS = 60_000_000  # past this a "picture" is more likely a decompression bomb than art
KINDS = {"PNG": "png", "JPEG": "jpeg"}
MAX_EMBEDDED_SIDE = 1 << 30  # a picture inside an SVG is checked, not scaled (resvg draws it to fit)
# what a theme's SVG may hold, and the bounds on drawing it: ``themes.svgrules``, ``render.png.picture_png``


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
    """An SVG (a plain drawing: ``svgrules.read_svg``) drawn by resvg as a PNG, ``longest``
    pixels on its long side, within bounded time and memory."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CardgenError(f"{where}: an SVG that is not UTF-8 text") from None
    natural, embedded = read_svg(text, where)
    for picture in embedded:  # each as any picture is: a sound PNG or JPEG, within MAX_PIXELS
        picture_from_bytes(picture, MAX_EMBEDDED_SIDE, f"{where} (a picture embedded in it)")
    try:
        return picture_png(text, longest, natural)
    except TooCostly as e:
        raise CardgenError(
            f"{where}: an SVG that {e.what} to draw, far more than a logo or a back needs: simplify it "
            "(fewer see-through shapes and masks) or give a PNG"
        ) from None
    except (ValueError, RuntimeError, OSError) as e:
        raise CardgenError(f"{where}: an SVG that cannot be drawn ({' '.join(str(e).split())[:80]})") from None
