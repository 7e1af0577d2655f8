"""Benchmark of the simulation core: games per minute, as whole processes.

Each measurement is a whole child process (``python bench/simulate.py --child ...`` with the
same interpreter): interpreter start-up, importing cardgen, starting the worker pool and
playing every game are all on the clock. The same batch of seeded games is played once in a
single process (no pool) and once split across ``--workers`` processes
(``concurrent.futures.ProcessPoolExecutor``, one contiguous share of the game indices each);
both must summarise to the same numbers, since game ``i`` depends only on ``(seed, i)``.

    .venv/bin/python bench/simulate.py                          # 10,000 games, good bot, pattern two, census 7, 4 players
    .venv/bin/python bench/simulate.py --games 20000 --workers 2 --repeat 3
    .venv/bin/python bench/simulate.py --pattern one --bot random --players 2

Printed for each run: wall time, games per minute, games per minute per worker, and (from
inside the child) the time spent playing and the CPU time of the child and its workers, whose
games per CPU-minute do not depend on what else the machine is running (wall time does).
Nothing is written unless ``--json PATH`` is given.
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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cardgen.rules.got.play import Variant
from cardgen.rules.got.simulation import GameRecord, play_games, summarise

ROOT = Path(__file__).resolve().parent.parent


def _share(args: tuple[dict[str, object], int, int, int, str]) -> list[GameRecord]:
    variant, seed, start, stop, bot = args
    return play_games(Variant(**variant), seed, range(start, stop), bot)  # type: ignore[arg-type]


def child(ns: argparse.Namespace) -> None:
    """Play the batch (in this process, or across a pool) and print one JSON line."""
    started = time.perf_counter()
    variant = {"pattern": ns.pattern, "census": ns.census, "players": ns.players}
    if ns.workers == 1:
        records = _share((variant, ns.seed, 0, ns.games, ns.bot))
    else:
        bounds = [ns.games * k // ns.workers for k in range(ns.workers + 1)]
        jobs = [(variant, ns.seed, bounds[k], bounds[k + 1], ns.bot) for k in range(ns.workers)]
        with ProcessPoolExecutor(max_workers=ns.workers) as pool:
            records = [r for part in pool.map(_share, jobs) for r in part]
    played = time.perf_counter() - started
    summary = summarise(records).to_dict()
    cpu = sum(
        u.ru_utime + u.ru_stime
        for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )
    print(json.dumps({"played_s": played, "cpu_s": cpu, "summary": summary}))


def measure(ns: argparse.Namespace, workers: int) -> dict[str, object]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--workers", str(workers)]
    for flag in ("games", "seed", "bot", "pattern", "census", "players"):
        cmd += [f"--{flag}", str(getattr(ns, flag))]
    started = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
    wall = time.perf_counter() - started
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["wall_s"] = wall
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--bot", default="good")
    parser.add_argument("--pattern", default="two")
    parser.add_argument("--census", type=int, default=7)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.child:
        child(ns)
        return
    print(
        f"{ns.games} games, bot {ns.bot}, pattern {ns.pattern}, census {ns.census}, {ns.players} players; "
        f"{os.cpu_count()} cores"
    )
    results: dict[int, list[dict[str, object]]] = {}
    for _ in range(ns.repeat):
        for workers in sorted({1, ns.workers}):
            results.setdefault(workers, []).append(measure(ns, workers))
    summaries = {json.dumps(r["summary"], sort_keys=True) for runs in results.values() for r in runs}
    report = {}
    for workers, runs in results.items():
        wall = statistics.median(float(r["wall_s"]) for r in runs)  # type: ignore[arg-type]
        played = statistics.median(float(r["played_s"]) for r in runs)  # type: ignore[arg-type]
        cpu = statistics.median(float(r["cpu_s"]) for r in runs)  # type: ignore[arg-type]
        rate = ns.games / wall * 60
        per_cpu = ns.games / cpu * 60
        report[workers] = {
            "wall_s": wall,
            "played_s": played,
            "cpu_s": cpu,
            "games_per_minute": rate,
            "per_worker": rate / workers,
            "games_per_cpu_minute": per_cpu,
        }
        print(
            f"{workers} worker{'s' if workers > 1 else ' '}: {wall:6.2f} s wall ({played:6.2f} s playing, "
            f"{cpu:6.2f} s CPU)  {rate:9,.0f} games/min  {rate / workers:9,.0f} per worker  "
            f"{per_cpu:9,.0f} per CPU-minute"
        )
    print("same numbers in every run:", "yes" if len(summaries) == 1 else "NO")
    first = json.loads(next(iter(summaries)))
    tpp = first["turns_per_player"]
    print(
        f"won {first['won']}/{first['games']}, capped {first['capped']}; turns per player median {tpp['median']} "
        f"(p10 {tpp['p10']}, p90 {tpp['p90']}); win share by seat {[round(x, 3) for x in first['win_share']]}"
    )
    if ns.json:
        ns.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(ns).items()}, "runs": report}, indent=2))
    if len(summaries) != 1:
        sys.exit(1)


if __name__ == "__main__":
    main()
