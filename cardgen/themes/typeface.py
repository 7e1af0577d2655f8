"""A theme's own font (``font = "fonts/Mine.ttf"``, and ``bold_font`` for its bold face): read
and checked once, when the theme is read, into a ``layout.shapes.Typeface``.

The font sets the cards' titles and the backs' name and line, wherever it has every letter of
them; numbers, abilities and indices stay in the shipped monospace font (every digit the same
width, and the letters ``cardgen check`` reads). It is embedded in the PDF (by ReportLab,
subset) and in every SVG that uses it (subset, as ``@font-face`` data), so the files look the
same on a machine without it. TrueType outlines only: ReportLab cannot embed PostScript (CFF)
outlines, so an OpenType-CFF file (``OTTO``) is refused in one line, as is a font whose
licence forbids embedding, a damaged file, or anything else.
"""

from __future__ import annotations

import io
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.layout.shapes import Typeface
from cardgen.render import font_problem

MAX_FONT_BYTES = 30 * 1024 * 1024
TRUETYPE = (b"\x00\x01\x00\x00", b"true")


def load_typeface(regular: Path, bold: Path | None, where: str) -> Typeface:
    """The font in ``regular`` (and its bold face in ``bold``; else the regular one stands in)."""
    data = read_file(regular, limit=MAX_FONT_BYTES, what="font")
    bold_data = read_file(bold, limit=MAX_FONT_BYTES, what="font") if bold is not None else data
    return typeface_from_bytes(data, bold_data, where)


def typeface_from_bytes(data: bytes, bold_data: bytes, where: str) -> Typeface:
    faces = [_face(d, f"{where}: {key}") for d, key in ((data, "font"), (bold_data, "bold_font"))]
    (advances, cap, descent, name), (bold_advances, _, _, bold_name) = faces
    return Typeface((advances, bold_advances), cap, descent, (name, bold_name), (data, bold_data))


def _face(data: bytes, where: str) -> tuple[dict[str, float], float, float, str]:
    """(advances per character in ems, cap height, descent, PostScript name) of a TrueType font."""
    # (fontTools only for a theme's own font: 35 ms a run)
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    if data[:4] == b"OTTO":
        raise CardgenError(
            f"{where}: an OpenType font with PostScript (CFF) outlines, which the PDF writer cannot embed: "
            "use a TrueType (.ttf) font"
        )
    if data[:4] not in TRUETYPE:
        raise CardgenError(f"{where}: not a TrueType font file")
    try:
        font = TTFont(io.BytesIO(data), lazy=True)
        upm = font["head"].unitsPerEm
        cmap = font.getBestCmap() or {}
        hmtx = font["hmtx"]
        advances = {chr(code): hmtx[glyph][0] / upm for code, glyph in cmap.items() if code >= 0x20}
        os2 = font["OS/2"] if "OS/2" in font else None
        cap = getattr(os2, "sCapHeight", 0) or 0.7 * upm
        descent = abs(font["hhea"].descent)
        name = font["name"].getDebugName(6) or ""
        has_outlines = "glyf" in font
        fs_type = getattr(os2, "fsType", 0)
    except Exception as e:  # fontTools meets a damaged file in many ways: any is one line
        raise CardgenError(f"{where}: a damaged font ({type(e).__name__})") from None
    if not has_outlines:
        raise CardgenError(f"{where}: a font without TrueType outlines, which the PDF writer cannot embed")
    if not advances:
        raise CardgenError(f"{where}: a font that maps no characters")
    # The licence, as the font states it (OS/2 fsType): restricted (2), or no subsetting (0x100)
    # or bitmaps only (0x200). ReportLab would embed it anyway; cardgen does what the font says.
    if fs_type & 0x000F == 0x0002 or fs_type & 0x0300:
        raise CardgenError(
            f"{where}: the PDF writer cannot embed this font: its licence forbids it (fsType {fs_type:#06x})"
        )
    problem = font_problem(data)
    if problem is not None:
        raise CardgenError(f"{where}: the PDF writer cannot embed this font: {problem}")
    return advances, cap / upm, descent / upm, name
