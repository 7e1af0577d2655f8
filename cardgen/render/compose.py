"""One PDF made of other PDFs' pages, in the order given: a kit's (``products.kit``), its cover, its
rules and its components, each page taken whole from the PDF its product wrote (its drawing, its
fonts embedded as they were), with blank pages where double-sided printing needs them.

The document says what it is and how to print it: a title and a subject, bookmarks (one a part),
page labels ("Cover", "Rules 1", "Cards 3" …), and viewer preferences a reader's print dialog
starts from: actual size (``/PrintScaling /None``) and one- or double-sided (``/Duplex``). Written
with pypdf, imported here only (110 ms: a kit's build pays it, no other command does). Same pages
in, same bytes out: no clock, no random id (the file's ``/ID`` is a digest of what it holds).

>>> labels([("Cover", None), ("Rules", 1), ("Rules", 2), ("blank", None), ("Cards", 1)])
[(0, 'Cover', None), (1, 'Rules ', 1), (3, 'blank', None), (4, 'Cards ', 1)]
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardgen import __version__

Duplex = Literal["simplex", "long", "short"]
DUPLEX_NAMES = {"simplex": "/Simplex", "long": "/DuplexFlipLongEdge", "short": "/DuplexFlipShortEdge"}


@dataclass(frozen=True)
class Page:
    """A page of the composed PDF: page ``number`` (from 0) of source ``source``, or a blank page
    (``source`` None) the size of the page before it; labelled ``label`` (``number_shown``:
    the number the label gives it, None for a label without one)."""

    source: int | None
    number: int
    label: str
    number_shown: int | None = None


def labels(pages: Sequence[tuple[str, int | None]]) -> list[tuple[int, str, int | None]]:
    """The page label ranges for pages labelled (word, number): (first page, prefix, first
    number or None), a range a run of one word numbered one up from the page before."""
    out: list[tuple[int, str, int | None]] = []
    before: tuple[str, int | None] | None = None
    for i, (word, number) in enumerate(pages):
        follows = (
            before is not None
            and before[0] == word
            and (number is None) == (before[1] is None)
            and (number is None or before[1] is not None and number == before[1] + 1)
        )
        if not follows:
            out.append((i, f"{word} " if number is not None else word, number))
        before = (word, number)
    return out


def page_count(data: bytes) -> int:
    """How many pages the PDF ``data`` has."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data), strict=True).pages)


def compose_pdf(
    sources: Sequence[bytes],
    pages: Sequence[Page],
    *,
    outline: Sequence[tuple[str, int]],
    title: str,
    subject: str,
    duplex: Duplex,
) -> bytes:
    """The PDF of ``pages`` taken from ``sources`` (PDF files' bytes), with ``outline`` (a
    bookmark's title and its page, from 0), the document's ``title`` and ``subject``, and a print
    dialog's defaults: actual size, ``duplex``."""
    from pypdf import PdfReader, PdfWriter  # (110 ms: a kit's build alone composes PDFs)
    from pypdf.constants import PageLabelStyle
    from pypdf.generic import (
        ArrayObject,
        BooleanObject,
        ByteStringObject,
        DictionaryObject,
        NameObject,
    )

    readers = [PdfReader(io.BytesIO(data), strict=True) for data in sources]
    writer = PdfWriter()
    writer.pdf_header = b"%PDF-1.7"  # (viewer preferences' /Duplex and /PrintScaling are 1.6's and 1.7's)
    size: tuple[float, float] | None = None
    for page in pages:
        if page.source is None:
            if size is None:
                raise ValueError("a blank page needs a page before it")
            writer.add_blank_page(*size)
            continue
        added: Any = writer.add_page(readers[page.source].pages[page.number])
        box = added.mediabox
        size = (float(box.width), float(box.height))
    ranges = labels([(p.label, p.number_shown) for p in pages])
    for k, (first, prefix, number) in enumerate(ranges):
        end = ranges[k + 1][0] - 1 if k + 1 < len(ranges) else len(pages) - 1
        if number is None:
            writer.set_page_label(first, end, prefix=prefix)
        else:
            writer.set_page_label(first, end, style=PageLabelStyle.DECIMAL, prefix=prefix, start=number)
    for name, at in outline:
        writer.add_outline_item(title=name, page_number=at)
    writer.add_metadata(
        {
            "/Title": title,
            "/Subject": subject,
            "/Creator": f"cardgen {__version__}",
            "/Producer": f"cardgen {__version__}",
        }
    )
    root = writer._root_object  # (pypdf names the catalogue so; it has no other handle on it)
    root[NameObject("/PageMode")] = NameObject("/UseOutlines")
    root[NameObject("/ViewerPreferences")] = DictionaryObject(
        {
            NameObject("/PrintScaling"): NameObject("/None"),
            NameObject("/Duplex"): NameObject(DUPLEX_NAMES[duplex]),
            NameObject("/DisplayDocTitle"): BooleanObject(True),
        }
    )
    digest = hashlib.sha256()
    for data in sources:
        digest.update(hashlib.sha256(data).digest())
    digest.update(repr([(p.source, p.number, p.label, p.number_shown) for p in pages]).encode())
    digest.update(repr((list(outline), title, subject, duplex)).encode("utf-8"))
    ident = ByteStringObject(digest.digest()[:16])
    writer._ID = ArrayObject((ident, ident))  # a digest, not pypdf's random bytes: same pages, same file
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
