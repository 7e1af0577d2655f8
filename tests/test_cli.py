"""The command line as a user meets it: the documented examples (README and docs/), documented
options, errors."""

from __future__ import annotations

import contextlib
import io
import multiprocessing
import os
import re
import shlex
import shutil
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from cardgen.cli import app, run
from cardgen.write.workers import available_cores

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
# the pages a user reads: the README and the documentation site's pages
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def cli(capsys, *args: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = run(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def example_blocks(text: str) -> list[tuple[int, list[list[str]]]]:
    """The commands a page shows, block by block: each fenced ``console`` or ``sh`` block holding lines
    that start with ``cardgen`` (after a ``$ `` prompt or not): the line number of the block's first
    example, and its examples in order, as arguments."""
    blocks: list[tuple[int, list[list[str]]]] = []
    for block in FENCE.finditer(text):
        if block.group(1) not in ("console", "sh"):
            continue
        start = text.count("\n", 0, block.start(2)) + 1
        first, examples = 0, []
        for offset, line in enumerate(block.group(2).splitlines()):
            line = line[2:] if line.startswith("$ ") else line
            if line.startswith("cardgen "):
                first = first or start + offset
                examples.append(shlex.split(line)[1:])
        if examples:
            blocks.append((first, examples))
    return blocks


def test_example_blocks_are_found():
    """The finder sees prompts and bare lines, in console and sh blocks only, and numbers the lines."""
    page = "# x\n```console\n$ cardgen seq 1-2\n$ ls\n```\n```sh\ncardgen build\n```\n```text\ncardgen no\n```\n"
    assert example_blocks(page) == [(3, [["seq", "1-2"]]), (7, [["build"]])]
    assert sum(len(examples) for _, examples in example_blocks(README)) >= 5  # (a kit a game)
    # no prompted example outside a block it would run from
    for page_path in PAGES:
        text = page_path.read_text("utf-8")
        prompted = [shlex.split(ln[2:])[1:] for ln in text.splitlines() if ln.startswith("$ cardgen ")]
        shown = [args for _, examples in example_blocks(text) for args in examples]
        assert all(args in shown for args in prompted), page_path


def _run_block(folder: Path, examples: list[list[str]]) -> list[tuple[list[str], int, str, str]]:
    """In a worker process: a block's examples run in order in ``folder``, up to the first that
    fails; each one's exit status, output and errors."""
    os.chdir(folder)
    done = []
    for args in examples:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(args)
        done.append((args, code, out.getvalue(), err.getvalue()))
        if code != 0:
            break
    return done


@pytest.mark.parametrize(
    "pages",
    [
        pytest.param(PAGES[:1], id="README"),
        # the site's pages show every command and option: about 100 examples, a minute of work,
        # run by CI (`pytest -m slow`); a plain `pytest` runs the README's, the newcomer's own
        pytest.param(PAGES[1:], id="docs", marks=pytest.mark.slow),
    ],
)
def test_documented_examples_run_in_order(tmp_path, pages):
    """Every command the README and the docs/ pages show exits 0, run as a user runs the block it is
    in: in order, in a fresh folder (with the clone's docs/ files the block names). The blocks run
    side by side, each in a worker process of a pool, each in a temporary folder of its own: nothing
    is written into the clone."""
    blocks = [(page, first, examples) for page in pages for first, examples in example_blocks(page.read_text("utf-8"))]
    assert len(blocks) >= (25 if len(pages) > 1 else 1)
    folders = []
    for page, first, examples in blocks:
        folder = tmp_path / f"{page.relative_to(ROOT)}-line-{first}".replace("/", "-")
        for name in {arg for args in examples for arg in args if arg.startswith("docs/")}:
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(ROOT / name, folder / name)  # as in a clone: examples may name docs/ files
        folder.mkdir(exist_ok=True)
        folders.append(folder)
    before = sorted(os.listdir(ROOT))
    with ProcessPoolExecutor(
        min(available_cores(), len(blocks)), mp_context=multiprocessing.get_context("fork")
    ) as pool:
        ran = list(pool.map(_run_block, folders, [examples for _, _, examples in blocks]))
    failed = [
        (f"{page.relative_to(ROOT)}:{first}", args, code, out, err)
        for (page, first, _), done in zip(blocks, ran, strict=True)
        for args, code, out, err in done
        if code
    ]
    assert failed == []
    assert [len(done) for done in ran] == [len(examples) for _, _, examples in blocks]
    assert sorted(os.listdir(ROOT)) == before
    if pages[0] == ROOT / "README.md":
        readme_first = folders[[page for page, _, _ in blocks].index(ROOT / "README.md")]
        kit = "kit-got-4-players-pattern-two-census-7"  # the README's first example: the Game of Trains for four
        assert (readme_first / "output" / kit / f"{kit}.pdf").is_file()


def test_quick_start_is_exactly_two_lines_and_ci_runs_it():
    block = README.split("<!-- quickstart -->")[1].split("<!-- /quickstart -->")[0]
    lines = [ln for ln in block.strip().splitlines() if not ln.startswith("```")]
    assert len(lines) == 2
    assert lines[0].endswith("&& cardgen build") and "pytest" in lines[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "quickstart" in ci and "pytest" in ci
    assert "\npytest -m slow\n" in ci  # and then the tests the README's `pytest` leaves out


def all_options() -> dict[str, list[str]]:
    import typer.main

    group = typer.main.get_command(app)
    out = {}
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        out[name] = [opt for p in command.params for opt in getattr(p, "opts", []) if opt.startswith("--")]
    return out


def test_every_option_is_documented_in_the_readme_or_the_docs():
    documented = "\n".join(p.read_text("utf-8") for p in PAGES)
    missing = [
        f"{cmd} {opt}"
        for cmd, opts in all_options().items()
        for opt in opts
        if opt not in documented and opt != "--help"
    ]
    assert missing == []


@pytest.mark.parametrize("command", sorted(all_options()))
def test_every_command_has_help_with_an_example(capsys, command):
    code, out, _ = cli(capsys, command, "--help")
    assert code == 0
    assert "Example" in out and f"cardgen {command}" in out


def test_version_and_module_entry_point():
    proc = subprocess.run([sys.executable, "-m", "cardgen", "--version"], capture_output=True, text=True, check=True)
    from cardgen import __version__

    assert proc.stdout.strip() == f"cardgen {__version__}"


def test_start_up_does_not_import_the_heavy_libraries():
    code = "import cardgen.cli, sys; print(sorted(m for m in ('reportlab', 'svgwrite', 'pdfplumber', 'jinja2') if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"


def test_a_pack_is_written_without_svgwrite(tmp_path):
    """The SVG writer writes its markup itself; svgwrite is only the tests' yardstick."""
    code = (
        "import sys; from pathlib import Path; from cardgen.products.got import build_pack; "
        f"build_pack(pattern='one', census=3, out=Path({str(tmp_path)!r})); print('svgwrite' in sys.modules)"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "False"


def test_check_exits_1_naming_the_altered_card(tmp_path, capsys):
    code, _, _ = cli(capsys, "pack", "--pattern", "two", "--census", "7", "--out", str(tmp_path))
    assert code == 0
    folder = tmp_path / "got-pattern-two-census-7"
    assert cli(capsys, "check", str(folder))[0] == 0
    svg = folder / "cards" / "040.svg"
    svg.write_text(svg.read_text("utf-8").replace(">BF<", ">BG<").replace(">B↔F<", ">B↔G<"), "utf-8")
    code, out, _ = cli(capsys, "check", str(folder))
    assert code == 1
    assert re.search(r"\bcard 40\b|\bcards 40\b", out)
    assert "svg:" in out and "pdf:" not in out  # the PDF was not touched and still passes


def test_check_reads_the_pdf_too(tmp_path, capsys):
    """A PDF whose text says another number for a card fails, naming the card, even with good SVGs."""
    cli(capsys, "pack", "--pattern", "one", "--census", "4", "--copies", "2", "--out", str(tmp_path))
    folder = tmp_path / "got-pattern-one-census-4-copies-2"
    pdf_path = next(folder.glob("*.pdf"))
    # Replace the PDF by one built for another census: its text no longer matches the SVGs' pack
    other = tmp_path / "other"
    cli(capsys, "pack", "--pattern", "one", "--census", "5", "--copies", "1", "--out", str(other))
    pdf_path.write_bytes(next((other / "got-pattern-one-census-5-copies-1").glob("*.pdf")).read_bytes())
    code, out, _ = cli(capsys, "check", str(folder))
    assert code == 1
    assert "pdf:" in out and "svg:" not in out


BAD = [
    (["pack", "--census", "0"], "census 0 is out of range"),
    (["pack", "--census", "1"], "census 1 is out of range"),
    (["pack", "--census", "-3"], "census -3 is out of range"),
    (["pack", "--census", "27"], "allowed 2 to 26"),
    (["pack", "--census", "100000"], "census 100000"),
    (["pack", "--pattern", "two", "--census", "24"], "X marks a removal"),
    (["pack", "--census", "seven"], "Invalid value for '--census'"),
    (["pack", "--pattern", "four"], "unknown pattern 'four'"),
    (["pack", "--copies", "0"], "copies 0 is out of range"),
    (["pack", "--copies", "101"], "copies 101 is out of range"),
    (["pack", "--players", "1"], "players 1 is out of range"),
    (["pack", "--players", "3", "--copies", "2"], "not both"),
    (["pack", "--paper", "b5"], "paper 'b5' is unknown"),
    (["pack", "--card", "jumbo"], "card size 'jumbo' is unknown"),
    (["pack", "--card", "0x0"], "out of range"),
    (["pack", "--card", "100000x3"], "out of range"),
    (["pack", "--card", "300x400mm"], "does not fit"),
    (["pack", "--bleed", "-3mm"], "negative"),
    (["pack", "--bleed", "lots"], "bleed 'lots' is not a length"),
    (["pack", "--bleed", "2cm"], "too large"),
    (["pack", "--bleed", "1/0in"], "divides by zero"),
    (["pack", "--margin", "200mm"], "no printable area"),
    (["pack", "--margin", "-1mm"], "negative"),
    (["pack", "--gutter", "wide"], "gutter 'wide' is not a length"),
    (["pack", "--title", "x" * 81], "at most 80"),
    (["pack", "--title", "bell\x07"], "control"),
    (["pack", "--nope"], "No such option"),
    (["pack2d", "--categories", "teleport"], "unknown 2D ability category 'teleport'"),
    (["pack2d", "--copies", "0"], "copies 0 is out of range"),
    (["check", "missing.csv", "--pattern", "one", "--census", "7"], "does not exist"),
    (["check", "table.csv"], "needs --pattern and --census"),
    (["seq", "1 2 x"], "'x'"),
    (["seq", "1 2 3", "--pack-size", "0"], "pack-size 0 is out of range"),
    (["placemat", "--census", "0"], "census 0"),
    (["placemat", "--grid", "3by3"], "3by3"),
    (["placemat", "--paper", "napkin"], "paper 'napkin' is unknown"),
    (["frobnicate"], "No such command"),
    (["pack", "--back", "pale"], "--back 'pale' is not a look for the backs"),
]


@pytest.mark.parametrize("args, message", BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_bad_input_gets_one_line_exit_2_and_writes_nothing(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "table.csv").write_text("number,ability\n1,AB\n")
    before = sorted(tmp_path.rglob("*"))
    code, out, err = cli(capsys, *args)
    assert code == 2, (out, err)
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err + out
    assert sorted(tmp_path.rglob("*")) == before  # no partial output, no stray temp folder


@pytest.mark.parametrize(
    "word, said, not_said",
    [
        # #33: "cardgen print" suggested "train", the Train referee, for its spelling
        ("print", "cardgen build makes everything", "'train'"),
        ("pdf", "cardgen build makes everything", "Did you mean"),
        ("pakc", "Did you mean 'pack'?", "cardgen build"),
        ("frobnicate", "No such command 'frobnicate'.", "Did you mean"),
    ],
)
def test_an_unknown_command_is_answered_with_what_it_likely_meant(capsys, word, said, not_said):
    code, out, err = cli(capsys, word)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err
    assert said in err and not_said not in err, err


def test_markup_in_a_title_stays_text(tmp_path, capsys):
    title = "<script>alert('x')</script> & [bold]"
    code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "3", "--title", title, "--out", str(tmp_path))
    assert code == 0, err
    (folder,) = tmp_path.glob("got-pattern-one-census-3-*")  # the title (its letters) in the name
    from lxml import etree

    root = etree.parse(str(folder / "cards" / "001.svg")).getroot()
    assert not root.findall(".//{http://www.w3.org/2000/svg}script")
    titles = ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "title"]
    assert " ".join(titles) == f"{title} {title}"  # upright and turned, each maybe on two lines
    html = (folder / "rules.html").read_text("utf-8")
    assert "<script>" not in html and "&lt;script&gt;" in html
    from pypdf import PdfReader

    assert "<script>alert" in PdfReader(next(folder.glob("*.pdf"))).pages[0].extract_text()


def test_output_under_a_file_or_unwritable_is_refused(tmp_path, capsys):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    code, _, err = cli(capsys, "pack", "--out", str(blocker / "sub"))
    assert code == 2 and "is a file" in err
    assert blocker.read_text() == "x"
    if os.geteuid() != 0:  # root can write anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        code, _, err = cli(capsys, "pack", "--out", str(locked))
        assert code == 2 and "not writable" in err


def test_a_failed_rebuild_leaves_the_previous_output_intact(tmp_path, capsys, monkeypatch):
    assert cli(capsys, "pack", "--pattern", "one", "--census", "4", "--out", str(tmp_path))[0] == 0
    folder = tmp_path / "got-pattern-one-census-4"
    before = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}

    import cardgen.render.pdf as pdf_writer

    def boom(*a, **k):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(pdf_writer, "write_pdf", boom)
        code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "4", "--out", str(tmp_path))
    assert code == 2 and "no space left on device" in err and len(err.splitlines()) == 1
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".cardgen-")]

    # a file cardgen did not write is never deleted: a rebuild that would replace the folder is refused
    (folder / "notes.txt").write_text("mine")
    code, _, err = cli(capsys, "pack", "--pattern", "one", "--census", "4", "--out", str(tmp_path))
    assert code == 2 and "notes.txt" in err and len(err.splitlines()) == 1
    after = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file() and p.name != "notes.txt"}
    assert after == before
    assert (folder / "notes.txt").read_text() == "mine"
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".cardgen-")]
