"""Writing a deck: any set of same-size components (cards, tiles) imposed on sheets.

A product hands over its faces (a file name and a drawing each), its back, its
manifest and any extra files; ``write_deck`` stages every file, reads the staged
files back with the product's own checker, and only then moves them into place.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.impose.sheets import SheetPlan, impose, plan_sheet
from cardgen.layout.shapes import Drawing
from cardgen.options import PrintOptions
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
    extra: dict[str, bytes],
    check: Callable[[Path], list[Violation]],
    out: Path,
    folder_name: str = "cards",
    noun: str = "cards",
    progress: Progress | None = None,
) -> BuildResult:
    """Stage the component SVGs, the imposed PDF, the manifest and ``extra``; check; commit.

    ``faces`` are ``(file stem, drawing)``; the SVGs go to ``<folder_name>/<stem>.svg``.
    """
    from cardgen.products.output import Staging

    folder = out / (slug + opts.suffix)
    with Staging(folder) as stage:
        for i, (stem, drawing) in enumerate(faces, 1):
            stage.write(f"{folder_name}/{stem}.svg", render("svg", [drawing]))
            if progress:
                progress(i, len(faces))
        if back is not None:
            stage.write(f"{folder_name}/back.svg", render("svg", [back]))
        pages = impose([d for _, d in faces], plan, back=back, label=slug, title=opts.title)
        stage.write(f"{slug}.pdf", render("pdf", pages, title=opts.title or slug))
        stage.write(MANIFEST, deck_manifest(manifest, len(faces), opts, plan, back is not None))
        for name, data in extra.items():
            stage.write(name, data)
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
    return BuildResult(folder, files, len(faces), plan, sheets, notes)


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
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
