"""Benchmark of SuperTrain's play engine and line-up: games per CPU-minute, and how long a line-up takes.

    .venv/bin/python bench/supertrain.py                         # 40 games a player count, 300 hands
    .venv/bin/python bench/supertrain.py --games 100 --hands 1000
    .venv/bin/python bench/supertrain.py --command --games 400    # also the whole command, on every core

Simulation: ``--games`` whole games of 14 rounds, the good bot, for 2, 4, 6 and 8 players, each played
twice as ``cardgen simulate supertrain`` plays it (with the wild tiles, and on the same deals without
them); measured by CPU time in this process, so the figure does not depend on what else the machine
runs. Line-up: the first hand of ``--hands`` seeded deals (a round's engine each), for 2 players (25
tiles, the largest hand) and 4 (18); the median, 90th and 99th percentile and the slowest, by CPU time.
``--command`` also runs ``cardgen simulate supertrain --players 4 --games N`` as a whole process (start-up
and the worker pool included), its wall time and the CPU time of it and its workers.
Nothing is written.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from cardgen.rules.shared import game_seed
from cardgen.rules.supertrain.dominoes import ENGINES, TRAIN
from cardgen.rules.supertrain.lineup import line_up
from cardgen.rules.supertrain.play import TILES, deal
from cardgen.rules.supertrain.simulation import Setup, Tally, play_pair

ROOT = Path(__file__).resolve().parent.parent


def games_per_minute(players: int, games: int, wilds: bool) -> tuple[float, float]:
    """(games, rounds played) per CPU-minute: a paired game's rounds with and without the wild tiles both count."""
    tally = Tally(players)
    start = time.process_time()
    for i in range(games):
        tally.add(*play_pair(Setup(players=players, wilds=wilds), game_seed(1, i)))
    cpu = time.process_time() - start
    rounds = sum(side.rounds for side in (tally.wild, tally.plain) if side is not None)
    return games / cpu * 60, rounds / cpu * 60


def lineup_times(players: int, hands: int) -> list[float]:
    out = []
    for seed in range(hands):
        r = seed % 14 + 1
        dealt, _ = deal(players, r, seed)
        hand = [TILES[t] for t in dealt[0]]
        engine = ENGINES[r - 1].a if r < 14 else TRAIN
        start = time.process_time()
        line_up(hand, engine)
        out.append(time.process_time() - start)
    return sorted(out)


def command(games: int) -> dict[str, float]:
    cmd = [sys.executable, "-m", "cardgen", "simulate", "supertrain", "--players", "4", "--games", str(games), "--json"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"games": games, "wall_s": wall, "cpu_s": cpu, "games_per_cpu_minute": games / cpu * 60}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--command", action="store_true")
    ns = parser.parse_args()
    result: dict[str, object] = {}
    print("simulation (14 rounds, good bot; a game = with and without the wild tiles on the same deals)")
    for players in (2, 4, 6, 8):
        g, r = games_per_minute(players, ns.games, True)
        result[f"paired_{players}"] = {"games_per_cpu_minute": g, "rounds_per_cpu_minute": r}
        print(f"  {players} players: {g:,.0f} paired games a CPU-minute ({r:,.0f} rounds)")
    g, r = games_per_minute(4, ns.games, False)
    print(f"  4 players, --no-wilds: {g:,.0f} games a CPU-minute ({r:,.0f} rounds)")
    print("line-up (CPU seconds per hand)")
    for players in (2, 4):
        t = lineup_times(players, ns.hands)
        n = len(t)
        figures = {"median": t[n // 2], "p90": t[int(n * 0.9)], "p99": t[int(n * 0.99)], "max": t[-1]}
        figures["mean"] = statistics.fmean(t)
        result[f"lineup_{players}"] = figures
        print(f"  {players} players: " + "  ".join(f"{k} {v:.4f}" for k, v in figures.items()))
    if ns.command:
        c = command(ns.games * 10)
        result["command"] = c
        print(
            f"command: {c['games']} games, {c['wall_s']:.1f} s wall, {c['cpu_s']:.1f} s CPU, "
            f"{c['games_per_cpu_minute']:,.0f} games a CPU-minute"
        )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
