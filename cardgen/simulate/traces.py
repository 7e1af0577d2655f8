"""One game of the Game of Trains as a trace file, and a trace file checked by replaying it.

A trace is JSON Lines: one event a line, as ``cardgen.rules.simulate`` produces them
(a setup line, one turn line a turn, the opening's placements first, and an end line;
its docstring gives every key, the extra ones too), so any referee can replay the game. ``cardgen simulate --trace FILE`` writes game 0 of the run
(``game_seed(seed, 0)``); ``cardgen simulate --replay FILE`` reads a trace back and
plays it through the engine (``rules.simulate.replay``), naming the first line that is
not what the rules allow (a game the rules refuse: ``Replayed.legal`` false); a file
that is not a trace at all (not JSON Lines, a key missing, a value of the wrong type)
is a ``CardgenError``. A setup with only the issue's keys (no ``variant``) is replayed
as the variant they name, every other rule the default.

Writing is all or nothing: the trace goes to a hidden file beside ``FILE`` and is renamed
over it only when whole. A file already at ``FILE`` is replaced only if it is a trace
(its first line a setup event, as cardgen writes it): anything else is refused, so a
mistyped ``--trace notes.txt`` cannot destroy a file cardgen did not write, and nor is one
written inside a folder cardgen wrote (a pack's: its next build would refuse it). The hidden
file is named as every file cardgen writes beside its output (``write.swap.beside``): one a
killed run left is cleared by the next run there (``write.sets.tidy``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.files import path_kind, read_file, reason, show_path
from cardgen.rules.simulate import TraceError, game_seed, play_game, replay
from cardgen.rules.tally import Tally
from cardgen.simulate.run import Halted, Outcome, playing, stoppable
from cardgen.simulate.settings import Request
from cardgen.write.owned import check_outside_owned
from cardgen.write.sets import tidy
from cardgen.write.swap import beside

__all__ = ["MAX_TRACE_BYTES", "Replayed", "read_trace", "replay_file", "traced_run", "write_trace"]

MAX_TRACE_BYTES = 256 << 20  # a 2,000-turn game of six players at census 26 is a few MB
_FIRST_LINE = 1 << 16  # enough of an existing file to see whether it is a trace

Event = dict[str, object]


def traced_run(request: Request) -> tuple[Outcome, list[Event]]:
    """Play game 0 of the request's one setting with its trace: the outcome (one game) and the events
    (none, and the outcome interrupted, when a signal stopped the game)."""
    (setting,) = request.settings()
    if setting.variant is None:
        raise CardgenError("--trace writes a game of the Game of Trains; Amtrak games have no trace")
    tally = Tally(setting.players)
    with stoppable() as stop:
        try:
            with playing():
                record = play_game(setting.variant, game_seed(request.seed, 0), setting.bot, trace=True)
        except Halted:  # stopped: no game, no trace
            return Outcome(request, [setting], [tally], True, stop.signum), []
    tally.add(record)
    return Outcome(request, [setting], [tally], interrupted=False), list(record.events)


def _lines(events: Sequence[Event]) -> bytes:
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events).encode("utf-8")


def _is_trace(path: Path) -> bool:
    """Whether the file at ``path`` starts as a trace does (a setup event with its variant)."""
    try:
        with open(path, "rb") as f:
            first = f.readline(_FIRST_LINE)
        event = json.loads(first.decode("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(event, dict) and event.get("event") == "setup" and isinstance(event.get("variant"), dict)


def write_trace(path: Path, events: Sequence[Event]) -> int:
    """Write ``events`` to ``path`` whole (see the module docstring); the number of lines."""
    where = f"trace {show_path(path)}"
    kind = path_kind(path, doing="write")
    if kind == "folder":
        raise CardgenError(f"cannot write {where}: it is a folder; name a file, e.g. game.jsonl")
    if kind == "other":
        raise CardgenError(f"cannot write {where}: not a regular file (a pipe, device or socket)")
    if kind == "file" and not _is_trace(path):
        raise CardgenError(f"cannot write {where}: it holds something else than a trace; give another file")
    folder = path.absolute().parent
    if path_kind(folder, doing="write") != "folder":
        raise CardgenError(f"cannot write {where}: folder {show_path(folder)} does not exist")
    check_outside_owned(path, "a trace", "--trace")
    tidy(folder)
    tmp = beside(path)
    try:
        with open(tmp, "xb") as f:
            f.write(_lines(events))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise CardgenError(f"cannot write {where}: {reason(e)}") from None
    return len(events)


def read_trace(path: Path) -> list[Event]:
    """The events of a trace file, line by line; one line naming the first line that is not a JSON object."""
    data = read_file(path, limit=MAX_TRACE_BYTES, what="trace")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        at = data[: e.start].count(b"\n") + 1
        raise CardgenError(f"trace line {at}: not UTF-8 text") from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    if not lines:
        raise CardgenError(f"trace {show_path(path)} is empty")
    events: list[Event] = []
    for n, line in enumerate(lines, 1):
        try:
            event = json.loads(line)
        except ValueError:
            raise CardgenError(f"trace line {n}: not JSON (a trace holds one JSON object a line)") from None
        if not isinstance(event, dict):
            raise CardgenError(f"trace line {n}: not a JSON object (a trace holds one event a line)")
        events.append(event)
    return events


@dataclass(frozen=True)
class Replayed:
    """What replaying a trace found: ``legal``, or the first illegal line in ``error``."""

    legal: bool
    lines: int
    error: str = ""
    players: int | None = None
    winner: int | None = None
    turns: int | None = None
    reason: str | None = None

    def text(self) -> str:
        if not self.legal:
            return f"illegal: {self.error}"
        who = "no winner" if self.winner is None else f"won by seat {self.winner} (seats from 0, as in the trace)"
        return f"legal: {self.lines} lines, {self.players} players, {self.turns} turns, {who}, ended {self.reason}"

    def to_dict(self) -> dict[str, object]:
        if not self.legal:
            return {"legal": False, "lines": self.lines, "error": self.error}
        return {
            "legal": True,
            "lines": self.lines,
            "players": self.players,
            "winner": self.winner,
            "turns": self.turns,
            "reason": self.reason,
        }


def replay_file(path: Path) -> Replayed:
    """Read a trace (``CardgenError`` if it cannot be read) and replay it: legal, or the first illegal line."""
    events = read_trace(path)
    try:
        replay(events)
    except TraceError:
        raise  # not a trace: one line, exit 2
    except CardgenError as e:
        return Replayed(False, len(events), str(e))
    setup, end = events[0], events[-1]
    players = setup.get("players")
    winner, turns, why = end.get("winner"), end.get("turns"), end.get("reason")
    return Replayed(
        True,
        len(events),
        players=players if isinstance(players, int) else None,
        winner=winner if isinstance(winner, int) else None,
        turns=turns if isinstance(turns, int) else None,
        reason=str(why),
    )
