"""Benchmark of ``cardgen simulate`` as a user runs it: whole processes, start-up included.

Each measurement runs ``python -m cardgen simulate ... --json`` (the same interpreter) as a child
process: interpreter start-up, importing cardgen, the worker pool, every game and the JSON are on
the clock. Measured, interleaved over ``--repeat`` rounds:

* the big run: ``--games`` games (default 20,000) of the good bot, pattern two, census 7,
  4 players, on every core: games per minute by wall time, and by the CPU time of the process
  and its workers (which does not depend on what else the machine runs; wall time does);
* a small seeded run, ``--small`` games (default 200), the cost a handout or a quick look pays;
* ``cardgen --version``, the start-up floor.

Every run of one size must print the same JSON (the same numbers), and the big run is checked
once more on one worker (``--workers 1``) against the others. The machine's load average is
printed before and after, so that a figure taken on a busy machine says so.

    .venv/bin/python bench/simulate_command.py                     # 20,000 + 200 games, 3 rounds
    .venv/bin/python bench/simulate_command.py --games 50000 --repeat 5
    .venv/bin/python bench/simulate_command.py --json bench/results/simulate.json
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VARIANT = ["--pattern", "two", "--census", "7", "--players", "4", "--bot", "good"]


def run(args: list[str]) -> tuple[float, float, str]:
    """Run ``python -m cardgen ARGS``: wall seconds, CPU seconds (the process and the workers it
    reaped: ``RUSAGE_CHILDREN`` counts every descendant waited for), stdout."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"cardgen {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, proc.stdout.decode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--small", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", type=Path)
    ns = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(
        f"cardgen simulate, bot good, pattern two, census 7, 4 players; {cores} cores; "
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    big = ["simulate", *VARIANT, "--games", str(ns.games), "--seed", str(ns.seed), "--json"]
    small = ["simulate", *VARIANT, "--games", str(ns.small), "--seed", str(ns.seed), "--json"]
    run(["--version"])  # warm the bytecode cache and the file cache
    rows: dict[str, list[tuple[float, float]]] = {"big": [], "small": [], "start-up": []}
    outputs: dict[str, set[str]] = {"big": set(), "small": set()}
    for _ in range(ns.repeat):
        for name, args in (("big", big), ("small", small), ("start-up", ["--version"])):
            wall, cpu, out = run(args)
            rows[name].append((wall, cpu))
            if name in outputs:
                outputs[name].add(out)
    _, _, one = run([*big, "--workers", "1"])
    outputs["big"].add(one)
    same = all(len(v) == 1 for v in outputs.values())
    report: dict[str, object] = {"cores": cores, "games": ns.games, "small": ns.small, "same_numbers": same}
    for name, pairs in rows.items():
        wall = statistics.median(w for w, _ in pairs)
        cpu = statistics.median(c for _, c in pairs)
        line = f"{name:9} median {wall:6.2f} s wall ({min(w for w, _ in pairs):.2f}-{max(w for w, _ in pairs):.2f}), {cpu:6.2f} s CPU"
        entry: dict[str, float] = {"wall_s": wall, "cpu_s": cpu}
        games = ns.games if name == "big" else ns.small if name == "small" else 0
        if games:
            entry["games_per_minute"] = games / wall * 60
            entry["games_per_cpu_minute"] = games / cpu * 60
            line += f"   {games / wall * 60:9,.0f} games/min   {games / cpu * 60:9,.0f} per CPU-minute"
        report[name] = entry
        print(line)
    print("same numbers in every run (and on one worker):", "yes" if same else "NO")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    summary = json.loads(next(iter(outputs["big"])))["summary"]
    tpp = summary["turns_per_player"]
    print(
        f"turns each median {tpp['median']} (p10 {tpp['p10']}, p90 {tpp['p90']}); win share by seat "
        f"{[round(x, 3) for x in summary['win_share']]}"
    )
    if ns.json:
        ns.json.parent.mkdir(parents=True, exist_ok=True)
        ns.json.write_text(json.dumps(report, indent=2) + "\n")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
