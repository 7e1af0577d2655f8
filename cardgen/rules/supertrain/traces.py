"""A SuperTrain game as trace events, and a trace checked by replaying it under cardgen's referee. Pure.

A trace is one event a line (JSON Lines), in the order things happen (``simulation.play_game``
produces them through ``on_event``). Tiles are written as the seed writes them (``12-5``, ``3-Train``,
``A-Train``, ``Train-Train``); an end is a number, ``"Train"`` or a Letter; a train is a seat (0 for
the first) or ``"mexican"``; seats are numbered from 0 in seat order.

* ``{"event": "setup", "game": "supertrain", "players", "rounds", "wilds", "bot", "seed"}``: the
  game. ``rounds`` as asked (plain Mexican Train plays at most 13); ``bot`` and ``seed`` are told,
  not checked.
* ``{"event": "round", "round", "engine", "first", "hands", "pile"}``: a round's deal: the engine
  (``12-12`` … ``0-0``, ``Train-Train``), the seat that leads, each seat's tiles, the bone pile top first.
* ``{"event": "play", "turn", "player", "tile", "train", "laid", "left"}``: a tile laid on a train by
  its ``laid`` end, leaving ``left`` exposed. ``turn`` counts the round's turns from 1.
* ``{"event": "draw", "turn", "player", "tile", "why"}``: ``why`` is ``"stuck"`` (the player could not
  play) or ``"D-Train"`` (drawn before playing, after a D-Train).
* ``{"event": "pass", "turn", "player"}``: the player could not make a play they owed (after their
  draw): their turn ends and their train gets a marker.
* ``{"event": "skip", "player"}``: an S-Train made this player miss their turn.
* ``{"event": "round_end", "round", "reason", "out", "turns", "scores", "totals"}``: ``reason``
  ``"out"`` (``out`` the seat with no tile left) or ``"blocked"``; each seat's points left and the
  running totals.
* ``{"event": "end", "totals", "winners"}``: the lowest total wins (several seats when equal).

``Replayer`` checks a trace event by event, as it is read: the deal must be a deal of the set (every
tile once, the engine out, the seed's hand sizes), every play one the rules allow at that moment
(the engine's legal plays, whose table is the referee's), and every event the rules make happen by
themselves (a draw, a pass, a skip, the end of a round and its scores) must be the next line, exactly.
A line that is not an event as above (not an object, a key missing, a value of the wrong type) is a
``TraceError``; a game the rules refuse is a ``CardgenError`` naming the line.

>>> from cardgen.rules.supertrain.simulation import Setup, play_game
>>> events = []
>>> _ = play_game(Setup(players=2, rounds=1), 7, on_event=events.append)
>>> r = Replayer()
>>> for n, e in enumerate(events, 1):
...     r.feed(e, n)
>>> r.finish(len(events) + 1).legal, events[0]["event"], events[-1]["event"]
(True, 'setup', 'end')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardgen.errors import CardgenError
from cardgen.rules.supertrain.dominoes import HAND_SIZES
from cardgen.rules.supertrain.play import ENGINE_ID, MAX_ROUNDS, NAME, PLAIN_ROUNDS, TILES, WILD, Play, Round, code

__all__ = ["Replayed", "Replayer", "TraceError"]

Event = dict[str, Any]


class TraceError(CardgenError):
    """A line that is not a SuperTrain trace event (not a game the rules refuse)."""


@dataclass(frozen=True)
class Replayed:
    """What replaying a trace found: legal, with the game's facts, or the first illegal line."""

    legal: bool
    lines: int
    error: str = ""
    players: int | None = None
    rounds: int | None = None
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()

    def text(self) -> str:
        if not self.legal:
            return f"illegal: {self.error}"
        who = " and ".join(str(w) for w in self.winners)
        return (
            f"legal: {self.lines} lines, {self.players} players, {self.rounds} rounds, totals "
            f"{' '.join(str(t) for t in self.totals)}, won by seat {who} (seats from 0, as in the trace)"
        )

    def to_dict(self) -> dict[str, Any]:
        if not self.legal:
            return {"legal": False, "lines": self.lines, "error": self.error}
        return {
            "legal": True,
            "lines": self.lines,
            "players": self.players,
            "rounds": self.rounds,
            "totals": list(self.totals),
            "winners": list(self.winners),
        }


def _need(e: Event, key: str, kind: type | tuple[type, ...], line: int) -> Any:
    if key not in e:
        raise TraceError(f"trace line {line}: the {e.get('event')} line has no {key!r}")
    value = e[key]
    if isinstance(value, bool) and kind is not bool:
        raise TraceError(f"trace line {line}: {key} must be {_kind(kind)}, not {value!r}")
    if not isinstance(value, kind):
        raise TraceError(f"trace line {line}: {key} must be {_kind(kind)}, not {str(value)[:40]!r}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    names = {int: "a whole number", str: "text", bool: "true or false", list: "a list"}
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _tiles(value: Any, what: str, line: int) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
        raise TraceError(f"trace line {line}: {what} must be a list of tile names")
    return value


class Replayer:
    """Feed it a trace's events in order (``feed``), then ``finish``; see the module docstring."""

    def __init__(self) -> None:
        self.setup: Event | None = None
        self.round: Round | None = None
        self.round_no = 0
        self.expected: list[Event] = []  # what the rules make happen next, in order
        self.totals: list[int] = []
        self.ended = False
        self.lines = 0

    def _rounds(self) -> int:
        assert self.setup is not None
        return int(self.setup["rounds"]) if self.setup["wilds"] else min(int(self.setup["rounds"]), PLAIN_ROUNDS)

    def feed(self, e: Event, line: int) -> None:
        """Check one event (line ``line`` of the trace)."""
        self.lines = line
        if not isinstance(e, dict):
            raise TraceError(f"trace line {line}: not a JSON object (a trace holds one event a line)")
        kind = e.get("event")
        if not isinstance(kind, str):
            raise TraceError(f'trace line {line}: no event name ("event": "play", …)')
        if self.ended:
            raise CardgenError(f"trace line {line}: events follow the end")
        if self.setup is None:
            self._setup(e, kind, line)
            return
        if self.expected:
            want = self.expected.pop(0)
            if e != want:
                raise CardgenError(f"trace line {line}: the rules make this happen next: {_shown(want)}")
            if self.round is not None and self.round.phase == "over" and not self.expected:
                self._round_over()
            return
        if kind == "round":
            self._deal(e, line)
        elif kind == "play":
            self._play(e, line)
        elif kind == "end":
            self._end(e, line)
        elif kind in ("draw", "pass", "skip", "round_end", "setup"):
            raise CardgenError(f"trace line {line}: a {kind} event where the rules make none")
        else:
            raise TraceError(f"trace line {line}: unknown event {kind[:40]!r}")

    def _setup(self, e: Event, kind: str, line: int) -> None:
        if kind != "setup":
            raise TraceError(f"trace line {line}: a trace starts with a setup event")
        if e.get("game") != "supertrain":
            raise TraceError(f"trace line {line}: not a SuperTrain trace (game {e.get('game')!r})")
        players = _need(e, "players", int, line)
        rounds = _need(e, "rounds", int, line)
        _need(e, "wilds", bool, line)
        if players not in HAND_SIZES:
            raise CardgenError(f"trace line {line}: players {players} is out of range: 2 to 8")
        if not 1 <= rounds <= MAX_ROUNDS:
            raise CardgenError(f"trace line {line}: rounds {rounds} is out of range: 1 to {MAX_ROUNDS}")
        self.setup = e
        self.totals = [0] * players

    def _deal(self, e: Event, line: int) -> None:
        assert self.setup is not None
        if self.round is not None:
            raise CardgenError(f"trace line {line}: a round starts before the last one ended")
        r = _need(e, "round", int, line)
        if r != self.round_no + 1 or r > self._rounds():
            raise CardgenError(f"trace line {line}: round {r} is not the game's next round")
        players = int(self.setup["players"])
        engine = ENGINE_ID[r - 1]
        if _need(e, "engine", str, line) != NAME[engine]:
            raise CardgenError(f"trace line {line}: round {r}'s engine is the {NAME[engine]}")
        first = _need(e, "first", int, line)
        if first != (r - 1) % players:
            raise CardgenError(f"trace line {line}: round {r} is led by seat {(r - 1) % players}, not {first}")
        hands_raw = _need(e, "hands", list, line)
        if len(hands_raw) != players:
            raise CardgenError(f"trace line {line}: {len(hands_raw)} hands for {players} players")
        hands_named = [_tiles(h, "each hand", line) for h in hands_raw]
        pile_named = _tiles(_need(e, "pile", list, line), "pile", line)
        wilds = bool(self.setup["wilds"])
        wanted = Counter(NAME[i] for i in range(len(TILES)) if i != engine and (wilds or not WILD[i]))
        given = Counter(t for h in [*hands_named, pile_named] for t in h)
        if given != wanted:
            extra = sorted((given - wanted).elements())[:1]
            missing = sorted((wanted - given).elements())[:1]
            what = f"tile {extra[0]} is one too many" if extra else f"tile {missing[0]} is missing"
            raise CardgenError(f"trace line {line}: not a deal of the set: {what}")
        if any(len(h) != HAND_SIZES[players] for h in hands_named):
            raise CardgenError(f"trace line {line}: each hand holds {HAND_SIZES[players]} tiles with {players} players")
        free = {n: [i for i in range(len(TILES)) if NAME[i] == n] for n in wanted}
        hands = [[free[t].pop() for t in h] for h in hands_named]
        pile = [free[t].pop() for t in pile_named]
        self.round_no = r
        self.round = Round(players, r, hands, pile, first, self.expected.append)
        if self.round.phase == "over" and not self.expected:
            self._round_over()

    def _play(self, e: Event, line: int) -> None:
        game = self.round
        if game is None or game.phase != "play":
            raise CardgenError(f"trace line {line}: a play with no round in progress")
        player = _need(e, "player", int, line)
        if player != game.current:
            raise CardgenError(f"trace line {line}: it is seat {game.current}'s turn, not seat {player}'s")
        tile = _need(e, "tile", str, line)
        train_raw = _need(e, "train", (int, str), line)
        if train_raw == "mexican":
            train = game.players
        elif isinstance(train_raw, int) and 0 <= train_raw < game.players:
            train = train_raw
        else:
            raise CardgenError(f'trace line {line}: no train {str(train_raw)[:20]!r} (a seat, or "mexican")')
        try:
            laid = code(_need(e, "laid", (int, str), line))
        except ValueError:
            raise TraceError(f"trace line {line}: laid is not an end (a number, Train or a Letter)") from None
        move = next(
            (m for m in game.legal_plays() if NAME[m.tile] == tile and m.train == train and m.laid == laid), None
        )
        if move is None:
            held = tile in game.hand_names(player)
            why = "is not a legal play now" if held else f"is not in seat {player}'s hand"
            raise CardgenError(f"trace line {line}: {tile} on train {train_raw} by its {e.get('laid')} end {why}")
        self.expected.clear()
        game.play(Play(move.tile, move.train, move.laid, move.left))
        made = self.expected.pop(0)  # the play event the engine made
        if e != made:
            raise CardgenError(f"trace line {line}: the play leaves {made['left']} exposed: {_shown(made)}")
        if game.phase == "over" and not self.expected:
            self._round_over()

    def _round_over(self) -> None:
        game = self.round
        assert game is not None
        scores = game.scores()
        self.totals = [a + b for a, b in zip(self.totals, scores)]
        self.expected.append(
            {
                "event": "round_end",
                "round": self.round_no,
                "reason": game.reason,
                "out": game.out,
                "turns": game.turns,
                "scores": scores,
                "totals": list(self.totals),
            }
        )
        self.round = None

    def _end(self, e: Event, line: int) -> None:
        if self.round is not None or self.round_no != self._rounds():
            raise CardgenError(f"trace line {line}: the game ends after round {self._rounds()}, not now")
        low = min(self.totals)
        want = {"event": "end", "totals": self.totals, "winners": [s for s, t in enumerate(self.totals) if t == low]}
        if e != want:
            raise CardgenError(f"trace line {line}: the game ends as {_shown(want)}")
        self.ended = True

    def finish(self, line: int) -> Replayed:
        """After the last line: the game must have ended."""
        if not self.ended:
            raise CardgenError(f"trace line {line}: the trace stops before the end of the game")
        assert self.setup is not None
        low = min(self.totals)
        return Replayed(
            True,
            self.lines,
            players=int(self.setup["players"]),
            rounds=self.round_no,
            totals=tuple(self.totals),
            winners=tuple(s for s, t in enumerate(self.totals) if t == low),
        )


def _shown(e: Event) -> str:
    import json

    text = json.dumps(e, separators=(",", ":"))
    return text if len(text) <= 160 else text[:157] + "..."
