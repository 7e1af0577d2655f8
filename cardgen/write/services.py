"""A print service's own files beside a deck's (``--preset NAME``), in the folder named for the
service: one PNG a card and ``back.png`` (``thegamecrafter/001.png`` …), or one PDF a deck, a
page a card side, back then front, in CMYK (``drivethrucards/<deck>-upload.pdf``). Drawn from the very
drawings the deck's SVGs are, at the preset's dpi.

``WRITERS`` holds a writer for each kind of file (``presets.FILE_KINDS``) a service asks for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from cardgen.layout.shapes import Drawing
from cardgen.presets import Preset, service_pages, service_subject, service_title
from cardgen.render import render
from cardgen.render.png import drawing_png


class Writer(Protocol):
    """Writes a kind of a service's files with ``write`` (a path in the deck's folder, its
    bytes): for the deck named ``name``, its faces (file stem, drawing), its back; ``step(i)``
    after the ``i``-th face when a file is written a face; ``fonts``: a theme's, for pictures."""

    def __call__(
        self,
        write: Callable[[str, bytes], None],
        preset: Preset,
        faces: Sequence[tuple[str, Drawing]],
        back: Drawing,
        name: str,
        step: Callable[[int], None],
        fonts: Sequence[str],
    ) -> None: ...


def service_pdf(faces: Sequence[Drawing], back: Drawing, service: str) -> bytes:
    """The deck as a service's PDF (``render.pdfx``): back then front, a page each."""
    pages = service_pages(faces, back)
    return render("pdfx", pages, title=service_title(faces, service), subject=service_subject(service))


def write_service_pngs(
    write: Callable[[str, bytes], None],
    preset: Preset,
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing,
    name: str,
    step: Callable[[int], None],
    fonts: Sequence[str],
) -> None:
    """A PNG a face, named as its SVG, and ``back.png``, at the preset's dpi."""
    for i, (stem, drawing) in enumerate(faces, 1):
        write(f"{preset.folder}/{stem}.png", drawing_png(drawing, preset.dpi, fonts))
        step(i)
    write(f"{preset.folder}/back.png", drawing_png(back, preset.dpi, fonts))


def write_service_pdf(
    write: Callable[[str, bytes], None],
    preset: Preset,
    faces: Sequence[tuple[str, Drawing]],
    back: Drawing,
    name: str,
    step: Callable[[int], None],
    fonts: Sequence[str],
) -> None:
    """One PDF for the deck, a page a card side, back then front, CMYK."""
    write(preset.upload(name), service_pdf([d for _, d in faces], back, preset.service))


WRITERS: dict[str, Writer] = {"png": write_service_pngs, "pdf": write_service_pdf}


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
    if preset.files:
        WRITERS[preset.files](write, preset, faces, back, name, step, fonts)
