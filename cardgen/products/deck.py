"""Writing a deck: any set of same-size components (cards, tiles) imposed on sheets.

A product hands over its faces (a file name and a drawing each), its back, its
manifest and any extra files; ``write_deck`` stages every file, reads the staged
files back with the product's own checker, and only then moves them into place.
With ``--png`` it adds a PNG per card (``png/``), with ``--tts`` a Tabletop Simulator
deck (``tts/``), both rasterised from the same drawings.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan, impose, plan_sheet
from cardgen.layout.shapes import Drawing
from cardgen.options import PrintOptions
from cardgen.products.aside import Aside
from cardgen.products.pageobjects import digest, read_aside
from cardgen.render import render
from cardgen.rules.check import Violation

Progress = Callable[[int, int], None]
MANIFEST = "pack.json"  # what a deck folder holds, so ``cardgen check FOLDER`` knows what to expect


@dataclass
class BuildResult:
    folder: Path
    files: list[Path]
    cards: int  # components written (cards or tiles)
    plan: SheetPlan
    sheets: int
    notes: list[str] = field(default_factory=list)


def sheet_plan(opts: PrintOptions, size: tuple[float, float] | None = None) -> SheetPlan:
    """The sheet layout for components of ``size`` (default: the card size asked for)."""
    return plan_sheet(
        size or opts.card,
        opts.paper,
        margin=opts.margin,
        bleed=opts.bleed,
        gutter=opts.gutter,
        back_offset=opts.back_offset,
    )


def write_deck(
    *,
    slug: str,
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing | None,
    opts: PrintOptions,
    plan: SheetPlan,
    manifest: dict[str, object],
    extra: dict[str, bytes | Callable[[], bytes]],
    check: Callable[[Path], list[Violation]],
    out: Path,
    folder_name: str = "cards",
    noun: str = "cards",
    progress: Progress | None = None,
    export_back: Drawing | None = None,
) -> BuildResult:
    """Stage the component SVGs, the imposed PDF, the manifest and ``extra``; check; commit.

    ``faces`` are ``(file stem, drawing)``; the SVGs go to ``<folder_name>/<stem>.svg``.
    ``extra`` files may be given as functions that make them: they are made while the PDF is
    written aside (``products/aside.py``), as are the SVGs.
    ``export_back`` is the back for a TTS deck when no backs are printed (``back`` is None).
    """
    from cardgen.products.output import Staging

    folder = out / (slug + opts.suffix)
    tts_back = back if back is not None else export_back
    if opts.tts and tts_back is None:
        raise CardgenError(f"a Tabletop Simulator deck needs the {noun}' back: add --backs")
    steps = len(faces) * (2 if opts.png else 1)  # an SVG per face, and a PNG
    pdf_name = f"{slug}.pdf"
    svgs = [(f"{folder_name}/{stem}.svg", drawing) for stem, drawing in faces]
    here = os.getpid()
    with Staging(folder) as stage:

        def write_pdf(send: Callable[[object], None]) -> None:
            """The imposed sheets, written and read back; then, in a process of its own, the
            SVGs from the last one back, until it meets this process writing them from the first."""
            pages = impose([d for _, d in faces], plan, back=back, label=slug, title=opts.title)
            data = render("pdf", pages, title=opts.title or slug)
            stage.write(pdf_name, data)
            read_back(data, send)
            if os.getpid() != here:
                for rel, drawing in reversed(svgs):
                    if not stage.claim(rel, partial(render, "svg", [drawing])):
                        break  # the other has come this far: the ones before are its own

        with Aside(write_pdf) as pdf:
            for i, (rel, drawing) in enumerate(svgs, 1):
                stage.claim(rel, partial(render, "svg", [drawing]))
                if progress:
                    progress(i, steps)
            if back is not None:
                stage.write(f"{folder_name}/back.svg", render("svg", [back]))
            stage.write(MANIFEST, deck_manifest(manifest, len(faces), opts, plan, back is not None))
            if opts.theme is not None:
                from cardgen.products.theme import picture_files

                for name, data in picture_files(opts.theme).items():
                    stage.write(name, data)  # the pack's own copy, from which `cardgen check` draws again
            for name, made in extra.items():
                stage.write(name, made if isinstance(made, bytes) else made())
            if opts.png or opts.tts:
                from cardgen.render.png import theme_fonts

                with theme_fonts(opts.theme.font if opts.theme else None) as fonts:
                    if opts.png:
                        step = lambda i: progress(len(faces) + i, steps) if progress else None  # noqa: E731
                        write_pngs(stage.write, faces, back, opts.png, step, fonts)
                    if opts.tts and tts_back is not None and faces:
                        what = faces[0][1].meta.get("set", slug) if faces else slug
                        write_tts(stage.write, [d for _, d in faces], tts_back, plan.card, what, fonts)
            stage.adopt(pdf_name)
            read = pdf.count()  # the pages read back, and last the digest of the bytes they were read from
            with read_aside(pdf.item(read - 1), read - 1, pdf.item) if read else nullcontext():
                violations = check(stage.tmp)
        if violations:
            raise CardgenError(f"the {noun} failed their own check, so nothing was written: {violations[0]}")
        files = stage.commit()
    sheets = plan.pages(len(faces))
    notes = [
        f"{plan.per_page} {noun} a sheet ({plan.cols} × {plan.rows}, {opts.paper_name} {plan.orientation}), "
        f"{sheets} sheet{'s' if sheets != 1 else ''}" + (f", {opts.bleed:g}mm bleed" if opts.bleed else "")
    ]
    notes += [plan.note] if plan.note else []
    if back is not None:
        flip = "long" if plan.orientation == "portrait" else "short"
        notes.append(f"backs follow each sheet: print double-sided, flip on the {flip} edge")
    if opts.png and faces:
        from cardgen.render.png import pixels

        w, h = pixels((faces[0][1].width, faces[0][1].height), opts.png)
        notes.append(
            f"png/: one PNG a {noun[:-1]}, {w} × {h} px at {opts.png} dpi" + (", bleed included" if opts.bleed else "")
        )
    if opts.tts:
        notes.append("tts/: a Tabletop Simulator deck; tts/README.txt says how to import it")
    return BuildResult(folder, files, len(faces), plan, sheets, notes)


def read_back(data: bytes, send: Callable[[object], None]) -> None:
    """Each page of the PDF ``data`` as pdfium reads it, then the digest of ``data``; nothing
    when pdfium cannot open it (the check then opens it again and says why)."""
    from cardgen.products.pdfread import PdfPages

    try:
        doc = PdfPages(data)
    except CardgenError:
        return
    with doc:
        for i in range(len(doc)):
            send(doc.read(i))
    send(digest(data))


def write_pngs(
    write: Callable[[str, bytes], None],
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing | None,
    dpi: int,
    step: Callable[[int], None],
    fonts: Sequence[str] = (),
) -> None:
    """``png/<stem>.png`` for every face (with its bleed, at true size), and ``png/back.png``;
    ``fonts``: a theme's font files for resvg (``render.png.theme_fonts``)."""
    from cardgen.render.png import drawing_png

    for i, (stem, drawing) in enumerate(faces, 1):
        write(f"png/{stem}.png", drawing_png(drawing, dpi, fonts))
        step(i)
    if back is not None:
        write("png/back.png", drawing_png(back, dpi, fonts))


def write_tts(
    write: Callable[[str, bytes], None],
    faces: Sequence[Drawing],
    back: Drawing,
    card: tuple[float, float],
    what: str,
    fonts: Sequence[str] = (),
) -> None:
    """``tts/deck.png`` (``deck-2.png`` …: 69 cards a sheet, the back in the last cell),
    ``tts/back.png`` and ``tts/README.txt``."""
    from cardgen.impose.tts import back_cell, readme, sheet_name, tts_sheets
    from cardgen.render.png import rasterise

    sheets = tts_sheets(faces, back, card)
    for i, sheet in enumerate(sheets):
        write(f"tts/{sheet_name(i)}", rasterise(render("svg", [sheet.drawing]), sheet.pixels, fonts=fonts))
    cell = sheets[0].cell if sheets else (0, 0)
    write("tts/back.png", rasterise(render("svg", [back_cell(back, card)]), cell, fonts=fonts))
    write("tts/README.txt", readme(sheets, what).encode("utf-8"))


def deck_manifest(manifest: dict[str, object], count: int, opts: PrintOptions, plan: SheetPlan, backs: bool) -> bytes:
    """What was asked for, so ``cardgen check FOLDER`` knows what the files must hold."""
    data = {
        **manifest,
        "cards": count,
        "card_mm": list(plan.card),
        "bleed_mm": opts.bleed,
        "margin_mm": opts.margin,
        "gutter_mm": opts.gutter,
        "paper": opts.paper_name,
        "orientation": plan.orientation,
        "per_page": plan.per_page,
        "backs": backs,
        "title": opts.title,
    }
    # the exports and the theme are recorded only when asked for, so other packs' records stay as they were;
    # so is a back offset (only backs move, so only then), for the check to expect the backs where they are
    if backs and opts.back_offset != (0.0, 0.0):
        data["back_offset"] = list(opts.back_offset)
    if opts.png:
        data["png_dpi"] = opts.png
    if opts.tts:
        data["tts"] = True
    if opts.theme is not None:
        from cardgen.products.theme import theme_record

        data["theme"] = theme_record(opts.theme)
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
