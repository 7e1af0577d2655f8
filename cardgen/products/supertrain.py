"""SuperTrain tiles (seed 003): the wild tiles or the whole 112-tile set, printed; and a hand's score.

``build_tiles(set="wild")`` writes ``<out>/supertrain-wild/`` (``-full`` for all
112 tiles; ``-numerals`` added when digits replace the pips, the tile size when it is not
2 × 1 in, and the print options as for every deck): ``tiles/<slug>.svg``
(one per tile; the three A-Trains are ``a-train-1`` … ``a-train-3``), the tiles
imposed on sheets with crop marks in ``supertrain-wild.pdf``, ``tiles.csv`` and
``pack.json`` (with ``--png`` and ``--tts``, ``png/`` and ``tts/`` as for packs). Before anything is moved into place the staged files are read back
(``check_tiles_folder``): each SVG's two halves (pips counted, numerals and letters
read, the locomotive found by its class) and each PDF slot (pip paths counted per
half by position, text objects read, the locomotive found by its red paths), and
both lists are checked against the set with ``rules.supertrain.dominoes.check_set``.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.errors import CardgenError
from cardgen.files import is_litter
from cardgen.impose.sheets import SheetPlan, impose
from cardgen.layout.supertrain.tile import tile_back, tile_face
from cardgen.manifest import DECK, MANIFEST, Field, plan_from_manifest, read_manifest, validate
from cardgen.options import PrintOptions, print_options
from cardgen.products import Product
from cardgen.proof import FolderCheck
from cardgen.proof.exports import Drawn, check_exports
from cardgen.proof.pages import PageObjects
from cardgen.proof.pdfread import read_pages
from cardgen.proof.rebuilt import Make, redrawn_folder
from cardgen.proof.services import check_services
from cardgen.proof.sheets import single_pdf
from cardgen.proof.svg import SvgDoc, read_svg
from cardgen.proof.tiles import TABLE, read_pdf_tiles, read_svg_tiles, read_table
from cardgen.render import render, subject_of
from cardgen.rules.shared import Violation
from cardgen.rules.supertrain.dominoes import CHECKS as SET_CHECKS
from cardgen.rules.supertrain.dominoes import Tile, check_set, tile_set
from cardgen.units import parse_card
from cardgen.write.deck import BuildResult, Progress, sheet_plan, write_deck, write_sheets

DEFAULT_TILE = "2x1in"  # 50.8 × 25.4 mm, the usual domino
MIN_HALF = 15.0  # mm: a smaller half cannot show twelve pips anyone could count
FOLDER = "tiles"  # where the tile SVGs go
KEYS = {"set": Field("str", choices=("wild", "full")), "numerals": Field("bool")}  # its own keys in pack.json


def parse_tile_size(text: str) -> tuple[float, float]:
    """A tile size WxH, as ``--card`` takes it: ``2x1in``, ``50x25mm``; each half at least 15 mm a side.

    >>> parse_tile_size("2x1in"), parse_tile_size("1x2in")
    ((50.8, 25.4), (25.4, 50.8))
    """
    try:
        w, h = parse_card(text)
    except CardgenError as e:
        if "unknown" in str(e):
            raise CardgenError(f"tile size {text!r} is unknown: write WxH like 2x1in or 50x25mm") from None
        raise CardgenError(str(e).replace("card size", "tile size", 1)) from None
    if min(max(w, h) / 2, min(w, h)) < MIN_HALF:
        raise CardgenError(f"tile size {text!r} is too small: each half needs {MIN_HALF:g}mm a side (2x1in is usual)")
    return w, h


def tile_stems(tiles: list[Tile]) -> list[str]:
    """File stems: the tile's slug, numbered from 1 when the set holds it more than once.

    >>> tile_stems([Tile(12, 5), Tile("A", "Train"), Tile("A", "Train")])
    ['12-5', 'a-train-1', 'a-train-2']
    """
    copies = Counter(tiles)
    seen: Counter[Tile] = Counter()
    stems = []
    for t in tiles:
        seen[t] += 1
        stems.append(t.slug if copies[t] == 1 else f"{t.slug}-{seen[t]}")
    return stems


def tiles_table(tiles: list[Tile], stems: list[str], folder: str = FOLDER) -> bytes:
    """The set as a CSV: ``number,tile,points,file``, in the order the PDF lays the tiles."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["number", "tile", "points", "file"])
    for i, (t, stem) in enumerate(zip(tiles, stems), 1):
        w.writerow([i, t.name, t.points, f"{folder}/{stem}.svg"])
    return buf.getvalue().encode("utf-8")


def set_slug(which: str, numerals: bool, size: tuple[float, float] | None = None) -> str:
    """The folder's name: the set, then what differs from the defaults (the print options'
    part is added by ``write_deck``).

    >>> set_slug("Full", True), set_slug("wild", False, (44.0, 22.0))
    ('supertrain-full-numerals', 'supertrain-wild-44x22mm')
    """
    tile_set(which)  # refuses an unknown set
    slug = f"supertrain-{which.strip().lower()}" + ("-numerals" if numerals else "")
    if size is not None and size != parse_tile_size(DEFAULT_TILE):
        slug += f"-{size[0]:g}x{size[1]:g}mm"
    return slug


def pdf_words(slug: str, count: int, title: str) -> dict[str, str]:
    """The PDF's title and subject, for people: "SuperTrain — wild set, 21 tiles".

    >>> pdf_words("supertrain-wild", 21, "")["pdf_title"]
    'SuperTrain — wild set, 21 tiles'
    """
    which = slug.removeprefix("supertrain-").split("-")[0]
    return {
        "pdf_title": f"{title or 'SuperTrain'} — {which} set, {count} tiles",
        "subject": subject_of(f"SuperTrain dominoes: {count} tiles to cut"),
    }


def draw_sheets(
    tiles: list[Tile],
    size: tuple[float, float],
    numerals: bool,
    opts: PrintOptions,
    plan: SheetPlan,
    slug: str,
    path: Path,
) -> list[PageObjects]:
    """The set's PDF, in a worker process: the tiles drawn again, imposed and written to
    ``path``, then read back from that file for the check."""
    faces = [tile_face(t, size, numerals=numerals, bleed=opts.bleed) for t in tiles]
    back = tile_back(size, title=opts.title, bleed=opts.bleed) if opts.backs else None
    write_sheets(path, faces, back, plan, label=slug, title=opts.title, **pdf_words(slug, len(tiles), opts.title))
    return read_pages(path)


def build_tiles(
    *,
    set: str = "wild",  # the option's own word: --set, and the key of a cardgen.toml item
    numerals: bool = False,
    tile: str = DEFAULT_TILE,
    opts: PrintOptions | None = None,
    out: Path = Path("output"),
    progress: Progress | None = None,
) -> BuildResult:
    """Write SuperTrain tiles: one SVG per tile, the imposed PDF, the table and the manifest."""
    which = set
    tiles = tile_set(which)
    size = parse_tile_size(tile)
    opts = opts or print_options()
    slug = set_slug(which, numerals, size)
    stems = tile_stems(tiles)
    faces = [(s, tile_face(t, size, numerals=numerals, bleed=opts.bleed)) for s, t in zip(stems, tiles)]
    back = tile_back(size, title=opts.title, bleed=opts.bleed)
    plan = sheet_plan(opts, size=size)
    return write_deck(
        slug=slug,
        faces=faces,
        back=back if opts.backs else None,
        sheets=partial(draw_sheets, tiles, size, numerals, opts, plan, slug),
        export_back=back if opts.tts or opts.preset else None,  # TTS and services show a back even when none is printed
        opts=opts,
        plan=plan,
        manifest={
            "game": "supertrain",
            "set": which.strip().lower(),
            "numerals": numerals,
            "cardgen_version": __version__,
        },
        extra={TABLE: tiles_table(tiles, stems)},
        check=lambda folder, read: check_tiles_folder(folder, pages=list(read()), redraw=False).violations,
        out=out,
        kind=PRODUCT.kind,
        folder_name=FOLDER,
        noun="tiles",
        progress=progress,
    )


def spec_from_manifest(data: dict[str, Any]) -> tuple[str, bool]:
    which, numerals = data.get("set"), data.get("numerals")
    if which not in ("wild", "full") or not isinstance(numerals, bool):
        raise CardgenError("pack.json is incomplete or malformed: a SuperTrain set needs 'set' and 'numerals'")
    return str(which), numerals


def check_tiles_folder(
    folder: Path,
    data: dict[str, Any] | None = None,
    *,
    pages: Sequence[PageObjects] | None = None,
    redraw: bool = True,
) -> FolderCheck:
    """Every way the tiles written in ``folder`` differ from their set, read from the SVGs and the
    PDF (``pages``: as the process that wrote it read them back; None: read here). ``redraw``
    (``cardgen check``; a build has just drawn them): also the folder against what this version
    writes for the set, byte for byte, and nothing in it that cardgen does not write."""
    data = data if data is not None else validate(read_manifest(folder), {**DECK, **KEYS})
    which, numerals = spec_from_manifest(data)
    order = tile_set(which)
    stems = tile_stems(order)
    out: list[Violation] = []
    svg_tiles, problems = read_svg_tiles(folder / FOLDER, dict(zip(stems, order)))
    out += problems
    out += [Violation(v.check, f"svg: {v.message}", v.cards) for v in check_set(svg_tiles, which)]
    pdf = single_pdf(folder)
    if isinstance(pdf, Violation):
        out.append(pdf)
    else:
        plan = plan_from_manifest(data)
        back = read_svg(folder / FOLDER / "back.svg")[0] if plan.fold else None  # fold-over: each back compared
        backs = bool(data.get("backs"))
        pdf_tiles, problems = read_pdf_tiles(pdf, plan, backs, order, pages, back if isinstance(back, SvgDoc) else None)
        out += problems
        out += [Violation(v.check, f"pdf: {v.message}", v.cards) for v in check_set(pdf_tiles, which)]
    out += read_table(folder, order)
    if redraw:
        out += tiles_redrawn(folder, data, order, stems, numerals)
        drawn = None
        if data.get("cardgen_version") == __version__:
            size, bleed = (float(data["card_mm"][0]), float(data["card_mm"][1])), float(data["bleed_mm"])
            faces = {s: tile_face(t, size, numerals=numerals, bleed=bleed) for s, t in zip(stems, order)}
            drawn = Drawn(faces, tile_back(size, title=data["title"], bleed=bleed))
        out += check_exports(folder, data, FOLDER, drawn)  # png/ and tts/, as pack.json records them
        out += check_services(folder, data, FOLDER, drawn)  # a print service's files (--preset)
    count = sum(1 for p in (folder / FOLDER).glob("*.svg") if p.stem != "back" and not is_litter(p.name))
    what = f"the SuperTrain {which} set ({len(order)} tiles{', numerals' if numerals else ''})"
    return FolderCheck(what, count, out, noun="tiles", checks=(*SET_CHECKS, "files"))


def tiles_redrawn(
    folder: Path, data: dict[str, Any], order: list[Tile], stems: list[str], numerals: bool
) -> list[Violation]:
    """What differs from what this version writes for the set (``proof.rebuilt``): every tile SVG
    and the back, the table, the PDF; and every file cardgen does not write."""
    size = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    bleed, backs, slug = float(data["bleed_mm"]), bool(data["backs"]), folder_slug(data)
    name = data["name"]
    files = {f"{FOLDER}/{s}.svg" for s in stems} | ({f"{FOLDER}/back.svg"} if backs else set())

    def drawn() -> dict[str, Make]:
        faces = [tile_face(t, size, numerals=numerals, bleed=bleed) for t in order]
        back = tile_back(size, title=data["title"], bleed=bleed)
        made: dict[str, Make] = {f"{FOLDER}/{s}.svg": partial(render, "svg", [d]) for s, d in zip(stems, faces)}
        made |= {f"{FOLDER}/back.svg": partial(render, "svg", [back])} if backs else {}
        made[TABLE] = partial(tiles_table, order, stems)
        pages = partial(
            impose, faces, plan_from_manifest(data), back=back if backs else None, label=slug, title=data["title"]
        )
        words = pdf_words(slug, len(order), data["title"])
        made[f"{name}.pdf"] = lambda: render("pdf", pages(), title=words["pdf_title"], subject=words["subject"])
        return made

    return redrawn_folder(folder, data, files | {f"{name}.pdf", TABLE, MANIFEST}, drawn, "this set")


def folder_slug(data: dict[str, Any]) -> str:
    """The set's slug (its PDF's name) from its (validated) manifest."""
    return set_slug(data["set"], bool(data["numerals"]), (float(data["card_mm"][0]), float(data["card_mm"][1])))


PRODUCT = Product(
    "supertrain", "SuperTrain tiles", build_tiles, command="tiles", check=check_tiles_folder, keys=KEYS, folder=FOLDER
)
