"""`cardgen check` on folders with no cards (placemats, forms, handouts): checked file by file."""

from __future__ import annotations

import hashlib
import json

import pytest

from cardgen.cli import run


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


def remark(folder, name: str) -> None:  # type: ignore[no-untyped-def]
    """Record ``name``'s present bytes in the folder's marker, as if cardgen had written them."""
    marker = folder / ".cardgen.json"
    data = json.loads(marker.read_text("utf-8"))
    data["files"][name] = hashlib.sha256((folder / name).read_bytes()).hexdigest()
    marker.write_text(json.dumps(data), "utf-8")


@pytest.fixture
def mat(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert cli(capsys, "placemat", "--census", "5", "--out", tmp_path)[0] == 0
    return tmp_path / "placemat-census-5"


def test_a_placemat_folder_is_checked_file_by_file(mat, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "check", mat)
    assert code == 0 and err == ""
    assert out.strip() == f"{mat}: 2 files checked (PDF, SVG as cardgen wrote them; no cards in this folder): OK"
    code, out, _ = cli(capsys, "check", mat, "--json")
    report = json.loads(out)
    assert code == 0 and report["kind"] == "files" and report["cards"] == 2 and report["ok"]


@pytest.mark.parametrize(
    "command", [["scoresheet", "supertrain"], ["scorecard", "--players", "2"], ["handout", "train"]]
)
def test_forms_and_handouts_check_too(tmp_path, capsys, command) -> None:  # type: ignore[no-untyped-def]
    assert cli(capsys, *command, "--out", tmp_path)[0] == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    code, out, _ = cli(capsys, "check", folder)
    assert code == 0 and out.rstrip().endswith(": OK") and "no cards in this folder" in out


def test_a_stray_a_missing_and_a_changed_file_are_named(mat, capsys) -> None:  # type: ignore[no-untyped-def]
    (mat / "notes.txt").write_text("mine", "utf-8")
    (mat / "placemat-census-5.svg").unlink()
    with open(mat / "placemat-census-5.pdf", "ab") as f:
        f.write(b"\n% edited\n")
    code, out, _ = cli(capsys, "check", mat)
    lines = out.splitlines()
    assert code == 1
    assert "'notes.txt' is not a file cardgen writes" in lines
    assert "placemat-census-5.svg is missing, though .cardgen.json lists it" in lines
    assert any(line.startswith("placemat-census-5.pdf was changed after cardgen wrote it") for line in lines)
    assert "pdf: placemat-census-5.pdf: its bytes are not what cardgen writes" in out  # against a fresh build
    assert lines[-1].endswith("FAILED: 4 violations")


def test_what_a_printer_would_meet_is_read_even_when_the_marker_agrees(mat, capsys) -> None:  # type: ignore[no-untyped-def]
    pdf = mat / "placemat-census-5.pdf"
    data = pdf.read_bytes()
    pdf.write_bytes(data.replace(b"/Type /Catalog", b"/Type /Catalog /OpenAction 3 0 R", 1))
    remark(mat, pdf.name)
    svg = mat / "placemat-census-5.svg"
    svg.write_bytes(svg.read_bytes()[:-20])  # cut short
    remark(mat, svg.name)
    code, out, _ = cli(capsys, "check", mat)
    assert code == 1
    assert any(line.startswith("placemat-census-5.pdf: ") for line in out.splitlines()), out
    assert any(line.startswith("cannot read placemat-census-5.svg") for line in out.splitlines()), out


def test_a_folder_cardgen_did_not_write_is_one_line(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "a.pdf").write_bytes(b"%PDF-1.4")
    code, out, err = cli(capsys, "check", tmp_path / "mine")
    assert code == 2 and out == ""
    assert (
        err.strip()
        == f"error: {tmp_path / 'mine'} holds neither pack.json nor .cardgen.json: it is not a folder cardgen wrote"
    )
