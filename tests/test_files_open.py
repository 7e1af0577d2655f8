"""Every file cardgen writes opens in independent readers and renders; the CLI never crashes."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree
from PIL import Image, ImageStat

from cardgen.cli import run
from tests.conftest import svg_png

SVG_NS = "{http://www.w3.org/2000/svg}"
LENGTH = re.compile(r"^\d+(\.\d+)?mm$")


@pytest.fixture(scope="module")
def default_set(tmp_path_factory, default_build) -> list[Path]:  # type: ignore[no-untyped-def]
    """The default set (shared by the run: tests/conftest.py) and a few items beside it."""
    out = tmp_path_factory.mktemp("more")
    assert run(["pack", "--pattern", "two", "--census", "5", "--bleed", "3mm", "--backs", "--out", str(out)]) == 0
    assert run(["placemat", "--census", "14", "--paper", "letter", "--out", str(out)]) == 0
    return [default_build, out]


def test_every_pdf_is_sound_embeds_its_fonts_and_renders(default_set):
    pdfs = sorted(p for root in default_set for p in root.rglob("*.pdf"))
    assert len(pdfs) >= 9
    for path in pdfs:
        with pikepdf.open(path) as pdf:
            assert pdf.check_pdf_syntax() == [], path
            for page in pdf.pages:
                fonts = page.Resources.get("/Font", {})
                for font in fonts.values():
                    desc = font.DescendantFonts[0] if "/DescendantFonts" in font else font
                    assert "/FontFile2" in desc.FontDescriptor, (path, font.BaseFont)
        doc = pdfium.PdfDocument(path)
        for i in range(len(doc)):
            img = doc[i].render(scale=0.5).to_pil().convert("L")
            assert ImageStat.Stat(img).extrema[0][0] < 128, (path, i)  # something dark was drawn


def test_every_svg_parses_has_a_physical_size_and_renders(default_set):
    svgs = sorted(p for root in default_set for p in root.rglob("*.svg"))
    assert len(svgs) > 300
    for k, path in enumerate(svgs):
        root = etree.parse(str(path)).getroot()
        assert root.tag == f"{SVG_NS}svg"
        assert LENGTH.match(root.get("width", "")) and LENGTH.match(root.get("height", "")), path
        vb = [float(v) for v in root.get("viewBox", "").split()]
        assert len(vb) == 4 and vb[2] == pytest.approx(float(root.get("width")[:-2]))
        if k % 17 == 0 or "cards" not in path.parts:  # render a sample of cards and every mat
            img = Image.open(io.BytesIO(svg_png(path.read_bytes(), dpi=40))).convert("L")
            assert img.size == (round(vb[2] / 25.4 * 40), round(vb[3] / 25.4 * 40))
            assert ImageStat.Stat(img).extrema[0][0] < 128, path


ARGS = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "pack",
                "pack2d",
                "check",
                "seq",
                "placemat",
                "--census",
                "--pattern",
                "--copies",
                "--players",
                "--paper",
                "--card",
                "--bleed",
                "--margin",
                "--gutter",
                "--title",
                "--grid",
                "--categories",
                "--backs",
                "--json",
                "--list",
                "-n",
                "-p",
                "one",
                "two",
                "three",
                "a4",
                "letter",
                "poker",
                "3x3",
                "0",
                "1",
                "2",
                "7",
                "-1",
                "99999",
                "3mm",
                "1/8in",
                "-3mm",
                "x",
                "",
                "W",
                "row-swap",
            ]
        ),
        st.text(max_size=8),
    ),
    max_size=6,
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ARGS)
def test_random_command_lines_exit_0_1_or_2_and_never_crash(tmp_path, monkeypatch, capsys, args):
    monkeypatch.chdir(tmp_path)
    if args and args[0] in ("pack", "pack2d", "placemat") and "--out" not in args:
        args = [*args, "--out", str(tmp_path / "out")]
    code = run(args)
    cap = capsys.readouterr()
    assert code in (0, 1, 2), (args, cap.err)
    assert "Traceback" not in cap.err
    if code == 2:
        assert len(cap.err.strip().splitlines()) == 1, cap.err
