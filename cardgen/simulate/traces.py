"""One game of the Game of Trains as a trace file, and a trace file checked by replaying it.

A trace is JSON Lines: one event a line, as ``cardgen.rules.got.simulation`` produces them
(a setup line, one turn line a turn, the opening's placements first, and an end line;
its docstring gives every key, the extra ones too), so any referee can replay the game.
``cardgen simulate --trace FILE`` writes game 0 of the run (``game_seed(seed, 0)``);
``cardgen simulate --replay FILE`` reads a trace back and plays it through the engine
(``rules.got.simulation.replay``). A setup with only the issue's keys (no ``variant``) is
replayed as the variant they name, every other rule the default.

Both stream: the trace is written a line at a time as the game is played, and read a line
at a time as it is replayed, so memory is one line and one game's position however long
the game (and a line of the largest pack is megabytes). Each line read is checked for form
before the engine sees it (``trace_lines``: its length, its nesting, its keys, their types
and ranges, the number of lines); the limits are those every trace cardgen writes keeps.
What replaying finds:

- a file that is not a trace (cannot be read, a line too long or nested too deep, not JSON,
  a key missing or unknown, a value of the wrong type or out of range): ``CardgenError``
  naming the first such line (the command's exit 2);
- a well-formed trace of a game the rules refuse: ``Replayed.legal`` false, naming the first
  line that is not a legal move or whose state is not what the move leaves (exit 1). The
  lines after it are still read for form, so that exit 1 is only ever a well-formed trace;
- otherwise a legal game (exit 0).

Writing is all or nothing: the trace goes to a hidden file beside ``FILE``
(``.cardgen-trace-<pid>-<hex>.tmp``) and is renamed over it only when whole; a game
stopped by a signal or a failed write leaves no file. A file already at ``FILE`` is
replaced only if it is a trace (its first line a setup line with its variant, as cardgen
writes it): anything else is refused before the game is played, so a mistyped
``--trace notes.txt`` cannot destroy a file cardgen did not write, and nor is one
written inside a folder cardgen wrote (a pack's: its next build would refuse it). The hidden
file is one a killed run left is cleared by the next run there (``write.sets.tidy``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from cardgen.errors import CardgenError
from cardgen.files import open_regular, reason, show_path
from cardgen.rules.got.simulation import TraceError, play_game, replay
from cardgen.rules.got.tally import Tally
from cardgen.rules.shared import game_seed
from cardgen.simulate.run import Halted, Outcome, playing, stoppable
from cardgen.simulate.settings import Request
from cardgen.simulate.trace_file import TraceFile
from cardgen.simulate.trace_lines import MAX_LINE_BYTES, MAX_LINES, Event, event

__all__ = ["Replayed", "replay_file", "traced_run"]


def _is_trace(path: Path) -> bool:
    """Whether the file at ``path`` starts as a trace does (a setup line with its variant)."""
    try:
        with open_regular(path, what="trace") as f:
            first = event(f.readline(MAX_LINE_BYTES + 1), 1)
    except (OSError, CardgenError):
        return False
    return isinstance(first.get("variant"), dict)


def traced_run(request: Request, path: Path) -> tuple[Outcome, int]:
    """Play game 0 of the request's one setting, its trace written to ``path`` as it is played:
    the outcome (one game) and the lines written (none, no file, and the outcome interrupted,
    when a signal stopped the game)."""
    (setting,) = request.settings()
    if setting.variant is None:
        raise CardgenError("--trace writes a game of the Game of Trains; Amtrak games have no trace")
    tally = Tally(setting.players)
    out = TraceFile(path, _is_trace, MAX_LINE_BYTES)  # (the file checked before any game is played)
    try:
        with stoppable() as stop:
            try:
                with playing():
                    record = play_game(setting.variant, game_seed(request.seed, 0), setting.bot, trace=out.write)
            except Halted:  # stopped: no game, no trace
                out.discard()
                return Outcome(request, [setting], [tally], True, stop.signum), 0
        out.commit()
    except BaseException:
        out.discard()
        raise
    tally.add(record)
    return Outcome(request, [setting], [tally], interrupted=False), out.lines


class _Lines:
    """A trace file's events, read a line at a time and each checked (``trace_lines.event``);
    counts them and keeps what the verdict tells: the setup's players and the last line."""

    def __init__(self, file: BinaryIO, path: Path) -> None:
        self.file, self.path = file, path
        self.count = 0
        self.players: object = None
        self.last: Event = {}

    def __iter__(self) -> Iterator[Event]:
        return self

    def __next__(self) -> Event:
        try:
            raw = self.file.readline(MAX_LINE_BYTES + 1)
        except OSError as e:
            raise CardgenError(f"cannot read trace {show_path(self.path)}: {reason(e)}") from None
        if not raw:
            if not self.count:
                raise TraceError(f"trace {show_path(self.path)} is empty")
            raise StopIteration
        n = self.count + 1
        if n > MAX_LINES:
            raise TraceError(f"trace line {n}: a trace has at most {MAX_LINES:,} lines (a game of the longest, ended)")
        ev = event(raw, n)
        self.count, self.last = n, ev
        if n == 1:
            self.players = ev.get("players")
        return ev


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
        ended = f", ended {self.reason}" if self.reason else ""  # (an end line without cardgen's extra reason)
        return f"legal: {self.lines} lines, {self.players} players, {self.turns} turns, {who}{ended}"

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
    """Read a trace a line at a time and replay it as it is read (see the module docstring): legal, or
    the first illegal line; ``CardgenError`` for a file that is not a trace."""
    with open_regular(path, what="trace") as f:
        lines = _Lines(f, path)
        try:
            replay(lines)
        except TraceError:
            raise  # not a trace: one line, exit 2
        except CardgenError as e:
            for _ in lines:  # the rest read for form: a file with a line that is not a trace's is not a trace
                pass
            return Replayed(False, lines.count, str(e))
    end, players = lines.last, lines.players
    winner, turns, why = end.get("winner"), end.get("turns"), end.get("reason")
    return Replayed(
        True,
        lines.count,
        players=players if isinstance(players, int) else None,
        winner=winner if isinstance(winner, int) else None,
        turns=turns if isinstance(turns, int) else None,
        reason=why if isinstance(why, str) else None,
    )
