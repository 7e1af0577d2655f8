"""`cardgen check` on tables: the seed's misprint caught, malformed tables refused cleanly."""

from __future__ import annotations

import json

import pytest

from cardgen.cli import run
from tests import seed_facts as seed


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def write_table(path, table: str, fix: dict[str, str] | None = None, arrows: bool = True):  # type: ignore[no-untyped-def]
    rows = []
    for label, numbers in seed.parse_table(table).items():
        label = (fix or {}).get(label, label)
        printed = label.replace(" ", "") if arrows else label.replace(" ↔ ", "").replace(" → ", "")
        rows += [(n, printed) for n in numbers]
    path.write_text("number,ability\n" + "".join(f"{n},{a}\n" for n, a in sorted(rows)), "utf-8")
    return path


def test_the_printed_pattern_two_table_fails_naming_cards(tmp_path, capsys):
    table = write_table(tmp_path / "printed.csv", seed.PATTERN_TWO_CENSUS_7_AS_PRINTED)
    code, out, _ = cli(capsys, "check", table, "--pattern", "two", "--census", "7")
    assert code == 1
    lines = out.splitlines()
    assert "card 13: space H is not on a census-7 mat" in lines
    assert "ability BE missing: wanted 3, found 0" in lines
    assert any(line.startswith("cards 11, 12, 13 are out of the pattern's order") for line in lines)
    assert lines[-1].endswith("FAILED: 12 violations")


def test_the_corrected_table_passes_in_either_notation(tmp_path, capsys):
    for arrows in (True, False):
        table = write_table(
            tmp_path / f"fixed{arrows}.csv", seed.PATTERN_TWO_CENSUS_7_AS_PRINTED, seed.PATTERN_TWO_CORRECTION, arrows
        )
        code, out, _ = cli(capsys, "check", table, "--pattern", "two", "--census", "7")
        assert code == 0, out
        assert out.strip().endswith("OK")


@pytest.mark.parametrize(
    "name, table, pattern, census",
    [
        ("p1c7", seed.PATTERN_ONE_CENSUS_7, "one", 7),
        ("p1c6", seed.PATTERN_ONE_CENSUS_6, "one", 6),
        ("p3c5", seed.PATTERN_THREE_CENSUS_5, "three", 5),
    ],
)
def test_the_seeds_other_tables_pass(tmp_path, capsys, name, table, pattern, census):
    code, out, _ = cli(capsys, "check", write_table(tmp_path / f"{name}.csv", table), "-p", pattern, "-n", census)
    assert code == 0, out


def test_json_report(tmp_path, capsys):
    table = write_table(tmp_path / "printed.csv", seed.PATTERN_TWO_CENSUS_7_AS_PRINTED)
    code, out, _ = cli(capsys, "check", table, "--pattern", "two", "--census", "7", "--json")
    assert code == 1
    report = json.loads(out)
    assert report["ok"] is False and report["cards"] == 84 and report["kind"] == "table"
    spaces = [v for v in report["violations"] if v["check"] == "spaces"]
    assert [v["cards"] for v in spaces] == [[13], [41], [69]]


def test_a_written_pack_checks_ok_as_json(tmp_path, capsys):
    assert cli(capsys, "pack2d", "--out", tmp_path)[0] == 0
    folder = next(tmp_path.iterdir())
    code, out, _ = cli(capsys, "check", folder, "--json")
    assert code == 0
    report = json.loads(out)
    assert report["ok"] and report["cards"] == 78 and report["kind"] == "folder"


MALFORMED = [
    (b"", "is empty"),
    (b"   \n\n", "is empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary file"),
    (b"\xff\xfe\xfa garbage", "line 1: not UTF-8"),
    (b"number,ability\n1,AB\n2,AC\n\xff\n", "line 4: not UTF-8"),
    (b"num,abl\n1,AB\n", "line 1: missing column number, ability"),
    (b"number\n1\n", "line 1: missing column ability"),
    (b"number,ability\n1,AB\ntwo,AC\n", "line 3: card number 'two' is not a whole number"),
    (b"number,ability\n1,AB\n-2,AC\n", "line 3: card number '-2' is not a whole number"),
    (b"number,ability\n1,AB\n2\n", "line 3: wanted 2 columns, found 1"),
    (b"number,ability\n1,A\n", "line 2: ability 'A' is not two space letters"),
    (b"number,ability\n1,AA\n", "line 2: ability 'AA' swaps a space with itself"),
    (b"number,ability\n1,A1\n", "line 2: ability 'A1'"),
    (b"number,ability\n", "has a header but no cards"),
    (b'number,ability\n1,"AB\n', "line 2: not CSV"),
]


@pytest.mark.parametrize("data, message", MALFORMED, ids=[m for _, m in MALFORMED])
def test_malformed_tables_get_one_line_with_the_line_number(tmp_path, capsys, data, message):
    path = tmp_path / "t.csv"
    path.write_bytes(data)
    code, out, err = cli(capsys, "check", path, "--pattern", "one", "--census", "7")
    assert code == 2, (out, err)
    assert message in err, err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_folder_that_is_no_pack(tmp_path, capsys):
    code, _, err = cli(capsys, "check", tmp_path)
    assert code == 2 and "holds neither pack.json nor .cardgen.json" in err
    (tmp_path / "pack.json").write_text("{broken")
    code, _, err = cli(capsys, "check", tmp_path)
    assert code == 2 and "cannot read" in err


def test_seq_reports_the_seeds_examples(capsys):
    code, out, _ = cli(capsys, "seq", "53 7 45 9 50 27 56")
    assert code == 0 and "inversions    8 of at most 21" in out
    code, out, _ = cli(capsys, "seq", "70-69-68-63-34-31-20")
    assert "min swaps     3: A↔G, B↔F, C↔E" in out and "descending    yes" in out
    assert "can be ascending with numbers 1..84: yes" in cli(capsys, "seq", "2-6-14-38-W-56-82")[1]
    assert "can be ascending with numbers 1..84: no" in cli(capsys, "seq", "2-6-14-38-39-84-W")[1]


def _retext(svg_path, old_code, old_label, new_code, new_label):  # type: ignore[no-untyped-def]
    text = svg_path.read_text("utf-8")
    text = text.replace(f">{old_label}<", f">{new_label}<").replace(f">{old_code}<", f">{new_code}<")
    svg_path.write_text(text, "utf-8")


@pytest.mark.parametrize("kind", ["linear", "2d"])
def test_every_single_card_alteration_of_a_written_pack_fails_naming_it(tmp_path, capsys, kind):
    """Each card in turn gets another ability of the pack, on all four places of its face."""
    from cardgen.check import check_folder, load_manifest
    from cardgen.products import got, got2d
    from cardgen.products.got import build_pack
    from cardgen.products.got2d import build_pack2d

    if kind == "linear":
        folder = build_pack(pattern="two", census=3, copies=2, out=tmp_path).folder
    else:
        folder = build_pack2d(categories="row-rotate,col-rotate", copies=1, out=tmp_path).folder
    spec = (got if kind == "linear" else got2d).PACK.spec_from_manifest(load_manifest(folder)[1])
    assert check_folder(folder) == []
    for card in spec.cards():
        svg = folder / "cards" / f"{card.number:03d}.svg"
        original = svg.read_bytes()
        other = next(a for a in spec.abilities if a != card.ability)
        _retext(svg, card.ability.code, card.ability.label, other.code, other.label)
        violations = check_folder(folder)
        assert any(card.number in v.cards for v in violations), (card, violations)
        svg.write_bytes(original)
    assert check_folder(folder) == []
