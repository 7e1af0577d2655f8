"""Benchmark of cardgen's pack command against two peers, each run as a whole process.

For the packs of 84, 264 and 1300 cards, ``python -m cardgen pack ...``, the naive pipeline
(``bench/naive.py``: one SVG per card with svgwrite, one PDF per SVG with cairosvg, merged with
pypdf) and the lean ReportLab script (``bench/lean.py``: the cards drawn straight onto A4
sheets on one canvas, the floor of cardgen's PDF stack) run interleaved, cardgen, naive, lean,
for several repeats, each into a fresh temporary folder. Also timed: the bare import floor
(``python -c "import reportlab.pdfgen.canvas, svgwrite"``), next to the 84-card pack; start-up
(``cardgen --version``); and ``cardgen build`` if it exists. Peak RSS and CPU time (user +
system) of every process come from ``os.wait4``. The last table checks the project's targets
(issue #34) on wall time: the 1300-card pack within 3x of the lean script and the 264-card one
within 2.5x, the 84-card pack within 2.5x of the import floor, 4x and 6x faster than the naive
pipeline at 264 and 1300 cards, the PDF within 2x of the lean script's at 1300 cards, peak
memory flat from 84 to 1300 cards; CPU time, steadier when other work shares the machine, is
shown beside it. ``--largest`` also builds the largest pack ``cardgen pack`` accepts once
(32,500 cards) and holds its peak memory to 150 MB.

    python bench/bench.py                 # 5 repeats, a few minutes on 2 cores
    python bench/bench.py --quick         # 2 repeats, skips the 1300-card pack
    python bench/bench.py --largest       # and the largest pack, once (a few minutes more)
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

NAIVE = Path(__file__).resolve().with_name("naive.py")
LEAN = Path(__file__).resolve().with_name("lean.py")
LEAN_PER_SHEET = 9  # the lean script's 3 x 3 poker cards on A4
LEAN_WITHIN = {264: 2.5, 1300: 3.0}  # targets: a pack at most this times the lean script's time
NAIVE_OVER = {264: 4.0, 1300: 6.0}  # targets: the naive pipeline at least this times cardgen's time
FLOOR_WITHIN = 2.5  # target: the 84-card pack at most this times the import floor's time
PDF_WITHIN = 2.0  # target: cardgen's PDF at most this times the lean script's at 1300 cards
# The largest pack `cardgen pack` accepts (census and copies at their limits: 32,500 cards), and
# the most memory it may take (MB). With --packs 10 the printed pack is ten such (325,100 cards).
LARGEST = ["pack", "--pattern", "one", "--census", "26", "--copies", "100"]
LARGEST_CARDS = 32_500
BOUND_MB = 150
CARDGEN = [sys.executable, "-m", "cardgen"]
FLOOR = [sys.executable, "-c", "import reportlab.pdfgen.canvas, svgwrite"]
FLAT = 1.2  # "memory flat": peak RSS of the biggest pack at most this times the smallest's (bench's reading)


@dataclass
class Pack:
    pattern: str
    census: int
    cards: int
    big: bool = False  # skipped by --quick

    @property
    def args(self) -> list[str]:
        return ["pack", "--pattern", self.pattern, "--census", str(self.census)]


PACKS = [Pack("two", 7, 84), Pack("one", 12, 264), Pack("one", 26, 1300, big=True)]


@dataclass
class Sample:
    seconds: float
    rss_kib: int  # ru_maxrss of the process, KiB on Linux
    pdf_bytes: int = 0
    cpu: float = 0.0  # user + system CPU seconds of the process (steadier than wall time on a busy machine)


@dataclass
class Series:
    """Every run of one command."""

    label: str
    command: str
    samples: list[Sample] = field(default_factory=list)

    @property
    def seconds(self) -> list[float]:
        return [s.seconds for s in self.samples]

    @property
    def median(self) -> float:
        return statistics.median(self.seconds)

    @property
    def cpu(self) -> list[float]:
        return [s.cpu for s in self.samples]

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    @property
    def rss_mib(self) -> float:
        return statistics.median(s.rss_kib for s in self.samples) / 1024

    @property
    def pdf_bytes(self) -> int:
        return int(statistics.median(s.pdf_bytes for s in self.samples))

    def spread(self) -> str:
        return f"{min(self.seconds):.2f}–{max(self.seconds):.2f}"


@dataclass
class PackResult:
    """cardgen, the naive pipeline and the lean script on one pack, run in rounds."""

    pack: Pack
    cardgen: Series
    naive: Series
    lean: Series
    converter: str = ""

    @property
    def ratios(self) -> list[float]:
        return [n / c for n, c in zip(self.naive.seconds, self.cardgen.seconds)]

    @property
    def cpu_ratios(self) -> list[float]:
        return [n / c for n, c in zip(self.naive.cpu, self.cardgen.cpu)]

    @property
    def size_ratio(self) -> float:
        return self.cardgen.pdf_bytes / self.naive.pdf_bytes

    @property
    def lean_ratios(self) -> list[float]:
        """cardgen/lean of every round (wall time): how far cardgen is above the floor."""
        return [c / n for c, n in zip(self.cardgen.seconds, self.lean.seconds)]

    @property
    def lean_cpu_ratios(self) -> list[float]:
        return [c / n for c, n in zip(self.cardgen.cpu, self.lean.cpu)]

    @property
    def lean_size_ratio(self) -> float:
        return self.cardgen.pdf_bytes / self.lean.pdf_bytes


@dataclass
class Target:
    goal: str
    measured: str
    target: str
    met: bool | None  # None: not measured (--quick)


class Failed(SystemExit):
    pass


def run(cmd: list[str], cwd: Path) -> tuple[Sample, str]:
    """Run one whole process; wall time, and peak RSS from wait4 on its pid."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        log.seek(0)
        text = log.read()
    if proc.returncode != 0:
        raise Failed(f"failed ({proc.returncode}): {' '.join(cmd)}\n{text}")
    return Sample(seconds, usage.ru_maxrss, cpu=usage.ru_utime + usage.ru_stime), text


def run_fresh(series: Series, cmd: list[str], work: Path) -> str:
    """Run ``cmd`` in a fresh folder (commands write into "."), keep its sample, return its output."""
    out = Path(tempfile.mkdtemp(prefix="out-", dir=work))
    sample, text = run(cmd, out)
    sample.pdf_bytes = sum(p.stat().st_size for p in out.rglob("*.pdf"))
    series.samples.append(sample)
    shutil.rmtree(out)
    return text


def naive_cmd(pack: Pack) -> list[str]:
    return [sys.executable, str(NAIVE), "--pattern", pack.pattern, "--census", str(pack.census), "."]


def run_naive(res: PackResult, work: Path) -> None:
    report = json.loads(run_fresh(res.naive, naive_cmd(res.pack), work).strip().splitlines()[-1])
    if report["pages"] != res.pack.cards:
        raise Failed(f"naive pipeline merged {report['pages']} pages, wanted {res.pack.cards}")
    res.naive.samples[-1].pdf_bytes = report["bytes"]  # the merged PDF only, not the one-page ones
    res.converter = report["converter"]
    res.naive.label = f"naive {res.pack.cards} ({res.converter})"


def lean_cmd(pack: Pack) -> list[str]:
    return [sys.executable, str(LEAN), "--pattern", pack.pattern, "--census", str(pack.census), "."]


def run_lean(res: PackResult, work: Path) -> None:
    report = json.loads(run_fresh(res.lean, lean_cmd(res.pack), work).strip().splitlines()[-1])
    pages = -(-res.pack.cards // LEAN_PER_SHEET)
    if report["cards"] != res.pack.cards or report["pages"] != pages:
        raise Failed(
            f"lean script drew {report['cards']} cards on {report['pages']} pages, wanted {res.pack.cards} on {pages}"
        )


def has_build(work: Path) -> bool:
    try:
        run([*CARDGEN, "build", "--help"], work)
    except Failed:
        return False
    return True


def bench(packs: list[Pack], repeat: int, work: Path) -> tuple[list[PackResult], list[Series]]:
    """Interleaved: in every repeat each command runs once, cardgen, naive and lean back to back."""
    results = [
        PackResult(
            p,
            Series(f"cardgen {p.cards}", "cardgen " + " ".join(p.args)),
            Series(f"naive {p.cards}", f"naive.py {p.pattern} {p.census}"),
            Series(f"lean {p.cards}", f"lean.py {p.pattern} {p.census}"),
        )
        for p in packs
    ]
    startup = Series("start-up", "cardgen --version")
    floor = Series("import floor", " ".join(FLOOR[1:]))
    build = Series("build", "cardgen build --out DIR") if has_build(work) else None
    warm = Series("warm-up", "")  # untimed: bytecode, disk cache
    for cmd in (
        [*CARDGEN, "--version"],
        FLOOR,
        [*CARDGEN, *packs[0].args, "--out", "."],
        naive_cmd(packs[0]),
        lean_cmd(packs[0]),
    ):
        run_fresh(warm, cmd, work)
    for r in range(repeat):
        run_fresh(startup, [*CARDGEN, "--version"], work)
        run_fresh(floor, FLOOR, work)
        for res in results:
            run_fresh(res.cardgen, [*CARDGEN, *res.pack.args, "--out", "."], work)
            run_naive(res, work)
            run_lean(res, work)
        if build:
            run_fresh(build, [*CARDGEN, "build", "--out", "."], work)
        done = "  ".join(
            f"{res.pack.cards}: {res.cardgen.seconds[-1]:.2f}/{res.naive.seconds[-1]:.2f}/{res.lean.seconds[-1]:.2f}"
            for res in results
        )
        print(f"  repeat {r + 1}/{repeat}  cardgen/naive/lean s  {done}", file=sys.stderr, flush=True)
    return results, [s for s in (startup, floor, build) if s]


def table(rows: list[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for n, row in enumerate(rows):
        lines.append("  ".join([row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:])]).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines)


def times_table(results: list[PackResult], others: list[Series]) -> str:
    def row(s: Series, cards: str, pdf: str) -> tuple[str, ...]:
        return (s.label, cards, f"{s.median:.3f}", s.spread(), f"{s.cpu_median:.3f}", f"{s.rss_mib:.0f}", pdf)

    rows = [("command", "cards", "median s", "min–max s", "median CPU s", "peak RSS MiB", "PDF KiB")]
    rows += [row(s, "", "") for s in others]
    for res in results:
        rows += [row(s, str(res.pack.cards), f"{s.pdf_bytes / 1024:.0f}") for s in (res.cardgen, res.naive, res.lean)]
    return table(rows)


def ratio_table(results: list[PackResult]) -> str:
    rows = [("pack", "naive/cardgen per pair", "median", "by CPU time", "PDF cardgen/naive")]
    for res in results:
        pairs = " ".join(f"{x:.2f}" for x in res.ratios)
        median, by_cpu = statistics.median(res.ratios), statistics.median(res.cpu_ratios)
        rows.append((f"{res.pack.cards} cards", pairs, f"{median:.2f}x", f"{by_cpu:.2f}x", f"{res.size_ratio:.3f}"))
    return table(rows)


def lean_table(results: list[PackResult]) -> str:
    """cardgen against the floor: cardgen/lean of every round (lower is better)."""
    rows = [("pack", "cardgen/lean per round", "median", "by CPU time", "PDF cardgen/lean")]
    for res in results:
        rounds = " ".join(f"{x:.2f}" for x in res.lean_ratios)
        median, by_cpu = statistics.median(res.lean_ratios), statistics.median(res.lean_cpu_ratios)
        size = f"{res.lean_size_ratio:.2f}"
        rows.append((f"{res.pack.cards} cards", rounds, f"{median:.2f}x", f"{by_cpu:.2f}x", size))
    return table(rows)


def targets(results: list[PackResult], others: list[Series], largest: Series | None = None) -> list[Target]:
    by_cards = {res.pack.cards: res for res in results}
    out = []
    floor = next(s for s in others if s.label == "import floor")
    got = statistics.median(c / f for c, f in zip(by_cards[84].cardgen.seconds, floor.seconds))
    cpu = statistics.median(c / f for c, f in zip(by_cards[84].cardgen.cpu, floor.cpu))
    want = FLOOR_WITHIN
    out.append(
        Target("84 cards: cardgen/import floor time", f"{got:.2f}x (CPU {cpu:.2f}x)", f"<= {want}x", got <= want)
    )
    for cards in (84, 264, 1300):  # 84 cards: reported
        goal = f"{cards} cards: cardgen/lean ReportLab time"
        limit = LEAN_WITHIN.get(cards)
        target = f"<= {limit}x" if limit else "(reported)"
        if cards not in by_cards:
            out.append(Target(goal, "skipped", target, None))
            continue
        got = statistics.median(by_cards[cards].lean_ratios)
        cpu = statistics.median(by_cards[cards].lean_cpu_ratios)
        out.append(Target(goal, f"{got:.2f}x (CPU {cpu:.2f}x)", target, got <= limit if limit else None))
    for cards, least in NAIVE_OVER.items():
        goal = f"{cards} cards: naive/cardgen time"
        if cards not in by_cards:
            out.append(Target(goal, "skipped", f">= {least:.0f}x", None))
            continue
        got = statistics.median(by_cards[cards].ratios)
        cpu = statistics.median(by_cards[cards].cpu_ratios)
        out.append(Target(goal, f"{got:.2f}x (CPU {cpu:.2f}x)", f">= {least:.0f}x", got >= least))
    for res in results:
        got = res.lean_size_ratio
        big = res.pack.cards == 1300
        target = f"<= {PDF_WITHIN}x" if big else "(reported)"
        out.append(
            Target(
                f"{res.pack.cards} cards: PDF cardgen/lean", f"{got:.2f}x", target, got <= PDF_WITHIN if big else None
            )
        )
    small, big_pack = results[0].cardgen, results[-1].cardgen
    got = big_pack.rss_mib / small.rss_mib
    goal = f"memory flat: peak RSS {results[-1].pack.cards}/{results[0].pack.cards} cards"
    out.append(Target(goal, f"{got:.2f}x ({small.rss_mib:.0f}→{big_pack.rss_mib:.0f} MiB)", f"<= {FLAT}x", got <= FLAT))
    goal = f"largest pack ({LARGEST_CARDS:,} cards): peak RSS"
    if largest is None:
        out.append(Target(goal, "not run (--largest)", f"<= {BOUND_MB} MB", None))
    else:
        mb = largest.samples[0].rss_kib * 1024 / 1e6
        out.append(Target(goal, f"{mb:.0f} MB ({largest.median:.0f} s)", f"<= {BOUND_MB} MB", mb <= BOUND_MB))
    build = next((s for s in others if s.label == "build"), None)
    if build is not None:
        out.append(
            Target(
                "cardgen build (the default set)",
                f"{build.median:.2f} s (CPU {build.cpu_median:.2f} s)",
                "(reported)",
                None,
            )
        )
    return out


def memory_table(results: list[PackResult]) -> str:
    rows = [("cards", "cardgen peak RSS MiB", "naive peak RSS MiB", "lean peak RSS MiB")]
    rows += [
        (str(r.pack.cards), f"{r.cardgen.rss_mib:.0f}", f"{r.naive.rss_mib:.0f}", f"{r.lean.rss_mib:.0f}")
        for r in results
    ]
    return table(rows)


def target_table(found: list[Target]) -> str:
    return table(
        [("target", "measured", "target", "met")]
        + [(t.goal, t.measured, t.target, {True: "yes", False: "no", None: "—"}[t.met]) for t in found]
    )


def machine() -> dict[str, object]:
    from importlib.metadata import version

    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cardgen": version("cardgen"),
        "load_before": os.getloadavg()[0],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="runs per command (default 5)")
    ap.add_argument("--quick", action="store_true", help="2 repeats, skip the 1300-card pack")
    ap.add_argument("--json", type=Path, metavar="FILE", help="also save the results as JSON")
    ap.add_argument(
        "--largest", action="store_true", help=f"also build the largest pack ({LARGEST_CARDS:,} cards) once"
    )
    args = ap.parse_args(argv)
    repeat = min(args.repeat, 2) if args.quick else args.repeat
    if repeat < 1:
        ap.error("--repeat must be at least 1")
    packs = [p for p in PACKS if not (args.quick and p.big)]
    facts = machine()
    print(
        f"cardgen {facts['cardgen']}, Python {facts['python']}, nproc {facts['nproc']}, {facts['platform']}",
        file=sys.stderr,
    )

    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="cardgen-bench-") as tmp:
        # Children compile to bytecode once (in the warm-up) and reuse it, as an installed cardgen
        # would, even where the environment turns bytecode off; nothing is written into the repository.
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        results, others = bench(packs, repeat, Path(tmp))
        largest = None
        if args.largest:
            largest = Series(f"largest ({LARGEST_CARDS:,} cards)", "cardgen " + " ".join(LARGEST))
            run_fresh(largest, [*CARDGEN, *LARGEST, "--out", "."], Path(tmp))
    facts["load_after"] = os.getloadavg()[0]
    total = time.perf_counter() - started

    if any(r.converter != "cairosvg" for r in results):
        print("\nNOTE: cairosvg is not installed; the naive pipeline used svglib (labelled in the table).")
    found = targets(results, others, largest)
    if not any(s.label == "build" for s in others):
        print("\n`cardgen build` does not exist yet (`build --help` failed): skipped.")
    print(f"\n{repeat} repeat(s), interleaved, wall time of whole processes; total {total:.0f} s", end="; ")
    print(f"load average {facts['load_before']:.2f} before, {facts['load_after']:.2f} after\n")
    tables = times_table(results, others + ([largest] if largest else [])), ratio_table(results), lean_table(results)
    tables += (memory_table(results),)
    print(*tables, target_table(found), sep="\n\n")
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        data = {
            "machine": facts,
            "repeat": repeat,
            "total_s": total,
            "packs": [
                {
                    **asdict(r),
                    "ratios": r.ratios,
                    "size_ratio": r.size_ratio,
                    "lean_ratios": r.lean_ratios,
                    "lean_cpu_ratios": r.lean_cpu_ratios,
                    "lean_size_ratio": r.lean_size_ratio,
                }
                for r in results
            ],
            "others": [asdict(s) for s in others + ([largest] if largest else [])],
            "targets": [asdict(t) for t in found],
        }
        args.json.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        print(f"\nsaved {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
