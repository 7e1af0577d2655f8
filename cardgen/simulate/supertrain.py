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

import json
import os
import stat
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import open_regular, path_kind, reason, show_path
from cardgen.rules.shared import game_seed
from cardgen.rules.supertrain.params import BOT, PLAY, PLAYERS, ROUNDS
from cardgen.rules.supertrain.simulation import Setup, Tally, play_game, play_pair, sentence
from cardgen.rules.supertrain.traces import Replayed, Replayer, TraceError
from cardgen.simulate.run import (
    Halted,
    _stopping,
    available_cores,
    on_pool,
    playing,
    shares,
    stoppable,
)
from cardgen.simulate.sweep import parse_sweep
from cardgen.simulate.text import table
from cardgen.simulate.trace_file import TraceFile

__all__ = [
    "DEFAULT_GAMES",
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
    """The setting the options read (``request``) and one combination of the sweep name."""
    players = int(o.get("players", PLAYERS.default))  # type: ignore[call-overload]
    rounds = int(o.get("rounds", ROUNDS.default))  # type: ignore[call-overload]
    return StSetting(Setup(players, rounds, not o.get("no-wilds")), str(o.get("bot", BOT.default)), swept)


def request(options: Mapping[str, object], sweep: Sequence[str], *, games: int, seed: int) -> StRequest:
    """Check what the command line was given (``options``: only the options typed, by their keys;
    ``sweep``: words ``NAME=VALUES``) and every setting it asks for; one line for the first wrong.
    Each value is read by its declaration (``rules.supertrain.params.PLAY``), a sweep by the shared
    grammar (``simulate.sweep``)."""
    by_key = {p.key: p for p in PLAY}
    typed: dict[str, object] = {}
    for key, value in options.items():
        if key not in by_key:
            raise CardgenError(f"--{key} is not an option of SuperTrain: it takes {', '.join(p.option for p in PLAY)}")
        typed[key] = by_key[key].parse(value)
    swept = parse_sweep(sweep, PLAY) if sweep else ()
    for key, _ in swept:
        if key in typed:
            raise CardgenError(f"{key} is given twice: sweep it or give --{key}, once")
    if not 1 <= games <= MAX_GAMES:
        raise CardgenError(f"games {games} is out of range: allowed 1 to {MAX_GAMES:,}")
    req = StRequest(tuple(sorted(typed.items())), tuple((k, tuple(int(v) for v in vs)) for k, vs in swept), games, seed)
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


def run(
    req: StRequest, *, workers: int | None = None, progress: Progress | None = None, cluster: str | None = None
) -> StOutcome:
    """Play every setting's games on ``workers`` processes (default: every core), or on the Dask cluster
    whose scheduler is at ``cluster`` (``simulate.cluster``); the same figures for any."""
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

    if cluster is not None:
        from cardgen.simulate.cluster import play_on_cluster

        with stoppable() as stop:
            play_on_cluster(cluster, settings, req.games, req.seed, _play_share, stop, count)
        return StOutcome(req, settings, tallies, stop(), stop.signum if stop() else None)
    with stoppable() as stop:
        n = min(wanted, len(settings) * len(cut))
        if n <= 1:
            for job in jobs:
                count(_play_share(job))
                if stop():
                    break
        else:
            on_pool(n, jobs, stop, count, _play_share)
    return StOutcome(req, settings, tallies, stop(), stop.signum if stop() else None)


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
        lines += table(*sweep_rows(outcome))
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
    """Whether the file at ``path`` starts as a SuperTrain trace does (its setup line)."""
    try:
        with open_regular(path, what="trace") as f:
            event = json.loads(f.readline(MAX_LINE).decode("utf-8"))
    except (OSError, ValueError, CardgenError):
        return False
    return isinstance(event, dict) and event.get("event") == "setup" and event.get("game") == "supertrain"


def write_trace(path: Path, req: StRequest) -> tuple[StOutcome, int]:
    """Play game 0 of the request's one setting, streaming its events to ``path`` (whole or not at all);
    the outcome (that one game; interrupted and nothing written when a signal stopped it) and the lines."""
    (setting,) = req.settings()
    tally = Tally(setting.players)
    out = TraceFile(path, _is_trace, MAX_LINE)  # (the file checked before any game is played)
    try:
        with stoppable() as stop:
            try:
                with playing():
                    record = play_game(setting.setup, game_seed(req.seed, 0), setting.bot, on_event=out.write)
            except Halted:  # stopped: no game, no trace
                out.discard()
                return StOutcome(req, [setting], [tally], True, stop.signum), 0
        out.commit()
    except BaseException:
        out.discard()
        raise
    tally.add(record)
    return StOutcome(req, [setting], [tally], False), out.lines


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
