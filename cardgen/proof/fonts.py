"""The fonts a component SVG embeds, checked: each ``@font-face`` rule must be one the SVG
writer makes, for a face of a shipped family (or the pack's theme font), and every glyph in it must be
that face's own glyph, outline by outline; and every text's letters must be in the face it
embeds. The subsets cardgen ships ready-made are recognised by their bytes (the tests verify
them glyph by glyph); anything else is read with fontTools.
"""

from __future__ import annotations

import base64
import io
from functools import lru_cache
from typing import Any

from cardgen.render import font_path
from cardgen.render.fonts import FONT_TABLES, ready_faces, unicode_range

# fontTools is imported where a font is read: the shipped subsets are known by their bytes, so a
# build reads no font, and a check reads one only for a font it does not know (35 ms to import).


@lru_cache(maxsize=8)
def _shipped(bold: bool, reference: bytes | None = None, family: str = "mono") -> Any:
    """A shipped face of ``family``, or the font file ``reference`` (a theme's), read with fontTools."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    return TTFont(str(font_path(bold, family)) if reference is None else io.BytesIO(reference))


@lru_cache(maxsize=4096)
def _shipped_glyph(
    bold: bool, code: int, reference: bytes | None = None, family: str = "mono"
) -> tuple[int, list[Any]] | None:
    """(advance, outline with components resolved) of a character in a shipped face (or ``reference``)."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen  # type: ignore[import-untyped,unused-ignore]

    font = _shipped(bold, reference, family)
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
def embedded_font(
    bold: bool, data: str, ranges: str, reference: bytes | None = None, family: str = "mono"
) -> frozenset[int] | str:
    """The characters an embedded font (base64 ``data``) draws, each exactly as the shipped face
    of ``family`` (or the font file ``reference``, a theme's) does (outline and advance), or
    what is wrong with it. Made once per font a process."""
    ready = ready_faces(bold, family).get(data) if reference is None else None  # shipped, verified by the tests
    if ready is not None:
        return ready if unicode_range(ready) == ranges else "claims characters (unicode-range) other than those it has"
    return _foreign_font(bold, data, ranges, reference, family)


def _foreign_font(
    bold: bool, data: str, ranges: str, reference: bytes | None = None, family: str = "mono"
) -> frozenset[int] | str:
    """``embedded_font`` for data other than the shipped subsets: read and compared glyph by glyph."""
    from fontTools.pens.recordingPen import DecomposingRecordingPen  # type: ignore[import-untyped,unused-ignore]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    try:
        font = TTFont(io.BytesIO(base64.b64decode(data, validate=True)))
        tables = set(font.keys()) - {"GlyphOrder"}
        if not tables <= FONT_TABLES:
            return f"has tables cardgen never embeds ({', '.join(sorted(tables - FONT_TABLES))})"
        if font["head"].unitsPerEm != _shipped(bold, reference, family)["head"].unitsPerEm:
            return "is scaled unlike the shipped font"
        cmap = font.getBestCmap() or {}
        if unicode_range(cmap) != ranges:
            return "claims characters (unicode-range) other than those it has"
        glyphs = font.getGlyphSet()
        for code, name in sorted(cmap.items()):
            pen = DecomposingRecordingPen(glyphs)
            glyphs[name].draw(pen)
            shipped = _shipped_glyph(bold, code, reference, family)
            if shipped is None or glyphs[name].width != shipped[0] or not _same_outline(pen.value, shipped[1]):
                return f"draws {chr(code)!r} (U+{code:04X}) unlike the shipped font"
        pen = DecomposingRecordingPen(glyphs)
        glyphs[font.getGlyphOrder()[0]].draw(pen)
        if pen.value:
            return "draws its missing-glyph box, which cardgen never embeds"
    except Exception as e:  # fontTools meets damage in untrusted data in many ways: any is a finding
        return f"cannot be read as a font ({type(e).__name__})"
    return frozenset(cmap)


def shipped_characters(bold: bool, reference: bytes | None = None, family: str = "mono") -> frozenset[int]:
    """Every character a shipped face of ``family`` (or the font file ``reference``, a theme's) draws."""
    return frozenset(_shipped(bold, reference, family).getBestCmap())
