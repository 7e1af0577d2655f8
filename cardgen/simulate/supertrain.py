"""``cardgen simulate supertrain``: SuperTrain games on every core, their figures as text or JSON, one
game as a trace file, and a trace file replayed.

What was asked (``request``: the options typed, by name, and the sweep's words) is checked before a
game is played; ``run`` plays each setting's games in shares on worker processes, as
``cardgen.simulate.run`` does for the other games (the same shares, the same stop on Ctrl-C, SIGTERM
or SIGHUP), and counts them into ``rules.supertrain.simulation.Tally``: game ``i`` is always seeded
``game_seed(seed, i)`` and tallies hold whole numbers, so the figures are the same on any number of
cores. With the wild tiles (the default) every game is also played on the same deals without them
(``play_pair``), which is what the comparison is made of; ``--no-wilds`` plays plain Mexican Train
alone.

A trace (``write_trace``) is streamed to a hidden file beside the destination, line by line as the
game is played, and renamed over it only when whole; a file already there is replaced only if it is
a SuperTrain trace. A trace is replayed (``replay_file``) as it is read, line by line
(``rules.supertrain.traces.Replayer``): a line that is not an event is a one-line error (exit 2),
a game the rules refuse names its first illegal line (exit 1).

>>> req = request({"players": 3, "rounds": 2}, [], games=4, seed=1)
>>> [s.describe() for s in req.settings()]
['3 players, 2 rounds, with the 21 wild tiles (and the same deals without them)']
>>> outcome = run(req, workers=1)
>>> outcome.played, outcome.tallies[0].summary().rounds
(4, 8)
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import path_kind, reason, show_path
from cardgen.rules.shared import game_seed
from cardgen.rules.supertrain.play import MAX_ROUNDS
from cardgen.rules.supertrain.simulation import Setup, Tally, play_game, play_pair, sentence
from cardgen.rules.supertrain.traces import Replayed, Replayer, TraceError
from cardgen.simulate.run import (
    GRACE,
    Halted,
    Stop,
    _stopping,
    _termination_held,
    available_cores,
    playing,
    shares,
    stoppable,
)
from cardgen.write.workers import worker_pool

__all__ = [
    "DEFAULT_GAMES",
    "OPTIONS",
    "StOutcome",
    "StRequest",
    "StSetting",
    "replay_file",
    "report_json",
    "report_text",
    "request",
    "run",
    "write_trace",
]

OPTIONS = ("players", "rounds", "no-wilds", "bot")  # the options the game takes, as the command line names them
SWEEPABLE = ("players", "rounds")
BOTS = ("good", "random")
DEFAULT_GAMES = 200
MAX_GAMES = 1_000_000
MAX_TRACE_BYTES = 64 << 20  # a 14-round game of 8 players is about 150 KB
MAX_LINE = 1 << 20
IN_FLIGHT = 3
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class StSetting:
    """One way to play: the ``setup``, ``bot`` in every seat; ``swept`` its values of the swept options."""

    setup: Setup
    bot: str
    swept: tuple[tuple[str, int], ...] = ()

    @property
    def players(self) -> int:
        return self.setup.players

    def describe(self, swept: Sequence[str] = ()) -> str:
        """The setting in words, leaving out the options named in ``swept``."""
        s = self.setup
        parts = [] if "players" in swept else [f"{s.players} players"]
        if "rounds" not in swept:
            parts.append(f"{s.played} round{'s' if s.played != 1 else ''}")
        parts.append("with the 21 wild tiles (and the same deals without them)" if s.wilds else "plain Mexican Train")
        return ", ".join(parts)

    def label(self) -> str:
        return ", ".join(f"{k} {v}" for k, v in self.swept)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"game": "supertrain", "bot": self.bot, "setup": self.setup.to_dict()}
        if self.swept:
            out["swept"] = dict(self.swept)
        return out


@dataclass(frozen=True)
class StRequest:
    """A checked request: the options given, the sweep, games per setting, the seed."""

    options: tuple[tuple[str, object], ...]
    sweep: tuple[tuple[str, tuple[int, ...]], ...]
    games: int
    seed: int

    def settings(self) -> list[StSetting]:
        combos: list[dict[str, int]] = [{}]
        for name, values in self.sweep:
            combos = [c | {name: v} for c in combos for v in values]
        return [_setting(dict(self.options) | c, tuple(c.items())) for c in combos]

    def sweep_words(self) -> str:
        """``players=2..8 rounds=1,14``: runs of three or more as ranges."""
        words = []
        for n, vs in self.sweep:
            run = len(vs) > 2 and list(vs) == list(range(vs[0], vs[-1] + 1))
            words.append(f"{n}={vs[0]}..{vs[-1]}" if run else f"{n}={','.join(str(v) for v in vs)}")
        return " ".join(words)


def _setting(o: Mapping[str, object], swept: tuple[tuple[str, int], ...]) -> StSetting:
    bot = str(o.get("bot", "good"))
    if bot not in BOTS:
        raise CardgenError(f"unknown bot {bot!r}: choose one of {', '.join(BOTS)}")
    players, rounds = o.get("players", 4), o.get("rounds", MAX_ROUNDS)
    if type(players) is not int or type(rounds) is not int:
        raise CardgenError("--players and --rounds are whole numbers")
    return StSetting(Setup(players, rounds, not o.get("no-wilds")), bot, swept)


def _values(name: str, text: str) -> tuple[int, ...]:
    """``2..8`` or ``2,4,6``: the values of a swept option."""
    try:
        if ".." in text:
            a, b = text.split("..", 1)
            low, high = int(a), int(b)
            if high < low or high - low > 100:
                raise ValueError
            return tuple(range(low, high + 1))
        return tuple(int(v) for v in text.split(","))
    except ValueError:
        raise CardgenError(f"{name}={text[:40]}: give a range like 2..8 or a list like 2,4,6") from None


def request(options: Mapping[str, object], sweep: Sequence[str], *, games: int, seed: int) -> StRequest:
    """Check what the command line was given (``options``: only the options typed, named without
    dashes; ``sweep``: words ``NAME=VALUES``) and every setting it asks for; one line for the first wrong."""
    for name in options:
        if name not in OPTIONS:
            raise CardgenError(
                f"--{name} is not an option of SuperTrain: it takes {', '.join('--' + n for n in OPTIONS)}"
            )
    swept: list[tuple[str, tuple[int, ...]]] = []
    for word in sweep:
        name, _, text = word.partition("=")
        if name not in SWEEPABLE:
            raise CardgenError(f"cannot sweep {name!r} of SuperTrain: sweep {' or '.join(SWEEPABLE)}")
        if name in options or name in dict(swept):
            raise CardgenError(f"{name} is given twice: sweep it or give --{name}, once")
        swept.append((name, _values(name, text)))
    if not 1 <= games <= MAX_GAMES:
        raise CardgenError(f"games {games} is out of range: allowed 1 to {MAX_GAMES:,}")
    req = StRequest(tuple(sorted(options.items())), tuple(swept), games, seed)
    req.settings()  # every setting checked before anything is played
    return req


# ---------------------------------------------------------------- playing on every core

Job = tuple[int, StSetting, int, int, int]  # setting index, setting, seed, first game, end


def _play_share(job: Job) -> tuple[int, Tally]:
    """Games ``start … end-1`` of one setting (in a worker or here); a stop abandons the game in progress."""
    index, setting, seed, start, end = job
    tally = Tally(setting.players)
    try:
        for i in range(start, end):
            if _stopping():
                break
            with playing():
                record, plain = play_pair(setting.setup, game_seed(seed, i), setting.bot)
            tally.add(record, plain)
    except Halted:
        pass
    return index, tally


@dataclass
class StOutcome:
    """A run's result: each setting's tally, and whether a signal stopped it early."""

    request: StRequest
    settings: list[StSetting]
    tallies: list[Tally]
    interrupted: bool
    stopped_by: int | None = None

    @property
    def played(self) -> int:
        return sum(t.games for t in self.tallies)

    @property
    def asked(self) -> int:
        return len(self.settings) * self.request.games


def run(req: StRequest, *, workers: int | None = None, progress: Progress | None = None) -> StOutcome:
    """Play every setting's games on ``workers`` processes (default: every core); the same figures for any."""
    settings = req.settings()
    wanted = available_cores() if workers is None else workers
    cut = shares(req.games, wanted)
    jobs: Iterator[Job] = ((k, s, req.seed, a, b) for k, s in enumerate(settings) for a, b in cut)
    tallies = [Tally(s.players) for s in settings]
    total, done = len(settings) * req.games, 0

    def count(result: tuple[int, Tally]) -> None:
        nonlocal done
        k, t = result
        tallies[k] = tallies[k].merge(t)
        done += t.games
        if progress is not None:
            progress(done, total)

    with stoppable() as stop:
        n = min(wanted, len(settings) * len(cut))
        if n <= 1:
            for job in jobs:
                count(_play_share(job))
                if stop():
                    break
        else:
            _on_pool(n, jobs, stop, count)
    return StOutcome(req, settings, tallies, stop(), stop.signum if stop() else None)


def _on_pool(n: int, jobs: Iterator[Job], stop: Stop, count: Callable[[tuple[int, Tally]], None]) -> None:
    """The jobs on a pool of ``n`` workers, a few shares in flight each (as ``simulate.run`` plays them)."""
    import multiprocessing
    import signal
    import time

    before = set(multiprocessing.active_children())
    pool = worker_pool(n)
    try:
        with _termination_held():
            running: set[Future[tuple[int, Tally]]] = {pool.submit(_play_share, next(jobs))}
        stop.workers = [p.pid for p in multiprocessing.active_children() if p not in before and p.pid]
        if stop():
            stop.ask(stop.signum)
        while True:
            while not stop() and len(running) < IN_FLIGHT * n and (more := next(jobs, None)) is not None:
                running.add(pool.submit(_play_share, more))
            if not running:
                break
            finished, running = wait(running, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                count(future.result())
            if running and stop.at is not None and time.monotonic() - stop.at > GRACE:
                for pid in stop.workers:
                    with contextlib.suppress(OSError):
                        os.kill(pid, signal.SIGKILL)
                break
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# ---------------------------------------------------------------- what is printed


def _pct(v: float | None) -> str:
    return "-" if v is None else f"{v * 100:.1f} %"


def _num(v: float | None, digits: int = 1) -> str:
    return "-" if v is None else f"{v:.{digits}f}"


def head(outcome: StOutcome) -> list[str]:
    req = outcome.request
    first = outcome.settings[0]
    if req.sweep:
        swept = [n for n, _ in req.sweep]
        lines = [f"SuperTrain: a sweep of {req.sweep_words()}; {first.describe(swept)}"]
    else:
        lines = [f"SuperTrain: {first.describe()}"]
    lines.append(
        f"{req.games:,} game{'s' if req.games != 1 else ''}{' a setting' if req.sweep else ''}, seed {req.seed}, bot {first.bot} in every seat"
    )
    if outcome.interrupted:
        lines.append(f"interrupted: {outcome.played:,} of {outcome.asked:,} games played; the figures are those games'")
    return lines


def figures(setting: StSetting, tally: Tally) -> list[tuple[str, str]]:
    """A setting's figures as (name, text) lines; empty if no game finished."""
    if not tally.games:
        return []
    s = tally.summary()
    main = s.wild if s.wild is not None else s.plain
    assert main is not None
    p = setting.players
    t = main["turns"]
    sc = main["score"]
    lines = [
        (
            "round length",
            f"median {_num(t['median'], 0)} turns   10th percentile {_num(t['p10'], 0)}   90th percentile "
            f"{_num(t['p90'], 0)}   mean {_num(t['mean'])}   ({_num(main['turns_each'])} turns each)",
        ),
        ("blocked", f"{_pct(main['blocked_share'])} of rounds (the bone pile empty and nobody able to play)"),
        (
            "score",
            f"median {_num(sc['median'], 0)}   10th percentile {_num(sc['p10'], 0)}   90th percentile "
            f"{_num(sc['p90'], 0)}   mean {_num(sc['mean'])}   (a player's total over {s.rounds // s.games} rounds)",
        ),
        (
            "win share",
            "   ".join(f"{ORDINAL[i]} {_pct(w)}" for i, w in enumerate(main["win_share"]))
            + f"   (by seat; an even share is {_pct(1 / p)})",
        ),
        (
            "going out",
            "   ".join(("leader" if i == 0 else f"+{i}") + f" {_pct(w)}" for i, w in enumerate(main["out_from_leader"]))
            + "   (rounds won by going out, by seat counted from the round's leader)",
        ),
    ]
    actions = main.get("actions")
    if actions:
        rounds = main["rounds"]
        plays = "   ".join(f"{k}-Train {v:.2f}" for k, v in actions["plays_a_round"].items())
        lines.append(("action tiles", f"played a round: {plays}"))
        sizes = actions["t_turns_by_tiles"]
        t_total = sum(sizes.values())
        t_text = (
            ", ".join(f"{k} tile{'s' if k != '1' else ''} {_pct(v / t_total)}" for k, v in sizes.items())
            if t_total
            else "none"
        )
        where = actions["a_where"]
        a_total = sum(where.values())
        names = {
            "own": "own train",
            "mexican": "Mexican",
            "marked": "another's marked",
            "unmarked": "another's unmarked",
        }
        a_text = ", ".join(f"{names[k]} {_pct(v / a_total)}" for k, v in where.items()) if a_total else "none"
        no_effect = " (with 2 players a reversal changes nothing)" if p == 2 else ""
        lines.append(
            (
                "what they did",
                f"S {actions['skips'] / rounds:.2f} skips a round; R {actions['reversals'] / rounds:.2f} reversals"
                f"{no_effect}; D {actions['d_draws'] / rounds:.2f} tiles drawn; T turns laid {t_text} "
                f"({actions['t_special']:,} special circumstances); A on {a_text}",
            )
        )
    if s.wild is not None and s.plain is not None:
        pl = s.plain
        lines.append(
            (
                "without wilds",
                f"median {_num(pl['turns']['median'], 0)} turns (mean {_num(pl['turns']['mean'])}), blocked "
                f"{_pct(pl['blocked_share'])} of rounds, 1st seat wins {_pct(pl['win_share'][0])}   (the same deals)",
            )
        )
        if s.diff_mean is not None:
            interval = (
                f"95 % interval {s.diff_mean - s.diff_half:+.1f} to {s.diff_mean + s.diff_half:+.1f}; "
                if s.diff_half is not None
                else ""
            )
            lines.append(
                (
                    "wild tiles",
                    f"{s.diff_mean:+.1f} turns a round on the same deals ({interval}{s.pairs:,} rounds compared)",
                )
            )
    if main["capped"]:
        lines.append(("capped", f"{main['capped']:,} rounds stopped at 5,000 turns"))
    lines.append(("in a sentence", sentence(s)))
    return lines


def sweep_rows(outcome: StOutcome) -> tuple[list[str], list[list[str]]]:
    names = [n for n, _ in outcome.request.sweep]
    header = [*names, "turns (10th-90th)", "without wilds", "wilds change", "blocked", "1st seat wins", "even share"]
    rows = []
    for setting, tally in zip(outcome.settings, outcome.tallies):
        cells = [str(v) for _, v in setting.swept]
        if not tally.games:
            rows.append(cells + ["-"] * (len(header) - len(cells)))
            continue
        s = tally.summary()
        main = s.wild if s.wild is not None else s.plain
        assert main is not None
        t = main["turns"]
        plain = s.plain["turns"]["median"] if s.plain is not None and s.wild is not None else None
        cells += [
            f"{_num(t['median'], 0)} ({_num(t['p10'], 0)}-{_num(t['p90'], 0)})",
            _num(plain, 0),
            "-" if s.diff_mean is None else f"{s.diff_mean:+.1f}",
            _pct(main["blocked_share"]),
            _pct(main["win_share"][0]),
            _pct(1 / setting.players),
        ]
        rows.append(cells)
    return header, rows


def report_text(outcome: StOutcome) -> str:
    lines = head(outcome)
    lines.append("")
    if outcome.played == 0:
        lines.append("no game finished")
        return "\n".join(lines)
    if outcome.request.sweep:
        header, rows = sweep_rows(outcome)
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header, *rows]]
        return "\n".join(lines)
    rows2 = figures(outcome.settings[0], outcome.tallies[0])
    width = max(len(n) for n, _ in rows2)
    lines += [f"{n.ljust(width)}  {text}" for n, text in rows2]
    return "\n".join(lines)


def _result(setting: StSetting, tally: Tally) -> dict[str, Any]:
    out: dict[str, Any] = {"setting": setting.to_dict(), "played": tally.games}
    if not tally.games:
        out["summary"] = None
        return out
    s = tally.summary()
    out["summary"] = s.to_dict()
    side = tally.wild if tally.wild is not None else tally.plain
    assert side is not None
    out["turns_histogram"] = [[k, v] for k, v in sorted(side.turns.items())]
    out["sentence"] = sentence(s)
    return out


def report_json(outcome: StOutcome) -> str:
    """The run for scripts: the same for any number of workers (no times, no worker count)."""
    req = outcome.request
    out: dict[str, Any] = {
        "game": "supertrain",
        "seed": req.seed,
        "games": req.games,
        "played": outcome.played,
        "interrupted": outcome.interrupted,
    }
    if req.sweep:
        out["sweep"] = {n: list(v) for n, v in req.sweep}
        out["results"] = [_result(s, t) for s, t in zip(outcome.settings, outcome.tallies)]
    else:
        out |= _result(outcome.settings[0], outcome.tallies[0])
    return json.dumps(out, indent=1, ensure_ascii=False)


# ---------------------------------------------------------------- traces


def _is_trace(path: Path) -> bool:
    try:
        with open(path, "rb") as f:
            event = json.loads(f.readline(MAX_LINE).decode("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(event, dict) and event.get("event") == "setup" and event.get("game") == "supertrain"


def write_trace(path: Path, req: StRequest) -> tuple[StOutcome, int]:
    """Play game 0 of the request's one setting, streaming its events to ``path`` (whole or not at all);
    the outcome (that one game; interrupted and nothing written when a signal stopped it) and the lines."""
    (setting,) = req.settings()
    where = f"trace {show_path(path)}"
    kind = path_kind(path, doing="write")
    if kind == "folder":
        raise CardgenError(f"cannot write {where}: it is a folder; name a file, e.g. game.jsonl")
    if kind == "other":
        raise CardgenError(f"cannot write {where}: not a regular file (a pipe, device or socket)")
    if kind == "file" and not _is_trace(path):
        raise CardgenError(f"cannot write {where}: it holds something else than a SuperTrain trace; give another file")
    folder = path.absolute().parent
    if path_kind(folder, doing="write") != "folder":
        raise CardgenError(f"cannot write {where}: folder {show_path(folder)} does not exist")
    tmp = folder / f".cardgen-trace-{os.getpid()}-{secrets.token_hex(4)}.tmp"
    tally = Tally(setting.players)
    lines = 0
    try:
        with open(tmp, "xb") as f, stoppable() as stop:

            def write(event: dict[str, Any]) -> None:
                nonlocal lines
                f.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
                lines += 1

            try:
                with playing():
                    record = play_game(setting.setup, game_seed(req.seed, 0), setting.bot, on_event=write)
            except Halted:
                tmp.unlink()
                return StOutcome(req, [setting], [tally], True, stop.signum), 0
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise CardgenError(f"cannot write {where}: {reason(e)}") from None
    except BaseException:
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise
    tally.add(record)
    return StOutcome(req, [setting], [tally], False), lines


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """The lines of a trace file, read as they come (a regular file only, within ``MAX_TRACE_BYTES``)."""
    where = f"trace {show_path(path)}"
    kind = path_kind(path, doing="read trace")
    if kind == "missing":
        raise CardgenError(f"cannot read {where}: no such file")
    if kind != "file":
        raise CardgenError(f"cannot read {where}: not a regular file")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as e:
        raise CardgenError(f"cannot read {where}: {reason(e)}") from None
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise CardgenError(f"cannot read {where}: not a regular file")
        read = 0
        n = 0
        while True:
            try:
                line = f.readline(MAX_LINE + 1)
            except OSError as e:
                raise CardgenError(f"cannot read {where}: {reason(e)}") from None
            if not line:
                return
            n += 1
            read += len(line)
            if len(line) > MAX_LINE or read > MAX_TRACE_BYTES:
                raise TraceError(f"trace line {n}: too long (a trace is at most {MAX_TRACE_BYTES >> 20} MB)")
            yield n, line


def replay_file(path: Path) -> Replayed:
    """Replay a trace as it is read: legal, or its first illegal line (``CardgenError`` if it is no trace)."""
    replayer = Replayer()
    last = 0
    for n, raw in _lines(path):
        last = n
        try:
            event = json.loads(raw.decode("utf-8"))
        except UnicodeDecodeError:
            raise TraceError(f"trace line {n}: not UTF-8 text") from None
        except ValueError:
            raise TraceError(f"trace line {n}: not JSON (a trace holds one JSON object a line)") from None
        try:
            replayer.feed(event, n)
        except TraceError:
            raise
        except CardgenError as e:
            return Replayed(False, n, str(e))
    if not last:
        raise TraceError(f"trace {show_path(path)} is empty")
    try:
        return replayer.finish(last + 1)
    except CardgenError as e:
        return Replayed(False, last, str(e))
