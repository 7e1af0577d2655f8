"""Checking a print service's files in a deck folder (``--preset NAME``) against the service's
figures (``presets``), as ``pack.json`` records the preset.

The record itself first: the card size and bleed must be the preset's. Then the files, in the
folder named for the service and nothing else there:

- a PNG service (``thegamecrafter``, ``makeplayingcards``, ``printerstudio``): one PNG a card
  (named as its SVG) and ``back.png``, each whole, of the service's pixel size for the card with
  its bleed (822 × 1122 px for a poker card at MakePlayingCards), recording its dpi, and showing
  what this version draws for that card;
- a PDF service (``drivethrucards``): one PDF named as the deck, whole, holding nothing cardgen's
  writer never writes; a page a card side, back then front, each the card with its bleed, its
  TrimBox the cut and its BleedBox the page; CMYK only, every font embedded, no pictures, the
  OutputIntent; each page showing the texts of the side it should be; and, from this version,
  byte for byte what it writes.

Every text this version draws for the deck must keep out of the service's safe zone. A service's
folder with no preset recorded, or another service's, is named too. ``PROVERS`` holds the proof
of each kind of file (``presets.FILE_KINDS``).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Protocol

from cardgen.errors import CardgenError
from cardgen.layout.shapes import Drawing, Text, walk
from cardgen.manifest import MANIFEST
from cardgen.presets import OUTPUT_CONDITION, PRESETS, Preset, service_pages, service_subject, service_title
from cardgen.proof.audit import pdf_damage
from cardgen.proof.exports import Drawn, check_files, component_stems, png_problem
from cardgen.proof.pdfread import read_pages
from cardgen.proof.pdfshape import CATALOG, pdf_differences, pdf_outside, print_pdf_problems
from cardgen.proof.pixels import pixels_differ
from cardgen.render import render
from cardgen.render.png import drawing_png, pixels, theme_fonts
from cardgen.rules.shared import Violation

PT = 72 / 25.4
MAX_REPORTED = 8  # problems of one PDF named; a PDF wrong throughout says so in its first few


def record_problems(p: Preset, data: dict[str, Any], svgs: str) -> list[Violation]:
    """The card size (cards only: a tile keeps its own) and the bleed ``pack.json`` records
    must be the preset's."""
    out = []
    card = (float(data["card_mm"][0]), float(data["card_mm"][1]))
    if svgs == "cards" and any(abs(a - b) > 1e-6 for a, b in zip(card, p.card_mm)):
        out.append(
            Violation(
                "files",
                f"{MANIFEST}: card_mm {card[0]:g} × {card[1]:g} is not the card of {p.service} ({p.card}, "
                f"{p.card_mm[0]:g} × {p.card_mm[1]:g} mm)",
            )
        )
    if abs(float(data["bleed_mm"]) - p.bleed_mm) > 1e-6:
        out.append(
            Violation(
                "files",
                f"{MANIFEST}: bleed_mm {float(data['bleed_mm']):g} is not the bleed of {p.service} ({p.bleed}, {p.bleed_mm:g} mm)",
            )
        )
    return out


def image_size(p: Preset, data: dict[str, Any], svgs: str) -> tuple[int, int]:
    """The pixels the service wants a component in: its published figure for a card, else the
    component with its bleed at its dpi."""
    if svgs == "cards" and p.image_px is not None:
        return p.image_px
    bleed = float(data["bleed_mm"])
    return pixels((float(data["card_mm"][0]) + 2 * bleed, float(data["card_mm"][1]) + 2 * bleed), p.dpi)


def check_service_pngs(
    folder: Path, data: dict[str, Any], p: Preset, svgs: str, drawn: Drawn | None
) -> list[Violation]:
    size = image_size(p, data, svgs)
    names = [*component_stems(folder / svgs), "back"]
    with theme_fonts(drawn.font if drawn else None) as fonts:

        def check(name: str, raw: bytes, want: tuple[int, int]) -> str | None:
            problem = png_problem(raw, want, p.dpi)
            stem = name.removesuffix(".png")
            drawing = None if drawn is None else drawn.back if stem == "back" else drawn.faces.get(stem)
            if problem or drawing is None:
                return problem
            return pixels_differ(raw, drawing_png(drawing, p.dpi, fonts))

        return check_files(folder, p.folder, {f"{n}.png": size for n in names}, check)


def _letters(texts: list[str]) -> Counter[str]:
    return Counter(ch for t in texts for ch in t if not ch.isspace())


def _drawn_texts(drawing: Drawing) -> list[str]:
    return [s.text for s, _, _ in walk(drawing.shapes) if isinstance(s, Text)]


def pdf_file_problems(raw: bytes, data: dict[str, Any], drawn: Drawn | None, service: str) -> list[str]:
    """What is wrong with a PDF service's deck PDF, as phrases to follow its name."""
    damage = pdf_damage(raw)
    if damage:
        return damage[:3]
    count = int(data["cards"])
    bleed = float(data["bleed_mm"])
    size = ((float(data["card_mm"][0]) + 2 * bleed) * PT, (float(data["card_mm"][1]) + 2 * bleed) * PT)
    out = pdf_outside(raw, catalog=CATALOG | {"/OutputIntents"})
    out += print_pdf_problems(raw, pages=2 * count, size=size, trim=bleed * PT, condition=OUTPUT_CONDITION)
    if drawn is None or drawn.back is None:
        return out
    stems = list(drawn.faces)
    sides = [side for stem in stems for side in (("back", stem, drawn.back), ("front", stem, drawn.faces[stem]))]
    try:
        pages = read_pages(raw)
    except CardgenError as e:
        return [*out, str(e)]
    for n, (page, (kind, stem, drawing)) in enumerate(zip(pages, sides), 1):
        if _letters([t.text for t in page.texts]) != _letters(_drawn_texts(drawing)):
            out.append(f"page {n} does not show the {kind} of {stem}, which back then front puts there")
    if len(out) < 3:
        faces = [drawn.faces[s] for s in stems]
        sides_drawn = service_pages(faces, drawn.back)
        want = render("pdfx", sides_drawn, title=service_title(faces, service), subject=service_subject(service))
        out += pdf_differences(raw, want)
    return out


def check_service_pdf(folder: Path, data: dict[str, Any], p: Preset, svgs: str, drawn: Drawn | None) -> list[Violation]:
    name = p.upload(data["name"]).removeprefix(f"{p.folder}/")  # (in the service's folder)
    found: list[str] = []

    def check(_: str, raw: bytes, __: Any) -> str | None:
        found.extend(pdf_file_problems(raw, data, drawn, p.service))
        return None

    out = check_files(folder, p.folder, {name: None}, check)
    return out + [Violation("files", f"{p.folder}: {p.folder}/{name}: {why}") for why in found[:MAX_REPORTED]]


class Prover(Protocol):
    """Proves a kind of a service's files in a deck ``folder`` (its manifest ``data``, validated;
    ``svgs``: the folder of its component SVGs; ``drawn``: what this version draws for the deck,
    None for another version's folder): every problem, each naming the service's folder first."""

    def __call__(
        self, folder: Path, data: dict[str, Any], p: Preset, svgs: str, drawn: Drawn | None
    ) -> list[Violation]: ...


# a prover for each kind of file a service asks for (``presets.FILE_KINDS``; writers: ``write.services``)
PROVERS: dict[str, Prover] = {"png": check_service_pngs, "pdf": check_service_pdf}


def safe_zone_problems(p: Preset, drawn: Drawn) -> list[Violation]:
    """Every text this version draws for the deck that reaches into the service's safe zone."""
    sides = [*drawn.faces.items(), *([("back", drawn.back)] if drawn.back is not None else [])]
    return [Violation("files", f"{p.name}: {stem}: {why}") for stem, d in sides for why in p.text_outside(d)]


def check_services(
    folder: Path, data: dict[str, Any], svgs: str = "cards", drawn: Drawn | None = None
) -> list[Violation]:
    """Every problem with a print service's files in a deck folder, as its ``pack.json`` (``data``,
    validated) records the preset; ``svgs``: the folder of its component SVGs; ``drawn``: what this
    version draws for the deck (None: another version's folder, whose pixels are not compared)."""
    recorded = data.get("preset")
    out = [
        Violation("files", f"{p.folder}: {p.folder}/ is there, but {MANIFEST} records no preset {p.name}")
        for p in PRESETS.values()
        if p.files and p.name != recorded and ((folder / p.folder).exists() or (folder / p.folder).is_symlink())
    ]
    if recorded is None:
        return out
    p = PRESETS[recorded]
    out += record_problems(p, data, svgs)
    if p.files:
        out += PROVERS[p.files](folder, data, p, svgs, drawn)
    if drawn is not None:
        out += safe_zone_problems(p, drawn)
    return out
