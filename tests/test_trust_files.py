"""Never lose a user's file (#20): a folder or an index page cardgen cannot prove it wrote, file
by file, is never replaced; a set goes in as one step; a killed build's children die with it."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cardgen.cli import run
from cardgen.write.marker import MARKER
from cardgen.write.staging import INDEX_MARKER, JOURNAL
from tests.helpers import child_pids, refused, snapshot

LINUX = sys.platform.startswith("linux")


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# ---------------------------------------------------------------- a folder cardgen cannot prove


@pytest.mark.parametrize("marker", ["none", "pack.json only"])
def test_a_folder_with_a_pack_json_but_no_marker_is_never_replaced(tmp_path, capsys, marker):
    """Copies often drop hidden files: a pack.json proves nothing, and the user's notes stay."""
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)[0] == 0
    folder = tmp_path / "got-pattern-one-census-3"
    (folder / MARKER).unlink()
    if marker == "none":
        (folder / "pack.json").unlink()
    (folder / "notes.txt").write_text("my notes")
    (folder / "photos").mkdir()
    (folder / "photos" / "table.jpg").write_bytes(b"\xff\xd8\xff")
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)
    refused(code, err, "cannot replace", "did not write")
    assert snapshot(tmp_path) == before


def test_a_build_refuses_such_a_folder_before_it_swaps_anything_in(tmp_path, capsys):
    out = tmp_path / "out"
    (out / "placemat-census-5").mkdir(parents=True)
    (out / "placemat-census-5" / "notes.txt").write_text("mine")
    config = tmp_path / "cardgen.toml"
    config.write_text('[[pack]]\npattern = "one"\ncensus = 3\n\n[[placemat]]\ncensus = 5\n')
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "build", "--config", config, "--out", out)
    refused(code, err, "notes.txt")
    assert snapshot(tmp_path) == before  # not even the pack went in


def test_a_file_changed_after_cardgen_wrote_it_is_kept(tmp_path, capsys):
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)[0] == 0
    folder = tmp_path / "got-pattern-one-census-3"
    (folder / "pack.csv").write_text("number,ability\n1,AB\n# my corrections\n")
    code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)
    refused(code, err, "pack.csv", "changed after cardgen wrote it")
    assert "my corrections" in (folder / "pack.csv").read_text()


@pytest.mark.parametrize("what", ["an empty folder", "a link", "a hidden file"])
def test_anything_else_in_a_cardgen_folder_is_kept_too(tmp_path, capsys, what):
    assert cli(capsys, "placemat", "--census", "4", "--out", tmp_path)[0] == 0
    folder = tmp_path / "placemat-census-4"
    if what == "an empty folder":
        (folder / "later").mkdir()
    elif what == "a link":
        (folder / "elsewhere").symlink_to(tmp_path)
    else:
        (folder / ".my-settings").write_text("x")
    before = snapshot(folder)
    code, _, err = cli(capsys, "placemat", "--census", "4", "--out", tmp_path)
    refused(code, err, "cannot replace")
    assert snapshot(folder) == before


def test_what_cardgen_wrote_is_replaced_and_file_browser_litter_kept(tmp_path, capsys):
    """#33: a .DS_Store is not cardgen's to delete: the rebuilt folder keeps it."""
    assert cli(capsys, "placemat", "--census", "4", "--out", tmp_path)[0] == 0
    folder = tmp_path / "placemat-census-4"
    (folder / ".DS_Store").write_bytes(b"\0")
    assert cli(capsys, "placemat", "--census", "4", "--out", tmp_path)[0] == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        ".DS_Store",
        MARKER,
        "placemat-census-4.pdf",
        "placemat-census-4.svg",
    ]
    assert (folder / ".DS_Store").read_bytes() == b"\0"


def test_the_marker_records_every_file_with_its_digest(tmp_path, capsys):
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)[0] == 0
    folder = tmp_path / "got-pattern-one-census-3"
    files = json.loads((folder / MARKER).read_text())["files"]
    on_disk = {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file() and p.name != MARKER}
    assert set(files) == on_disk
    assert all(files[rel] == hashlib.sha256((folder / rel).read_bytes()).hexdigest() for rel in files)


def test_check_says_when_the_marker_is_missing_or_a_file_changed(tmp_path, capsys):
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)[0] == 0
    folder = tmp_path / "got-pattern-one-census-3"
    assert cli(capsys, "check", folder)[0] == 0
    marker = (folder / MARKER).read_bytes()
    (folder / MARKER).unlink()
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and f"{MARKER} is missing: cardgen cannot prove it wrote this folder" in out
    (folder / MARKER).write_bytes(marker)
    with (folder / "rules.html").open("a") as f:
        f.write("<!-- x -->")
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and "rules.html was changed after cardgen wrote it" in out


# ---------------------------------------------------------------- the index page


def test_a_users_own_index_page_is_never_overwritten(tmp_path, capsys):
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<h1>My club's page</h1>")
    config = tmp_path / "cardgen.toml"
    config.write_text("[[placemat]]\ncensus = 4\n")
    code, _, err = cli(capsys, "build", "--config", config, "--out", site)
    refused(code, err, "index.html", "cardgen did not write it")
    assert (site / "index.html").read_text() == "<h1>My club's page</h1>"
    assert sorted(p.name for p in site.iterdir()) == ["index.html"]  # nothing was built


def test_cardgen_replaces_its_own_index_page_but_not_once_it_was_edited(tmp_path, capsys):
    config = tmp_path / "cardgen.toml"
    config.write_text("[[placemat]]\ncensus = 4\n")
    out = tmp_path / "out"
    assert cli(capsys, "build", "--config", config, "--out", out)[0] == 0
    assert (out / INDEX_MARKER).is_file()
    assert cli(capsys, "build", "--config", config, "--out", out)[0] == 0  # its own: replaced
    with (out / "index.html").open("a") as f:
        f.write("<p>my note</p>")
    code, _, err = cli(capsys, "build", "--config", config, "--out", out)
    refused(code, err, "index.html")
    assert "my note" in (out / "index.html").read_text()


# ---------------------------------------------------------------- a set, all or nothing


def test_a_config_naming_the_same_item_twice_is_one_line_before_anything_is_built(tmp_path, capsys):
    config = tmp_path / "cardgen.toml"
    config.write_text(
        '[[pack]]\npattern = "two"\ncensus = 5\n\n[[placemat]]\ncensus = 4\n\n[[pack]]\npattern = "two"\ncensus = 5\n'
    )
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "out")
    refused(code, err, "item 2 (pack)", "the same as item 1")
    assert not (tmp_path / "out").exists()


def test_two_items_that_make_the_same_folder_are_one_line_and_nothing_is_written(tmp_path, capsys):
    config = tmp_path / "cardgen.toml"  # copies 3 is pattern two's default: the same pack, spelt twice
    config.write_text('[[pack]]\npattern = "two"\ncensus = 5\n\n[[pack]]\npattern = "two"\ncensus = 5\ncopies = 3\n')
    code, _, err = cli(capsys, "build", "--config", config, "--out", tmp_path / "out")
    refused(code, err, "got-pattern-two-census-5", "name each item once")
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


KILL_MID_SWAP = textwrap.dedent(
    """
    import os, sys
    from pathlib import Path
    import cardgen.write.swap as swap
    from cardgen.build import build_set
    real, calls, parent = swap.put, [], os.getpid()
    def put(tmp, dest):
        if os.getpid() == parent:  # (the items' workers swap their own folders into the stage)
            calls.append(dest)
        if len(calls) == 2:
            os._exit(9)  # as a kill -9 between two folders of the set
        return real(tmp, dest)
    swap.put = put
    build_set(config=Path(sys.argv[1]), out=Path(sys.argv[2]))
    """
)


@pytest.mark.slow
@pytest.mark.every_core
def test_a_build_killed_in_the_middle_of_its_swap_is_completed_by_the_next(tmp_path, capsys):
    out, config = tmp_path / "out", tmp_path / "cardgen.toml"
    config.write_text('[[placemat]]\ncensus = 4\n\n[[placemat]]\ncensus = 5\n\n[[pack]]\npattern = "one"\ncensus = 3\n')
    assert cli(capsys, "build", "--config", config, "--out", out)[0] == 0
    old_index = (out / "index.html").read_bytes()
    config.write_text('title = "New"\n' + config.read_text())  # every item changes
    killed = subprocess.run([sys.executable, "-c", KILL_MID_SWAP, config, out], capture_output=True)
    assert killed.returncode == 9
    assert (out / JOURNAL).is_file()  # a set half in: the journal says what is left
    assert (out / "index.html").read_bytes() == old_index
    # the next command that writes into out (here a pack of its own) completes the set first
    assert cli(capsys, "pack", "--pattern", "one", "--census", "2", "--out", out)[0] == 0
    assert not (out / JOURNAL).exists()
    # the title is in the new set's folder names and in its mats (as text, not by chance in font data)
    assert b">New<" in (out / "placemat-census-4-new" / "placemat-census-4-new.svg").read_bytes()
    index_digest = json.loads((out / INDEX_MARKER).read_text())["files"]["index.html"]
    assert index_digest == hashlib.sha256((out / "index.html").read_bytes()).hexdigest()
    assert not [p for p in out.iterdir() if p.name.startswith(".cardgen-s") or p.name.startswith(".cardgen-o")]
    for name in ("placemat-census-4", "placemat-census-5", "got-pattern-one-census-3"):
        assert cli(capsys, "check", out / name)[0] in (0, 2)  # placemats have nothing to check yet


def _killed_mid_swap(tmp_path: Path, capsys) -> tuple[Path, Path]:  # type: ignore[no-untyped-def]
    """A set built once, then a set of new items killed after its first folder went in: the
    journal is left, two folders and the index still to go. (out, config)"""
    out, config = tmp_path / "out", tmp_path / "cardgen.toml"
    config.write_text('[[placemat]]\ncensus = 4\n\n[[placemat]]\ncensus = 5\n\n[[pack]]\npattern = "one"\ncensus = 3\n')
    assert cli(capsys, "build", "--config", config, "--out", out)[0] == 0
    config.write_text('title = "New"\n' + config.read_text())
    killed = subprocess.run([sys.executable, "-c", KILL_MID_SWAP, config, out], capture_output=True)
    assert killed.returncode == 9 and (out / JOURNAL).is_file()
    assert (out / "placemat-census-4-new").is_dir() and not (out / "placemat-census-5-new").exists()
    return out, config


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.parametrize(
    "users, then",
    [
        ("a folder where the set's next one goes", ["pack", "--pattern", "one", "--census", "2"]),
        ("a folder where the set's next one goes", ["build"]),
        ("a file where the set's next folder goes", ["pack", "--pattern", "one", "--census", "2"]),
        ("an empty folder where the set's next one goes", ["pack", "--pattern", "one", "--census", "2"]),
        ("an index page of their own", ["pack", "--pattern", "one", "--census", "2"]),
        ("an index page of their own", ["build"]),
        ("an index page, a link to theirs", ["placemat", "--census", "3"]),
    ],
)
def test_finishing_a_killed_set_never_deletes_or_overwrites_what_the_user_put_there(  # type: ignore[no-untyped-def]
    tmp_path, capsys, users, then
):
    """F1: the next command finishes a set a killed build began, but only over what the set
    itself would have replaced: anything the user put in its way since is refused in one line,
    nothing is moved or deleted, and once the user moves it away the set is finished."""
    out, config = _killed_mid_swap(tmp_path, capsys)
    mine = tmp_path / "mine"
    if users == "a folder where the set's next one goes":
        mine = out / "placemat-census-5-new"
        mine.mkdir()
        (mine / "notes.txt").write_text("my notes")
    elif users == "a file where the set's next folder goes":
        mine = out / "placemat-census-5-new"
        mine.write_text("my notes")
    elif users == "an empty folder where the set's next one goes":
        mine = out / "placemat-census-5-new"
        mine.mkdir()
        (mine / "sub").mkdir()
    elif users == "an index page of their own":
        mine = out / "index.html"
        mine.write_text("<h1>My club</h1>")
    else:
        (tmp_path / "club.html").write_text("<h1>My club</h1>")
        (out / "index.html").unlink()
        mine = out / "index.html"
        mine.symlink_to(tmp_path / "club.html")
    before = snapshot(tmp_path)
    args = [*then, "--out", out] + (["--config", config] if then == ["build"] else [])
    code, _, err = cli(capsys, *args)
    refused(code, err, "cannot finish the set a killed build began", mine.name)
    assert snapshot(tmp_path) == before
    # moved away by its owner, the set is finished by the next command
    (tmp_path / "moved").mkdir()
    os.rename(mine, tmp_path / "moved" / mine.name)
    assert cli(capsys, *args)[0] == 0
    assert not (out / JOURNAL).exists()
    assert (out / "placemat-census-5-new").is_dir() and (out / "got-pattern-one-census-3-new").is_dir()
    assert b"<h1>My club" not in (out / "index.html").read_bytes()


@pytest.mark.slow
@pytest.mark.every_core
def test_a_killed_set_is_finished_over_its_own_old_folders_and_index(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """The set's own destinations as the killed build left them (missing, or the previous set's,
    unchanged) are no reason to refuse: the next command completes the set."""
    out, config = _killed_mid_swap(tmp_path, capsys)
    old_index = (out / "index.html").read_bytes()
    assert cli(capsys, "placemat", "--census", "3", "--out", out)[0] == 0
    assert not (out / JOURNAL).exists() and (out / "index.html").read_bytes() != old_index
    assert (out / "got-pattern-one-census-3-new").is_dir()


@pytest.mark.slow
@pytest.mark.every_core
def test_a_folder_the_user_put_in_place_of_one_the_set_put_in_is_left_alone(tmp_path, capsys):  # type: ignore[no-untyped-def]
    """A folder the killed set had put in already, and that its owner replaced since with one
    of their own: finishing the set has nothing to put there, and leaves theirs as it is."""
    out, config = _killed_mid_swap(tmp_path, capsys)
    shutil.rmtree(out / "placemat-census-4-new")
    mine = out / "placemat-census-4-new"
    mine.mkdir()
    (mine / "notes.txt").write_text("my notes")
    assert cli(capsys, "pack", "--pattern", "one", "--census", "2", "--out", out)[0] == 0
    assert not (out / JOURNAL).exists() and (out / "got-pattern-one-census-3-new").is_dir()
    assert snapshot(mine) == {"notes.txt": b"my notes"}


@pytest.mark.parametrize(
    "product", [["pack", "--pattern", "one", "--census", "3"], ["placemat", "--census", "3"], ["tiles"]]
)
@pytest.mark.parametrize("edit", ["edited", "untouched"])
def test_a_folder_with_an_earlier_cardgens_marker_is_never_replaced(tmp_path, capsys, product, edit):  # type: ignore[no-untyped-def]
    """F2: a marker from before checksums lists names only: it cannot tell an edited file from
    cardgen's, so such a folder is never replaced, edited or not (one line naming it and why)."""
    from tests.helpers import names_only

    assert cli(capsys, *product, "--out", tmp_path)[0] == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    names_only(folder)
    if edit == "edited":
        victim = sorted(folder.rglob("*.svg"))[0]
        with victim.open("ab") as f:
            f.write(b"MY NOTES")
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, *product, "--out", tmp_path)
    refused(code, err, folder.name, "earlier cardgen", "without checksums", "delete it yourself")
    assert snapshot(tmp_path) == before
    code, out, _ = cli(capsys, "check", folder)
    assert code == 1 and "listing files without checksums" in out


def test_an_index_page_with_an_earlier_cardgens_marker_is_never_replaced(tmp_path, capsys):  # type: ignore[no-untyped-def]
    config = tmp_path / "cardgen.toml"
    config.write_text("[[placemat]]\ncensus = 4\n")
    out = tmp_path / "out"
    assert cli(capsys, "build", "--config", config, "--out", out)[0] == 0
    (out / INDEX_MARKER).write_text(json.dumps({"files": ["index.html"]}))
    with (out / "index.html").open("a") as f:
        f.write("<p>my note</p>")
    before = snapshot(tmp_path)
    code, _, err = cli(capsys, "build", "--config", config, "--out", out)
    refused(code, err, "index.html")
    assert snapshot(tmp_path) == before


# ---------------------------------------------------------------- children die with their parent


def _alive(pid: int) -> bool:
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.every_core
@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_the_workers_of_a_build_killed_outright_die_with_it(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "build", "--out", str(tmp_path / "out")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    children: list[int] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and len(children) < 2 and proc.poll() is None:
        children = child_pids(proc.pid)
        time.sleep(0.01)
    if not children:
        proc.wait()
        pytest.skip("the build was done before its workers could be seen")
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(_alive(c) for c in children):
        time.sleep(0.02)
    assert not any(_alive(c) for c in children), "a worker outlived the build that started it"


# ---------------------------------------------------------------- another build of the same name (#24, #33)


@pytest.mark.parametrize(
    "args, first, second",
    [
        (["pack", "--pattern", "one", "--census", "3"], "Family night", "FAMILY NIGHT!"),
        (["pack", "--pattern", "one", "--census", "3"], "Åsa", "Asa"),
        (["tiles"], "Night", "night."),
        (["handout", "amtrak"], "Amtrak Night", "amtrak night?"),
        (["placemat", "--census", "3"], "Our mat", "our-mat"),
    ],
)
def test_a_title_that_names_its_folder_alike_replaces_its_own_build_and_says_so(  # type: ignore[no-untyped-def]
    tmp_path, capsys, args, first, second
):
    """A folder's name keeps a title's letters and hyphens only: two titles that differ in case or
    punctuation share a name (a typo fixed: "Smith family", then "Smith Family!"). The folder is
    cardgen's and unchanged, so the second build replaces it, and one line on stderr says what it
    held and with which title (#33; #24 refused it and left the user to move it by hand)."""
    assert cli(capsys, *args, "--title", first, "--out", tmp_path)[0] == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    before = snapshot(folder)
    code, _, err = cli(capsys, *args, "--title", second, "--out", tmp_path)
    assert code == 0, err
    (said,) = err.strip().splitlines()
    assert said.startswith(f"replaced {folder}: it held ") and repr(first) in said and repr(second) in said
    assert snapshot(folder) != before and [p for p in tmp_path.iterdir() if p.is_dir()] == [folder]
    code, _, err = cli(capsys, *args, "--title", second, "--out", tmp_path)  # the same build again: nothing to say
    assert code == 0 and err == ""


def test_a_title_fixed_in_a_folder_someone_changed_is_still_refused(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert cli(capsys, "placemat", "--census", "3", "--title", "Our mat", "--out", tmp_path)[0] == 0
    (folder,) = [p for p in tmp_path.iterdir() if p.is_dir()]
    (folder / "notes.txt").write_text("mine")
    before = snapshot(folder)
    code, _, err = cli(capsys, "placemat", "--census", "3", "--title", "our-mat", "--out", tmp_path)
    refused(code, err, "notes.txt", "cardgen did not write")
    assert snapshot(folder) == before


def test_a_theme_file_of_the_same_name_replaces_another_themes_build_and_says_so(tmp_path, capsys):  # type: ignore[no-untyped-def]
    for name, colour in (("a", "#aa0000"), ("b", "#0000aa")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "t.toml").write_text(f'[colours.one]\naccent = "{colour}"\n', encoding="utf-8")
    out = tmp_path / "out"
    assert (
        cli(capsys, "pack", "--pattern", "one", "--census", "3", "--theme", tmp_path / "a" / "t.toml", "--out", out)[0]
        == 0
    )
    folder = out / "got-pattern-one-census-3-theme-t"
    before = snapshot(folder)
    code, _, err = cli(
        capsys, "pack", "--pattern", "one", "--census", "3", "--theme", tmp_path / "b" / "t.toml", "--out", out
    )
    assert code == 0 and err.strip() == (
        f"replaced {folder}: it held a Game of Trains variant pack made with another theme file of the same name"
    )
    assert snapshot(folder) != before
    # the same theme file, edited (a designer at work), replaces its own build, with nothing to say
    before = snapshot(folder)
    (tmp_path / "b" / "t.toml").write_text('[colours.one]\naccent = "#006600"\n', encoding="utf-8")
    code, _, err = cli(
        capsys, "pack", "--pattern", "one", "--census", "3", "--theme", tmp_path / "b" / "t.toml", "--out", out
    )
    assert code == 0 and err == ""
    assert snapshot(folder) != before


def test_a_build_set_replaces_an_item_whose_folder_holds_another_titles_build_and_says_so(tmp_path, capsys):  # type: ignore[no-untyped-def]
    out = tmp_path / "out"
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--title", "Family night", "--out", out)[0] == 0
    config = tmp_path / "cardgen.toml"
    config.write_text('[[pack]]\npattern = "one"\ncensus = 3\ntitle = "FAMILY NIGHT!"\n', encoding="utf-8")
    code, _, err = cli(capsys, "build", "--config", config, "--out", out)
    assert code == 0
    assert err.strip() == (
        f"replaced {out / 'got-pattern-one-census-3-family-night'}: it held a Game of Trains variant pack made "
        "with the title 'Family night' (this build’s: 'FAMILY NIGHT!')"
    )
    assert b"FAMILY NIGHT!" in (out / "got-pattern-one-census-3-family-night" / "pack.json").read_bytes()
    config.write_text('[[pack]]\npattern = "one"\ncensus = 3\ntitle = "Family night"\n', encoding="utf-8")
    code, _, err = cli(capsys, "build", "--config", config, "--out", out, "--quiet")  # nothing but errors
    assert code == 0 and err == ""
    assert b"FAMILY NIGHT!" not in (out / "got-pattern-one-census-3-family-night" / "pack.json").read_bytes()


def test_the_test_page_names_its_back_offset(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert cli(capsys, "testpage", "--out", tmp_path)[0] == 0
    assert cli(capsys, "testpage", "--back-offset", "0.5,-1.3", "--out", tmp_path)[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["testpage", "testpage-offset0.5,-1.3"]
