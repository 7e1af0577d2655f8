"""Wall-clock benchmark of cardgen's main commands, each run as a whole process.

Every command runs as ``python -m cardgen ...`` in a subprocess, into a fresh temporary
output folder, several times; the table gives the median and the fastest wall time, and
cards per second for the commands that write (or check) cards.

For comparison the script also runs a *naive* pipeline for the same pack as
``pack --pattern two --census 7`` (84 cards): one SVG per card, then one single-page PDF
per card, then the 84 PDFs merged with pypdf. It too runs as a whole process
(``python bench/bench.py --naive OUTDIR``), so it pays the same start-up.

    python bench/bench.py                 # 3 repeats
    python bench/bench.py --quick         # 1 repeat, skips the biggest commands
    python bench/bench.py --json bench/results/run.json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve()
BASELINE = "pack two 7"  # the cardgen build the naive pipeline is compared with
NAIVE = "naive two 7"
CHECKED = 84  # cards in the pack that `check` reads


@dataclass
class Case:
    name: str
    args: list[str]  # after `python -m cardgen`; "{out}" becomes the fresh folder, "{pack}" the built pack
    big: bool = False  # skipped by --quick
    naive: bool = False  # runs this script's naive pipeline instead of cardgen


CASES = [
    Case("--version", ["--version"]),
    Case(BASELINE, ["pack", "--pattern", "two", "--census", "7", "--out", "{out}"]),
    Case(NAIVE, [], naive=True),
    Case(
        "pack one 7 bleed backs",
        ["pack", "--pattern", "one", "--census", "7", "--bleed", "3mm", "--backs", "--out", "{out}"],
    ),
    Case(
        "pack one 12 copies 4",
        ["pack", "--pattern", "one", "--census", "12", "--copies", "4", "--out", "{out}"],
        big=True,
    ),
    Case("pack2d", ["pack2d", "--out", "{out}"]),
    Case("placemat census 12", ["placemat", "--census", "12", "--out", "{out}"]),
    Case("check pack two 7", ["check", "{pack}"]),
    Case("all", ["all", "--out", "{out}"], big=True),
]


@dataclass
class Result:
    name: str
    command: str
    times: list[float] = field(default_factory=list)
    cards: int = 0

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def best(self) -> float:
        return min(self.times)


def count_cards(out: Path) -> int:
    """Card faces written under ``out``: every cards/*.svg except the back."""
    return sum(1 for p in out.rglob("cards/*.svg") if p.name != "back.svg")


def command_for(case: Case, out: Path, pack: Path) -> list[str]:
    if case.naive:
        return [sys.executable, str(HERE), "--naive", str(out)]
    return [sys.executable, "-m", "cardgen", *(a.format(out=out, pack=pack) for a in case.args)]


def run_once(cmd: list[str], cwd: Path) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    elapsed = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stdout}{proc.stderr}")
    return elapsed, proc.stdout


def bench(cases: list[Case], repeat: int, work: Path, pack: Path) -> list[Result]:
    results = []
    for case in cases:
        res = Result(case.name, "bench.py --naive OUT" if case.naive else "cardgen " + " ".join(case.args))
        for _ in range(repeat):
            out = Path(tempfile.mkdtemp(prefix="out-", dir=work))
            cmd = command_for(case, out, pack)
            elapsed, stdout = run_once(cmd, cwd=out)
            res.times.append(elapsed)
            if case.naive:
                report = json.loads(stdout.strip().splitlines()[-1])
                if report["pages"] != CHECKED:
                    raise SystemExit(f"naive pipeline merged {report['pages']} pages, wanted {CHECKED}")
                res.cards = report["cards"]
            elif case.args[0] == "check":
                res.cards = CHECKED
            else:
                res.cards = count_cards(out)
            shutil.rmtree(out)
        results.append(res)
        print(f"  {case.name:<24} {' '.join(f'{t:.2f}' for t in res.times)}", file=sys.stderr, flush=True)
    return results


def table(results: list[Result]) -> str:
    base = next((r for r in results if r.name == BASELINE), None)
    rows = [("command", "median s", "min s", "naive/cardgen", "cards", "cards/s")]
    for r in results:
        ratio = f"{r.median / base.median:.2f}x" if base and r.name in (BASELINE, NAIVE) else ""
        rate = f"{r.cards / r.median:.0f}" if r.cards else ""
        rows.append((r.name, f"{r.median:.3f}", f"{r.best:.3f}", ratio, str(r.cards or ""), rate))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def machine() -> dict[str, object]:
    from importlib.metadata import version

    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cardgen": version("cardgen"),
    }


def naive(out: Path) -> None:
    """The naive pipeline: write one SVG file per card, convert each SVG file to its own
    one-page PDF (svglib, when installed: ``pip install '.[bench]'``; otherwise cardgen's own
    PDF writer on the card, which understates the naive cost), then merge them with pypdf."""
    from pypdf import PdfWriter

    from cardgen.layout.card import card_face
    from cardgen.render import font_path, render
    from cardgen.rules.patterns import make_pattern
    from cardgen.units import parse_card

    try:
        from reportlab.graphics import renderPDF
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
        from svglib.svglib import svg2rlg

        pdfmetrics.registerFont(TTFont("DejaVu Sans Mono", str(font_path())))
        converter = "svglib"
    except ImportError:
        converter = "cardgen"

    spec = make_pattern("two", 7)
    size = parse_card("poker")
    svg_dir, pdf_dir = out / "svg", out / "pdf"
    svg_dir.mkdir(parents=True, exist_ok=True)
    pdf_dir.mkdir(parents=True, exist_ok=True)
    cards = spec.cards()
    pdfs = []
    for c in cards:
        drawing = card_face(c, spec, size)
        svg = svg_dir / f"{c.number:03d}.svg"
        svg.write_bytes(render("svg", [drawing]))
        pdf = pdf_dir / f"{c.number:03d}.pdf"
        if converter == "svglib":
            renderPDF.drawToFile(svg2rlg(str(svg)), str(pdf))
        else:
            pdf.write_bytes(render("pdf", [drawing], title=f"card {c.number}"))
        pdfs.append(pdf)
    merged = PdfWriter()
    for pdf in pdfs:
        merged.append(str(pdf))
    target = out / "naive-pattern-two-census-7.pdf"
    with target.open("wb") as fh:
        merged.write(fh)
    info = {"cards": len(cards), "pages": len(merged.pages), "bytes": target.stat().st_size, "converter": converter}
    print(json.dumps(info))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per command (default 3)")
    ap.add_argument("--quick", action="store_true", help="1 repeat, skip the biggest commands")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also save the results as JSON")
    ap.add_argument("--naive", type=Path, metavar="OUTDIR", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)

    if args.naive is not None:
        naive(args.naive)
        return 0

    repeat = 1 if args.quick else args.repeat
    if repeat < 1:
        ap.error("--repeat must be at least 1")
    cases = [c for c in CASES if not (args.quick and c.big)]
    facts = machine()
    print(
        f"cardgen {facts['cardgen']}, Python {facts['python']}, nproc {facts['nproc']}, {facts['platform']}; "
        f"{repeat} repeat{'s' if repeat != 1 else ''}",
        file=sys.stderr,
    )
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        work = Path(tmp)
        # Untimed: build the pack that `check` reads (this also warms the disk cache and bytecode).
        run_once(
            [sys.executable, "-m", "cardgen", "pack", "--pattern", "two", "--census", "7", "--out", str(work)], work
        )
        pack = work / "got-pattern-two-census-7"
        started = time.perf_counter()
        results = bench(cases, repeat, work, pack)
        total = time.perf_counter() - started

    print()
    print(
        f"machine: nproc {facts['nproc']}, Python {facts['python']} ({facts['implementation']}), "
        f"{facts['platform']}; cardgen {facts['cardgen']}"
    )
    print(f"{repeat} repeat{'s' if repeat != 1 else ''} each, wall time of the whole process; total {total:.1f} s")
    print()
    print(table(results))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "machine": facts,
            "repeat": repeat,
            "total_s": total,
            "results": [{**asdict(r), "median": r.median, "min": r.best} for r in results],
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"\nsaved {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
