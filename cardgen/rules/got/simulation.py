"""Simulating games: one game from a seed, a summary of many, and traces (pure, no I/O).

``play_game(variant, seed, bots)`` plays one game and returns a ``GameRecord``;
with ``trace=True`` the record carries its events, plain dicts ready for JSON
Lines; with ``trace=sink`` (a function) each event is handed to ``sink`` as it
happens and none is kept (a game of a big pack streams its trace to a file).
``summarise(records)`` gives a ``Summary`` (``to_dict()`` for JSON).
Game ``i`` of a run seeded ``S`` is ``play_game(variant, game_seed(S, i))``:
the seed depends on nothing else, so a run split across processes in any way
plays the same games, and ``summarise`` (which ignores the records' order)
gives the same numbers.

Trace events, in order: ``setup``, one ``turn`` a line, ``end`` (a card is its number,
or ``"W"`` for a wild card; a space is its letter, ``"A"``..., or on the 3×3 mat its
name, ``"AD"``...):

* ``{"event": "setup", "pattern", "census", "copies", "players", "variant", "seed", "state"}``:
  the position after the deal, before the opening. ``variant`` is
  ``Variant.to_dict()`` with ``census`` and ``copies`` as played (what ``replay``
  plays by); ``seed`` the game's seed. Both are extra keys: a setup without them is
  replayed as the variant its other keys name, every other rule the default (the
  ``W`` cards in ``state`` are its wild cards, ``tokens`` its freeze tokens, a
  number repeated K times K packs combined).
* ``{"event": "turn", "n", "player", "action", ...,  "state"}``, one per turn.
  First the factory opening, one line per player in seat order: ``"n": 0``,
  ``"opening": true``, ``"action": "place"``, ``"drawn"`` (the cards the player
  drew, top first), ``"card"`` (the one kept) and ``"space"``; then the turns,
  ``n`` from 1 (the opening is not counted in ``turns``). ``action`` ``"place"``
  with ``"card"`` and ``"space"`` (and ``"from": "faceup"`` when a face-up wild card
  was taken instead of drawing); ``"ability"`` with ``"card"``, ``"target"`` (the
  player acted on) and ``"spaces"`` (the spaces it moved, in the order the cards
  move: ``["A", "C"]`` for A↔C, ``["B"]`` for a removal, three for a 3×3
  rotation; a swap may be written either way round), plus ``"with"`` (the second
  player) for a swap across two sequences, whose ``spaces`` are then target's
  space and ``with``'s space; ``"pass"`` alone. ``"freeze": "C"`` when the player
  froze their card at C at the start of the turn (§11), ``"reshuffled": true``
  when the turn ended with the discard pile shuffled into a new draw pile
  (``state`` shows the new order).
* ``{"event": "end", "winner", "turns", "reason"}``: ``winner`` null if none;
  ``reason`` (extra) ``"won"``, ``"capped"`` (``max_turns``) or ``"stalled"`` (everyone passed).

Every ``state`` is the whole position after its line: ``{"sequences": [[cards
by space, A first], ...], "draw": [top first], "faceup": [oldest first],
"discard": [oldest first]}``; a 3×3 arrangement is listed row by row (AD, AE,
AF, BD, ...). With freezing, also ``"frozen"`` (each player's frozen spaces)
and ``"tokens"`` (tokens left).

``replay`` raises ``TraceError`` (a ``CardgenError``) for a file that is not a trace
(a key missing, a value of the wrong type, an event or action it does not know), and
``CardgenError`` for a trace of a game the rules do not allow.

>>> record = play_game(Variant(), game_seed(7, 0), trace=True)
>>> record.events[0]["event"], record.events[-1]["event"], record.winner is not None
('setup', 'end', True)
>>> replay(record.events)
True
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from cardgen.errors import CardgenError
from cardgen.rules.got import fast
from cardgen.rules.got.bots import Bot, bot
from cardgen.rules.got.play import Draw, Freeze, Game, Move, Pass, Place, Step, TakeWild, UseAbility
from cardgen.rules.got.variant import GRID_COLS, GRID_ROWS, WILD_CARD, Rules, Variant, rules_of
from cardgen.rules.shared import SALT, game_seed, mix64

__all__ = [
    "GameRecord",
    "Summary",
    "TraceError",
    "play_game",
    "play_games",
    "replay",
    "said",
    "summarise",
]

Event = dict[str, object]


@dataclass(frozen=True)
class GameRecord:
    """What happened in one game.

    ``kinds``: abilities used, by kind, sorted by kind: ``"swap"``, ``"remove"``,
    ``"rotate"`` (3×3), ``"cross-swap"`` (pattern three, across two sequences),
    ``"number"`` (§9). ``places`` counts turns spent placing a card, ``passes``
    forced passes, ``freezes`` tokens used. ``events`` is empty unless traced.
    """

    seed: int
    variant: Variant
    bots: tuple[str, ...]
    winner: int | None
    turns: int
    capped: bool
    stalled: bool
    exhaustions: int  # times the draw pile ran out
    reshuffles: int  # times the discard pile became the draw pile
    kinds: tuple[tuple[str, int], ...]
    places: int
    passes: int
    freezes: int
    events: tuple[Event, ...] = field(default=(), repr=False)

    @property
    def reason(self) -> str:
        return "won" if self.winner is not None else "capped" if self.capped else "stalled"


def _bots(variant: Variant, bots: str | Bot | Sequence[str | Bot]) -> list[tuple[str, Bot]]:
    chosen = [bots] * variant.players if isinstance(bots, str) or callable(bots) else list(bots)
    if len(chosen) != variant.players:
        raise CardgenError(f"{len(chosen)} bots for {variant.players} players")
    return [(b, bot(b)) if isinstance(b, str) else (getattr(b, "__name__", "bot"), b) for b in chosen]


def play_game(
    variant: Variant,
    seed: int,
    bots: str | Bot | Sequence[str | Bot] = "good",
    *,
    trace: bool | Callable[[Event], object] = False,
) -> GameRecord:
    """Play one game from ``seed`` with ``bots`` (one name for every seat, or one per seat).

    The game's own ``random.Random(seed)`` shuffles; the bots share a second
    generator seeded from ``seed``. ``trace``: True keeps the events in the record,
    a function is given each event as it happens (the record's ``events`` then empty).
    An untraced game of the good bot on the linear mat is played by the compiled kernel
    when numba is installed (``cardgen.rules.got.fast``): the same game, move for move, as
    this engine plays (and this engine plays every traced game).
    """
    if not trace:
        fields = fast.game(variant, seed, bots)
        if fields is not None:
            return GameRecord(seed=seed, variant=variant, **fields)
    seats = _bots(variant, bots)
    game = Game(variant, seed)
    bot_rng = random.Random(mix64(seed ^ SALT))
    events: list[Event] = []
    emit = trace if callable(trace) else events.append if trace else None
    if emit is not None:
        rules = game.rules
        played = variant.to_dict() | {"census": rules.census, "copies": rules.copies}
        emit(
            {
                "event": "setup",
                "pattern": variant.pattern,
                "census": rules.census,
                "copies": rules.copies,
                "players": variant.players,
                "variant": played,
                "seed": seed,
                "state": _state(game),
            }
        )
    froze: str | None = None  # a freeze, told on the turn line it starts
    while game.phase != "over":
        step = game.play(seats[game.current][1](game, bot_rng))
        if emit is not None and step.event == "freeze":
            assert step.space is not None
            froze = game.rules.space_names[step.space]
        elif emit is not None and step.event:
            emit(_event(game, step, froze))
            froze = None
    if emit is not None:
        emit({"event": "end", "winner": game.winner, "turns": game.turn, "reason": _reason(game)})
    used = sum(game.kinds.values())
    return GameRecord(
        seed=seed,
        variant=variant,
        bots=tuple(name for name, _ in seats),
        winner=game.winner,
        turns=game.turn,
        capped=game.capped,
        stalled=game.stalled,
        exhaustions=game.exhaustions,
        reshuffles=game.reshuffles,
        kinds=tuple(sorted(game.kinds.items())),
        places=game.turn - used - game.passes,
        passes=game.passes,
        freezes=variant.freeze * variant.players - sum(game.tokens),
        events=tuple(events),
    )


def play_games(
    variant: Variant, seed: int, indices: Iterable[int], bots: str | Sequence[str] = "good", *, trace: bool = False
) -> list[GameRecord]:
    """Games ``indices`` of the run seeded ``seed`` (a worker's share of a run)."""
    return [play_game(variant, game_seed(seed, i), bots, trace=trace) for i in indices]


def _reason(game: Game) -> str:
    return "won" if game.winner is not None else "capped" if game.capped else "stalled"


def _shown(card: int) -> int | str:
    return "W" if card == WILD_CARD else card


def _state(game: Game) -> dict[str, object]:
    """The position for a trace; in the opening, cards drawn and not yet shown are still on the draw pile."""
    state = game.snapshot()
    if game.phase == "opening" and game.hand:
        state["draw"] = [_shown(c) for c in game.hand + game.draw_pile]
    return state


def _event(game: Game, step: Step, froze: str | None = None) -> Event:
    """A turn line (the opening's placements too, ``"opening": true``), as the module docstring has it."""
    names = game.rules.space_names
    out: Event = {"event": "turn", "n": step.n, "player": step.player, "action": step.action}
    if step.event == "opening":
        out["opening"] = True
        out["drawn"] = [_shown(c) for c in step.drawn]
    if froze is not None:
        out["freeze"] = froze
    if step.card is not None:
        out["card"] = _shown(step.card)
    if step.space is not None:
        out["space"] = names[step.space]
    if step.from_faceup:
        out["from"] = "faceup"
    if step.action == "ability":
        out["target"] = step.target
        out["spaces"] = [names[s] for s in step.spaces]
        if step.other is not None:
            out["with"] = step.other
    if step.reshuffled:
        out["reshuffled"] = True
    out["state"] = _state(game)
    return out


# ---------------------------------------------------------------- summaries


def _percentile(values: Sequence[float], q: float) -> float | None:
    """Linear interpolation between the closest ranks (numpy's default); None for no values.

    >>> _percentile([1, 2, 3, 4], 0.5), _percentile([10, 20], 0.9), _percentile([], 0.5)
    (2.5, 19.0, None)
    """
    if not values:
        return None
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


@dataclass(frozen=True)
class Summary:
    """Many games at a glance. Turns per player = a game's turns ÷ players, over games won."""

    games: int
    players: int
    won: int
    capped: int
    stalled: int
    turns_per_player_median: float | None
    turns_per_player_p10: float | None
    turns_per_player_p90: float | None
    wins: tuple[int, ...]  # by seat
    win_share: tuple[float, ...]  # by seat: wins ÷ games
    ability_uses: tuple[tuple[str, int], ...]  # by kind, in all games
    exhausted_games: int  # games in which the draw pile ran out at least once
    exhaustions: int
    reshuffles: int

    def to_dict(self) -> dict[str, object]:
        """JSON-ready: plain numbers, lists and dicts."""
        uses = dict(self.ability_uses)
        total = sum(uses.values())
        return {
            "games": self.games,
            "players": self.players,
            "won": self.won,
            "capped": self.capped,
            "stalled": self.stalled,
            "turns_per_player": {
                "median": self.turns_per_player_median,
                "p10": self.turns_per_player_p10,
                "p90": self.turns_per_player_p90,
            },
            "wins": list(self.wins),
            "win_share": list(self.win_share),
            "ability_uses": uses,
            "ability_uses_per_game": {k: v / self.games for k, v in uses.items()} if self.games else {},
            "ability_share": {k: v / total for k, v in uses.items()} if total else {},
            "exhausted_games": self.exhausted_games,
            "exhausted_share": self.exhausted_games / self.games if self.games else 0.0,
            "exhaustions": self.exhaustions,
            "reshuffles": self.reshuffles,
        }


def summarise(records: Sequence[GameRecord]) -> Summary:
    """A ``Summary`` of ``records`` (all of one variant); their order does not matter.

    >>> records = play_games(Variant(players=2), 5, range(10))
    >>> s = summarise(records)
    >>> s.games, s.won + s.capped + s.stalled, sum(s.wins) == s.won
    (10, 10, True)
    """
    if not records:
        raise CardgenError("no games to summarise")
    players = records[0].variant.players
    if any(r.variant.players != players for r in records):
        raise CardgenError("the games to summarise have different numbers of players")
    wins = [0] * players
    uses: dict[str, int] = {}
    per_player: list[float] = []
    for r in records:
        if r.winner is not None:
            wins[r.winner] += 1
            per_player.append(r.turns / players)
        for kind, count in r.kinds:
            uses[kind] = uses.get(kind, 0) + count
    games = len(records)
    return Summary(
        games=games,
        players=players,
        won=sum(wins),
        capped=sum(r.capped for r in records),
        stalled=sum(r.stalled for r in records),
        turns_per_player_median=_percentile(per_player, 0.5),
        turns_per_player_p10=_percentile(per_player, 0.1),
        turns_per_player_p90=_percentile(per_player, 0.9),
        wins=tuple(wins),
        win_share=tuple(w / games for w in wins),
        ability_uses=tuple(sorted(uses.items())),
        exhausted_games=sum(1 for r in records if r.exhaustions),
        exhaustions=sum(r.exhaustions for r in records),
        reshuffles=sum(r.reshuffles for r in records),
    )


# ---------------------------------------------------------------- replaying a trace


class TraceError(CardgenError):
    """A file that is not a trace as the module docstring has it (not a game the rules refuse)."""


SAID = 40  # characters of a value read from a trace quoted back in a message, at most (and its length)


def said(value: object) -> str:
    """A value read from a trace as a one-line message quotes it: as JSON, cut in the middle when long.

    >>> said("pass"), said(None), said([1, "W"])
    ('"pass"', 'null', '[1, "W"]')
    >>> said("x" * 1_000_000)
    '"xxxxxxxxxxxxxxxxx…xxxxxxxxxxxxxxxxx" (1,000,002 characters)'
    """
    try:
        text = json.dumps(value)  # (ASCII: a control or bidi character is escaped, the message stays one line)
    except (TypeError, ValueError):  # not a JSON value (a move), or an integer too long to print
        try:
            text = str(value)
        except ValueError:
            return "a number too long to show"
    half = (SAID - 4) // 2
    return text if len(text) <= SAID else f"{text[:half]}…{text[-half:]} ({len(text):,} characters)"


SETUP_KEYS = ("pattern", "census", "copies", "players", "state")


def _dealt_ok(rules: Rules, seq: Sequence[int]) -> bool:
    """Whether ``seq`` is a hand as the deal arranges it (see ``Rules.arrange``)."""
    wilds = sum(1 for c in seq if c == WILD_CARD)
    numbers = list(seq[wilds:])
    if WILD_CARD in numbers:
        return False
    if rules.grid and not wilds and len(set(numbers)) == len(numbers):
        rows = [seq[r * GRID_COLS : (r + 1) * GRID_COLS] for r in range(GRID_ROWS)]
        lines = rows + [[row[c] for row in rows] for c in range(GRID_COLS)]
        return all(a > b for line in lines for a, b in zip(line, line[1:]))
    return numbers == sorted(numbers, reverse=True)


def _space(rules: Rules, name: object, line: int) -> int:
    if type(name) is not str:
        raise TraceError(f"trace line {line}: space {said(name)} is not a space's name")
    if name not in rules.space_names:
        raise CardgenError(f"trace line {line}: {said(name)} is not a space of this mat")
    return rules.space_names.index(name)


def _card(raw: object, line: int) -> int:
    if raw == "W":
        return WILD_CARD
    if type(raw) is not int:
        raise TraceError(f"trace line {line}: card {said(raw)} is not a number or W")
    return raw


def _need(ev: Event, key: str, line: int) -> object:
    if key not in ev:
        raise TraceError(f"trace line {line}: the {ev.get('event')} line has no {key!r}")
    return ev[key]


def _setup_variant(setup: Event) -> Variant:
    """The variant a setup line names: its ``variant`` (cardgen's extra key), or its issue keys with
    every other rule the default (wild cards and tokens read from the state, packs from repeats)."""
    for key in SETUP_KEYS:
        _need(setup, key, 1)
    state = setup["state"]
    if not isinstance(state, dict):
        raise TraceError("trace line 1: the setup's state is not an object")
    if "variant" in setup:
        if not isinstance(setup["variant"], dict):
            raise TraceError("trace line 1: the setup's variant is not an object")
        fields = dict(setup["variant"])
    else:
        fields = {k: setup[k] for k in ("pattern", "census", "copies", "players")}
        seqs, piles = state.get("sequences"), [state.get(k, []) for k in ("draw", "faceup", "discard")]
        if not isinstance(seqs, list) or not all(isinstance(x, list) for x in [*seqs, *piles]):
            raise TraceError(
                "trace line 1: the setup's state needs lists: sequences (one a player), draw, faceup, discard"
            )
        cards = [c for x in [*seqs, *piles] for c in x]
        fields["wilds"] = cards.count("W")
        repeats = Counter(c for c in cards if c != "W" and isinstance(c, int | str))  # (counted once each)
        fields["packs"] = max(repeats.values(), default=1)
        tokens = state.get("tokens")
        if isinstance(tokens, list) and tokens and type(tokens[0]) is int:
            fields["freeze"] = tokens[0]
    try:
        return Variant.from_dict(fields)
    except CardgenError as err:
        raise TraceError(f"trace line 1: the setup is not a variant cardgen plays: {err}") from None
    except (TypeError, ValueError):  # (Python's own words would say nothing to a referee)
        raise TraceError("trace line 1: the setup is not a variant cardgen plays: a value of the wrong type") from None


def _moves(game: Game, ev: Event, line: int) -> list[Move]:
    """The engine moves a turn line stands for."""
    rules = game.rules
    action, _ = _need(ev, "action", line), _need(ev, "n", line)
    if ev.get("opening") is True:
        if game.phase != "opening":
            raise CardgenError(f"trace line {line}: an opening line after the opening")
        if ev.get("n") != 0:
            raise CardgenError(f"trace line {line}: an opening line is turn 0, not {said(ev.get('n'))}")
        card = _card(_need(ev, "card", line), line)
        if [_shown(c) for c in game.hand] != _need(ev, "drawn", line):
            raise CardgenError(f"trace line {line}: the cards drawn are not the top of the draw pile")
        if card not in game.hand:
            raise CardgenError(f"trace line {line}: card {said(ev.get('card'))} was not drawn")
        if action != "place":
            raise CardgenError(f"trace line {line}: the opening places a card, it does not {said(action)}")
        return [Place(_space(rules, _need(ev, "space", line), line), game.hand.index(card))]
    if game.phase == "opening":
        raise CardgenError(f'trace line {line}: the opening is not over (its lines have "opening": true)')
    if ev.get("n") != game.turn + 1:
        raise CardgenError(f"trace line {line}: turn {said(ev.get('n'))} should be turn {game.turn + 1}")
    moves: list[Move] = [Freeze(_space(rules, ev["freeze"], line))] if "freeze" in ev else []
    if action == "place":
        first: Move = TakeWild() if ev.get("from") == "faceup" else Draw()
        return [*moves, first, Place(_space(rules, _need(ev, "space", line), line))]
    if action == "ability":
        spaces = _need(ev, "spaces", line)
        if not isinstance(spaces, list):
            raise TraceError(f"trace line {line}: spaces must be a list")
        target, other = _need(ev, "target", line), ev.get("with")
        if type(target) is not int or (other is not None and type(other) is not int):
            raise TraceError(f"trace line {line}: target and with must be seats (numbers)")
        cells = tuple(_space(rules, s, line) for s in spaces)
        use = UseAbility(_card(_need(ev, "card", line), line), target, cells, other)
        turned = UseAbility(use.card, target, cells[::-1], other)
        if other is None and len(cells) == 2 and not game.is_legal(use) and game.is_legal(turned):
            use = turned  # a swap within a sequence, written the other way round: the same swap
        return [*moves, use]
    if action == "pass":
        return [*moves, Pass()]
    raise TraceError(f"trace line {line}: unknown action {said(action)} (place, ability or pass)")


def replay(events: Iterable[Event]) -> bool:
    """Check a trace by playing it again through the engine; True, or ``CardgenError`` naming the line
    (``TraceError`` when it is not a trace at all).

    Every move must be legal, every ``state`` must be what the move leaves, a
    reshuffled draw pile must hold the discard pile's cards, and the ``end``
    line must agree with the game (and be last). ``events`` is read once, in
    order, one event at a time (a file's lines may be handed over as they are read),
    and no further than the line after the end or the first line found wrong.
    """
    lines: Iterator[Event] = iter(events)
    setup = next(lines, None)
    if setup is None or setup.get("event") != "setup":
        raise TraceError("trace line 1: a trace starts with a setup event")
    variant = _setup_variant(setup)
    try:
        rules = rules_of(variant)
        state = setup["state"]
        assert isinstance(state, dict)
        facts = (setup.get("pattern"), setup.get("census"), setup.get("copies"), setup.get("players"))
        if facts != (variant.pattern, rules.census, rules.copies, variant.players):
            raise CardgenError("pattern, census, copies or players disagree with the variant")
        if state.get("faceup") or state.get("discard"):
            raise CardgenError("nothing is face up or discarded before the opening")
        game = Game.from_state(variant, state, opening=True)
        if not all(_dealt_ok(rules, s) for s in game.sequences):
            raise CardgenError("a sequence is not arranged as dealt (descending)")
    except CardgenError as err:
        raise CardgenError(f"trace line 1: {err}") from None
    except (KeyError, TypeError, ValueError):  # (Python's own words would say nothing to a referee)
        raise TraceError("trace line 1: the setup's state holds a value of the wrong type") from None
    del setup, state  # (a big pack's setup is megabytes: not kept while the game is replayed)
    line = 1
    for line, ev in enumerate(lines, 2):
        kind = ev.get("event")
        if kind == "end":
            if next(lines, None) is not None:
                raise CardgenError(f"trace line {line}: events follow the end")
            if game.phase != "over":
                raise CardgenError(f"trace line {line}: the game is not over")
            if (_need(ev, "winner", line), _need(ev, "turns", line), ev.get("reason", _reason(game))) != (
                game.winner,
                game.turn,
                _reason(game),
            ):
                raise CardgenError(f"trace line {line}: the end disagrees with the game")
            return True
        if kind != "turn":
            raise TraceError(f"trace line {line}: unknown event {said(kind)} (a trace holds setup, turn and end lines)")
        after = _need(ev, "state", line)
        if not isinstance(after, dict):
            raise TraceError(f"trace line {line}: its state is not an object")
        if _need(ev, "player", line) != game.current or game.phase == "over":
            raise CardgenError(f"trace line {line}: it is not player {said(ev.get('player'))}'s move")
        step: Step | None = None
        for move in _moves(game, ev, line):
            if not game.is_legal(move):
                raise CardgenError(f"trace line {line}: {said(move)} is not a legal move")
            step = game.play(move)
            if isinstance(move, Draw | TakeWild) and ev.get("card") != _shown(game.hand[0]):
                raise CardgenError(f"trace line {line}: the card placed is not the card drawn")
        assert step is not None
        if step.reshuffled != bool(ev.get("reshuffled")):
            raise CardgenError(f"trace line {line}: the draw pile was{'' if step.reshuffled else ' not'} reshuffled")
        if step.reshuffled and isinstance(after.get("draw"), list):
            try:
                game.set_draw_pile([_card(c, line) for c in after["draw"]])
            except CardgenError as err:
                raise CardgenError(f"trace line {line}: {err}") from None
        if after != _state(game):
            raise CardgenError(f"trace line {line}: the state is not what the move leaves")
    raise CardgenError(f"trace line {line + 1}: the trace has no end event")
