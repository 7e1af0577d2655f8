"""Every build command ends with the file to print and how: paper, 100 %, which sides, which edge."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from cardgen.cli import run

COMMANDS = [
    (["pack", "--census", "3", "--copies", "1"], "one-sided"),
    (["pack", "--census", "3", "--copies", "1", "--backs"], "double-sided"),
    (["pack2d", "--categories", "row-swap,col-swap", "--copies", "1"], "one-sided"),
    (["tiles", "--backs"], "double-sided"),
    (["placemat", "--census", "3"], "one-sided"),
    (["scoresheet", "supertrain"], "one-sided"),
    (["scorecard", "--players", "1"], "one-sided"),
    (["tokens", "--players", "2"], "one-sided"),
    (["handout", "train"], "one- or double-sided"),
    (["testpage"], "double-sided"),
]


@pytest.mark.parametrize(("command", "sides"), COMMANDS, ids=[c[0][0] + str(i) for i, c in enumerate(COMMANDS)])
@pytest.mark.parametrize(("paper", "said"), [("a4", "A4"), ("letter", "US Letter")])
def test_the_last_line_names_the_pdf_and_how(tmp_path, capsys, command, sides, paper, said) -> None:  # type: ignore[no-untyped-def]
    code = run([*command, "--paper", paper, "--out", str(tmp_path)])
    last = capsys.readouterr().out.splitlines()[-1]
    assert code == 0
    assert last.startswith(f"print {tmp_path}/") and ".pdf on " in last
    pdf = Path(last.removeprefix("print ").split(".pdf on ")[0] + ".pdf")
    assert pdf.is_file() and pdf.read_bytes().startswith(b"%PDF")
    if sides == "double-sided":  # flipped about the sheet's vertical axis: the long edge of a portrait sheet
        box = PdfReader(pdf).pages[0].mediabox
        sides += f", flipping on the {'long' if box.height > box.width else 'short'} edge"
    assert last.endswith(f" on {said} paper at 100 % (actual size, not 'fit to page'), {sides}")
