"""What the simulated figures cost a Game of Trains handout, and ``cardgen build``: whole processes.

Measured, interleaved over ``--repeat`` rounds (so that a busy moment hurts both sides alike):

* ``cardgen handout got`` against ``cardgen handout got --simulate N`` (default N = 200 games for
  each of 2, 3 and 4 players: 600 games of pattern one, census 7, the default build's handout);
* ``cardgen build --config A`` against ``--config B``: A is the default set written out as a
  ``cardgen.toml`` (the same items as ``cardgen build`` with no config), B the same with
  ``simulate = N`` on its ``got`` handout, so the difference is the figures and nothing else.

Each run is ``python -m cardgen ...`` with this interpreter, into a fresh folder. Reported: the
median wall time and the median CPU time (user + system of the process and every worker it
reaped: ``RUSAGE_CHILDREN``), each side and the difference. CPU time does not depend on what else
the machine runs; wall time does, and the load average is printed before and after.

    .venv/bin/python bench/handout_figures.py                 # N = 200, 5 rounds (about 2 minutes)
    .venv/bin/python bench/handout_figures.py --games 100 --repeat 9
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.products import DEFAULT_SET  # noqa: E402  (after the path: the bench runs from a clone)


def run(args: list[str], cwd: Path) -> tuple[float, float]:
    """Run ``python -m cardgen ARGS``: wall seconds and CPU seconds (the process and its workers)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, cwd=cwd)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"cardgen {' '.join(args)} failed: {proc.stderr.decode(errors='replace')}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def toml_value(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v) if isinstance(v, int) else f'"{v}"'


def config(simulate: int | None) -> str:
    """The default set as a cardgen.toml; with ``simulate``, its got handout carries the figures."""
    lines = []
    for command, options in DEFAULT_SET:
        opts = dict(options)
        if simulate is not None and command == "handout" and opts.get("game") == "got":
            opts["simulate"] = simulate
        lines += [f"[[{command}]]", *(f"{k} = {toml_value(v)}" for k, v in opts.items()), ""]
    return "\n".join(lines)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games for each number of players (N)")
    parser.add_argument("--repeat", type=int, default=5)
    ns = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{cores} cores, load average {load()}; N = {ns.games}, {ns.repeat} rounds")
    times: dict[str, list[tuple[float, float]]] = {k: [] for k in ("handout", "handout+N", "build", "build+N")}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "plain.toml").write_text(config(None), "utf-8")
        (work / "figures.toml").write_text(config(ns.games), "utf-8")
        env_cache = work / "pycache"
        os.environ["PYTHONPYCACHEPREFIX"] = str(env_cache)  # as an installed cardgen: bytecode cached
        run(["handout", "got", "--out", str(work / "warm")], work)  # warm-up (bytecode, disk cache)
        for r in range(ns.repeat):
            out = work / f"r{r}"
            times["handout"].append(run(["handout", "got", "--out", str(out / "h")], work))
            times["handout+N"].append(
                run(["handout", "got", "--simulate", str(ns.games), "--out", str(out / "hs")], work)
            )
            times["build"].append(run(["build", "--quiet", "--config", "plain.toml", "--out", str(out / "b")], work))
            times["build+N"].append(
                run(["build", "--quiet", "--config", "figures.toml", "--out", str(out / "bs")], work)
            )
            print(
                f"  round {r + 1}: " + "  ".join(f"{k} {w:.2f}s/{c:.2f}s" for k, v in times.items() for w, c in [v[-1]])
            )

    def med(key: str, i: int) -> float:
        return statistics.median(t[i] for t in times[key])

    print(f"load average after: {load()}")
    print(f"{'':28}{'wall (median)':>15}{'CPU (median)':>15}")
    for base in ("handout", "build"):
        for key in (base, base + "+N"):
            name = f"cardgen {key.replace('+N', f' + {ns.games} × 3 games')}"
            print(f"{name:28}{med(key, 0):>14.2f}s{med(key, 1):>14.2f}s")
        print(f"{'  added by the figures':28}{med(base + '+N', 0) - med(base, 0):>+14.2f}s"
              f"{med(base + '+N', 1) - med(base, 1):>+14.2f}s")  # fmt: skip


if __name__ == "__main__":
    main()
