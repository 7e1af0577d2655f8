"""A PDF audited strictly: the cross-reference table must point at every object, every
object must parse and every stream's filters must undo exactly (zlib's checksum finds a
flipped byte), with nothing repaired on the way. Read with pypdf, an engine independent of
the one that wrote the file (ReportLab) and of the one that reads its pages (pdfium).
"""

from __future__ import annotations

import base64
import io
import logging
import re
import zlib
from typing import Any

STREAM_LIMIT = 256_000_000  # decoded bytes of one PDF stream


def _unfilter(name: str, data: bytes) -> bytes:
    """One PDF filter undone strictly: any damage raises ValueError."""
    if name in ("/FlateDecode", "/Fl"):
        d = zlib.decompressobj()
        try:
            out = d.decompress(data, STREAM_LIMIT)
        except zlib.error as e:
            raise ValueError(f"its compressed data is damaged ({e})") from None
        if d.unconsumed_tail:
            raise ValueError(f"it inflates to more than {STREAM_LIMIT} bytes")
        if not d.eof:
            raise ValueError("its compressed data ends early")
        if d.unused_data.strip():
            raise ValueError("bytes follow the end of its compressed data")
        return out
    if name in ("/ASCII85Decode", "/A85"):
        body = bytes(data).strip()
        if body.startswith(b"<~"):
            body = body[2:]
        if not body.endswith(b"~>"):
            raise ValueError("its ASCII85 data has no end marker")
        try:
            return base64.a85decode(body[:-2], ignorechars=b" \t\n\r\x0b\x0c")
        except ValueError as e:
            raise ValueError(f"its ASCII85 data is damaged ({e})") from None
    if name in ("/ASCIIHexDecode", "/AHx"):
        body = bytes(data).strip()
        if not body.endswith(b">"):
            raise ValueError("its hex data has no end marker")
        try:
            return bytes.fromhex(body[:-1].decode("ascii"))
        except (ValueError, UnicodeDecodeError) as e:
            raise ValueError(f"its hex data is damaged ({e})") from None
    if name in ("/DCTDecode", "/DCT"):  # a theme's JPEG picture, put in as it was
        from PIL import Image

        try:
            with Image.open(io.BytesIO(bytes(data))) as im:
                if im.format != "JPEG":
                    raise ValueError("its DCT data is not a JPEG")
                im.load()
        except (OSError, SyntaxError, Image.DecompressionBombError) as e:
            raise ValueError(f"its JPEG data is damaged ({_one_line(e)})") from None
        return bytes(data)
    raise ValueError(f"it uses the {name} filter, which cardgen never writes")


def _stream_names(reader: Any, problems: list[str]) -> dict[int, str]:
    """Object number -> what the stream is (page content, embedded font), for messages; and
    into ``problems``, a font whose descriptor names another font."""
    names: dict[int, str] = {}

    def ref(obj: Any) -> int | None:
        num = getattr(obj, "idnum", None)
        return num if isinstance(num, int) else None

    try:
        for i, page in enumerate(reader.pages, 1):
            contents = page.get("/Contents")
            for c in contents if isinstance(contents, list) else [contents]:
                if (n := ref(c)) is not None:
                    names.setdefault(n, f"the content of page {i}")
            fonts = page.get("/Resources", {}).get_object().get("/Font", {}).get_object()
            for font in fonts.values():
                font = font.get_object()
                base = str(font.get("/BaseFont", "?")).lstrip("/").split("+", 1)[-1]
                if (n := ref(font.get("/ToUnicode"))) is not None:
                    names.setdefault(n, f"the text map of font {base}")
                desc = font.get("/FontDescriptor")
                desc = desc.get_object() if desc is not None else {}
                if "/FontName" in desc and str(desc["/FontName"]) != str(font.get("/BaseFont")):
                    problems.append(f"font {base} is described as {str(desc['/FontName']).lstrip('/')}")
                for key in ("/FontFile", "/FontFile2", "/FontFile3"):
                    if (n := ref(desc.get(key))) is not None:
                        names.setdefault(n, f"the embedded font {base}")
    except Exception:  # noqa: BLE001 - names only decorate messages; damage is reported below
        pass
    return names


class _Warnings(logging.Handler):
    """Collects what pypdf logs while it repairs a file: each repair is damage found."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(" ".join(record.getMessage().split())[:160])


def pdf_damage(data: bytes) -> list[str]:
    """What is damaged in a PDF: the cross-reference table must point at every object, every
    object must parse and every stream's filters must undo strictly (zlib's checksum finds a
    flipped byte), with nothing repaired on the way; no "best effort" recovery."""
    log = logging.getLogger("pypdf")
    caught, propagate = _Warnings(), log.propagate
    log.addHandler(caught)
    log.propagate = False  # pypdf's notes must not reach the terminal
    try:
        out = _damage(data)
    finally:
        log.removeHandler(caught)
        log.propagate = propagate
    return out + [f"pypdf had to repair it ({m})" for m in dict.fromkeys(caught.messages)][:3]


def _damage(data: bytes) -> list[str]:
    from pypdf import PdfReader
    from pypdf.generic import IndirectObject, StreamObject

    try:
        reader = PdfReader(io.BytesIO(data), strict=True)
        table = {(num, gen): at for gen, objs in reader.xref.items() for num, at in objs.items() if num}
        numbers = sorted(table) + sorted({(num, 0) for num in reader.xref_objStm})
    except Exception as e:  # noqa: BLE001 - a damaged file can raise nearly anything
        return [f"its structure cannot be read ({_one_line(e)})"]
    out: list[str] = []
    for (num, gen), at in sorted(table.items()):
        if not isinstance(at, int) or not re.match(rb"\s*%d\s+%d\s+obj\b" % (num, gen), data[at : at + 40]):
            out.append(f"its cross-reference table does not point at object {num}")
    names = _stream_names(reader, out)
    out = list(dict.fromkeys(out))
    for num, gen in numbers:
        try:
            obj = reader.get_object(IndirectObject(num, gen, reader))
        except Exception as e:  # noqa: BLE001
            out.append(f"object {num} cannot be read ({_one_line(e)})")
            continue
        if obj is None:
            out.append(f"object {num} cannot be read")
            continue
        if not isinstance(obj, StreamObject):
            continue
        try:
            filters = obj.get("/Filter")
            filters = [] if filters is None else [filters] if not isinstance(filters, list) else list(filters)
            body = bytes(obj._data)
            if any(str(f) in ("/DCTDecode", "/DCT") for f in filters[:-1]) or (
                filters and str(filters[-1]) in ("/DCTDecode", "/DCT") and obj.get("/Subtype") != "/Image"
            ):
                raise ValueError("it uses the /DCTDecode filter other than for a picture, which cardgen never writes")
            for f in filters:
                body = _unfilter(str(f), body)
            length1 = obj.get("/Length1")
            if isinstance(length1, int) and length1 != len(body):
                raise ValueError(f"it decodes to {len(body)} bytes, not the {length1} it records")
        except ValueError as e:
            out.append(f"object {num} ({names.get(num, 'a stream')}): {e}")
    return out


def _one_line(e: BaseException) -> str:
    return " ".join(str(e).split())[:160] or type(e).__name__
