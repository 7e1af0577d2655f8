"""What a PDF holds besides its pages' drawings, proved by allow-list: a printer prints what the
document says, not only what pdfium reads as text and paths (a ``/UserUnit`` scales the page,
an annotation prints over a card, a script runs on opening, a hidden layer hides half a page).

``pdf_outside`` names everything in a PDF that cardgen's writer never writes: any key of the
document, its information, a page or a page's resources other than cardgen's, any operator
in a page's content other than the ones the writer uses. ``pdf_differences`` compares a PDF
with the one this version writes for the same pack (the same bytes, when nothing was touched)
and names, page by page, where they differ. Read with pypdf, imported here only: only
``cardgen check`` audits a PDF (a build has just written its own). ``print_pdf_problems`` holds a
print service's PDF (``--preset drivethrucards``) to what cardgen promises of it.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Iterator
from typing import Any

from cardgen.units import shown

# What ReportLab writes for cardgen, and nothing else (render/pdf.py, render/document.py).
TRAILER = frozenset({"/ID", "/Info", "/Root", "/Size"})
CATALOG = frozenset({"/Type", "/Pages", "/PageMode", "/ViewerPreferences"})
# the viewer preferences cardgen writes (``render.pdf.describe``), and their only values: print at
# actual size, show the title
VIEWER = {"/PrintScaling": "/None", "/DisplayDocTitle": "True"}
INFO = frozenset(
    {"/Author", "/CreationDate", "/Creator", "/Keywords", "/ModDate", "/Producer", "/Subject", "/Title", "/Trapped"}
)
PAGE = frozenset(
    {"/Type", "/Parent", "/Contents", "/Resources", "/MediaBox", "/Rotate", "/Trans", "/TrimBox", "/BleedBox"}
)
RESOURCES = frozenset({"/Font", "/ProcSet", "/XObject", "/ExtGState"})
PAGE_TREE = frozenset({"/Type", "/Kids", "/Count", "/Parent"})  # nothing a page would inherit
GRAPHICS_STATE = frozenset({"/Type", "/CA", "/ca"})  # ReportLab's see-through paint, and nothing else
# the operators of the pages cardgen writes: state, paths and their paint, clips, text, pictures
OPERATORS = frozenset(
    "q Q cm w J j M d gs rg RG g G k K m l c v y h re f f* F B B* b b* S s n W W* "
    "BT ET Tf TL Tc Tw Tz Ts Td TD Tm T* Tj TJ ' \" Tr Do".split()
)
_TOKEN = re.compile(
    rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>|/[^\s/\[\]()<>{}%]*|\[|\]|<<|>>|[-+]?(?:\d+\.?\d*|\.\d+)|"
    rb"%[^\r\n]*|[A-Za-z'\"*]+|\S"
)
MAX_OPERATORS = 5_000_000  # per page: far beyond a sheet of cards


def _reader(data: bytes) -> Any:
    from pypdf import PdfReader  # (only `cardgen check` audits a PDF: 110 ms to import)

    return PdfReader(io.BytesIO(data), strict=False)


def _keys(obj: Any) -> list[str]:
    try:
        return [str(k) for k in obj.keys()]
    except Exception:  # noqa: BLE001 - damaged structure: reported by the audit
        return []


def operators(content: bytes) -> Iterator[str]:
    """The operators of a content stream, in order (operands, strings, names skipped).

    >>> list(operators(b"q 1 0 0 1 10 20 cm BT /F1 12 Tf (a) Tj ET Q"))
    ['q', 'cm', 'BT', 'Tf', 'Tj', 'ET', 'Q']
    """
    for i, m in enumerate(_TOKEN.finditer(content)):
        if i > MAX_OPERATORS:
            return
        tok = m.group()
        if tok[:1].isalpha() or tok in (b"'", b'"'):
            if tok not in (b"true", b"false", b"null"):
                yield tok.decode("latin-1")


def _viewer_problems(root: Any) -> list[str]:
    """The document's viewer preferences that cardgen never writes (a key, or another value)."""
    if "/ViewerPreferences" not in root:
        return []
    try:
        prefs = root["/ViewerPreferences"].get_object()
        found = {str(k): str(v) for k, v in prefs.items()}
    except Exception:  # noqa: BLE001 - damaged structure: reported as such
        return ["the document's /ViewerPreferences cannot be read"]
    return [
        f"the document's viewer preference {k} {v}, which cardgen never writes"
        for k, v in found.items()
        if VIEWER.get(k) != v
    ]


def pdf_outside(data: bytes, *, catalog: frozenset[str] = CATALOG) -> list[str]:
    """Everything in the PDF ``data`` that cardgen never writes, each as a phrase ("page 1: a
    /UserUnit, which cardgen never writes"); empty when it holds only what cardgen writes
    (``catalog``: the document's keys it writes, a print service's PDF has an OutputIntent too)."""
    try:
        reader = _reader(data)
        trailer = reader.trailer
        root = trailer["/Root"].get_object()
    except Exception as e:  # noqa: BLE001 - any damage: the audit names it
        return [f"its structure cannot be read ({' '.join(str(e).split())[:80]})"]
    out = [f"the document's {k}, which cardgen never writes" for k in _keys(trailer) if k not in TRAILER]
    out += [f"the document's {k}, which cardgen never writes" for k in _keys(root) if k not in catalog]
    if str(root.get("/PageMode", "/UseNone")) != "/UseNone":
        out.append(f"the document's /PageMode {root.get('/PageMode')}, which cardgen never writes")
    out += _viewer_problems(root)
    info = trailer.get("/Info")
    if info is not None:
        out += [
            f"the document information's {k}, which cardgen never writes"
            for k in _keys(info.get_object())
            if k not in INFO
        ]
    out += [
        f"the page tree's {k}, which cardgen never writes (every page under it takes it)"
        for node in _page_tree(root)
        for k in _keys(node)
        if k not in PAGE_TREE
    ]
    for n, page in enumerate(reader.pages, 1):
        out += [f"page {n}: a {k}, which cardgen never writes" for k in _keys(page) if k not in PAGE]
        rotate = page.get("/Rotate", 0)
        if rotate not in (0, None):
            out.append(f"page {n}: a /Rotate {rotate}, which cardgen never writes")
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        out += [
            f"page {n}: resources of kind {k}, which cardgen never writes"
            for k in _keys(resources)
            if k not in RESOURCES
        ]
        out += [f"page {n}: {why}" for why in _resource_problems(resources)]
        try:
            content = page.get_contents()
            body = content.get_data() if content is not None else b""
        except Exception as e:  # noqa: BLE001
            out.append(f"page {n}: its content cannot be read ({' '.join(str(e).split())[:60]})")
            continue
        strange = sorted({op for op in operators(body) if op not in OPERATORS})
        if strange:
            out.append(f"page {n}: it draws with {', '.join(strange[:5])}, which cardgen never writes")
    return out


def _page_tree(root: Any) -> list[Any]:
    """The page tree's inner nodes (``/Pages`` and any under it), not the pages."""
    nodes: list[Any] = []
    try:
        todo = [root["/Pages"].get_object()]
        while todo and len(nodes) < 10_000:
            node = todo.pop()
            nodes.append(node)
            for kid in node.get("/Kids", []):
                kid = kid.get_object()
                if str(kid.get("/Type")) == "/Pages" and all(kid is not n for n in nodes):
                    todo.append(kid)
    except Exception:  # noqa: BLE001 - damaged structure: reported by the audit
        pass
    return nodes


def _resource_problems(resources: Any) -> list[str]:
    """What a page's graphics states and external objects hold that cardgen never writes: a
    graphics state setting more than see-through paint (a transfer function inverts the print,
    a halftone, a soft mask, a blend mode), a drawing of its own (a form)."""
    out: list[str] = []
    try:
        states = resources.get("/ExtGState")
        for name, state in states.get_object().items() if states is not None else []:
            extra = [k for k in _keys(state.get_object()) if k not in GRAPHICS_STATE]
            if extra:
                out.append(f"its graphics state {name} sets {', '.join(extra[:3])}, which cardgen never writes")
        objects = resources.get("/XObject")
        for name, xobject in objects.get_object().items() if objects is not None else []:
            kind = str(xobject.get_object().get("/Subtype"))
            if kind != "/Image":
                out.append(f"its object {name} is a {kind}, which cardgen never writes")
    except Exception as e:  # noqa: BLE001 - damaged structure
        out.append(f"its resources cannot be read ({' '.join(str(e).split())[:60]})")
    return out


def _plain(obj: Any, depth: int = 0) -> Any:
    """A PDF object as plain values, indirect references followed (but not to the page tree),
    streams as their decoded bytes: what two files can be compared by, whatever their numbering."""
    if depth > 30:
        return "…"
    obj = obj.get_object() if hasattr(obj, "get_object") else obj
    if hasattr(obj, "get_data"):
        try:
            data = obj.get_data()
        except Exception:  # noqa: BLE001
            data = b"<damaged>"
        return (
            "stream",
            {str(k): _plain(v, depth + 1) for k, v in obj.items() if str(k) not in ("/Length", "/Filter")},
            data,
        )
    if hasattr(obj, "keys"):
        return {str(k): _plain(v, depth + 1) for k, v in obj.items() if str(k) != "/Parent"}
    if isinstance(obj, list):
        return [_plain(v, depth + 1) for v in obj]
    if isinstance(obj, float):
        return round(obj, 3)
    return str(obj) if not isinstance(obj, int | bool) else obj


def _first_difference(got: bytes, want: bytes) -> str:
    """The first line of a page's content where ``got`` differs from ``want``, shown."""
    a, b = got.splitlines(), want.splitlines()
    for x, y in zip(a, b):
        if x != y:
            return f"it draws {shown(x.decode('latin-1'), 40)} where cardgen draws {shown(y.decode('latin-1'), 40)}"
    if len(a) > len(b):
        return f"it draws more than cardgen does ({shown(a[len(b)].decode('latin-1'), 40)} …)"
    return "it draws less than cardgen does"


def pdf_differences(got: bytes, want: bytes) -> list[str]:
    """How the PDF ``got`` differs from ``want`` (what this cardgen writes for the same pack),
    named where it can be: the document's keys, each page's keys, resources and drawing."""
    if got == want:
        return []
    try:
        a, b = _reader(got), _reader(want)
        out: list[str] = []
        ra, rb = a.trailer["/Root"].get_object(), b.trailer["/Root"].get_object()
        ca = {k: _plain(v) for k, v in ra.items() if str(k) != "/Pages"}
        cb = {k: _plain(v) for k, v in rb.items() if str(k) != "/Pages"}
        out += [
            f"the document's {k} is not what cardgen writes"
            for k in sorted(set(ca) | set(cb))
            if ca.get(k) != cb.get(k)
        ]
        ia, ib = (_plain(r.trailer.get("/Info", {})) for r in (a, b))
        if ia != ib:
            keys = sorted({k for k in set(ia) | set(ib) if ia.get(k) != ib.get(k)})
            out.append(f"the document information's {', '.join(keys[:3])} is not what cardgen writes")
        ta, tb = (
            [{str(k): _plain(v) for k, v in n.items() if str(k) not in ("/Kids", "/Count")} for n in _page_tree(r)]
            for r in (ra, rb)
        )
        keys = sorted({k for x, y in zip(ta, tb) for k in set(x) | set(y) if x.get(k) != y.get(k)})
        keys += ["nodes"] if len(ta) != len(tb) else []
        if keys:
            out.append(
                f"the page tree's {', '.join(keys[:3])} is not what cardgen writes (every page under it takes it)"
            )
        if len(a.pages) != len(b.pages):
            out.append(f"it has {len(a.pages)} pages, where cardgen writes {len(b.pages)}")
        for n, (pa, pb) in enumerate(zip(a.pages, b.pages), 1):
            da = {str(k): _plain(v) for k, v in pa.items() if str(k) not in ("/Parent", "/Contents")}
            db = {str(k): _plain(v) for k, v in pb.items() if str(k) not in ("/Parent", "/Contents")}
            for k in sorted(set(da) | set(db)):
                if da.get(k) != db.get(k):
                    what = "resources" if k == "/Resources" else k
                    out.append(
                        f"page {n}: its {what} {'is not' if k in db else 'is there, and is not'} what cardgen writes"
                    )
            ga, gb = pa.get_contents(), pb.get_contents()
            body_a = ga.get_data() if ga is not None else b""
            body_b = gb.get_data() if gb is not None else b""
            if body_a != body_b:
                out.append(f"page {n}: {_first_difference(body_a, body_b)}")
        # the document, its page tree and every page (keys, resources, drawing) are the same: the
        # file was saved again (another numbering, compression or ID), or differs where nothing reads
        return out or [
            "its bytes are not what cardgen writes, though its document, page tree and pages compare the same"
        ]
    except Exception as e:  # noqa: BLE001 - a damaged file: the audit names the damage
        return [f"it cannot be compared with what cardgen writes ({' '.join(str(e).split())[:80]})"]


def _box(value: Any) -> tuple[float, ...] | None:
    try:
        box = tuple(float(v) for v in value.get_object())
    except Exception:  # noqa: BLE001 - not a box: named by the caller
        return None
    return box if len(box) == 4 else None


def _font_embedded(font: Any) -> bool:
    """Whether a font dictionary carries its font program (a composite font: its descendant's)."""
    font = font.get_object()
    if str(font.get("/Subtype")) == "/Type0":
        kids = font.get("/DescendantFonts")
        return bool(kids) and all(_font_embedded(k) for k in kids.get_object())
    descriptor = font.get("/FontDescriptor")
    descriptor = descriptor.get_object() if descriptor is not None else {}
    return any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def print_pdf_problems(data: bytes, *, pages: int, size: tuple[float, float], trim: float, condition: str) -> list[str]:
    """What keeps ``data`` from being the print service's PDF cardgen promises: ``pages`` pages,
    each ``size`` points with its TrimBox ``trim`` points inside the edge and its BleedBox the
    whole page; colours in CMYK (or grey), never RGB; no transparency; every font embedded; no
    pictures; PDF 1.3; an OutputIntent naming ``condition``. Each as a phrase ("page 3: it paints in RGB (rg)")."""
    try:
        reader = _reader(data)
        root = reader.trailer["/Root"].get_object()
        found = reader.pages
        count = len(found)
    except Exception as e:  # noqa: BLE001 - any damage: the audit names it
        return [f"its structure cannot be read ({' '.join(str(e).split())[:80]})"]
    out: list[str] = []
    if not data.startswith(b"%PDF-1.3"):
        out.append(f"it says {shown(data[1:8].decode('latin-1'), 12)}, wanted PDF-1.3 (PDF/X-1a:2001's)")
    intents = root.get("/OutputIntents")
    named = []
    for intent in intents.get_object() if intents is not None else []:
        intent = intent.get_object()
        if str(intent.get("/S")) == "/GTS_PDFX":
            named.append(str(intent.get("/OutputConditionIdentifier")))
    if condition not in named:
        out.append(f"it names no OutputIntent for {condition}")
    if count != pages:
        out.append(f"it has {count} pages, wanted {pages} (a back and a front a card)")
    w, h = size
    media_want = (0.0, 0.0, w, h)
    trim_want = (trim, trim, w - trim, h - trim)
    for n, page in enumerate(found, 1):
        boxes = {k: _box(page[k]) if k in page else None for k in ("/MediaBox", "/TrimBox", "/BleedBox")}
        for key, want in (("/MediaBox", media_want), ("/TrimBox", trim_want), ("/BleedBox", media_want)):
            got = boxes[key]
            if got is None:
                out.append(f"page {n}: it has no {key}")
            elif any(abs(a - b) > 0.01 for a, b in zip(got, want)):
                shown_box = " ".join(f"{v:g}" for v in got)
                out.append(f"page {n}: its {key} is [{shown_box}], wanted [{' '.join(f'{v:g}' for v in want)}]")
        resources = page.get("/Resources")
        resources = resources.get_object() if resources is not None else {}
        fonts = resources.get("/Font")
        for name, font in fonts.get_object().items() if fonts is not None else []:
            if not _font_embedded(font):
                out.append(f"page {n}: its font {name} is not embedded")
        if "/ExtGState" in resources:
            out.append(
                f"page {n}: it sets graphics states (/ExtGState: transparency?), which cardgen never writes there"
            )
        xobjects = resources.get("/XObject")
        for name, xobject in xobjects.get_object().items() if xobjects is not None else []:
            if str(xobject.get_object().get("/Subtype")) == "/Image":
                out.append(f"page {n}: it holds a picture ({name}), which cardgen never writes there")
        try:
            content = page.get_contents()
            body = content.get_data() if content is not None else b""
        except Exception as e:  # noqa: BLE001
            out.append(f"page {n}: its content cannot be read ({' '.join(str(e).split())[:60]})")
            continue
        rgb = sorted({op for op in operators(body) if op in ("rg", "RG", "sc", "SC", "scn", "SCN", "cs", "CS")})
        if rgb:
            out.append(f"page {n}: it paints with {', '.join(rgb)}, not in CMYK")
    return out


def _canonical(value: Any) -> Any:
    """A ``_plain`` value as text that orders a dictionary's keys (two writers may order them otherwise)."""
    if isinstance(value, dict):
        return "{" + ",".join(f"{k}:{_canonical(v)}" for k, v in sorted(value.items())) + "}"
    if isinstance(value, list):
        return "[" + ",".join(_canonical(v) for v in value) + "]"
    if isinstance(value, tuple):  # a stream: its dictionary and its decoded bytes
        return f"stream({_canonical(value[1])},{hashlib.sha256(value[2]).hexdigest()})"
    return repr(value)


def page_digests(data: bytes) -> list[str]:
    """A digest of each page of the PDF ``data``: what it draws and everything it draws with
    (its content, its resources and fonts followed to their bytes, its boxes), whatever the
    file numbers its objects, so that a page copied whole into another PDF (a kit's) has the
    digest it had where it came from. One line (ValueError) when the file cannot be read."""
    try:
        reader = _reader(data)
        out = []
        for page in reader.pages:
            plain = {str(k): _plain(v) for k, v in page.items() if str(k) not in ("/Parent", "/Contents")}
            content = page.get_contents()
            body = content.get_data() if content is not None else b""
            text = _canonical(plain) + hashlib.sha256(body).hexdigest()
            out.append(hashlib.sha256(text.encode("utf-8")).hexdigest())
        return out
    except Exception as e:  # noqa: BLE001 - any damage: said in one line
        raise ValueError(f"its pages cannot be read ({' '.join(str(e).split())[:80]})") from None
