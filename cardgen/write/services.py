"""A print service's own files beside a deck's (``--preset NAME``), in the folder named for the
service: one PNG a card and ``back.png`` (``thegamecrafter/001.png`` …), or one PDF a deck, a
page a card side, back then front, in CMYK (``drivethrucards/<deck>-upload.pdf``). Drawn from the very
drawings the deck's SVGs are, at the preset's dpi.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from cardgen.layout.shapes import Drawing
from cardgen.presets import Preset, service_pages, service_subject, service_title
from cardgen.render import render
from cardgen.render.png import drawing_png


def service_files(preset: Preset, name: str) -> str:
    """Where the PDF of a deck named ``name`` goes, for a preset that writes one."""
    return f"{preset.folder}/{preset.upload_pdf(name)}"


def service_pdf(faces: Sequence[Drawing], back: Drawing, service: str) -> bytes:
    """The deck as a service's PDF (``render.pdfx``): back then front, a page each."""
    pages = service_pages(faces, back)
    return render("pdfx", pages, title=service_title(faces, service), subject=service_subject(service))


def write_service(
    write: Callable[[str, bytes], None],
    preset: Preset,
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing,
    name: str,
    step: Callable[[int], None],
    fonts: Sequence[str] = (),
) -> None:
    """The files ``preset`` asks for, for a deck named ``name`` (its folder's name)."""
    if preset.files == "png":
        for i, (stem, drawing) in enumerate(faces, 1):
            write(f"{preset.folder}/{stem}.png", drawing_png(drawing, preset.dpi, fonts))
            step(i)
        write(f"{preset.folder}/back.png", drawing_png(back, preset.dpi, fonts))
    elif preset.files == "pdf":
        write(service_files(preset, name), service_pdf([d for _, d in faces], back, preset.service))
