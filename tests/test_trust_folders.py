"""Every folder is its own command's (#29, #33): a command replaces only a folder of its own kind
(a mistyped ``--report`` naming a pack is refused, never the pack deleted), writes nothing
inside a folder cardgen wrote, leaves no litter and clears what killed runs left; ``check`` and
``preview`` take the folder ``cardgen build`` wrote, item by item; what an operating system drops
into a folder is a note, never a fault, and survives a rebuild."""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardgen.cli import run
from cardgen.products import every_product
from cardgen.write.marker import EARLIER_KINDS, MARKER
from cardgen.write.staging import INDEX_MARKER
from tests.helpers import refused, snapshot

LINUX = sys.platform.startswith("linux")


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def only(folder: Path) -> Path:
    (made,) = [p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
    return made


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait(timeout=60)
    return p.pid


# ---------------------------------------------------------------- one kind of folder each


@pytest.fixture(scope="module")
def folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A folder of every kind a command writes, made once: copied before each is written over."""
    made: dict[str, Path] = {}
    for what, args in {
        "pack with PNGs": ["pack", "--pattern", "two", "--census", "4", "--png", "72"],
        "handout": ["handout", "train"],
        "placemat": ["placemat", "--census", "4"],
        "tiles": ["tiles"],
        "tokens": ["tokens", "--players", "2"],
    }.items():
        out = tmp_path_factory.mktemp("kinds")
        assert run([*args, "--out", str(out)]) == 0
        made[what] = only(out)
    out = tmp_path_factory.mktemp("kinds") / "set"
    config = out.parent / "cardgen.toml"
    config.write_text("[[testpage]]\n\n[[placemat]]\ncensus = 3\n", encoding="utf-8")
    assert run(["build", "--config", str(config), "--out", str(out), "--quiet"]) == 0
    made["test page in a build set"] = out / "testpage"
    made["build set"] = out
    report = tmp_path_factory.mktemp("kinds") / "sims"
    assert run(["simulate", "--games", "3", "--report", str(report)]) == 0
    made["simulation report"] = report
    return made


def copied(folder: Path, tmp_path: Path, name: str | None = None) -> Path:
    target = tmp_path / (name or folder.name)
    shutil.copytree(folder, target, symlinks=True)
    return target


HOLDS = {
    "pack with PNGs": "a Game of Trains variant pack",
    "handout": "a rules handout",
    "placemat": "a placemat",
    "tiles": "a set of SuperTrain tiles",
    "tokens": "a set of freeze tokens",
    "test page in a build set": "a duplex alignment test page",
    "build set": "a set of items cardgen build wrote",
}


@pytest.mark.parametrize("what", list(HOLDS))
def test_a_mistyped_report_never_replaces_another_commands_folder(capsys, folders, tmp_path, what):  # type: ignore[no-untyped-def]
    """The issue's case: `simulate --report out/got-pattern-two-census-4` exited 0 and left only
    index.html. Now it is refused before any game is played, in one line saying what the folder
    holds, and every file (the cards, the PDF, pack.json, the PNGs) stays."""
    folder = copied(folders[what], tmp_path)
    before = snapshot(tmp_path)
    code, out, err = cli(capsys, "simulate", "--games", "5", "--report", folder)
    refused(code, err, f"cannot write a simulation report to {folder}: it holds {HOLDS[what]}", "--report")
    assert out == "" and snapshot(tmp_path) == before


def test_a_report_replaces_its_own_report_and_says_which_command_made_it(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    folder = copied(folders["simulation report"], tmp_path)
    code, _, err = cli(capsys, "simulate", "--games", "3", "--report", folder)
    assert code == 0 and err.strip() == f"wrote {folder / 'index.html'}"  # the same command: nothing replaced unsaid
    code, _, err = cli(capsys, "simulate", "--games", "4", "--report", folder)
    assert code == 0, err
    assert f"replaced {folder}: it held a simulation report made with the command " in err
    assert "'cardgen simulate --games 3 --seed 1' (this one’s: 'cardgen simulate --games 4 --seed 1')" in err
    assert b"--games 4" in (folder / "index.html").read_bytes()


@pytest.mark.parametrize(
    "args, slug, makes",
    [
        (["placemat", "--census", "4"], "placemat-census-4", "a placemat"),
        (["pack", "--pattern", "two", "--census", "4"], "got-pattern-two-census-4", "a Game of Trains variant pack"),
        (["handout", "train"], "handout-train", "a rules handout"),
        (["testpage"], "testpage", "a duplex alignment test page"),
    ],
)
def test_a_build_never_replaces_a_report_or_another_products_folder_of_its_name(  # type: ignore[no-untyped-def]
    capsys, folders, tmp_path, args, slug, makes
):
    """Neighbours: a report given a product's folder name, or a folder renamed by hand to the
    name another command writes, is refused by that command, whatever the name says."""
    for other, holds in (("simulation report", "a simulation report"), ("tokens", "a set of freeze tokens")):
        folder = copied(folders[other], tmp_path / other.replace(" ", "-"), slug)
        before = snapshot(folder)
        code, _, err = cli(capsys, *args, "--out", folder.parent)
        refused(code, err, f"cannot write {makes} to {folder}: it holds {holds} cardgen wrote; give another --out")
        assert snapshot(folder) == before


@pytest.mark.parametrize(
    "args, what",
    [
        (["simulate", "--games", "2", "--report"], "a simulation report"),
        (["simulate", "--trace"], "a trace"),
        (["placemat", "--census", "3", "--out"], "a placemat"),
        (["build", "--out"], "a set of items cardgen build wrote"),
    ],
)
def test_nothing_is_written_inside_a_folder_cardgen_wrote(capsys, folders, tmp_path, monkeypatch, args, what):  # type: ignore[no-untyped-def]
    """A report, a trace or another build inside a pack's folder would stop the pack's next
    build (a file cardgen cannot prove) or be lost with it: refused in one line naming it."""
    monkeypatch.chdir(tmp_path)
    pack = copied(folders["pack with PNGs"], Path("."))
    before = snapshot(tmp_path)
    inside = pack / "cards" / ("game.jsonl" if "--trace" in args else "inside")
    code, _, err = cli(capsys, *args, inside)
    made = inside / "placemat-census-3" if "placemat" in args else inside
    refused(code, err, f"cannot write {what} to {made}: it is inside {pack}, which holds a Game of Trains variant pack")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "run_in, args, said",
    [
        ("empty", ["simulate", "--games", "2", "--report", "."], "it is the folder cardgen runs in"),
        ("sims", ["simulate", "--games", "2", "--report", "."], "it is the folder cardgen runs in"),
        ("sims", ["simulate", "--games", "2", "--report", ".."], "it holds the folder cardgen runs in"),
        ("", ["simulate", "--games", "2", "--report", "sims/.."], "it is the folder cardgen runs in"),
        ("empty", ["simulate", "--games", "2", "--report", "../pack/cards/.."], "name the folder itself"),
        ("pack", ["pack", "--pattern", "two", "--census", "4", "--png", "72", "--out", ".."], "is the folder cardgen"),
    ],
)
def test_a_folder_named_by_dots_or_the_one_cardgen_runs_in_is_never_swapped(  # type: ignore[no-untyped-def]
    capsys, folders, tmp_path, monkeypatch, run_in, args, said
):
    """`simulate --report .` swapped the report in for the folder *above* the current one (its
    name was empty): everything beside it was lost. A folder a swap would replace must be named
    by a name of its own, and not be (or hold) the folder cardgen runs in."""
    (tmp_path / "empty").mkdir()
    copied(folders["simulation report"], tmp_path)
    copied(folders["pack with PNGs"], tmp_path, "pack")
    (tmp_path / "notes.txt").write_text("beside them")
    before = snapshot(tmp_path)
    monkeypatch.chdir(tmp_path / run_in)
    if run_in == "pack":  # (the pack's own name, from inside it)
        monkeypatch.chdir(tmp_path)
        (tmp_path / "pack").rename(tmp_path / "got-pattern-two-census-4-png72")
        before = snapshot(tmp_path)
        monkeypatch.chdir(tmp_path / "got-pattern-two-census-4-png72")
    code, _, err = cli(capsys, *args)
    refused(code, err, said)
    assert snapshot(tmp_path) == before


def test_every_product_records_the_kind_an_earlier_marker_is_taken_for() -> None:
    """A marker from before kinds were recorded is told by what it holds (EARLIER_KINDS): the
    words must be the ones a product's own marker records, or a message would name it twice."""
    products = {p.name: p for p in every_product()}
    earlier = [name for name in EARLIER_KINDS if name in products]
    assert len(earlier) >= 9  # every product an earlier cardgen wrote (the deck came after kinds were recorded)
    for name in earlier:
        assert EARLIER_KINDS[name] == products[name].kind, name


def _unkinded(folder: Path) -> None:
    """Give ``folder`` the marker an earlier cardgen wrote: checksums, but no kind."""
    listing = json.loads((folder / MARKER).read_text("utf-8"))
    for key in ("kind", "holds"):
        listing.pop(key)
    (folder / MARKER).write_text(json.dumps(listing), "utf-8")


EARLIER = {  # what's folder, its own command, another command (that would write the same folder), what it holds
    "pack with PNGs": (
        ["pack", "--pattern", "two", "--census", "4", "--png", "72", "--out"],
        ["simulate", "--games", "2", "--report", "{folder}"],
        "a Game of Trains variant pack",
    ),
    "placemat": (["placemat", "--census", "4", "--out"], ["simulate", "--report", "{folder}"], "a placemat"),
    "simulation report": (
        ["simulate", "--games", "3", "--report", "{folder}"],
        ["placemat", "--census", "4", "--out"],
        "a simulation report",
    ),
}


def _args(words: list[str], folder: Path, slug: str) -> list[object]:
    return [*(str(folder) if w == "{folder}" else w for w in words), *([folder.parent] if words[-1] == "--out" else [])]


@pytest.mark.parametrize("what", list(EARLIER))
def test_an_earlier_marker_without_a_kind_is_told_by_what_it_holds(capsys, folders, tmp_path, what):  # type: ignore[no-untyped-def]
    """A marker from before kinds (checksums, no kind) is told by what the folder holds: a
    pack.json's game, what built it, a report's lone page. Another command is refused naming
    it; its own command replaces it."""
    own, other, holds = EARLIER[what]
    slug = "placemat-census-4" if what == "simulation report" else folders[what].name
    folder = copied(folders[what], tmp_path, slug)
    _unkinded(folder)
    before = snapshot(folder)
    code, _, err = cli(capsys, *_args(other, folder, slug))
    refused(code, err, f"{folder}: it holds {holds} cardgen wrote")
    assert snapshot(folder) == before
    code, _, err = cli(capsys, *_args(own, folder, slug))
    assert code == 0, err
    assert json.loads((folder / MARKER).read_text())["holds"] == holds


def test_an_earlier_marker_that_says_nothing_of_its_kind_is_refused(capsys, tmp_path):  # type: ignore[no-untyped-def]
    folder = tmp_path / "placemat-census-4"
    folder.mkdir()
    (folder / "a.txt").write_text("cardgen's, an earlier one says")
    digest = hashlib.sha256(b"cardgen's, an earlier one says").hexdigest()
    (folder / MARKER).write_text(json.dumps({"written_by": "cardgen", "files": {"a.txt": digest}}))
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "placemat", "--census", "4", "--out", tmp_path)
    refused(code, err, "without recording what kind of folder it is", "delete it yourself")
    assert snapshot(tmp_path) == before


# ---------------------------------------------------------------- an operating system's litter


LITTER = [".DS_Store", "Thumbs.db", "desktop.ini", "cards/._001.svg", "cards/.DS_Store", "png/._001.png"]


def test_litter_is_a_note_in_check_and_survives_a_rebuild(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    pack = copied(folders["pack with PNGs"], tmp_path)
    for rel in LITTER:
        (pack / rel).write_bytes(b"\x00\x05\x16\x07" + rel.encode())
    code, out, _ = cli(capsys, "check", pack)
    assert code == 0, out
    notes = [line for line in out.splitlines() if line.startswith("note: ")]
    assert len(notes) == 6 and all("not cardgen's: it changes nothing that prints" in n for n in notes)
    assert "'Thumbs.db' is a file Windows adds" in out and "'cards/._001.svg' is a file macOS adds" in out
    assert out.splitlines()[-1].endswith(": OK")
    code, _, err = cli(capsys, "pack", "--pattern", "two", "--census", "4", "--png", "72", "--out", tmp_path)
    assert code == 0, err
    for rel in LITTER:
        assert (pack / rel).read_bytes() == b"\x00\x05\x16\x07" + rel.encode(), rel
    assert cli(capsys, "check", pack)[0] == 0


def test_a_file_of_the_users_is_still_a_fault_beside_litter(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    folder = copied(folders["placemat"], tmp_path)
    (folder / ".DS_Store").write_bytes(b"\x00")
    (folder / "notes.txt").write_text("mine")
    (folder / "later").mkdir()
    (folder / "later" / "Thumbs.db").write_bytes(b"\x00")  # a folder of litter alone: a note too
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1
    faults = [line for line in out.splitlines()[:-1] if not line.startswith("note: ")]
    assert faults == ["'notes.txt' is not a file cardgen writes"], out
    assert "note: '.DS_Store'" in out and "note: 'later/Thumbs.db'" in out


def test_a_rebuild_over_litter_alone_keeps_it(capsys, tmp_path):  # type: ignore[no-untyped-def]
    (tmp_path / "placemat-census-4").mkdir()
    (tmp_path / "placemat-census-4" / "desktop.ini").write_text("[.ShellClassInfo]")
    assert cli(capsys, "placemat", "--census", "4", "--out", tmp_path)[0] == 0
    assert (tmp_path / "placemat-census-4" / "desktop.ini").read_text() == "[.ShellClassInfo]"
    assert cli(capsys, "check", tmp_path / "placemat-census-4")[0] == 0


def test_a_build_set_keeps_litter_in_the_folders_it_replaces(capsys, tmp_path):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text("[[placemat]]\ncensus = 4\n", encoding="utf-8")
    out = tmp_path / "out"
    assert cli(capsys, "build", "--config", config, "--out", out, "--quiet")[0] == 0
    (out / "placemat-census-4" / ".DS_Store").write_bytes(b"\x01")
    (out / ".DS_Store").write_bytes(b"\x02")
    assert cli(capsys, "build", "--config", config, "--out", out, "--quiet")[0] == 0
    assert (out / "placemat-census-4" / ".DS_Store").read_bytes() == b"\x01" and (out / ".DS_Store").exists()


# ---------------------------------------------------------------- the set cardgen build wrote


def test_check_takes_a_build_set_item_by_item(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    out = copied(folders["build set"], tmp_path)
    code, text, _ = cli(capsys, "check", out)
    assert code == 0, text
    lines = text.splitlines()
    assert lines == [
        f"{out / 'placemat-census-3'}: 2 files checked (PDF, SVG as cardgen wrote them; no cards in this folder): OK",
        f"{out / 'testpage'}: 1 file checked (PDF as cardgen wrote them; no cards in this folder): OK",
        f"{out}: 2 items checked, one by one (a set cardgen build wrote): OK",
    ]
    code, text, _ = cli(capsys, "check", out, "--json")
    data = json.loads(text)
    assert (
        data["kind"] == "set"
        and data["ok"]
        and [i["target"] for i in data["items"]]
        == [
            str(out / "placemat-census-3"),
            str(out / "testpage"),
        ]
    )


def test_check_of_a_build_set_names_each_fault_by_its_item_and_notes_what_is_the_users(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    out = copied(folders["build set"], tmp_path)
    (out / "notes.txt").write_text("my notes")
    (out / "Thumbs.db").write_bytes(b"\x00")
    with (out / "testpage" / "testpage.pdf").open("ab") as f:
        f.write(b"%")
    code, text, _ = cli(capsys, "check", out)
    assert code == 1
    assert f"{out / 'testpage'}: testpage.pdf was changed after cardgen wrote it" in text
    assert "note: 'notes.txt' is not cardgen's: not checked" in text and "note: 'Thumbs.db' is a file Windows" in text
    assert text.splitlines()[-1].startswith(f"{out}: 2 items checked") and "in 1 of 2 items" in text
    shutil.rmtree(out / "placemat-census-3")
    (out / "index.html").write_text("<p>mine</p>")
    code, text, _ = cli(capsys, "check", out)
    assert code == 1
    assert "'placemat-census-3/', which the set's index lists, is missing" in text
    assert "index.html was changed after cardgen wrote it" in text


def test_preview_takes_a_build_set_item_by_item(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    out = copied(folders["build set"], tmp_path)
    shutil.copytree(folders["simulation report"], out / "sims")  # prints nothing: not previewed
    code, text, err = cli(capsys, "preview", out)
    assert code == 0, err
    assert text.splitlines() == [
        f"preview: {out / 'placemat-census-3-preview.png'} (1 page of placemat-census-3.pdf)",
        f"preview: {out / 'testpage-preview.png'} (2 pages of testpage.pdf)",
        f"wrote 2 previews, one beside each folder in {out}",
    ]
    assert cli(capsys, "check", out)[0] == 0  # the previews are cardgen's, beside the items


def test_check_passes_a_report_simulate_has_just_written(capsys, folders, tmp_path):  # type: ignore[no-untyped-def]
    report = copied(folders["simulation report"], tmp_path)
    code, out, _ = cli(capsys, "check", report)
    assert code == 0 and out.strip().endswith(": OK"), out
    (report / "index.html").write_text("<!DOCTYPE html><p>mine</p>")
    code, out, _ = cli(capsys, "check", report)
    assert code == 1 and "index.html was changed after cardgen wrote it" in out
    code, _, err = cli(capsys, "preview", report)
    refused(code, err, "a simulation report, which prints nothing", "index.html")


# ---------------------------------------------------------------- a preview's place


@pytest.mark.parametrize(
    "given, inside",
    [(".", "X"), ("..", "X/tiles"), ("tiles/..", "X"), ("./tiles/../.", "X"), ("X/tiles/..", ""), ("X/.", "")],
)
def test_a_preview_of_a_folder_named_by_dots_goes_beside_it(capsys, folders, tmp_path, monkeypatch, given, inside):  # type: ignore[no-untyped-def]
    """`cardgen preview .` inside a pack wrote `-preview.png` into the pack (and `check` failed
    after, and the next build was refused); `preview ..` from `cards/` wrote
    `cards/..-preview.png` (here a set of tiles and its `tiles/`)."""
    pack = copied(folders["tiles"], tmp_path)
    before = snapshot(pack)
    monkeypatch.chdir(tmp_path / inside.replace("X", pack.name))
    code, out, err = cli(capsys, "preview", given.replace("X", pack.name))
    assert code == 0, err
    path = Path(out.split("preview: ", 1)[1].split(" (")[0])
    assert path.resolve() == tmp_path / f"{pack.name}-preview.png" and path.resolve().is_file()
    assert snapshot(pack) == before
    assert cli(capsys, "check", pack)[0] == 0
    monkeypatch.chdir(tmp_path)  # (from inside it, a rebuild would replace the folder it runs in: refused)
    assert cli(capsys, "tiles", "--out", tmp_path)[0] == 0  # the next build is not refused
    assert sorted(p.name for p in tmp_path.iterdir()) == [pack.name, f"{pack.name}-preview.png"]


def test_pack_preview_refuses_a_users_file_before_it_builds_anything(capsys, tmp_path):  # type: ignore[no-untyped-def]
    """`pack --preview` with a file of the user's at the preview's path built and swapped the
    pack in, then exited 2: now it exits 2 before anything is written."""
    mine = tmp_path / "placemat-census-4-preview.png"
    mine.write_bytes(b"my picture")
    code, _, err = cli(capsys, "placemat", "--census", "4", "--preview", "--out", tmp_path)
    refused(code, err, f"cannot replace {mine}: cardgen did not write it")
    assert sorted(p.name for p in tmp_path.iterdir()) == [mine.name] and mine.read_bytes() == b"my picture"
    code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--preview", "--out", tmp_path / "new")
    assert code == 0, err  # (a build whose preview has its place: as before)
    assert (tmp_path / "new" / "got-pattern-one-census-3-preview.png").is_file()


# ---------------------------------------------------------------- what killed runs left


def test_a_killed_trace_or_write_is_cleared_by_the_next_run_there(capsys, tmp_path):  # type: ignore[no-untyped-def]
    dead = dead_pid()
    left = [
        f".cardgen-trace-{dead}-0123abcd.tmp",  # a trace an earlier cardgen was writing
        f".cardgen-stage-game.jsonl-{dead}-0123abcd",  # one this cardgen was writing
        f".cardgen-stage-index.html-{dead}-89abcdef",  # an index page (or its marker)
    ]
    for name in left:
        (tmp_path / name).write_bytes(b"x" * 1000)
    code, _, err = cli(capsys, "simulate", "--trace", tmp_path / "game.jsonl")
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl"]
    for name in left:  # and so does any other command writing there
        (tmp_path / name).write_bytes(b"x")
    assert cli(capsys, "placemat", "--census", "3", "--out", tmp_path)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.jsonl", "placemat-census-3"]


def as_user(*args: object, cwd: Path) -> subprocess.CompletedProcess[str]:
    """cardgen run as a user whom permissions bind: root (as the tests may run) without the
    capabilities that let it ignore them (dropped from its bounding set before it starts)."""

    def bound() -> None:
        if os.geteuid() == 0:
            libc = ctypes.CDLL(None, use_errno=True)
            for cap in (1, 2, 3):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH, CAP_FOWNER
                if libc.prctl(24, cap, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
                    raise OSError(ctypes.get_errno(), "cannot drop a capability")

    return subprocess.run(
        [sys.executable, "-m", "cardgen", *map(str, args)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=bound,
    )


@pytest.mark.skipif(not LINUX, reason="POSIX permissions, and Linux's capabilities for root")
def test_a_read_only_old_folder_is_refused_before_the_build_and_nothing_is_left(tmp_path):  # type: ignore[no-untyped-def]
    """Rebuilding over a read-only old folder swapped the new one in and left the old one
    forever as a hidden .cardgen-stage-*: now it is refused first, saying how to fix it."""
    assert as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path).returncode == 0
    folder = tmp_path / "out" / "placemat-census-4"
    before = snapshot(folder)
    folder.chmod(0o555)
    r = as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path)
    refused(r.returncode, r.stderr, "cannot replace out/placemat-census-4: it has the read-only folder", "chmod -R u+w")
    assert snapshot(folder) == before and sorted(p.name for p in (tmp_path / "out").iterdir()) == [folder.name]
    folder.chmod(0o755)
    r = as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [folder.name]


@pytest.mark.skipif(not LINUX, reason="POSIX permissions, and Linux's capabilities for root")
def test_a_leftover_with_a_read_only_folder_is_cleared_and_one_that_cannot_be_is_named(tmp_path):  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    assert as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path).returncode == 0
    dead = dead_pid()
    left = out / f".cardgen-stage-placemat-census-4-{dead}-0123abcd"
    shutil.copytree(out / "placemat-census-4", left)
    left.chmod(0o555)  # read-only, as a killed run of an earlier cardgen left an old read-only build
    r = as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path)
    assert r.returncode == 0 and r.stderr == "", r.stderr
    assert not left.exists()
    if os.geteuid() != 0:
        return  # (a leftover of another user's, which this one cannot clear, needs root to make)
    stuck = out / f".cardgen-stage-placemat-census-5-{dead}-89abcdef"
    stuck.mkdir()
    (stuck / "half.svg").write_text("x")
    os.chown(stuck, 65534, 65534)  # another user's: the one running cardgen cannot delete what it holds
    r = as_user("placemat", "--census", "4", "--out", "out", cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"could not clear out/{stuck.name}, which a cardgen run that was stopped left: ")
    assert line.endswith("; delete it yourself")
    assert (stuck / "half.svg").exists()


# ---------------------------------------------------------------- two runs at once


@pytest.mark.slow
@pytest.mark.every_core
def test_concurrent_builds_into_one_out_both_succeed(tmp_path):  # type: ignore[no-untyped-def]
    """Two (three) `cardgen build` into one missing --out: each waits its turn at the swap; none
    refuses with "cannot write to X/cardgen-build: file exists" or a half-swapped index page."""
    config = tmp_path / "cardgen.toml"
    config.write_text("[[placemat]]\ncensus = 4\n\n[[testpage]]\n", encoding="utf-8")
    for round_ in range(4):
        out = tmp_path / f"out{round_}"
        runs = [
            subprocess.Popen(
                [sys.executable, "-m", "cardgen", "build", "--config", str(config), "--out", str(out), "--quiet"],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for _ in range(3)
        ]
        for r in runs:
            _, err = r.communicate(timeout=300)
            assert r.returncode == 0, err
        assert sorted(p.name for p in out.iterdir()) == [INDEX_MARKER, "index.html", "placemat-census-4", "testpage"]
        assert run(["check", str(out)]) == 0
