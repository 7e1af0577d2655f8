"""The shipped fonts' glyphs as the SVG writer embeds them: ``@font-face`` rules of subsets.

Glyphs are embedded by block, not one by one: the SVGs of a build differ in their digits,
capitals and arrows, but nearly all ask for one or both of two blocks of each family they use.
The subsets of those blocks (and of the two together) ship ready-made in
``cardgen/fonts/subsets/``, made by ``python -m cardgen.render.fonts`` with fontTools (which
also writes ``layout/metrics.py``, the sans family's widths): a subset made at run time costs
~20 ms plus ~0.1 s to import the subsetter, more than writing a hundred cards. Any other
character (an é in a user's title) is subset at run time, with its block.

``cardgen check`` verifies every embedded font glyph by glyph against the shipped face; the
ready-made subsets are verified so by the tests, and the checker knows them by their bytes.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Collection, Iterable, Mapping
from functools import cache
from importlib.resources import files
from pathlib import Path
from string import ascii_lowercase, ascii_uppercase, digits, punctuation

from cardgen.layout.shapes import Typeface
from cardgen.render import FAMILY_FILES, FAMILY_NAMES, FONT_FAMILY, font_path

WEIGHTS = {False: "normal", True: "bold"}  # the @font-face font-weight of each shipped face
THEME_FONT_FAMILY = "Cardgen Theme"  # the family a theme's own font takes in an SVG
GENERIC = {"mono": "monospace", "sans": "sans-serif"}
# what an SVG text names as its font-family, by shipped family
SVG_FAMILIES = {family: f"'{name}', {GENERIC[family]}" for family, name in FAMILY_NAMES.items()}
SVG_FAMILY = SVG_FAMILIES["mono"]
SVG_THEME_FAMILY = f"'{THEME_FONT_FAMILY}', '{FONT_FAMILY}', monospace"  # a theme's font (where it has every letter)
# The tables of a subset: outlines and metrics, no shaping (GSUB could swap glyphs); a theme's
# font keeps these only, the checker accepts these only.
FONT_TABLES = frozenset({"OS/2", "cmap", "gasp", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post"})
WORDS = " " + ascii_lowercase + punctuation + "·×…–—−‘’“”°"  # words, and the typography cardgen writes
BLOCKS_OF = {
    "mono": (
        digits + ascii_uppercase + "←↑→↓↔",  # what every card shows: numbers, spaces, abilities
        WORDS + "✓",
    ),
    "sans": (digits + ascii_uppercase, WORDS),  # (Atkinson Hyperlegible has no arrows and no ✓)
}
BLOCKS = BLOCKS_OF["mono"]
_BLOCK_OF = {family: {c: block for block in blocks for c in block} for family, blocks in BLOCKS_OF.items()}


def glyph_set(chars: Iterable[str], family: str = "mono") -> frozenset[str]:
    """The characters of ``family`` to embed for ``chars``: each with its whole block.

    >>> len(glyph_set("12")), len(glyph_set("1 a")), sorted(glyph_set("é")), glyph_set("↔") == glyph_set("A")
    (41, 112, ['é'], True)
    >>> len(glyph_set("12", "sans")), len(glyph_set("1 a", "sans"))
    (36, 106)
    """
    blocks = _BLOCK_OF[family]
    out: set[str] = set()
    for c in chars:
        out.update(blocks.get(c, c))
    return frozenset(out)


def unicode_range(codes: Iterable[int]) -> str:
    """CSS ``unicode-range`` of code points, runs joined.

    >>> unicode_range([0x41, 0x42, 0x43, 0x2194, 0x30])
    'U+30,U+41-43,U+2194'
    """
    runs: list[list[int]] = []
    for c in sorted(set(codes)):
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return ",".join(f"U+{a:X}" if a == b else f"U+{a:X}-{b:X}" for a, b in runs)


# ---------------------------------------------------------------- ready-made subsets

# (blocks by index) -> file stem; each face has one subset per combination a build meets
READY = {(0,): "cards", (1,): "words", (0, 1): "cards-words"}
STEMS = {"mono": "DejaVuSansMono", "sans": "AtkinsonHyperlegible"}  # the ready-made subsets' names


def ready_path(bold: bool, blocks: tuple[int, ...], family: str = "mono") -> Path:
    face = "bold" if bold else "regular"
    return Path(str(files("cardgen") / "fonts" / "subsets" / f"{STEMS[family]}-{face}-{READY[blocks]}.ttf"))


def ready_blocks(chars: Collection[str], family: str = "mono") -> tuple[int, ...] | None:
    """Which ready-made subset of ``family`` is exactly ``chars`` (a union of whole blocks), if any.

    >>> ready_blocks(glyph_set("A1")), ready_blocks(glyph_set("A a")), ready_blocks(glyph_set("é"))
    ((0,), (0, 1), None)
    >>> ready_blocks(glyph_set("Skip", "sans"), "sans")
    (0, 1)
    """
    own = BLOCKS_OF[family]
    blocks = tuple(i for i, block in enumerate(own) if block[0] in chars)
    if blocks in READY and len(chars) == sum(len(own[i]) for i in blocks):
        return blocks
    return None


@cache
def ready_faces(bold: bool, family: str = "mono") -> dict[str, frozenset[int]]:
    """base64 data of each ready-made subset of a face -> the code points it draws (every
    character of its blocks: the tests hold the files to that, glyph by glyph)."""
    return {
        base64.b64encode(ready_path(bold, blocks, family).read_bytes()).decode("ascii"): frozenset(
            ord(c) for i in blocks for c in BLOCKS_OF[family][i]
        )
        for blocks in READY
    }


# ---------------------------------------------------------------- subsets made here


@cache
def _font_file(bold: bool, family: str = "mono") -> bytes:
    return font_path(bold, family).read_bytes()


def subset(
    bold: bool, chars: Collection[str], data: bytes | None = None, family: str = "mono"
) -> tuple[bytes, frozenset[int]]:
    """A shipped face of ``family`` (or the TrueType ``data`` of a theme's font) subset to
    ``chars`` (those it has): TrueType bytes and the code points it draws; (b'', ∅) if it has
    none of them."""
    from fontTools import subset as fts  # type: ignore[import-untyped,unused-ignore]
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    options = fts.Options()
    options.hinting = False  # outlines only: half the bytes; print and modern screens ignore hints
    options.recalc_timestamp = False  # head.modified stays the shipped font's: same bytes every build
    if data is not None:
        options.name_IDs = [1, 2]  # a theme's font: its family and style, not its vendor's notes
    # (else save() stamps the time)
    font = TTFont(io.BytesIO(_font_file(bold, family) if data is None else data), recalcTimestamp=False)
    # No shaping tables: glyphs by cmap alone, as the PDF sets them and as ``cardgen check`` can
    # verify; FFTM holds FontForge's timestamps, DSIG a signature the subset would break, cvt,
    # fpgm and prep the hinting that fontTools' ``Options.hinting`` leaves out. Dropped before the
    # subsetter reads them (a third of its time).
    drop = ("GSUB", "GPOS", "GDEF", "kern", "FFTM", "DSIG")
    for tag in drop if data is None else set(font.keys()) - FONT_TABLES:
        if tag in font and tag != "GlyphOrder":
            del font[tag]
    subsetter = fts.Subsetter(options)
    subsetter.populate(unicodes=sorted(ord(c) for c in chars))
    subsetter.subset(font)
    codes = frozenset(font.getBestCmap() or ())
    if not codes:
        return b"", codes
    out = io.BytesIO()
    font.save(out)
    return out.getvalue(), codes


@cache
def font_face(bold: bool, chars: frozenset[str], family: str = "mono") -> str:
    """One ``@font-face`` rule: the shipped face of ``family`` subset to ``chars`` (a
    ``glyph_set``), as base64 TrueType data; '' when the face has none of them. Made once per
    (face, set) a process."""
    blocks = ready_blocks(chars, family)
    if blocks is not None:
        data, codes = ready_path(bold, blocks, family).read_bytes(), frozenset(map(ord, chars))
    else:
        data, codes = subset(bold, chars, family=family)
        if not data:
            return ""
    return (
        f"@font-face{{font-family:'{FAMILY_NAMES[family]}';font-weight:{WEIGHTS[bold]};"
        f"src:url(data:font/ttf;base64,{base64.b64encode(data).decode('ascii')});"
        f"unicode-range:{unicode_range(codes)}}}"
    )


@cache
def theme_face(font: Typeface, bold: bool, chars: frozenset[str]) -> str:
    """The ``@font-face`` rule of a theme's font (``THEME_FONT_FAMILY``) for ``chars``: subset
    here, from the user's file, once per (font, face, set) a process."""
    data, codes = subset(bold, chars, font.files[bold])
    if not data:
        return ""
    return (
        f"@font-face{{font-family:'{THEME_FONT_FAMILY}';font-weight:{WEIGHTS[bold]};"
        f"src:url(data:font/ttf;base64,{base64.b64encode(data).decode('ascii')});"
        f"unicode-range:{unicode_range(codes)}}}"
    )


def font_faces(
    regular: Collection[str],
    bold: Collection[str],
    theme: Mapping[tuple[Typeface, bool], Collection[str]] = {},
    sans: Mapping[bool, Collection[str]] = {},
) -> str:
    """The style sheet an SVG carries for the characters of its regular and bold texts (the
    monospace family's rules first, regular before bold), of those in the sans family (then),
    and of those set in a theme's font (last)."""
    rules = [font_face(b, glyph_set(chars)) if chars else "" for b, chars in ((False, regular), (True, bold))]
    rules += [font_face(b, glyph_set(sans[b], "sans"), "sans") for b in (False, True) if sans.get(b)]
    rules += [
        theme_face(font, b, glyph_set(chars)) for (font, b), chars in sorted(theme.items(), key=lambda kv: kv[0][1])
    ]
    return "\n".join(r for r in rules if r)


def make_ready(folder: Path) -> list[Path]:
    """Write the ready-made subsets into ``folder`` (``cardgen/fonts/subsets``)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for family, blocks_of in BLOCKS_OF.items():
        for bold in (False, True):
            for blocks, stem in READY.items():
                path = folder / f"{STEMS[family]}-{'bold' if bold else 'regular'}-{stem}.ttf"
                data, codes = subset(bold, "".join(blocks_of[i] for i in blocks), family=family)
                if codes != {ord(c) for i in blocks for c in blocks_of[i]}:
                    raise SystemExit(f"{path.name}: the shipped face lacks some of its block's characters")
                path.write_bytes(data)
                written.append(path)
    return written


def metrics_source() -> str:
    """``layout/metrics.py``: what layout needs of the sans family, read from its files."""
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped,unused-ignore]

    faces = {bold: TTFont(str(font_path(bold, "sans"))) for bold in (False, True)}
    regular = faces[False]
    units = regular["head"].unitsPerEm
    lines = [
        f'"""What layout needs of the sans family ({FAMILY_NAMES["sans"]}, {", ".join(FAMILY_FILES["sans"].values())}):',
        "its advance widths (font units, by character), cap height and descent. Made by",
        "``python -m cardgen.render.fonts`` from the shipped files; the tests hold it to them.",
        '"""',
        "",
        f"SANS_UNITS = {units}  # font units per em",
        f"SANS_CAP_HEIGHT = {regular['OS/2'].sCapHeight} / {units}",
        f"SANS_DESCENT = {abs(regular['hhea'].descent)} / {units}",
    ]
    for bold, name in ((False, "SANS_REGULAR"), (True, "SANS_BOLD")):
        font = faces[bold]
        hmtx = font["hmtx"]
        cmap = {code: glyph for code, glyph in (font.getBestCmap() or {}).items() if code >= 0x20}
        # (every character both faces draw: a text is drawn in the sans family only if it has them all)
        both = set(cmap) & {code for code in (faces[not bold].getBestCmap() or {}) if code >= 0x20}
        items = [f"{chr(code)!r}: {hmtx[cmap[code]][0]}," for code in sorted(both)]
        lines.append(f"{name}: dict[str, int] = {{")
        lines += ["    " + " ".join(items[i : i + 10]) for i in range(0, len(items), 10)]
        lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m cardgen.render.fonts: remake the ready-made subsets and the sans metrics
    for p in make_ready(font_path().parent / "subsets"):
        print(p)
    target = Path(__file__).parent.parent / "layout" / "metrics.py"
    target.write_text(metrics_source(), encoding="utf-8")
    print(target)
