"""Contact sheets: many small pictures on one PNG, each with its name under it, in groups
("fronts", "backs", "pages"), under a heading. Pure: pictures in, PNG bytes out.

A contact sheet is made from pictures already rasterised (a folder's SVGs or PDF pages), so it
is drawn with Pillow, the shipped DejaVu Sans for its words: the same pictures give the same
bytes on any machine. Its size follows the count: thumbnails shrink as there are more of them,
so a sheet stays within ``MAX_PIXELS`` however big the pack (``thumb_width``).

A sheet is signed: a ``tEXt`` chunk ``cardgen-preview`` holds the SHA-256 of its pixel data
(the ``IDAT`` chunks), so cardgen can tell its own preview, unchanged, from any other file of
that name before replacing it (``is_signed``); an image edited and saved again fails the test.
"""

from __future__ import annotations

import hashlib
import io
import math
import struct
import zlib
from collections.abc import Sequence
from importlib.resources import files

from PIL import Image, ImageDraw, ImageFont

from cardgen.render.png import chunks

KEY = b"cardgen-preview"
MAX_PIXELS = 16_000_000  # a sheet's area: a few MB of PNG, opened at once by any viewer
WIDEST, NARROWEST = 240, 60  # px: a thumbnail's width, for a few pictures and for very many
RATIO = 1.5  # the sheet's width over its height, roughly: a screen's shape
GAP, LABEL, PAD = 14, 18, 28  # px: between thumbnails, a name's line, the sheet's edge
HEADING, CAPTION = 30, 24  # px: the heading's and a group caption's lines
PAPER = (238, 235, 228)  # a warm grey: white cards stand out from it
INK, GREY, EDGE = (30, 30, 30), (110, 110, 110), (170, 168, 160)

Group = tuple[str, Sequence[tuple[str, bytes]]]  # (caption, [(name, PNG bytes), ...])


def thumb_width(count: int, aspect: float) -> int:
    """A thumbnail's width in px for ``count`` pictures of height/width ``aspect``: as wide as
    fits ``MAX_PIXELS`` with its gaps, between ``NARROWEST`` and ``WIDEST``.

    >>> thumb_width(84, 88.9 / 63.5), thumb_width(1300, 88.9 / 63.5), thumb_width(32500, 1.4)
    (240, 74, 60)
    """
    each = MAX_PIXELS / max(count, 1) / 1.6  # room for gaps, names and captions
    return max(NARROWEST, min(WIDEST, int(math.sqrt(each / aspect))))


def columns(count: int, cell: tuple[int, int]) -> int:
    """How many thumbnails a row holds so that the sheet comes out about ``RATIO`` wide.

    >>> columns(84, (254, 368)), columns(2, (254, 368)), columns(1, (254, 368))
    (14, 2, 1)
    """
    cols = round(math.sqrt(count * cell[1] / cell[0] * RATIO))
    return max(1, min(count, cols))


def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(files("cardgen") / "fonts" / name), size)


def contact_sheet(heading: str, subheading: str, groups: Sequence[Group], thumb: tuple[int, int]) -> bytes:
    """The signed PNG: ``heading`` and ``subheading`` on top, then each group under its caption,
    its pictures (scaled to fit ``thumb``, px) in rows, each with its name under it."""
    count = max((len(cells) for _, cells in groups), default=1)
    cell = (thumb[0] + GAP, thumb[1] + LABEL + GAP)
    cols = columns(max(count, 1), cell)
    rows = [math.ceil(len(cells) / cols) for _, cells in groups]
    width = max(2 * PAD + cols * cell[0] - GAP, 640)
    height = 2 * PAD + 2 * HEADING + sum(CAPTION + r * cell[1] for r in rows)
    sheet = Image.new("RGB", (width, height), PAPER)
    pen = ImageDraw.Draw(sheet)
    pen.text((PAD, PAD), heading, fill=INK, font=_font(20, bold=True))
    pen.text((PAD, PAD + HEADING), subheading, fill=GREY, font=_font(14))
    small, label = _font(15, bold=True), _font(12)
    y = PAD + 2 * HEADING
    for (caption, cells), row_count in zip(groups, rows):
        pen.text((PAD, y + 2), caption, fill=INK, font=small)
        y += CAPTION
        for i, (name, data) in enumerate(cells):
            x0, y0 = PAD + (i % cols) * cell[0], y + (i // cols) * cell[1]
            with Image.open(io.BytesIO(data)) as picture:
                shown = picture.convert("RGB")
            shown.thumbnail(thumb, Image.Resampling.LANCZOS)
            left = x0 + (thumb[0] - shown.width) // 2
            top = y0 + (thumb[1] - shown.height) // 2
            pen.rectangle((left - 1, top - 1, left + shown.width, top + shown.height), outline=EDGE)
            sheet.paste(shown, (left, top))
            pen.text((x0 + thumb[0] // 2, y0 + thumb[1] + 3), name, fill=GREY, font=label, anchor="mt")
        y += row_count * cell[1]
    out = io.BytesIO()
    sheet.save(out, "PNG", compress_level=6)
    return sign(out.getvalue())


def _pixels_digest(data: bytes) -> str:
    return hashlib.sha256(b"".join(body for kind, body in chunks(data) if kind == b"IDAT")).hexdigest()


def sign(data: bytes) -> bytes:
    """The PNG ``data`` with a ``tEXt`` chunk ``cardgen-preview`` holding its pixels' SHA-256, before ``IEND``."""
    body = b"tEXt" + KEY + b"\0" + _pixels_digest(data).encode("ascii")
    chunk = struct.pack(">I", len(body) - 4) + body + struct.pack(">I", zlib.crc32(body))
    return data[:-12] + chunk + data[-12:]  # IEND: length, type and CRC, 12 bytes


def is_signed(data: bytes) -> bool:
    """True when ``data`` is a PNG cardgen signed and nobody changed since: its ``cardgen-preview``
    chunk holds the SHA-256 of its pixel data as it is now."""
    try:
        found = [body for kind, body in chunks(data) if kind == b"tEXt" and body.startswith(KEY + b"\0")]
        return len(found) == 1 and found[0][len(KEY) + 1 :].decode("ascii") == _pixels_digest(data)
    except (ValueError, UnicodeDecodeError, struct.error):
        return False
