"""`cardgen preview` and `--preview`: a contact sheet beside the folder, which replaces only its own."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image
from PIL.PngImagePlugin import PngInfo

from cardgen.cli import run


def cli(capsys, *args):  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    cap = capsys.readouterr()
    return code, cap.out, cap.err


@pytest.fixture
def pack(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert (
        cli(capsys, "pack", "--pattern", "one", "--census", "3", "--copies", "2", "--backs", "--out", tmp_path)[0] == 0
    )
    return tmp_path / "got-pattern-one-census-3-copies-2-backs"


def runs(row: list[bool], longest: int = 50) -> int:
    """Runs of True at least ``longest`` long."""
    count = length = 0
    for on in [*row, False]:
        if on:
            length += 1
        elif length:
            count, length = count + (length >= longest), 0
    return count


def pictures(png: Path, background=(238, 235, 228)) -> int:  # type: ignore[no-untyped-def]
    """Pictures on a sheet, counted by an independent reader: bands of rows crossing runs of
    50 px or more that are not the background (text is never so solid), and those runs
    counted through each band's middle."""
    with Image.open(png) as im:
        rgb = im.convert("RGB")
    pixels = rgb.load()
    solid = [runs([pixels[x, y] != background for x in range(rgb.width)]) > 0 for y in range(rgb.height)]
    total, y = 0, 0
    while y < rgb.height:
        if not solid[y]:
            y += 1
            continue
        top = y
        while y < rgb.height and solid[y]:
            y += 1
        middle = (top + y) // 2
        total += runs([pixels[x, middle] != background for x in range(rgb.width)])
    return total


def test_a_pack_preview_shows_every_card_and_its_back(pack, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, err = cli(capsys, "preview", pack)
    png = pack.parent / f"{pack.name}-preview.png"
    assert code == 0 and err == ""
    assert out.strip() == f"preview: {png} (6 cards and their back)"
    with Image.open(png) as im:
        assert im.format == "PNG" and im.width > 6 * 60
    assert pictures(png) == 7  # census 3, two copies: six cards, and the back
    assert sorted(p.name for p in pack.iterdir()) == [
        ".cardgen.json",
        "cards",
        f"{pack.name}.pdf",
        "pack.csv",
        "pack.json",
        "rules.html",
    ]
    first = png.read_bytes()
    assert cli(capsys, "preview", pack)[0] == 0  # its own preview, unchanged: replaced, with the same bytes
    assert png.read_bytes() == first
    assert cli(capsys, "check", pack)[0] == 0  # the folder itself is untouched


def test_build_commands_take_preview_and_end_naming_the_pdf(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    code, out, _ = cli(capsys, "tiles", "--preview", "--out", tmp_path)
    lines = out.splitlines()
    assert code == 0
    assert lines[-2] == f"preview: {tmp_path / 'supertrain-wild-preview.png'} (21 tiles)"
    assert lines[-1].startswith(f"print {tmp_path / 'supertrain-wild' / 'supertrain-wild.pdf'} on A4 paper")
    code, out, _ = cli(capsys, "placemat", "--census", "7", "--preview", "--out", tmp_path)
    assert (
        code == 0 and f"preview: {tmp_path / 'placemat-census-7-preview.png'} (2 pages of placemat-census-7.pdf)" in out
    )


def test_a_file_cardgen_did_not_write_is_never_replaced(pack, capsys) -> None:  # type: ignore[no-untyped-def]
    png = pack.parent / f"{pack.name}-preview.png"
    png.write_bytes(b"my own picture")
    code, out, err = cli(capsys, "preview", pack)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("error: cannot replace ") and "-preview.png" in err and "cardgen did not write it" in err
    assert png.read_bytes() == b"my own picture"


@pytest.mark.parametrize("keep_chunk", [False, True])
def test_an_edited_preview_is_not_cardgen_s_any_more(pack, capsys, keep_chunk) -> None:  # type: ignore[no-untyped-def]
    png = pack.parent / f"{pack.name}-preview.png"
    assert cli(capsys, "preview", pack)[0] == 0
    with Image.open(png) as im:
        said = im.text  # cardgen's own chunk, which an editor may carry over
        edited = im.convert("RGB")
    assert list(said) == ["cardgen-preview"]
    edited.putpixel((5, 5), (255, 0, 0))
    info = PngInfo()
    if keep_chunk:
        info.add_text("cardgen-preview", said["cardgen-preview"])
    buf = io.BytesIO()
    edited.save(buf, "PNG", pnginfo=info)
    png.write_bytes(buf.getvalue())
    code, _, err = cli(capsys, "preview", pack)
    assert code == 2 and "cannot replace" in err and png.read_bytes() == buf.getvalue()


def test_a_changed_folder_is_refused_naming_the_change(pack, capsys) -> None:  # type: ignore[no-untyped-def]
    svg = pack / "cards" / "001.svg"
    svg.write_bytes(svg.read_bytes().replace(b"A\xe2\x86\x94B", b"A\xe2\x86\x94C", 1))
    code, out, err = cli(capsys, "preview", pack)
    assert code == 2 and out == ""
    assert "cards/001.svg was changed after cardgen wrote it" in err
    assert not (pack.parent / f"{pack.name}-preview.png").exists()


@pytest.mark.parametrize("make", ["missing", "file", "foreign"])
def test_what_is_not_a_cardgen_folder_is_one_line(tmp_path, capsys, make) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "thing"
    if make == "file":
        target.write_text("x")
    elif make == "foreign":
        target.mkdir()
        (target / "a.svg").write_text("<svg/>")
    code, out, err = cli(capsys, "preview", target)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "cannot preview" in err
    assert not (tmp_path / "thing-preview.png").exists()


def _opener(folder, body: str):  # type: ignore[no-untyped-def]
    """A stand-in ``xdg-open`` on PATH: a shell script with ``body``."""
    script = folder / "xdg-open"
    script.write_text("#!/bin/sh\n" + body + "\n")
    script.chmod(0o755)
    return folder


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xdg-open is the opener on Linux")
def test_open_hands_the_picture_and_the_pdf_to_the_system_viewer(pack, tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "opened.txt"
    monkeypatch.setenv("PATH", str(_opener(tmp_path, f'echo "$1" >> {log}')))
    assert cli(capsys, "preview", pack, "--open")[0] == 0
    assert log.read_text().split() == [str(pack.parent / f"{pack.name}-preview.png")]
    log.unlink()
    out_dir = tmp_path / "out"
    code, out, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--preview", "--open", "--out", out_dir)
    assert code == 0 and err == ""
    folder = out_dir / "got-pattern-one-census-3"
    assert log.read_text().split() == [str(out_dir / f"{folder.name}-preview.png"), str(folder / f"{folder.name}.pdf")]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xdg-open is the opener on Linux")
def test_no_viewer_is_one_line_of_its_own_and_the_build_still_succeeds(pack, tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # xdg-open without a viewer talks on stderr and fails: its chatter stays out, one line of ours says so
    chatter = (
        "echo 'www-browser: not found' >&2; echo 'xdg-open: no method available for opening '\"'$1'\"'' >&2; exit 3"
    )
    monkeypatch.setenv("PATH", str(_opener(tmp_path, chatter)))
    code, out, err = cli(capsys, "preview", pack, "--open")
    assert code == 0 and "www-browser" not in out + err
    assert len(err.strip().splitlines()) == 1 and "no viewer could open" in err and "open it yourself" in err
    # no opener at all
    empty = tmp_path / "empty"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, out, err = cli(capsys, "preview", pack, "--open")
    assert code == 0 and len(err.strip().splitlines()) == 1 and "xdg-open is missing" in err


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="xdg-open is the opener on Linux")
def test_a_viewer_still_open_does_not_hold_cardgen(pack, tmp_path, capsys, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    import time

    monkeypatch.setattr(sys.modules["cardgen.cli.app"], "OPEN_WAIT", 0.3)
    monkeypatch.setenv("PATH", str(_opener(tmp_path, "exec /bin/sleep 30")))
    started = time.monotonic()
    code, _, err = cli(capsys, "preview", pack, "--open")
    assert code == 0 and err == "" and time.monotonic() - started < 10
