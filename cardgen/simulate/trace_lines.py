"""A trace file's lines: the limits every trace keeps, and one line parsed and checked for form.

A trace is JSON Lines, one event a line (``cardgen.rules.got.simulation`` gives every event and key).
Before the engine replays a line, ``event(raw, n)`` makes sure it is a line a trace can hold,
in time and memory bounded by the line's length:

- at most ``MAX_LINE_BYTES`` bytes (its newline apart), UTF-8 text;
- brackets nested at most ``MAX_DEPTH`` deep (a state's ``sequences`` are the deepest: line,
  state, sequences, a sequence), counted on the bytes before ``json.loads`` sees them (it
  would recurse as deep as the line goes);
- one JSON object: a setup on line 1, a turn or end line after it, with only the keys its
  event has, each of its type and within what ``cardgen simulate`` accepts (a seat 0 to 5, a
  turn 0 to ``MAX_TURNS``, a card 1 to ``MAX_CARD`` or ``"W"``, a variant's options as the
  command line bounds them, a 64-bit seed ...).

The first thing wrong is one ``TraceError``: ``trace line N: …``, quoting at most ``SAID``
characters of what the line holds (``rules.got.simulation.said``).

The limits are decided together, from the largest game ``cardgen simulate`` plays, so that
every trace it writes is one it reads back. The largest pack is pattern one or three at census
26 with the number abilities (a block of 325 swaps and 5 numbers), 100 copies, 10 packs and 100
wild cards: ``MAX_CARDS`` cards numbered up to ``MAX_CARD``. Every line but the end holds the
whole pack in its state; a card takes at most 7 bytes there (5 digits, a comma and the space a
writer may put after it), so the longest line is at most ``MAX_CARDS * 7`` bytes and 64 KiB for
the rest: ``MAX_LINE_BYTES`` rounds that up to 3 MiB (cardgen's own longest line is about
1.9 MB). A game is at most ``MAX_TURNS`` turns, so a trace has at most ``MAX_LINES`` lines: the
setup, an opening line for each of at most 6 players, the turns and the end.
"""

from __future__ import annotations

import array
import itertools
import json
import re
from collections.abc import Callable, Mapping

from cardgen.rules.got.grid_packs import PACK_CATEGORIES
from cardgen.rules.got.params import MAX_TURNS as TURN_CAP
from cardgen.rules.got.params import PLAY
from cardgen.rules.got.simulation import TraceError, said
from cardgen.rules.got.variant import MAX_PLAYERS, PATTERNS

__all__ = [
    "MAX_CARD",
    "MAX_CARDS",
    "MAX_DEPTH",
    "MAX_LINES",
    "MAX_LINE_BYTES",
    "MAX_SEED",
    "Event",
    "event",
]

Event = dict[str, object]

MAX_CARD = 33_000  # the largest card number: 100 copies of a 330-card block
MAX_CARDS = 10 * MAX_CARD + 100  # the largest pack: 10 packs combined and 100 wild cards
MAX_LINE_BYTES = 3 << 20  # >= MAX_CARDS * 7 + 64 KiB (see the module docstring)
MAX_TURNS = int(TURN_CAP.high or 0)  # the command line's largest --max-turns
MAX_LINES = 1 + MAX_PLAYERS + MAX_TURNS + 1  # the setup, the opening, the turns, the end
MAX_DEPTH = 4  # {"state": {"sequences": [[...]]}}
MAX_SEED = (1 << 64) - 1  # a game's seed is 64 bits (rules.got.simulation.game_seed)
_OPTION = {p.name: p for p in PLAY}  # the command line's options and bounds
MAX_CENSUS = int(_OPTION["census"].high or 0)  # cards in a sequence (spaces A to Z)
_SPACE = re.compile(r"[A-Z]{1,2}")  # A … Z, or AD … CF on the 3×3 mat

Check = Callable[[object, str], None]  # complains (``_Wrong``) about a value, named as the message says


class _Wrong(Exception):
    """What is wrong with a line (its number is added by ``event``)."""


# ---------------------------------------------------------------- values


def _is(wanted: str, ok: Callable[[object], bool]) -> Check:
    def check(value: object, name: str) -> None:
        if not ok(value):
            raise _Wrong(f"{name} {said(value)} is not {wanted}")

    return check


def _whole(low: int, high: int, *, null: bool = False) -> Check:
    wanted = f"a whole number from {low:,} to {high:,}" + (" or null" if null else "")
    return _is(wanted, lambda v: (null and v is None) or (type(v) is int and low <= v <= high))


def _choice(*words: str, wanted: str = "") -> Check:
    return _is(wanted or "one of " + ", ".join(words), lambda v: type(v) is str and v in words)


def _list(item: Check, most: int, of: str) -> Check:
    def check(value: object, name: str) -> None:
        if type(value) is not list:
            raise _Wrong(f"{name} {said(value)} is not a list of {of}")
        if len(value) > most:
            raise _Wrong(f"{name} holds {len(value):,} {of}: at most {most:,}")
        for i, v in enumerate(value):
            item(v, f"{name}[{i}]")

    return check


def _is_card(v: object) -> bool:
    return v == "W" if type(v) is str else type(v) is int and 1 <= v <= MAX_CARD


_CARD = _is(f'a card (a number from 1 to {MAX_CARD:,}, or "W")', _is_card)


def _all_cards(value: list[object]) -> bool:
    """Whether every item is a card; at the speed of C, for a state holds the whole pack on every line."""
    kinds = set(map(type, value))
    if kinds == {int}:  # no wild card: the usual pile
        return 1 <= min(value) and max(value) <= MAX_CARD  # type: ignore[type-var, operator]
    if not kinds <= {int, str}:  # (true, 1.5, null, lists and objects are no card)
        return False
    numbers = set(value) - {"W"}
    try:
        return not numbers or (1 <= min(numbers) and max(numbers) <= MAX_CARD)  # type: ignore[type-var, operator]
    except TypeError:  # a string other than "W" among them
        return False


def _cards(most: int) -> Check:
    slow = _list(_CARD, most, "cards")

    def check(value: object, name: str) -> None:
        if type(value) is not list or len(value) > most or not _all_cards(value):
            slow(value, name)  # names what is wrong

    return check


_SEAT = _whole(0, MAX_PLAYERS - 1)
_TURN = _whole(0, MAX_TURNS)
_BOOL = _is("true or false", lambda v: type(v) is bool)
_SPACE_NAME = _is(
    "a space's name (A, B, … or AD, AE, … on the 3×3 mat)", lambda v: type(v) is str and bool(_SPACE.fullmatch(v))
)


def _object(what: str, required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Check:
    """An object with the keys ``required`` and ``optional`` name (no other), each value checked; its
    values are named by their key (``seed``), or inside a named object by its name and their key
    (``state.draw``)."""
    optional = optional or {}

    def check(value: object, name: str) -> None:
        if type(value) is not dict:
            raise _Wrong(f"{name} {said(value)} is not an object")
        for key, item in required.items():
            if key not in value:
                raise _Wrong(f"the {what} has no {key!r}")
            item(value[key], f"{name}.{key}" if name else key)
        for key, item in optional.items():
            if key in value:
                item(value[key], f"{name}.{key}" if name else key)
        for key in value:
            if key not in required and key not in optional:
                raise _Wrong(f"the {what} has an unknown key {said(key)}")

    return check


_STATE = _object(
    "state",
    {
        "sequences": _list(_cards(MAX_CENSUS), MAX_PLAYERS, "sequences"),
        "draw": _cards(MAX_CARDS),
        "faceup": _cards(MAX_CARDS),
        "discard": _cards(MAX_CARDS),
    },
    {
        "frozen": _list(_list(_SPACE_NAME, MAX_CENSUS, "spaces"), MAX_PLAYERS, "lists of spaces"),
        "tokens": _list(_whole(0, MAX_CENSUS), MAX_PLAYERS, "numbers of tokens"),
    },
)


def _option(name: str, *, null: bool = False) -> Check:
    """A value of the command line's option ``name``, within the bounds it accepts."""
    option = _OPTION[name]
    if option.kind == "int":
        return _whole(int(option.low or 0), int(option.high or 0), null=null)
    return _choice(*option.choices)


_VARIANT = {  # a variant's fields (Variant.to_dict), each as the command line bounds it
    "pattern": _choice(*PATTERNS),
    "census": _option("census", null=True),
    "copies": _option("copies", null=True),
    "players": _option("players"),
    "packs": _option("packs"),
    "win": _option("win"),
    "apply": _option("apply"),
    "same_sequence": _BOOL,
    "three_party": _BOOL,
    "wilds": _option("wilds"),
    "freeze": _option("freeze"),
    "numbers": _BOOL,
    "categories": _list(
        _choice(*PACK_CATEGORIES, wanted="the name of a 3×3 ability category"), len(PACK_CATEGORIES), "categories"
    ),
    "max_turns": _option("max_turns"),
}
_SETUP = _object(
    "setup line",
    {
        "event": _choice("setup"),
        "pattern": _VARIANT["pattern"],
        "census": _option("census"),
        "copies": _option("copies"),
        "players": _option("players"),
        "state": _STATE,
    },
    {"variant": _object("variant", {}, _VARIANT), "seed": _whole(0, MAX_SEED)},
)
_TURN_LINE = _object(
    "turn line",
    {
        "event": _choice("turn"),
        "n": _TURN,
        "player": _SEAT,
        "action": _choice("place", "ability", "pass"),
        "state": _STATE,
    },
    {
        "opening": _BOOL,
        "drawn": _cards(MAX_PLAYERS),
        "card": _CARD,
        "space": _SPACE_NAME,
        "from": _choice("faceup"),
        "target": _SEAT,
        "spaces": _list(_SPACE_NAME, 3, "spaces"),
        "with": _SEAT,
        "freeze": _SPACE_NAME,
        "reshuffled": _BOOL,
    },
)
_NEEDS = {"place": ("card", "space"), "ability": ("card", "target", "spaces"), "pass": ()}  # a turn's keys, by action
_END = _object(
    "end line",
    {"event": _choice("end"), "winner": _whole(0, MAX_PLAYERS - 1, null=True), "turns": _TURN},
    {"reason": _choice("won", "capped", "stalled")},
)


# ---------------------------------------------------------------- a line


_ESCAPE = re.compile(rb"\\.", re.DOTALL)  # an escape in a string: \" does not end it
_STRING = re.compile(rb'"[^"]*"')
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")  # +1 and -1 as signed bytes


def _depth(raw: bytes) -> int | None:
    """How deep the line's brackets nest outside its strings (in time linear in its length, no recursion);
    None if a string is left open (no JSON, and its brackets cannot be told from the others').

    >>> _depth(b'{"a": [[1, 2], "]]]\\\\\\"["], "b": {}}'), _depth(b'["[[[[')
    (3, None)
    """
    bare = _ESCAPE.sub(b"", raw)
    if bare.count(b'"') % 2:
        return None
    brackets = _STRING.sub(b"", bare).translate(None, _NOT_BRACKET).translate(_STEP)
    return max(itertools.accumulate(array.array("b", brackets)), default=0)


def event(raw: bytes, n: int) -> Event:
    """Line ``n`` of a trace (its bytes, newline and all) as an event, checked as the module docstring says."""
    try:
        if len(raw) > MAX_LINE_BYTES and raw[MAX_LINE_BYTES:] != b"\n":
            raise _Wrong(f"longer than {MAX_LINE_BYTES:,} bytes, the longest line a trace has")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _Wrong("not UTF-8 text") from None
        deep = _depth(raw)
        if deep is None:
            raise _Wrong("not JSON (a string is not closed)")
        if deep > MAX_DEPTH:
            raise _Wrong(f"brackets nested {deep:,} deep: a trace's lines nest {MAX_DEPTH} at most")
        try:
            value = json.loads(text)
        except ValueError:
            raise _Wrong("not JSON (a trace holds one JSON object a line)") from None
        if type(value) is not dict:
            raise _Wrong("not a JSON object (a trace holds one event a line)")
        kind = value.get("event")
        if n == 1:
            if kind != "setup":
                raise _Wrong("a trace starts with a setup event")
            _SETUP(value, "")
        elif kind == "turn":
            _TURN_LINE(value, "")
            action = value["action"]
            for key in (*(("drawn",) if value.get("opening") else ()), *_NEEDS[str(action)]):
                if key not in value:
                    raise _Wrong(f"the turn line has no {key!r}")
        elif kind == "end":
            _END(value, "")
        elif kind == "setup":
            raise _Wrong("a second setup line (a trace has one, its first)")
        else:
            raise _Wrong(f"unknown event {said(kind)} (a trace holds setup, turn and end lines)")
    except _Wrong as wrong:
        raise TraceError(f"trace line {n}: {wrong}") from None
    return value
