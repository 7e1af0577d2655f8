"""Where the good bot's time goes, and what was tried: the play engine alone, in this process.

``--profile`` plays ``--games`` seeded games (the good bot in every seat, pattern two, census 7,
4 players) by the Python engine under cProfile and prints the share of the time under each part
of a turn (inclusive times: the parts overlap only where one calls another, as noted). ``--try``
plays the same games with one change and prints games per CPU-minute and a digest of the figures
(the same digest: the same games; another: the change altered the bot's play):

* ``base``: the Python engine as it is (``cardgen.rules.got.fast.USE = False``);
* ``kernel``: the compiled kernel (``cardgen.rules.got.kernel``; loaded, and one game played,
  before the clock starts: ``bench/simulate.py`` measures whole processes, loading included);
* ``rescore``: every candidate move valued by rescoring the whole sequence, instead of the
  incremental changes (only the pairs touching the spaces that change);
* ``shortcut``: a drawn card's placement tested for completing the sequence only where it
  leaves no pair out of order (exact without wild cards), instead of at every space;
* ``samples4``: a draw valued over 4 card numbers instead of census + 1.

    .venv/bin/python bench/simulate_profile.py --profile
    .venv/bin/python bench/simulate_profile.py --try base rescore shortcut samples4 --repeat 3
    .venv/bin/python bench/simulate_profile.py --try base kernel --games 2000 --repeat 3
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import hashlib
import json
import pstats
import statistics
import subprocess
import sys
import time
from dataclasses import replace
from typing import Any

from cardgen.rules.got import bots, fast
from cardgen.rules.got.play import Variant
from cardgen.rules.got.simulation import play_game, summarise
from cardgen.rules.shared import game_seed

VARIANT = Variant(pattern="two", census=7, players=4)
PARTS = (  # (file, function, what it is)
    ("simulation.py", "play_game", "everything"),
    ("bots.py", "good", "the good bot choosing a move"),
    ("bots.py", "_draw_value", "  valuing a draw (best placement of census + 1 sample cards)"),
    ("bots.py", "_value", "  valuing each way to use a face-up card (incremental swaps, removals)"),
    ("play.py", "ability_moves", "  the engine listing those ways (legal moves, cached per turn)"),
    ("bots.py", "_best_space", "  placing a drawn card (and the opening's keep)"),
    ("bots.py", "_completes", "  checking whether a move completes a sequence"),
    ("play.py", "play", "the engine playing the move (checks, face-up pairs, completion)"),
    ("play.py", "__init__", "the shuffle and the deal"),
)


def games(n: int) -> str:
    """Play games 0 … n-1 of seed 1; a digest of their figures."""
    records = [play_game(VARIANT, game_seed(1, i), "good") for i in range(n)]
    return hashlib.sha256(json.dumps(summarise(records).to_dict(), sort_keys=True).encode()).hexdigest()[:12]


def profile(n: int) -> None:
    fast.USE = False  # (cProfile cannot see into the compiled kernel)
    prof = cProfile.Profile()
    prof.enable()
    games(n)
    prof.disable()
    stats: Any = pstats.Stats(prof).stats  # (file, line, function) -> (calls, ..., tottime, cumtime, callers)
    total = next(v[3] for k, v in stats.items() if k[0].endswith("simulation.py") and k[2] == "play_game")
    print(f"{n} games under cProfile: {total:.2f} s (cProfile slows Python code about 2x)")
    for file, func, what in PARTS:
        cum = sum(v[3] for k, v in stats.items() if k[0].endswith(file) and k[2] == func)
        print(f"{100 * cum / total:5.1f} %  {what}")


def patch(name: str) -> None:
    if name == "rescore":

        def change(m: Any, seq: list[int], spaces: tuple[int, ...]) -> float:
            if len(spaces) == 1:
                return bots._expected_removal(m, seq, spaces[0])
            return bots._disorder(m, bots._after(seq, spaces, None)) - bots._disorder(m, seq)

        def placements(m: Any, seq: list[int], x: int, frozen: set[int], bad_old: Any) -> list[float]:
            now = bots._disorder(m, seq)
            return [
                float("inf") if s in frozen else bots._disorder(m, bots._after(seq, (s,), x)) - now
                for s in range(len(seq))
            ]

        bots._change, bots._placements = change, placements  # type: ignore[assignment]
    elif name == "shortcut":

        def best_space(game: Any, m: Any, x: int) -> tuple[int, float]:
            seq = game.sequences[game.current]
            bad_old = bots._bad_all(seq, m.strict_dups)
            scores = bots._placement_scores(m, game, seq, x, bad_old)
            exact = bots.WILD_CARD in seq or x == bots.WILD_CARD
            pairs = sum(bad_old) // 2
            for s, change in enumerate(scores):
                if change == float("inf"):
                    continue
                if not exact and pairs - bad_old[s] + bots._bad_with(seq, s, x, m.strict_dups):
                    continue  # pairs out of order remain: it cannot complete
                if game.rules.complete([x if i == s else c for i, c in enumerate(seq)]):
                    return s, -1e9
            best = min(range(len(scores)), key=scores.__getitem__)
            return best, scores[best]

        bots._best_space = best_space  # type: ignore[assignment]
    elif name == "samples4":
        real = bots._model.__wrapped__

        @functools.lru_cache(maxsize=64)
        def model(rules: Any) -> Any:
            m = real(rules)
            return replace(m, samples=tuple(min(m.size, max(1, round((i + 0.5) * m.size / 4))) for i in range(4)))

        bots._model = model  # type: ignore[assignment]
    elif name != "base":
        raise SystemExit(f"unknown try {name!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--try", dest="tries", nargs="*", default=[])
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--trial", help=argparse.SUPPRESS)  # one try, in a child process
    ns = parser.parse_args()
    if ns.trial:
        trial(ns.trial, ns.games)
        return
    if ns.profile:
        profile(ns.games)
    for name in ns.tries:  # each in its own process: a patch must not reach the next try
        rates, digest = [], ""
        for _ in range(ns.repeat):
            args = [sys.executable, __file__, "--trial", name, "--games", str(ns.games)]
            out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
            rate, digest = out.split()
            rates.append(float(rate))
        print(
            f"{name:9} {statistics.median(rates):8,.0f} games per CPU-minute (median of {ns.repeat}), figures {digest}"
        )


def trial(name: str, n: int) -> None:
    fast.USE = name == "kernel"
    if fast.USE:
        play_game(VARIANT, 0)  # the kernel loaded (numba's cache) before the clock starts
    else:
        patch(name)
    started = time.process_time()
    digest = games(n)
    print(60 * n / (time.process_time() - started), digest)


if __name__ == "__main__":
    main()
