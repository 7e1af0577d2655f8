"""What a PDF page shows, as plain data: its text and path objects (read by ``pdfread`` with
pdfium), and where a checker gets a PDF's pages from.

Kept apart from the reader so that a build whose PDF was read back aside (``products/aside``,
in the process that wrote it) need not import pdfium at all: ``open_pages`` gives the pages
read there when the bytes are the very bytes it read, and opens the PDF with pdfium otherwise.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

Box = tuple[float, float, float, float]  # left, bottom, right, top
Colour = tuple[int, int, int, int]  # r, g, b, a

FILL = 0  # text render mode cardgen writes: glyphs filled (3 would be invisible)


@dataclass(frozen=True, slots=True)  # slots: a big pack's pages hold tens of thousands of these
class TextObject:
    text: str
    font: str  # base font name, subset prefix removed
    size: float  # effective size in points (font size × scale)
    angle: float  # degrees, counter-clockwise; 180 is upside down
    x: float  # origin of the first glyph
    y: float
    box: Box
    fill: Colour
    mode: int = FILL  # text render mode (0 fill, 1 stroke, 3 invisible, ...)
    embedded: bool = True  # the font program is in the file

    @property
    def bold(self) -> bool:
        return "Bold" in self.font


@dataclass(frozen=True, slots=True)
class PathObject:
    box: Box
    fill: Colour | None  # None when the path is not filled
    stroke: Colour | None


@dataclass(frozen=True)
class PageObjects:
    number: int  # 1-based
    width: float
    height: float
    texts: list[TextObject]
    paths: list[PathObject]
    others: tuple[str, ...] = ()  # kinds of any other objects on the page (image, form, ...)


class Pages(Protocol):
    """A PDF's pages, read one at a time: ``with open_pages(data) as doc: doc.read(0)``."""

    def __len__(self) -> int: ...
    def read(self, i: int) -> PageObjects: ...
    def __enter__(self) -> Pages: ...
    def __exit__(self, *exc: object) -> None: ...


# digest of a PDF's bytes -> (page count, page i) of pages already read from exactly those bytes
_READ_ASIDE: dict[tuple[int, int], tuple[int, Callable[[int], PageObjects]]] = {}


def digest(data: bytes) -> tuple[int, int]:
    """Length and CRC-32 of a PDF's bytes: enough to know that the check opens the very bytes
    the pages were read from (a CRC is what catches a damaged copy; nobody forges in between)."""
    return len(data), zlib.crc32(data)


@contextmanager
def read_aside(key: tuple[int, int], count: int, page: Callable[[int], PageObjects]) -> Iterator[None]:
    """While the block runs, ``open_pages`` of the PDF whose ``digest`` is ``key`` reads
    ``page(i)`` for its ``count`` pages instead of opening the PDF again."""
    _READ_ASIDE[key] = (count, page)
    try:
        yield
    finally:
        _READ_ASIDE.pop(key, None)


class _ReadAside:
    def __init__(self, count: int, page: Callable[[int], PageObjects]) -> None:
        self.count, self.page = count, page

    def __len__(self) -> int:
        return self.count

    def read(self, i: int) -> PageObjects:
        return self.page(i)

    def __enter__(self) -> _ReadAside:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def open_pages(data: bytes) -> Pages:
    """The pages of the PDF ``data``. Raises CardgenError when pdfium cannot open it at all."""
    hit = _READ_ASIDE.get(digest(data)) if _READ_ASIDE else None
    if hit is not None:
        return _ReadAside(*hit)
    from cardgen.products.pdfread import PdfPages

    return PdfPages(data)
