"""Benchmark of the simulation core: games per minute, as whole processes.

Each measurement is a whole child process (``python bench/simulate.py --child ...`` with the
same interpreter): interpreter start-up, importing cardgen (and numba, where the compiled kernel
plays), starting the worker pool and playing every game are all on the clock. The same batch of
seeded games is played once in a single process (no pool) and once split across ``--workers``
processes (``concurrent.futures.ProcessPoolExecutor``, one contiguous share of the game indices
each; the kernel is loaded before the pool forks, as ``cardgen simulate`` does); both must
summarise to the same numbers, since game ``i`` depends only on ``(seed, i)``.

    .venv/bin/python bench/simulate.py                          # 10,000 games, good bot, pattern two, census 7, 4 players
    .venv/bin/python bench/simulate.py --games 20000 --workers 2 --repeat 3
    .venv/bin/python bench/simulate.py --pattern one --bot random --players 2
    .venv/bin/python bench/simulate.py --games 100000 --workers 1 --against /tmp/main --against-games 2000 --repeat 3
    .venv/bin/python bench/simulate.py --python --games 2000 --workers 1     # every game by the Python engine
    .venv/bin/python bench/simulate.py --cold --workers 1                    # the kernel compiled afresh (first run)

``--against DIR`` runs the same children with cardgen imported from DIR instead (a checkout of
another commit: ``git worktree add /tmp/main main``), interleaved round by round with this tree's
(this, other, this, other …), and prints the ratio of games per CPU-minute, each round's and
their median; ``--against-games`` plays fewer games there when it is much slower. ``--cold``
gives numba an empty cache for each of this tree's runs (``NUMBA_CACHE_DIR``), so the kernel is
compiled as on a machine's first run.

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
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _share(args: tuple[dict[str, object], int, int, int, str]) -> list[object]:
    from cardgen.rules.got.play import Variant
    from cardgen.rules.got.simulation import play_games

    variant, seed, start, stop, bot = args
    return play_games(Variant(**variant), seed, range(start, stop), bot)  # type: ignore[arg-type, return-value]


def child(ns: argparse.Namespace) -> None:
    """Play the batch (in this process, or across a pool) and print one JSON line."""
    from cardgen.rules.got.play import Variant
    from cardgen.rules.got.simulation import summarise

    try:
        from cardgen.rules.got import fast
    except ImportError:  # a tree from before the compiled kernel
        fast = None  # type: ignore[assignment]
    started = time.perf_counter()
    variant = {"pattern": ns.pattern, "census": ns.census, "players": ns.players}
    if fast is not None:
        fast.USE = not ns.python
        fast.prepare(Variant(**variant), ns.bot)  # type: ignore[arg-type]
    if ns.workers == 1:
        records = _share((variant, ns.seed, 0, ns.games, ns.bot))
    else:
        bounds = [ns.games * k // ns.workers for k in range(ns.workers + 1)]
        jobs = [(variant, ns.seed, bounds[k], bounds[k + 1], ns.bot) for k in range(ns.workers)]
        with ProcessPoolExecutor(max_workers=ns.workers) as pool:
            records = [r for part in pool.map(_share, jobs) for r in part]
    played = time.perf_counter() - started
    summary = summarise(records).to_dict()  # type: ignore[arg-type]
    cpu = sum(
        u.ru_utime + u.ru_stime
        for u in (resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN))
    )
    print(json.dumps({"played_s": played, "cpu_s": cpu, "summary": summary}))


def measure(ns: argparse.Namespace, workers: int, tree: Path | None, games: int) -> dict[str, object]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--workers", str(workers), "--games", str(games)]
    for flag in ("seed", "bot", "pattern", "census", "players"):
        cmd += [f"--{flag}", str(getattr(ns, flag))]
    if ns.python:
        cmd.append("--python")
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as cache:
        if tree is not None:
            env["PYTHONPATH"] = str(tree)
        elif ns.cold:
            env["NUMBA_CACHE_DIR"] = cache
        started = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=tree or ROOT, env=env)
        wall = time.perf_counter() - started
    result = json.loads(out.stdout.strip().splitlines()[-1])
    result["wall_s"] = wall
    result["games"] = games
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
    parser.add_argument("--python", action="store_true", help="every game by the Python engine (fast.USE = False)")
    parser.add_argument("--cold", action="store_true", help="an empty numba cache for each run: the first run's cost")
    parser.add_argument("--against", type=Path, help="also run cardgen from this tree, interleaved")
    parser.add_argument("--against-games", type=int, help="games for the --against runs (default: --games)")
    parser.add_argument("--json", type=Path)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ns = parser.parse_args()
    if ns.child:
        child(ns)
        return
    print(
        f"{ns.games} games, bot {ns.bot}, pattern {ns.pattern}, census {ns.census}, {ns.players} players; "
        f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f}"
    )
    trees: list[tuple[str, Path | None, int]] = [("this tree", None, ns.games)]
    if ns.against:
        trees.append((str(ns.against), ns.against.resolve(), ns.against_games or ns.games))
    results: dict[tuple[str, int], list[dict[str, object]]] = {}
    for _ in range(ns.repeat):
        for workers in sorted({1, ns.workers}):
            for label, tree, games in trees:
                results.setdefault((label, workers), []).append(measure(ns, workers, tree, games))
    report = {}
    for (label, workers), runs in results.items():
        games = int(runs[0]["games"])  # type: ignore[call-overload]
        wall = statistics.median(float(r["wall_s"]) for r in runs)  # type: ignore[arg-type]
        played = statistics.median(float(r["played_s"]) for r in runs)  # type: ignore[arg-type]
        cpu = statistics.median(float(r["cpu_s"]) for r in runs)  # type: ignore[arg-type]
        rate = games / wall * 60
        per_cpu = games / cpu * 60
        report[f"{label}, {workers} workers"] = {
            "games": games,
            "wall_s": wall,
            "played_s": played,
            "cpu_s": cpu,
            "games_per_minute": rate,
            "per_worker": rate / workers,
            "games_per_cpu_minute": per_cpu,
        }
        print(
            f"{label}, {workers} worker{'s' if workers > 1 else ' '}: {games} games {wall:6.2f} s wall "
            f"({played:6.2f} s playing, {cpu:6.2f} s CPU)  {rate:9,.0f} games/min  {rate / workers:9,.0f} per worker  "
            f"{per_cpu:9,.0f} per CPU-minute"
        )
    if ns.against:
        for workers in sorted({1, ns.workers}):
            mine, theirs = results[("this tree", workers)], results[(str(ns.against), workers)]
            ratios = [
                (int(a["games"]) / float(a["cpu_s"])) / (int(b["games"]) / float(b["cpu_s"]))  # type: ignore[call-overload, arg-type]
                for a, b in zip(mine, theirs)
            ]
            print(
                f"{workers} worker{'s' if workers > 1 else ''}: games per CPU-minute, this tree / {ns.against}: "
                f"{' '.join(f'{r:.1f}' for r in ratios)}; median {statistics.median(ratios):.1f}×"
            )
    for label, _, _games in trees:
        summaries = {
            json.dumps(r["summary"], sort_keys=True) for (lb, _w), runs in results.items() if lb == label for r in runs
        }
        print(f"{label}: same numbers in every run:", "yes" if len(summaries) == 1 else "NO")
        if len(summaries) != 1:
            sys.exit(1)
        first = json.loads(next(iter(summaries)))
        tpp = first["turns_per_player"]
        print(
            f"  won {first['won']}/{first['games']}, capped {first['capped']}; turns per player median {tpp['median']} "
            f"(p10 {tpp['p10']}, p90 {tpp['p90']}); win share by seat {[round(x, 3) for x in first['win_share']]}"
        )
    if ns.json:
        ns.json.write_text(json.dumps({"args": {k: str(v) for k, v in vars(ns).items()}, "runs": report}, indent=2))


if __name__ == "__main__":
    main()
