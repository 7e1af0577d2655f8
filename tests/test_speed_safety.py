"""Speed-ups that must not change what is written or what the checker says (issue #12).

The PDF writer draws each text by writing the operators ReportLab's own calls write
(``render.pdf._Page.text``, instead of ``saveState``/``setFont``/``translate``/``drawString``
per text); the checker reads a PDF one page at a time and compares each page as it comes.
These tests hold the fast ways against the plain ones: the same bytes (ReportLab's own calls
are the reference), texts that stay text objects (read with pdfplumber), the same pages, and
the checker's verdicts on PDFs edited with pikepdf. No timings: speed is measured by
``bench/bench.py``.
"""

from __future__ import annotations

import io
import re
import shutil
from pathlib import Path

import pdfplumber
import pikepdf
import pytest
from hypothesis import given
from hypothesis import strategies as st

import cardgen.render.pdf as pdf_writer
from cardgen.cli import run
from cardgen.layout.shapes import Drawing, Group, Line, Rect, Text
from cardgen.proof.pdfread import PdfPages, read_pages

PT = 72 / 25.4
# More than 256 different characters the shipped font has: ReportLab puts them in a second subset.
MANY = "".join(chr(c) for c in range(0x100, 0x250))


def sample_page(texts: tuple[Text, ...], origin: tuple[float, float] = (0.0, 0.0)) -> Drawing:
    frame = Rect(0, 0, 100, 120, fill="#dfe8f2", stroke="#1f4e79", stroke_width=0.35, radius=2)
    mark = Line(0, 0, 5, 0, dash=(1.0, 0.5))
    clip = Group((Text(1, 5, "clipped", 4),), dx=10, dy=100, clip=(0, 0, 20, 8))
    return Drawing(110, 130, (frame, mark, *texts, Group(texts, dx=3, dy=4), clip), origin=origin)


TEXTS = (
    Text(10, 10, "Ab(c)\\d)", 4, "start"),
    Text(30, 20, "84", 10, "middle", bold=True),
    Text(50, 30, "B→X", 6, "end", rotate=180, fill="#8a2323", bold=True),
    Text(20, 60, "turned 90", 3, "start", rotate=90),
    Text(20, 60, "45", 3, "middle", rotate=45),
    Text(20, 60, "-30", 3, "end", rotate=-30),
    Text(10, 80, "", 3),
    Text(10, 90, "Zug 漢字 ✓ é", 3, fill="#1e6b3e"),
    Text(5, 110, MANY, 0.5),
)


def by_reportlab(monkeypatch: pytest.MonkeyPatch, pages: list[Drawing]) -> bytes:
    """The PDF drawn with ReportLab's own calls for every text (the writer's reference)."""
    with monkeypatch.context() as m:
        m.setattr(pdf_writer._Page, "text", pdf_writer._Page.text_by_canvas)
        return pdf_writer.write_pdf(pages, title="reference")


def test_texts_are_written_as_reportlab_writes_them(monkeypatch):  # type: ignore[no-untyped-def]
    # two pages with the same texts (the second looks up what the first encoded), one with bleed
    pages = [sample_page(TEXTS), sample_page(TEXTS), sample_page(TEXTS[:3], origin=(-3.0, -3.0))]
    slow: list[object] = []
    with monkeypatch.context() as m:
        m.setattr(pdf_writer._Page, "text_by_canvas", lambda self, *a: slow.append(a))
        fast = pdf_writer.write_pdf(pages, title="reference")
    assert not slow  # every text took the fast way
    assert fast == by_reportlab(monkeypatch, pages)
    with pikepdf.open(io.BytesIO(fast)) as doc:
        assert b"/F1+1 " in doc.pages[0].Contents.read_bytes()  # the second subset is used


@given(
    st.lists(
        st.builds(
            Text,
            x=st.floats(-5, 105),
            y=st.floats(-5, 125),
            text=st.text(st.characters(min_codepoint=32, max_codepoint=0x3FF), max_size=12),
            size=st.floats(0.2, 30),
            anchor=st.sampled_from(["start", "middle", "end"]),
            rotate=st.integers(-360, 360),
            fill=st.sampled_from(["#1a1a1a", "#ffffff", "#8a2323"]),
            bold=st.booleans(),
        ),
        max_size=6,
    )
)
def test_any_texts_are_written_as_reportlab_writes_them(texts):  # type: ignore[no-untyped-def]
    pages = [sample_page(tuple(texts))]
    with pytest.MonkeyPatch.context() as m:
        fast = pdf_writer.write_pdf(pages)
        m.setattr(pdf_writer._Page, "text", pdf_writer._Page.text_by_canvas)
        assert fast == pdf_writer.write_pdf(pages)


def test_texts_on_a_scaled_canvas_are_written_as_reportlab_writes_them(monkeypatch):  # type: ignore[no-untyped-def]
    """``render.document`` draws figures with ``_Page`` on its own canvas, scaled, in a saved state."""
    from reportlab.pdfgen.canvas import Canvas

    def draw() -> bytes:
        pdf_writer._register_fonts()
        buf = io.BytesIO()
        c = Canvas(buf, invariant=1, initialFontName=pdf_writer.FONT_NAMES[False])
        c.saveState()
        c.scale(0.5, 0.5)
        page = sample_page(TEXTS)
        pdf_writer._Page(c, page).draw(page.shapes)
        c.restoreState()
        c.showPage()
        c.save()
        return buf.getvalue()

    fast = draw()
    monkeypatch.setattr(pdf_writer._Page, "text", pdf_writer._Page.text_by_canvas)
    assert fast == draw()


def test_every_text_stays_a_text_in_its_font_size_and_place():  # type: ignore[no-untyped-def]
    texts = (
        Text(10, 10, "Ab", 4, "start"),
        Text(30, 20, "84", 10, "middle", bold=True),
        Text(50, 30, "XY", 6, "end", fill="#8a2323"),
    )
    data = pdf_writer.write_pdf([Drawing(100, 120, texts)])
    with pdfplumber.open(io.BytesIO(data)) as doc:
        chars = doc.pages[0].chars
    assert "".join(c["text"] for c in chars) == "Ab84XY"
    for t in texts:
        mine = [c for c in chars if c["text"] in t.text]
        assert {c["fontname"].split("+")[-1] for c in mine} == {pdf_writer.FONT_NAMES[t.bold]}
        assert all(c["size"] == pytest.approx(t.size * PT, abs=0.01) for c in mine)
        width = len(t.text) * 1233 / 2048 * t.size  # the font's advance: 1233 units of 2048
        left = {"start": t.x, "middle": t.x - width / 2, "end": t.x - width}[t.anchor]
        assert min(c["x0"] for c in mine) / PT == pytest.approx(left, abs=0.05)
    colours = {c["text"]: c["non_stroking_color"] for c in chars}
    assert colours["X"] == pytest.approx((0x8A / 255, 0x23 / 255, 0x23 / 255), abs=0.002)


# ---------------------------------------------------------------- reading a page at a time


@pytest.fixture(scope="module")
def packs(tmp_path_factory):  # type: ignore[no-untyped-def]
    """Pattern two, census 3, two copies: 12 cards on two sheets; and the same with backs."""
    from cardgen.options import print_options
    from cardgen.products.got import build_pack

    out = tmp_path_factory.mktemp("packs")
    return {
        "plain": build_pack(pattern="two", census=3, copies=2, out=out / "a").folder,
        "backs": build_pack(pattern="two", census=3, copies=2, opts=print_options(backs=True), out=out / "b").folder,
    }


@pytest.fixture
def pack(packs, tmp_path):  # type: ignore[no-untyped-def]
    def copy(kind: str = "plain") -> Path:
        dest = tmp_path / kind / packs[kind].name
        shutil.copytree(packs[kind], dest)
        return dest

    return copy


def test_pages_read_one_at_a_time_are_the_pages_read_at_once(packs):  # type: ignore[no-untyped-def]
    data = next(packs["backs"].glob("*.pdf")).read_bytes()
    pages = read_pages(data)
    assert len(pages) == 4 and all(p.texts for p in pages)
    with PdfPages(data) as doc:
        assert len(doc) == 4
        assert [doc.read(i) for i in (3, 0, 2, 1)] == [pages[3], pages[0], pages[2], pages[1]]
    assert read_pages(data, range(1, 3)) == pages[1:3]


def check(capsys, folder: Path) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    code = run(["check", str(folder)])
    out = capsys.readouterr().out
    assert "Traceback" not in out
    return code, out


def edit_pdf(folder: Path, edit) -> None:  # type: ignore[no-untyped-def]
    path = next(folder.glob("*.pdf"))
    with pikepdf.open(path, allow_overwriting_input=True) as pdf:
        edit(pdf)
        pdf.save(path)


def test_a_later_page_of_the_wrong_size_stops_the_card_comparisons(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()

    def shrink_page_2_and_recolour_card_1(pdf: pikepdf.Pdf) -> None:
        pdf.pages[1].MediaBox = pikepdf.Array([0, 0, 595.2756, 420.9449])  # A5 landscape-ish: 210 × 148.5 mm
        page = pdf.pages[0]
        page.Contents = pdf.make_stream(
            page.Contents.read_bytes().replace(b".101961 .101961 .101961 rg", b"1 0 0 rg", 1)
        )

    edit_pdf(folder, shrink_page_2_and_recolour_card_1)
    code, out = check(capsys, folder)
    assert code == 1
    assert "page 2 is 210.0×148.5mm, not the 210×297mm portrait sheet" in out
    assert "slot" not in out  # with the paper wrong, no card is compared: not even card 1 on page 1


def test_a_first_page_of_the_wrong_size_is_named_once(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    edit_pdf(folder, lambda pdf: setattr(pdf.pages[0], "MediaBox", pikepdf.Array([0, 0, 612, 792])))
    code, out = check(capsys, folder)
    assert code == 1 and "page 1 is 215.9×279.4mm" in out and "page 2 is" not in out and "slot" not in out


def test_an_extra_page_is_counted_and_no_card_blamed(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    edit_pdf(folder, lambda pdf: pdf.pages.append(pdf.pages[1]))
    code, out = check(capsys, folder)
    assert code == 1 and "it has 3 pages, not the 2 that 12 cards on 9 a sheet need" in out
    assert "slot" not in out


def test_a_text_drawn_twice_is_named_once(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack()
    index = re.compile(
        rb"q\n[0-9. ]+ rg\n1 0 0 1 -?[0-9.]+ -?[0-9.]+ cm\nBT 1 0 0 1 0 0 Tm /F1\+0 12.44126 Tf [0-9.]+ TL \(1\) Tj T\* ET\nQ\n"
    )

    def twice(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[0]
        data = page.Contents.read_bytes()
        m = index.search(data)
        assert m is not None
        page.Contents = pdf.make_stream(data[: m.end()] + m.group(0) + data[m.end() :])

    edit_pdf(folder, twice)
    code, out = check(capsys, folder)
    assert code == 1
    assert out.count("it shows '1', which its SVG does not") == 1
    assert "(card 1)" in out and "(card 2)" not in out


def test_the_backs_of_every_sheet_are_still_compared(capsys, pack):  # type: ignore[no-untyped-def]
    folder = pack("backs")

    def reword_the_first_back_on_page_4(pdf: pikepdf.Pdf) -> None:
        page = pdf.pages[3]
        data = page.Contents.read_bytes()
        page.Contents = pdf.make_stream(re.sub(rb"\((?:[^()\\]|\\.)*\) Tj", b"(ZZZ) Tj", data, count=1))

    edit_pdf(folder, reword_the_first_back_on_page_4)
    code, out = check(capsys, folder)
    assert code == 1 and "pdf: page 4, slot" in out and "(back of card 1" in out  # sheet 2 holds cards 10 to 12
    assert "pdf: page 2" not in out


# ---------------------------------------------------------------- each card in a frame of its own


def sheets_of(pattern: str, census: int, bleed: float = 0.0) -> list[Drawing]:
    """A pack's faces imposed on A4 sheets, as ``cardgen pack`` draws them."""
    from cardgen.impose.sheets import impose, plan_sheet
    from cardgen.layout.got.card import card_face
    from cardgen.rules.got.patterns import make_pattern

    spec = make_pattern(pattern, census)
    faces = [card_face(c, spec, (63.5, 88.9), bleed=bleed) for c in spec.cards()]
    return impose(faces, plan_sheet((63.5, 88.9), (210, 297), bleed=bleed), label=spec.slug)


def by_offsets(pages: list[Drawing]) -> bytes:
    """The PDF drawn as before frames: every group's offset added to its shapes' coordinates,
    every shape drawn by ReportLab's calls afresh."""
    from cardgen.render.renderer import Renderer

    with pytest.MonkeyPatch.context() as m:
        m.setattr(pdf_writer._Page, "draw", Renderer.draw)
        m.setattr(pdf_writer._Page, "group", Renderer.group)
        return pdf_writer.write_pdf(pages)


def plumbed(data: bytes) -> list[dict[str, list[tuple[object, ...]]]]:
    """What pdfplumber (an engine of its own) finds on each page: every character with its font,
    size, place and colour, and every rectangle, line and curve with its box and paint."""
    out = []
    with pdfplumber.open(io.BytesIO(data)) as doc:
        for page in doc.pages:
            found: dict[str, list[tuple[object, ...]]] = {
                "chars": sorted(
                    (
                        c["text"],
                        c["fontname"].split("+")[-1],
                        round(c["size"], 2),
                        round(c["x0"], 2),
                        round(c["top"], 2),
                        tuple(round(v, 3) for v in c["non_stroking_color"]),
                    )
                    for c in page.chars
                ),
            }
            for kind in ("rects", "lines", "curves"):
                found[kind] = sorted(
                    (round(o["x0"], 2), round(o["top"], 2), round(o["x1"], 2), round(o["bottom"], 2),
                     str(o["non_stroking_color"]) if o["fill"] else "", str(o["stroking_color"]) if o["stroke"] else "")
                    for o in getattr(page, kind)
                )  # fmt: skip
            out.append(found)
    return out


def same_objects(mine: list[tuple[object, ...]], theirs: list[tuple[object, ...]], tol: float = 0.02) -> bool:
    """Whether each object of ``mine`` is one of ``theirs``, in the same words and paint and within
    ``tol`` points (the coordinates are rounded differently), one for one."""
    left = list(theirs)
    for a in mine:
        hit = next(
            (
                b
                for b in left
                if all(abs(u - v) <= tol if isinstance(u, float) else u == v for u, v in zip(a, b, strict=True))
            ),
            None,
        )
        if hit is None:
            return False
        left.remove(hit)
    return not left


def test_each_card_is_drawn_in_its_own_frame_the_same_drawing_in_a_smaller_pdf():  # type: ignore[no-untyped-def]
    pages = sheets_of("two", 7)  # 84 cards on 10 sheets
    framed, flat = pdf_writer.write_pdf(pages), by_offsets(pages)
    for mine, theirs in zip(plumbed(framed), plumbed(flat), strict=True):
        for kind, objects in mine.items():  # every letter and shape where it was, as it was
            assert same_objects(objects, theirs[kind]), kind
    assert len(framed) < 0.8 * len(flat)
    with pikepdf.open(io.BytesIO(framed)) as doc:
        data = doc.pages[0].Contents.read_bytes()
    # nine cards, each moved to its place by a cm of its own and drawn in its own coordinates
    # (from its top-left corner, y up: its shapes have negative y), the same operators card after card
    # for what the faces share (their ground and rounded panel, drawn first; a removal's panel is
    # tinted, so colours aside)
    cards = data.split(b"q\n1 0 0 1 ")[1:]
    assert len(cards) == 9
    places = {c.split(b" cm\n", 1)[0] for c in cards}
    assert len(places) == 9
    frames = {
        b"\n".join(
            op
            for op in c.split(b" cm\n", 1)[1].split(b"\nB*\n", 1)[0].split(b"\n")
            if not op.endswith((b" rg", b" RG"))
        )
        for c in cards
    }
    assert len(frames) == 1 and b" -" in next(iter(frames))


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_operators_written_again_are_those_reportlab_writes(bleed):  # type: ignore[no-untyped-def]
    """``_Page.draw`` writes a shape it has drawn before in the same frame by its operators then;
    drawing every shape afresh gives the same bytes (the crop marks and labels too, outside
    any card's frame)."""
    from cardgen.render.renderer import Renderer

    pages = sheets_of("one", 5, bleed)
    again = pdf_writer.write_pdf(pages)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pdf_writer._Page, "draw", Renderer.draw)
        assert pdf_writer.write_pdf(pages) == again


def test_pages_deflated_as_they_are_done_are_the_bytes_reportlab_saves():  # type: ignore[no-untyped-def]
    pages = sheets_of("one", 5, 3.0)
    early = pdf_writer.write_pdf(pages)
    with pytest.MonkeyPatch.context() as m:
        m.setattr(pdf_writer, "_deflated", lambda page: None)
        assert pdf_writer.write_pdf(pages) == early


# ---------------------------------------------------------------- a sheet at a time


@pytest.mark.slow
@pytest.mark.every_core
def test_a_big_pack_is_proved_a_sheet_at_a_time(tmp_path):  # type: ignore[no-untyped-def]
    """The check reads each card's SVG as its sheet is compared and lets it go: with its pages
    handed over one at a time (as the worker does), it never holds more than a few sheets'
    drawings, and says what it said when it read them all first (the same verdict on a spoiled
    card, named once)."""
    import gc
    import weakref

    import cardgen.proof.svg as svg
    from cardgen.products.got import PACK, build_pack
    from cardgen.proof.cards import KEPT
    from cardgen.proof.pages import packed

    folder = build_pack(pattern="one", census=12, out=tmp_path).folder  # 264 cards, 30 sheets
    made: list[weakref.ref[svg.SvgDoc]] = []
    parse = svg.parse_svg

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        doc = parse(*args, **kwargs)
        if isinstance(doc, svg.SvgDoc):
            made.append(weakref.ref(doc))
        return doc

    most = 0

    def pages():  # type: ignore[no-untyped-def]
        nonlocal most
        for page in read_pages(next(folder.glob("*.pdf"))):
            gc.collect()
            most = max(most, sum(1 for ref in made if ref() is not None))
            yield packed(page)

    with pytest.MonkeyPatch.context() as m:
        m.setattr(svg, "parse_svg", counted)
        assert PACK.check_folder(folder, redraw=False, pages=pages).violations == []
    assert 0 < most <= KEPT + 9
    (folder / "cards" / "100.svg").write_text((folder / "cards" / "100.svg").read_text().replace(">100<", ">101<"))
    streamed = PACK.check_folder(
        folder, redraw=False, pages=lambda: map(packed, read_pages(next(folder.glob("*.pdf"))))
    )
    assert streamed.violations and streamed.violations == PACK.check_folder(folder, redraw=False).violations
