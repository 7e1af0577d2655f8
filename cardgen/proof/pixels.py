"""Holding an exported PNG's pixels to what cardgen draws: every channel (alpha too), pixel by
pixel, a strip of rows at a time so that any picture cardgen writes is checked in bounded memory.

cardgen draws its pictures again with resvg and compares: the same resvg gives the same bytes,
and builds of resvg far apart (its Python bindings 0.1.6, 0.2.6, 0.3.4 and 0.5.0 were measured
on cardgen's cards) draw the very same pixels. What another build could still change is
anti-aliasing: how much of a pixel an edge covers, so only pixels on an edge, and by small
amounts. So a pixel whose 3 × 3 neighbourhood in the fresh drawing is flat (no channel spanning
more than ``FLAT``) must be within ``FLAT`` of it in every channel, and a pixel on an edge within
``EDGE_TOLERANCE``; nothing else may differ. The pixels allowed the larger difference are the
drawing's own edge pixels (7 % of a poker card at 300 dpi), however the file was made. A pattern
of sharp dots, a card made partly transparent, a tint, a word written faintly over flat ground:
each changes flat pixels, or edge pixels past the tolerance, and is named.

``EDGE_TOLERANCE`` is 32 of 255, an eighth of full scale: an edge pixel covered an eighth of a
pixel otherwise. tests/test_trust_check.py holds a picture to it on both sides (every edge
pixel off by 32 passes, one by 33 fails) and to the dots and tints above; docs/commands/check.md gives it.

A PNG is decoded a strip at a time (``png_strips``): its pixel data inflated a bounded step at
a time, each strip's rows decoded by Pillow as a PNG of their own (led by the strip's preceding
row, unfiltered, which the rows' filters refer to), so no picture is ever held whole.
"""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Iterator, Sequence
from typing import Any

from cardgen.render.png import SIGNATURE, chunks

Box = tuple[int, int, int, int]  # left, top, right, bottom, in pixels
FLAT = 2  # of 255: what a flat pixel may be off by (the rounding of a colour), in any channel
EDGE_TOLERANCE = 32  # of 255: what a pixel on an edge of the drawing may be off by
STRIP_PIXELS = 1 << 22  # pixels decoded at a time: a poker card at 600 dpi in one strip, 16 MB
INFLATE_STEP = 1 << 20  # bytes of pixel data inflated at a time
MODES = {2: ("RGB", 3), 6: ("RGBA", 4)}  # colour type -> (Pillow's mode, bytes a pixel), 8 bits deep
_OVER_FLAT = [255 if v > FLAT else 0 for v in range(256)]
_OVER_EDGE = [255 if v > EDGE_TOLERANCE else 0 for v in range(256)]
_IS_FLAT = [255 if v <= FLAT else 0 for v in range(256)]


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _inflated(data: bytes) -> Iterator[bytes]:
    """The PNG's pixel data (its IDAT chunks' stream), inflated ``INFLATE_STEP`` bytes at a time."""
    inflate = zlib.decompressobj()
    for kind, body in chunks(data):
        if kind != b"IDAT":
            continue
        rest = body
        while rest:
            yield inflate.decompress(rest, INFLATE_STEP)
            rest = inflate.unconsumed_tail
    yield inflate.flush()


def png_strips(data: bytes, rows: int) -> Iterator[Any]:
    """The pixels of ``data``, a PNG of 8-bit RGB or RGBA, not interlaced (as ``png_problem``
    lets through), as RGBA images of ``rows`` rows each (the last one shorter), top to bottom.
    A ValueError when its pixel data is not what its header says."""
    from PIL import Image

    head = next(chunks(data))[1]
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", head)
    if depth != 8 or colour not in MODES or interlace:
        raise ValueError("is not a PNG cardgen writes (its colour type, depth or interlacing)")
    mode, size = MODES[colour]
    if rows >= height:  # one strip: Pillow reads the file itself
        with Image.open(io.BytesIO(data)) as opened:
            opened.load()
            yield opened.copy() if mode == "RGBA" else opened.convert("RGBA")
        return
    stride = 1 + width * size  # a filter byte, then the row's samples
    pending = bytearray()
    previous = b""  # the row before the strip, unfiltered: what its first row's filter refers to
    top = 0
    for piece in _inflated(data):
        pending += piece
        while top < height and (len(pending) >= rows * stride or len(pending) >= (height - top) * stride):
            count = min(rows, height - top)
            body = bytes(pending[: count * stride])
            del pending[: count * stride]
            lead = b"\0" + previous if previous else b""
            header = struct.pack(">IIBBBBB", width, count + bool(previous), 8, colour, 0, 0, 0)
            strip = SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(lead + body, 0))
            with Image.open(io.BytesIO(strip + _chunk(b"IEND", b""))) as opened:
                opened.load()
                im = opened.crop((0, 1, width, count + 1)) if previous else opened.copy()
            if im.mode != mode:  # pragma: no cover - Pillow reads 8-bit RGB(A) as such
                raise ValueError("is not a PNG cardgen writes")
            previous = im.crop((0, count - 1, width, count)).tobytes()
            yield im if mode == "RGBA" else im.convert("RGBA")
            top += count
    if top != height or pending:
        raise ValueError("is damaged: its pixel data is not its size")


def _largest(im: Any) -> Any:
    """Each pixel's largest channel, as a one-band image."""
    from PIL import ImageChops

    bands = im.split()
    out = bands[0]
    for band in bands[1:]:
        out = ImageChops.lighter(out, band)
    return out


def _shifted(im: Any, dx: int, dy: int) -> Any:
    """``im`` moved by ``dx``, ``dy`` (-1, 0 or 1) pixels, its edge row or column repeated."""
    w, h = im.size
    out = im.copy()
    out.paste(im.crop((max(0, -dx), max(0, -dy), w - max(0, dx), h - max(0, dy))), (max(0, dx), max(0, dy)))
    return out


def _spread(im: Any) -> Any:
    """Each pixel's largest channel range over its 3 × 3 neighbourhood (how far from flat the
    drawing is there), as a one-band image; the picture's edge rows and columns repeated."""
    from PIL import ImageChops

    across = [im, _shifted(im, 1, 0), _shifted(im, -1, 0)]
    hi = ImageChops.lighter(ImageChops.lighter(across[0], across[1]), across[2])
    lo = ImageChops.darker(ImageChops.darker(across[0], across[1]), across[2])
    hi = ImageChops.lighter(ImageChops.lighter(hi, _shifted(hi, 0, 1)), _shifted(hi, 0, -1))
    lo = ImageChops.darker(ImageChops.darker(lo, _shifted(lo, 0, 1)), _shifted(lo, 0, -1))
    return _largest(ImageChops.subtract(hi, lo))


def _in_context(strips: Iterator[Any]) -> Iterator[tuple[Any, Any]]:
    """Each strip, and the same with the row above and below it (where there is one)."""
    from PIL import Image

    above = None
    current = next(strips, None)
    while current is not None:
        following = next(strips, None)
        below = None if following is None else following.crop((0, 0, following.width, 1))
        parts = [part for part in (above, current, below) if part is not None]
        framed = Image.new("RGBA", (current.width, sum(p.height for p in parts)))
        y = 0
        for part in parts:
            framed.paste(part, (0, y))
            y += part.height
        yield current, (framed, 1 if above else 0)
        above = current.crop((0, current.height - 1, current.width, current.height))
        current = following


def faults(got: bytes, want: bytes, boxes: Sequence[Box] = ()) -> list[int]:
    """How many pixels of ``got`` differ from ``want`` (PNGs of one size) by more than another
    build of the rasteriser could: in the whole picture, then in each of ``boxes``."""
    from PIL import ImageChops

    width, height = struct.unpack(">II", next(chunks(want))[1][:8])
    rows = max(1, STRIP_PIXELS // max(1, width))
    counts = [0] * (1 + len(boxes))
    top = 0
    for a, (b, (framed, offset)) in zip(png_strips(got, rows), _in_context(png_strips(want, rows))):
        off = _largest(ImageChops.difference(a, b))
        if off.getextrema()[1] > FLAT:
            spread = _spread(framed).crop((0, offset, width, offset + b.height))
            flat_off = ImageChops.darker(off, spread.point(_IS_FLAT)).point(_OVER_FLAT)
            fault = ImageChops.lighter(flat_off, off.point(_OVER_EDGE))
            counts[0] += fault.histogram()[255]
            for i, (x0, y0, x1, y1) in enumerate(boxes, 1):
                y0, y1 = max(y0, top), min(y1, top + b.height)
                if y0 < y1:
                    counts[i] += fault.crop((x0, y0 - top, x1, y1 - top)).histogram()[255]
        top += b.height
    if top != height:
        raise ValueError("is damaged: its pixel data is not its size")
    return counts


def pixels_differ(got: bytes, want: bytes, cells: Sequence[tuple[str, Box]] = ()) -> str | None:
    """How the picture ``got`` differs from ``want`` (what cardgen draws, of the same size), or
    None when they show the same: the same bytes, or pixels that differ by no more than another
    build of the rasteriser could (``faults``). ``cells`` (a TTS sheet's: what each holds, and
    its box in pixels): those with a pixel at fault are named."""
    if got == want:
        return None
    try:
        counts = faults(got, want, [box for _, box in cells])
    except (ValueError, OSError, zlib.error, struct.error) as e:
        return str(e) if str(e).startswith("is ") else "is damaged: its pixels cannot be read"
    bad = [name for (name, _), n in zip(cells, counts[1:]) if n]
    if bad:
        return f"does not show what cardgen draws in {_listed(bad)}"
    if not counts[0]:
        return None
    width, height = struct.unpack(">II", next(chunks(want))[1][:8])
    verb = "differs" if counts[0] == 1 else "differ"
    return (
        f"does not show what cardgen draws there ({counts[0]:,} of its {width * height:,} pixels {verb} "
        "by more than anti-aliasing could)"
    )


def _listed(names: list[str]) -> str:
    """``["card 1's cell", "card 26's cell"]`` → "card 1's cell and card 26's cell"; at most five."""
    shown = names[:5] + ([f"{len(names) - 5} more cells"] if len(names) > 5 else [])
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1]
