"""Hardening, round two (issue #14, sections 1–3): numbers typed, files read, output written.

Every bad input ends in one line on stderr and exit 2, with no traceback, in bounded time and
memory, and leaves nothing behind. Hangs, signals and memory are tested as whole processes
(with a timeout, and a memory limit where memory is the point); the rest through ``run``.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.cli import run
from cardgen.errors import CardgenError
from cardgen.files import read_file
from cardgen.units import MAX_DIGITS, whole_number
from cardgen.write import swap as output
from cardgen.write.marker import MARKER, Kind
from cardgen.write.staging import INDEX_MARKER, Staging, sweep
from tests.helpers import child_pids

THING = Kind("thing", "a thing")  # what the tests' own folders are

D5000 = "1" * 5000
HUGE = "1" + "0" * 20  # 10²⁰
TIMEOUT = 120  # seconds: far more than any of these needs; only a hang reaches it


def cli(capsys, *args: object) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run([str(a) for a in args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(code: int, out: str, err: str, needle: str = "") -> None:
    assert code == 2, (out, err)
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in out + err
    assert len(err) < 400, "a long input is shortened in the message"
    assert needle in err, err


def tree(root: Path) -> list[Path]:
    return sorted(root.rglob("*"))


def leftovers(*roots: Path) -> list[Path]:
    return [p for root in roots for p in root.rglob(".cardgen-*") if p.name not in (MARKER, INDEX_MARKER)]


def cardgen(
    *args: object, cwd: Path, memory: int | None = None, stdout: Any = subprocess.PIPE
) -> subprocess.CompletedProcess[str]:
    """The whole program as a user runs it, ended by the timeout if it hangs."""

    def limits() -> None:
        for name in ("SIGHUP", "SIGTERM"):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
        if memory:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    return subprocess.run(
        [sys.executable, "-m", "cardgen", *map(str, args)],
        cwd=cwd,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=TIMEOUT,
        preexec_fn=limits,
    )


def process_one_line_error(r: subprocess.CompletedProcess[str], needle: str = "") -> None:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert "Traceback" not in (r.stdout or "") + r.stderr
    assert needle in r.stderr, r.stderr


@pytest.fixture
def here(tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ---------------------------------------------------------------- 1. numbers


NUMBERS = [
    (["pack", "--card", "1/0x3in"], "divides by zero"),
    (["pack", "--card", "3x1/0in"], "divides by zero"),
    (["pack", "--bleed", "1/0"], "divides by zero"),
    (["pack", "--bleed", D5000], "bleed"),
    (["pack", "--bleed", D5000 + "/3"], "bleed"),
    (["pack", "--bleed", "1/" + D5000], "bleed"),
    (["pack", "--margin", D5000 + "mm"], "margin"),
    (["pack", "--card", D5000 + "x3in"], "card size"),
    (["pack", "--card", f"{D5000}x{D5000}"], "card size"),
    (["pack", "--card", "１２x３in"], "card size"),  # fullwidth digits
    (["pack", "--bleed", "³mm"], "bleed"),
    (["pack", "--pattern", "one", "--census", D5000], "census"),
    (["seq", D5000], "too long"),
    (["seq", f"5 {D5000} 7"], "too long"),
    (["seq", "¹² 5"], "not a number"),
    (["seq", "W 5", "--pack-size", HUGE], "pack-size"),
    (["seq", "W 5", "--pack-size", "1e20"], "pack-size"),
    (["seq", "W 5", "--pack-size", D5000], "pack-size"),
]


@pytest.mark.parametrize("args, needle", NUMBERS, ids=[" ".join(a)[:30] for a, _ in NUMBERS])
def test_a_bad_number_is_one_line_and_writes_nothing(here, capsys, args, needle):
    before = tree(here)
    one_line_error(*cli(capsys, *args, *(["--out", here / "out"] if args[0] == "pack" else [])), needle)
    assert tree(here) == before


TABLE_NUMBERS = [D5000, "¹²", "²³", "１２", "1e3", "-1", "+1", "1.0", "0x10", "1_000", " ", "٣"]


@pytest.mark.parametrize("number", TABLE_NUMBERS, ids=[repr(n)[:12] for n in TABLE_NUMBERS])
def test_a_bad_card_number_in_a_table_is_one_line_naming_its_line(here, capsys, number):
    (here / "t.csv").write_text(f"number,ability\n1,AB\n{number},AC\n", "utf-8")
    code, out, err = cli(capsys, "check", "t.csv", "--pattern", "one", "--census", "7")
    one_line_error(code, out, err, "t.csv line 3: card number")


@pytest.mark.parametrize("text", ["¹²", "²³", "１２", "1e3", "-1", D5000, "", "1 2", "٣"])
def test_whole_number_refuses_all_but_ascii_digits(text):
    with pytest.raises(CardgenError, match="^copies ") as e:
        whole_number(text, what="copies")
    assert "\n" not in str(e.value) and len(str(e.value)) < 200


def test_whole_number_range_and_length():
    assert whole_number("0", what="n") == 0
    assert whole_number("1000000000", what="n") == 10**9
    assert whole_number(" 7 ", what="n", lo=2, hi=26) == 7
    assert whole_number("9" * MAX_DIGITS, what="n", hi=10**MAX_DIGITS) == 10**MAX_DIGITS - 1
    with pytest.raises(CardgenError, match="census 27 is out of range: 2 to 26"):
        whole_number("27", what="census", lo=2, hi=26)
    with pytest.raises(CardgenError, match="too long"):
        whole_number("9" * (MAX_DIGITS + 1), what="n", hi=10**40)


@given(st.text(max_size=40))
def test_whole_number_is_int_of_ascii_digits_or_one_line(text):
    stripped = text.strip()
    try:
        value = whole_number(text, what="n", hi=10**MAX_DIGITS)
    except CardgenError as e:
        assert "\n" not in str(e)
        assert not (stripped.isascii() and stripped.isdigit() and len(stripped) <= MAX_DIGITS)
    else:
        assert stripped.isascii() and stripped.isdigit() and value == int(stripped)


# ---------------------------------------------------------------- 2. paths and the OS


def test_an_out_or_check_path_too_long_for_the_filesystem(here, capsys):
    too_long_name = here / ("x" * 300)  # one name over NAME_MAX (255)
    too_long_path = here / "/".join(["d" * 200] * 30)  # over PATH_MAX (4096)
    for path in (too_long_name, too_long_path):
        before = tree(here)
        one_line_error(*cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", path), "file name too long")
        one_line_error(*cli(capsys, "check", path), "file name too long")
        one_line_error(*cli(capsys, "check", path, "--pattern", "one", "--census", "7"), "file name too long")
        assert tree(here) == before


def test_a_symlink_loop_is_one_line(here, capsys):
    (here / "loop").symlink_to(here / "loop")
    one_line_error(*cli(capsys, "check", here / "loop", "--pattern", "one", "--census", "7"), "symbolic links")
    one_line_error(
        *cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here / "loop" / "x"), "symbolic links"
    )


def _deny_under(monkeypatch, locked: Path) -> None:  # type: ignore[no-untyped-def]
    """``os.stat`` (and so ``Path.exists`` and ``is_dir``) fails under ``locked`` as for a
    non-root user under /root. Root reads a chmod-000 folder anyway, so it is simulated here;
    ``test_unreadable_paths_as_a_process_without_root_powers`` does it for real."""
    real = os.stat

    def stat(path, *a, **k):  # type: ignore[no-untyped-def]
        if os.fspath(path).startswith(str(locked)):
            raise PermissionError(errno.EACCES, "Permission denied", os.fspath(path))
        return real(path, *a, **k)

    monkeypatch.setattr(os, "stat", stat)


def test_a_path_we_may_not_look_at_is_one_line(here, capsys, monkeypatch):
    locked = here / "locked"
    locked.mkdir()
    _deny_under(monkeypatch, locked)
    with pytest.raises(PermissionError):
        (locked / "x").exists()  # the simulation holds for pathlib too
    before = tree(here)
    one_line_error(
        *cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", locked / "x"), "permission denied"
    )
    one_line_error(*cli(capsys, "check", locked / "x"), "permission denied")
    one_line_error(*cli(capsys, "check", locked / "x", "--pattern", "one", "--census", "7"), "permission denied")
    assert tree(here) == before


def _without_root_powers() -> list[str] | None:
    """A command prefix that runs as root without the power to ignore file permissions."""
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or not setpriv:
        return None
    prefix = [
        setpriv,
        "--bounding-set",
        "-dac_override,-dac_read_search",
        "--inh-caps",
        "-dac_override,-dac_read_search",
    ]
    probe = subprocess.run([*prefix, "true"], capture_output=True, timeout=TIMEOUT)
    return prefix if probe.returncode == 0 else None


def test_unreadable_paths_as_a_process_without_root_powers(tmp_path):
    prefix = _without_root_powers()
    if prefix is None:
        pytest.skip("needs root and setpriv to drop the power to override permissions")
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        for args in (["pack", "--pattern", "one", "--census", "3", "--out", locked / "x"], ["check", locked / "x"]):
            r = subprocess.run(
                [*prefix, sys.executable, "-m", "cardgen", *map(str, args)],
                cwd=tmp_path,
                capture_output=True,
                text=True,
                timeout=TIMEOUT,
            )
            process_one_line_error(r, "permission denied")
    finally:
        locked.chmod(0o700)
    assert list(locked.iterdir()) == []


def test_disk_full_while_staging_is_one_line_and_leaves_nothing(here, capsys, monkeypatch):
    def full(self, data):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "No space left on device")

    before = tree(here)
    with monkeypatch.context() as m:
        m.setattr(Path, "write_bytes", full)
        code, out, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here / "new" / "deeper")
    one_line_error(code, out, err, "no space left on device")
    assert tree(here) == before  # not even the --out folders it had made

    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here / "out")[0] == 0
    folder = here / "out" / "got-pattern-one-census-3"
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    with monkeypatch.context() as m:
        m.setattr(Path, "write_bytes", full)
        code, out, err = cli(
            capsys, "pack", "--pattern", "one", "--census", "3", "--title", "new", "--out", here / "out"
        )
    one_line_error(code, out, err, "no space left on device")
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == files
    assert leftovers(here) == []


@pytest.fixture(scope="module")
def small_pack(tmp_path_factory):  # type: ignore[no-untyped-def]
    out = tmp_path_factory.mktemp("small")
    assert run(["pack", "--pattern", "one", "--census", "3", "--out", str(out)]) == 0
    return out / "got-pattern-one-census-3"


def test_output_to_a_full_disk_is_one_line(small_pack, tmp_path):
    with open("/dev/full", "w") as full:
        r = cardgen("check", small_pack, cwd=tmp_path, stdout=full)
    process_one_line_error(r, "cannot write the output: no space left on device")
    many = tmp_path / "many.csv"  # enough lines to fail while writing, not at the end
    many.write_text("number,ability\n" + "".join(f"{n},{'AB' if n % 2 else 'AC'}\n" for n in range(1, 20001)))
    with open("/dev/full", "w") as full:
        r = cardgen("check", many, "--pattern", "one", "--census", "7", cwd=tmp_path, stdout=full)  # fmt: skip
    process_one_line_error(r, "no space left on device")


def test_a_closed_pipe_ends_quietly(tmp_path):
    many = tmp_path / "many.csv"
    many.write_text("number,ability\n" + "".join(f"{n},{'AB' if n % 2 else 'AC'}\n" for n in range(1, 20001)))
    p = subprocess.Popen(
        [sys.executable, "-m", "cardgen", "check", str(many), "--pattern", "one", "--census", "7"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert p.stdout is not None and p.stderr is not None
    first = p.stdout.readline()
    p.stdout.close()  # like ``| head -1``
    err = p.stderr.read().decode()
    assert p.wait(timeout=TIMEOUT) in (0, 1)
    assert first and err == ""


# ---------------------------------------------------------------- reading within limits


def test_read_file_reads_a_regular_file_within_its_limit(tmp_path):
    path = tmp_path / "f.txt"
    path.write_bytes(b"abc")
    assert read_file(path, limit=3, what="table") == b"abc"
    with pytest.raises(CardgenError, match=r"^cannot read table .*f\.txt: 3 bytes is too large \(at most 2\)$"):
        read_file(path, limit=2, what="table")


def test_read_file_refuses_in_one_line_naming_path_and_reason(tmp_path, monkeypatch):
    folder = tmp_path / "folder"
    folder.mkdir()
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(tmp_path / "sock"))
    cases = {
        tmp_path / "missing.csv": "no such file",
        folder: "it is a folder",
        tmp_path / "sock": "not a regular file",
        Path("/dev/zero"): "not a regular file",
        Path("/dev/null"): "not a regular file",
        tmp_path / "loop": "too many levels of symbolic links",
        tmp_path / ("x" * 300): "file name too long",
        tmp_path / "missing" / "deeper.csv": "no such file",
    }
    try:
        for path, why in cases.items():
            with pytest.raises(CardgenError) as e:
                read_file(path, limit=100, what="pack table")
            message = str(e.value)
            assert message.startswith("cannot read pack table") and why in message, message
            assert "\n" not in message and len(message) < 300
            assert path.name[:20] in message
    finally:
        server.close()
    secret = tmp_path / "secret.csv"
    secret.write_text("x")
    _deny_under(monkeypatch, secret)
    with pytest.raises(CardgenError, match="secret.csv: permission denied"):
        read_file(secret, limit=100, what="pack table")


def test_read_file_of_a_fifo_never_waits_for_a_writer(tmp_path):
    os.mkfifo(tmp_path / "fifo")
    code = "from pathlib import Path; from cardgen.files import read_file\n"
    code += "try:\n    read_file(Path('fifo'), limit=100, what='pack table')\nexcept Exception as e:\n    print(e)"
    r = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT)
    assert r.stdout.strip() == "cannot read pack table fifo: not a regular file: it is a pipe (FIFO)"


def test_a_fifo_or_a_device_as_the_table_is_refused_at_once(tmp_path):
    os.mkfifo(tmp_path / "fifo.csv")
    for target in (tmp_path / "fifo.csv", "/dev/zero", "/dev/urandom"):
        r = cardgen("check", target, "--pattern", "one", "--census", "7", cwd=tmp_path, memory=2 << 30)
        process_one_line_error(r, "not a regular file")


def test_a_fifo_inside_a_pack_folder_is_refused_at_once(small_pack, tmp_path):
    """The folder checker's readers (another module's) read through ``read_file`` too."""
    for name in ("pack.json", "cards/001.svg"):
        folder = tmp_path / name.replace("/", "-")
        shutil.copytree(small_pack, folder)
        (folder / name).unlink()
        os.mkfifo(folder / name)
        r = cardgen("check", folder, cwd=tmp_path)
        assert r.returncode in (1, 2), (r.stdout, r.stderr)
        assert "Traceback" not in r.stdout + r.stderr
        assert "not a regular file" in r.stdout + r.stderr


# ---------------------------------------------------------------- time and memory


def test_a_wild_card_in_a_pack_of_a_billion_is_judged_without_listing_it(tmp_path):
    r = cardgen("seq", "W 5", "--pack-size", "1000000000", cwd=tmp_path, memory=1 << 30)
    assert r.returncode == 0, r.stderr
    assert "can be ascending with numbers 1..1000000000: yes" in r.stdout
    r = cardgen("seq", "999999999 W", "--pack-size", "1000000000", cwd=tmp_path, memory=1 << 30)
    assert "can be ascending with numbers 1..1000000000: yes" in r.stdout  # W = 10⁹, the last one
    r = cardgen("seq", "1000000000 W", "--pack-size", "1000000000", cwd=tmp_path, memory=1 << 30)
    assert "can be ascending with numbers 1..1000000000: no" in r.stdout
    assert "can be never-descending: yes" in r.stdout
    process_one_line_error(cardgen("seq", "W 5", "--pack-size", HUGE, cwd=tmp_path), "pack-size")


@pytest.mark.slow  # a job of 200,000 rows is what it proves bounded: 3 s of a quiet core, as a whole process
def test_a_table_of_200_thousand_rows_checks_in_bounded_time_and_memory(tmp_path):
    """A whole pack of pattern one, census 26, 100 copies (32 500 cards), six times over and
    then some: 200 000 rows, every number repeated. Before: minutes and gigabytes."""
    from cardgen.rules.got.patterns import make_pattern

    pack = make_pattern("one", 26, copies=100)
    rows = [f"{c.number},{c.ability.code}\n" for c in pack.cards()]
    table = (rows * 7)[:200_000]
    path = tmp_path / "big.csv"
    path.write_text("number,ability\n" + "".join(table))
    r = cardgen("check", path, "--pattern", "one", "--census", "26", "--copies", "100", cwd=tmp_path, memory=3 << 30)
    assert r.returncode == 1, r.stderr[-500:]
    assert r.stdout.rstrip().endswith("200000 cards checked as pattern one, census 26, 100 copies (32500 cards): FAILED: " + r.stdout.rstrip().rsplit("FAILED: ", 1)[1])  # fmt: skip
    assert "card 1 appears 7 times" in r.stdout


# ---------------------------------------------------------------- 3. output whole or not at all


def test_staging_is_beside_the_destination_and_swapped_in_whole(here):
    dest = here / "out" / "thing"
    with Staging(dest, kind=THING) as stage:
        assert stage.tmp.parent == here / "out"  # not in the current folder
        assert stage.tmp.name.startswith(f".cardgen-stage-thing-{os.getpid()}-")
        stage.write("a.txt", b"1")
        stage.write("sub/b.txt", b"2")
        stage.write("back.svg", b"3")
        assert not dest.exists()
        stage.commit()
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*")) == [MARKER, "a.txt", "back.svg", "sub", "sub/b.txt"]  # fmt: skip
    with Staging(dest, kind=THING) as stage:  # a rebuild writing fewer files: the folder is replaced whole
        stage.write("a.txt", b"new")
        stage.commit()
    assert sorted(p.name for p in dest.rglob("*")) == [MARKER, "a.txt"]
    assert (dest / "a.txt").read_bytes() == b"new"
    assert sorted(p.name for p in here.iterdir()) == ["out"]
    assert leftovers(here) == []


def test_a_rebuild_leaves_no_stale_file_of_an_earlier_build(here, capsys):
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here)[0] == 0
    folder = here / "got-pattern-one-census-3"
    # as if an earlier build (with backs) had written a back too, and listed it
    (folder / "cards" / "back.svg").write_text("<svg/>")
    marker = json.loads((folder / MARKER).read_text())
    files = {**marker["files"], "cards/back.svg": hashlib.sha256(b"<svg/>").hexdigest()}
    (folder / MARKER).write_text(json.dumps({**marker, "files": files}))
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here)[0] == 0
    assert not (folder / "cards" / "back.svg").exists()
    assert cli(capsys, "check", folder)[0] == 0
    assert leftovers(here) == []


def test_a_failed_commit_leaves_the_previous_build_whole(here, monkeypatch):
    dest = here / "out" / "thing"
    with Staging(dest, kind=THING) as stage:
        stage.write("a.txt", b"old")
        stage.write("b.txt", b"old")
        stage.commit()
    before = {p: p.read_bytes() for p in dest.rglob("*")}

    def blocked(*a):  # type: ignore[no-untyped-def]
        raise OSError(errno.EACCES, "Permission denied")

    real_rename = os.rename

    def rename(src, dst):  # type: ignore[no-untyped-def]
        if ".cardgen-stage-" in os.fspath(src):  # the new folder cannot go in
            raise OSError(errno.EACCES, "Permission denied", os.fspath(dst))
        real_rename(src, dst)

    for exchange, ren in ((blocked, real_rename), (lambda a, b: False, rename)):  # renameat2, then two renames
        with monkeypatch.context() as m:
            m.setattr(output, "_exchange", exchange)
            m.setattr(os, "rename", ren)
            with pytest.raises(CardgenError, match="permission denied"), Staging(dest, kind=THING) as stage:
                stage.write("a.txt", b"new")
                stage.commit()
        assert {p: p.read_bytes() for p in dest.rglob("*")} == before
        assert leftovers(here) == []


def test_the_two_rename_swap_works_where_there_is_no_exchange(here, monkeypatch):
    monkeypatch.setattr(output, "_exchange", lambda a, b: False)
    dest = here / "thing"
    for content in (b"one", b"two"):
        with Staging(dest, kind=THING) as stage:
            stage.write("a.txt", content)
            stage.commit()
        assert (dest / "a.txt").read_bytes() == content
    assert leftovers(here) == []


def test_a_folder_cardgen_did_not_write_is_never_replaced(here, capsys):
    mine = here / "out" / "got-pattern-one-census-3"
    mine.mkdir(parents=True)
    (mine / "thesis.txt").write_text("years of work")
    before = tree(here)
    one_line_error(
        *cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", here / "out"), "cardgen did not write"
    )
    assert tree(here) == before and (mine / "thesis.txt").read_text() == "years of work"
    (here / "out" / "placemat-census-5").mkdir()
    (here / "out" / "placemat-census-5" / "photo.jpg").write_bytes(b"\xff\xd8")
    one_line_error(*cli(capsys, "placemat", "--census", "5", "--out", here / "out"), "photo.jpg")
    assert (here / "out" / "placemat-census-5" / "photo.jpg").read_bytes() == b"\xff\xd8"
    assert leftovers(here) == []


def test_placemats_get_a_marker_and_are_replaced_whole(here, capsys):
    assert cli(capsys, "placemat", "--census", "5", "--out", here)[0] == 0
    folder = here / "placemat-census-5"
    assert (folder / MARKER).is_file()
    assert cli(capsys, "placemat", "--census", "5", "--title", "again", "--out", here)[0] == 0
    assert sorted(p.name for p in folder.iterdir()) == [MARKER, "placemat-census-5.pdf", "placemat-census-5.svg"]


def _dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait(timeout=TIMEOUT)
    return p.pid


def test_sweep_clears_only_what_killed_builds_left(tmp_path):
    dead, alive = _dead_pid(), os.getpid()
    (tmp_path / f".cardgen-stage-a-{dead}-0123abcd").mkdir()
    (tmp_path / f".cardgen-stage-a-{dead}-0123abcd" / "half.svg").write_text("x")
    (tmp_path / f".cardgen-old-b-{dead}-0123abcd").mkdir()  # b is missing: put back
    (tmp_path / f".cardgen-old-b-{dead}-0123abcd" / "whole.svg").write_text("b")
    (tmp_path / "c").mkdir()
    (tmp_path / f".cardgen-old-c-{dead}-0123abcd").mkdir()  # c is there: the old one goes
    keep = [
        f".cardgen-stage-d-{alive}-0123abcd",  # a build still running
        f".cardgen-stage-e-{dead}-notours",  # not our name
        ".cardgen-stage-f",
        ".cardgen-mine",
    ]
    for name in keep:
        (tmp_path / name).mkdir()
    # a file half written beside its destination (an index marker, a preview) by a run since killed
    (tmp_path / f".cardgen-stage-g-{dead}-0123abcd").write_text("half a file")
    (tmp_path / f".cardgen-trace-{dead}-0123abcd.tmp").write_text("half a trace")  # an earlier cardgen's name
    (tmp_path / f".cardgen-stage-h-{dead}-0123abcd").symlink_to(tmp_path / "c")
    keep.append(f".cardgen-stage-h-{dead}-0123abcd")
    (tmp_path / f".cardgen-trace-{alive}-0123abcd.tmp").write_text("a trace being written")
    keep.append(f".cardgen-trace-{alive}-0123abcd.tmp")

    assert sweep(tmp_path) == [tmp_path / "b"]
    assert (tmp_path / "b" / "whole.svg").read_text() == "b"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*keep, "b", "c"])


@pytest.mark.every_core
def test_cardgen_build_is_all_or_nothing_and_says_which_item_failed(here, capsys):
    blocked = here / "out" / "placemat-census-5"
    blocked.mkdir(parents=True)
    (blocked / "mine.txt").write_text("not cardgen's")
    config = here / "set.toml"  # items on either side of the one that fails
    config.write_text('[[kit]]\ngame = "got"\n\n[[pack]]\ncensus = 4\n\n[[placemat]]\ncensus = 5\n\n[[pack2d]]\n')
    code, out, err = cli(capsys, "build", "--config", config, "--out", here / "out")
    assert code == 2 and "Traceback" not in err
    line = err.strip()
    assert len(line.splitlines()) == 1 and line.startswith("error: item 3 (placemat: census 5): cannot replace")
    assert "holds 'mine.txt'" in line and line.endswith("nothing was written")
    assert sorted(p.name for p in (here / "out").iterdir()) == ["placemat-census-5"]  # nothing else written
    assert (blocked / "mine.txt").read_text() == "not cardgen's"
    assert leftovers(here) == []


# ---------------------------------------------------------------- killed builds


def _digest(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in folder.rglob("*")
        if p.is_file()
    }


# ``cardgen`` run as a user runs it, except that the build stops itself (SIGSTOP) once it has
# staged its 20th card: a deterministic "midway" for the signal sent then, where waiting a while
# would race a fast machine and cost seconds on any other.
STOPPED_MIDWAY = """
import os, signal, sys
from cardgen.write.staging import Staging
write = Staging.write
def write_and_stop(self, rel, data):
    write(self, rel, data)
    if rel.startswith("cards/") and sum(f.startswith("cards/") for f in self.files) == 20:
        os.kill(os.getpid(), signal.SIGSTOP)
Staging.write = write_and_stop
from cardgen.cli import entry
sys.argv[0] = "cardgen"
entry()
"""


def _state(pid: int) -> str:
    """A process's state letter (``T``: stopped), from /proc."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]


def _kill_midway(out: Path, cwd: Path, sig: signal.Signals) -> tuple[int, int]:
    """Start the 84-card build, let it stage 20 cards, send ``sig``; its exit status and pid."""

    def default_signals() -> None:
        for name in ("SIGHUP", "SIGTERM"):
            signal.signal(getattr(signal, name), signal.SIG_DFL)

    p = subprocess.Popen(
        [sys.executable, "-c", STOPPED_MIDWAY, "pack", "--pattern", "one", "--census", "7", "--out", str(out)],
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        preexec_fn=default_signals,
    )
    deadline = time.monotonic() + TIMEOUT
    while p.poll() is None and _state(p.pid) != "T" and time.monotonic() < deadline:
        time.sleep(0.01)
    assert p.poll() is None and _state(p.pid) == "T", "the build did not reach its 20th card"
    assert len(list(out.glob(f".cardgen-stage-*-{p.pid}-*/cards/*.svg"))) == 20  # well into writing cards
    p.send_signal(sig)
    p.send_signal(signal.SIGCONT)  # (a stopped process takes the signal when it goes on)
    assert p.stderr is not None
    err = p.stderr.read().decode()
    code = p.wait(timeout=TIMEOUT)
    assert "Traceback" not in err
    if sig != signal.SIGKILL:
        assert err.strip() == f"error: stopped by {sig.name}"
    return code, p.pid


@pytest.mark.slow
@pytest.mark.every_core
def test_a_killed_build_leaves_the_previous_build_whole_and_the_next_build_sweeps_up(tmp_path, monkeypatch, capsys):
    out, cwd = tmp_path / "out", tmp_path / "cwd"
    cwd.mkdir()
    monkeypatch.chdir(cwd)  # the builds that finish run here, in this process
    dest = out / "got-pattern-one-census-7"

    # a first build killed: no destination at all, and nothing in the current folder
    assert _kill_midway(out, cwd, signal.SIGKILL)[0] == -signal.SIGKILL
    assert not dest.exists() and list(cwd.iterdir()) == []
    assert leftovers(out), "SIGKILL leaves its staging folder (beside the destination) for the next build"

    assert cli(capsys, "pack", "--pattern", "one", "--census", "7", "--out", out)[0] == 0
    assert leftovers(tmp_path) == []
    previous = _digest(dest)
    assert len([f for f in previous if f.startswith("cards/")]) == 84

    for sig in (signal.SIGKILL, signal.SIGTERM, signal.SIGHUP):
        code, pid = _kill_midway(out, cwd, sig)
        assert code == (-sig if sig == signal.SIGKILL else 128 + sig)
        assert _digest(dest) == previous, sig.name  # not a card of the new build mixed in
        assert list(cwd.iterdir()) == []
        if sig != signal.SIGKILL:
            assert leftovers(tmp_path) == [], f"{sig.name} (pid {pid}): the build cleans up after itself"

    code, stdout, _ = cli(capsys, "check", dest)
    assert code == 0 and stdout.rstrip().endswith(": OK"), stdout[-300:]
    assert cli(capsys, "pack", "--pattern", "one", "--census", "7", "--title", "new", "--out", out)[0] == 0
    assert leftovers(tmp_path) == []
    titled = out / "got-pattern-one-census-7-new"  # another title: another folder, beside the first
    assert _digest(dest) == previous and _digest(titled) != previous
    assert cli(capsys, "check", titled)[0] == 0
    assert list(cwd.iterdir()) == []


@pytest.mark.slow
@pytest.mark.every_core
def test_sigterm_stops_a_big_build_within_seconds_and_cleans_up(tmp_path):  # type: ignore[no-untyped-def]
    """#29: SIGTERM took 20-76 s to stop a 16,250-card build on a busy machine: the worker
    drawing its PDF was waited for. Now the worker is killed with the build: the build ends in
    seconds, exit 143 and one line, and leaves no stage (the bound is generous: 10 s)."""

    def default_signals() -> None:
        for name in ("SIGHUP", "SIGTERM"):
            signal.signal(getattr(signal, name), signal.SIG_DFL)

    out = tmp_path / "out"
    args = ["pack", "--pattern", "one", "--census", "26", "--copies", "50", "--out", str(out)]
    p = subprocess.Popen(
        [sys.executable, "-m", "cardgen", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_signals,
    )
    deadline = time.monotonic() + TIMEOUT
    while not list(out.glob(f".cardgen-stage-*-{p.pid}-*")) and p.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(1.0)  # the worker well into the sheets (it takes it tens of seconds)
    assert p.poll() is None, "the build ended before it could be stopped"
    workers = child_pids(p.pid)
    assert workers, "the sheets are drawn in a worker"
    p.send_signal(signal.SIGTERM)
    sent = time.monotonic()
    try:
        _, err = p.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        p.kill()
        p.communicate()
        raise AssertionError(f"still running {TIMEOUT} s after SIGTERM") from None
    took = time.monotonic() - sent
    assert took < 10, f"stopped {took:.1f} s after SIGTERM"
    assert p.returncode == 128 + signal.SIGTERM
    assert err.strip().splitlines()[-1] == "error: stopped by SIGTERM" and "Traceback" not in err, err
    assert leftovers(tmp_path) == [] and (not out.exists() or not any(out.iterdir()))
    time.sleep(0.2)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "the worker ended with the build"


@pytest.mark.every_core
def test_a_pool_left_by_an_exception_kills_its_workers_at_once():  # type: ignore[no-untyped-def]
    """What the build leans on: leaving a worker pool by an exception (Ctrl-C, SIGTERM, a failed
    check) ends its workers mid-task instead of waiting for their work (here a minute's sleep)."""
    from cardgen.write.workers import worker_pool

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), worker_pool(1) as pool:
        future = pool.submit(time.sleep, 60)
        while not future.running():
            time.sleep(0.01)
        time.sleep(0.2)
        workers = list(pool._processes)
        raise KeyboardInterrupt
    assert time.monotonic() - started < 30
    assert workers and not [w for w in workers if Path(f"/proc/{w}").exists()]
    with worker_pool(1) as pool:  # left normally, a pool still waits for its work
        assert pool.submit(sum, [1, 2, 3]).result() == 6


def test_an_old_folder_orphaned_between_two_renames_is_put_back(tmp_path, capsys):
    """Where there is no one-step exchange, a kill between "old aside" and "new in" leaves
    no destination: the next build (any build in that folder) puts the old one back first."""
    assert cli(capsys, "pack", "--pattern", "one", "--census", "3", "--out", tmp_path)[0] == 0
    dest = tmp_path / "got-pattern-one-census-3"
    before = _digest(dest)
    dest.rename(tmp_path / f".cardgen-old-got-pattern-one-census-3-{_dead_pid()}-0123abcd")
    assert cli(capsys, "placemat", "--census", "3", "--out", tmp_path)[0] == 0  # another item, same folder
    assert _digest(dest) == before
    assert cli(capsys, "check", dest)[0] == 0
    assert leftovers(tmp_path) == []
