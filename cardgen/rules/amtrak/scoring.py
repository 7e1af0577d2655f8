"""Amtrak, the card game: cars, trains, their scores and the tie-break (seed 004).

A car is written ``TIE/RAIL``: the Tie is the card on top, which gives the car
its Type (Crew: K, Q, J; Coach: A, 2–10; Substitute: JK); the Rail is the card
left showing under it. Tie and Rail of one rank make a Bi-Level car, worth
double (a Joker has no rank: ``JK/JK`` is Single-Level). A train's total is the sum of its cars' values plus at most one
Full-Staff bonus, the highest that applies.

Decisions (the seed leaves these open):

* A Joker may be a Rail (two Jokers matched as Rails) and is not wild there:
  ``K/JK`` is a Single-Level Crew car (11). The seed defines Bi-Level as "Tie and
  Rails match in rank", and a Joker has no rank, so ``JK/JK`` is a *Single-Level*
  Substitute (0): it never makes an Empire Builder nor spoils a Silver Meteor or an
  Acela (``K/5 Q/7 J/3 A/2 A/9 JK/JK`` keeps its Acela: 35 + 100 = 135).
* A car's value comes from its Tie ("Car Types are determined by their Ties");
  a Bi-Level car's Rail has the Tie's rank, so its double value is the same
  whichever card is read. A Single-Level car's Rail scores only in a tie-break.
* Full-Staff: Substitutes fill the missing roles (a Coach, the King, the Queen,
  the Jack). A spare Substitute stays a Substitute car, neither Coach nor Crew,
  so it breaks no condition (a spare Joker does not spoil an Acela).
* Acela: a Substitute may only stand in for a non-Ace Coach, and an Acela's
  Coaches must be Aces, so there Substitutes fill Crew roles only and never
  count toward "at least two Coach cars"; "50 points per Ace" counts Ace cars.
* Empire Builder asks for a Bi-Level car anywhere in the train, and the seed
  lets any Type with a rank be Bi-Level (``K/K``, ``7/7``); ``JK/JK`` does not count.
* Tie-break (trains of equal total): every car scores as its Rail would as a
  Single-Level Tie (Crew 11, number, Ace 1, Joker 0). Bonuses are not recounted:
  the seed recalculates the trains' *values*, which it defines as the sum of
  the car values, and awards bonuses apart. Trains still equal share a place,
  and the places after them are skipped (1, 1, 3).
* A scored train may be empty (unassembled Tracks are discarded at the end, so
  a player can finish with no car: 0 points); ``parse_train`` wants at least
  one car, since a written train with none is a slip.

>>> score_train(parse_train("K/7 Q/2 J/5 9/3")).total   # 11 + 11 + 11 + 9, Silver Meteor +25
67
>>> parse_car("a / a").value, parse_car("jk/4").kind, parse_car("Q/Q").fleet, parse_car("JK/JK").fleet
(2, 'Substitute', 'Bi-Level', 'Single-Level')
>>> bonus(parse_train("K/5 Q/7 J/3 A/2 A/9 JK/JK")).name   # a Joker has no rank to match
'Acela'
>>> bonus(parse_train("K/2 JK/3 J/4 A/5 A/6"))
Bonus(name='Acela', points=100, reason='Full-Staff (a Substitute for the Queen), only Single-Level cars, 2 Aces')
>>> [(r.place, r.total, r.tie_break) for r in compare([parse_train("K/7 9/3"), parse_train("J/4 9/2")])]
[(1, 20, 10), (2, 20, 6)]

What each card is in the game, as the deck prints it (``cardgen deck``: its role under the
corner index, and the car values it makes as a Tie) and the handout and scorecard name it:

>>> [card_role(r) for r in ("K", "Q", "J", "10", "A", "JK")]
['Engineer', 'Conductor', 'Crew', 'Coach', 'Coach', 'Substitute car']
>>> value_reminder("K"), value_reminder("7"), value_reminder("A"), value_reminder("JK")
('Crew 11 · Bi-Level 22', 'Coach 7 · Bi-Level 14', 'Coach 1 · Bi-Level 2', 'Substitute 0')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from cardgen.errors import CardgenError
from cardgen.rules import deck

RANKS: Final = (*deck.RANKS, deck.JOKER)  # the standard deck's ranks, and JK for a Joker
CREW: Final = ("K", "Q", "J")  # the Engineer King, the Conductor Queen, any Jack
# What each card is called in the game, as the deck prints it (the seed: "Engineer King,
# Conductor Queen, or any Jack"; a Joker makes a Substitute car); every other card is a Coach.
ROLE_NAMES: Final = {"K": "Engineer", "Q": "Conductor", "J": "Crew", "JK": "Substitute car"}
COACH: Final = "Coach"
KINDS: Final = ("Crew", "Coach", "Substitute")
FLEETS: Final = ("Single-Level", "Bi-Level")
CREW_POINTS: Final = 11
SILVER_METEOR_POINTS: Final = 25
EMPIRE_BUILDER_POINTS: Final = 50
ACELA_POINTS_PER_ACE: Final = 50
SOLO_START_PILE: Final = 3
MAX_CARS: Final = 54  # a whole deck of cars; a real train is far shorter
MAX_TRAIN_TEXT: Final = 1000

# A rank's value as the Tie of a Single-Level car. Built from literals: input text never reaches int().
_SINGLE: Final[dict[str, int]] = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 11, "K": 11, "JK": 0}
_RANK_HELP: Final = "A 2 … 10 J Q K, JK for a Joker"
_ROLES: Final = ("Coach", "K", "Q", "J")
_ROLE_NAMES: Final = {"Coach": "a Coach", "K": "the King", "Q": "the Queen", "J": "the Jack"}
_SLASH = re.compile(r"\s*/\s*")
_SEPARATORS = re.compile(r"[\s,]+")


def _shown(text: str, limit: int = 24) -> str:
    """``text`` quoted for a one-line message (repr escapes line breaks), cut short when long."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


@dataclass(frozen=True)
class Car:
    """One car of a train: its Tie (the top card) and the Rail left showing, as canonical ranks."""

    tie: str
    rail: str

    def __post_init__(self) -> None:
        for role, rank in (("tie", self.tie), ("rail", self.rail)):
            if not isinstance(rank, str) or rank not in _SINGLE:
                shown = _shown(f"{self.tie}/{self.rail}")
                raise CardgenError(f"car {shown}: {role} {_shown(str(rank))} is not a rank ({_RANK_HELP})")

    @property
    def text(self) -> str:
        return f"{self.tie}/{self.rail}"

    @property
    def kind(self) -> str:
        return "Crew" if self.tie in CREW else "Substitute" if self.tie == "JK" else "Coach"

    @property
    def fleet(self) -> str:
        return "Bi-Level" if self._matched else "Single-Level"

    @property
    def _matched(self) -> bool:
        """Tie and Rail match in rank (seed 004); a Joker has no rank, so two Jokers do not."""
        return self.tie == self.rail and self.tie != "JK"

    @property
    def value(self) -> int:
        return _SINGLE[self.tie] * (2 if self._matched else 1)

    @property
    def rail_value(self) -> int:
        """What the car is worth in a tie-break: its Rail as a Single-Level Tie."""
        return _SINGLE[self.rail]


def parse_car(text: str) -> Car:
    """A car written ``TIE/RAIL`` (``K/7``, ``jk / 4``, ``10/10``), any case."""
    parts = text.split("/")
    if len(parts) != 2:
        why = "write a car as TIE/RAIL, e.g. K/7" if len(parts) == 1 else "a car has one '/', between tie and rail"
        raise CardgenError(f"car {_shown(text.strip())}: {why}")
    ranks: list[str] = []
    for role, part in zip(("tie", "rail"), parts):
        part = part.strip()
        if not part:
            raise CardgenError(f"car {_shown(text.strip())}: the {role} is missing (write TIE/RAIL, e.g. K/7)")
        # Only ASCII is upper-cased: 'ſ'.upper() is 'S', and no look-alike may turn into a rank.
        key = part.upper() if part.isascii() else part
        if key not in _SINGLE:
            raise CardgenError(f"car {_shown(text.strip())}: {role} {_shown(part)} is not a rank ({_RANK_HELP})")
        ranks.append(key)
    return Car(ranks[0], ranks[1])


def parse_train(text: str) -> list[Car]:
    """Cars separated by spaces and/or commas: ``"K/7 Q/2, J/5 9/3"``."""
    if len(text) > MAX_TRAIN_TEXT:
        raise CardgenError(f"a train is at most {MAX_TRAIN_TEXT} characters long; this one has {len(text)}")
    words = [w for w in _SEPARATORS.split(_SLASH.sub("/", text)) if w]
    if not words:
        raise CardgenError("a train needs at least one car, e.g. 'K/7 Q/2 J/5 9/3'")
    if len(words) > MAX_CARS:
        raise CardgenError(f"a train has at most {MAX_CARS} cars; this one has {len(words)}")
    return [parse_car(w) for w in words]


@dataclass(frozen=True)
class ValueRow:
    """One row of the car values panel: a Type, the Ties that make it, its points in each Fleet."""

    kind: str
    ties: str
    single_level: str
    bi_level: str

    def points(self, fleet: str) -> str:
        return self.bi_level if fleet == "Bi-Level" else self.single_level


def card_role(rank: str) -> str:
    """What a card of ``rank`` (``RANKS``) is called in the game, as the deck prints it."""
    if rank not in _SINGLE:
        raise CardgenError(f"{_shown(rank)} is not a rank ({_RANK_HELP})")
    return ROLE_NAMES.get(rank, COACH)


def value_reminder(rank: str) -> str:
    """The car values a card of ``rank`` makes as a Tie, as the deck prints them under its role:
    its Type and Single-Level value, then its Bi-Level value (a Joker has no rank to match: 0)."""
    single, matched = Car(rank, "JK" if rank != "JK" else "A"), Car(rank, rank)
    if matched.fleet != "Bi-Level":
        return f"{single.kind} {single.value}"
    return f"{single.kind} {single.value} · Bi-Level {matched.value}"


def _ties(*ranks: str) -> str:
    """How a values table names the Ties of a Type, as the deck prints them: ``Engineer K, …``."""
    return ", ".join(f"{ROLE_NAMES[r]} {r}" for r in ranks)


VALUES: Final = (
    ValueRow("Crew", _ties(*CREW), f"{CREW_POINTS} points", f"{2 * CREW_POINTS} points"),
    ValueRow("Coach", "Number card or Ace", "Number value (Ace = 1 point)", "Double value"),
    ValueRow("Substitute", f"Joker: {ROLE_NAMES['JK']}", "0 points", "0 points"),
)


@dataclass(frozen=True)
class BonusRule:
    """One kind of Full-Staff train as printed on a handout."""

    name: str
    conditions: tuple[str, ...]
    points: str


FULL_STAFF: Final = (
    "At least one Coach car and at least one each of the Crew cars: King (Engineer), Queen (Conductor) and "
    "Jack (Crew). A Substitute car may take the place of a non-Ace Coach car or any Crew car; several "
    "Substitutes may be used."
)
BONUSES: Final = (
    BonusRule("Silver Meteor", ("Only Single-Level cars",), f"{SILVER_METEOR_POINTS} points"),
    BonusRule("Empire Builder", ("At least one Bi-Level car",), f"{EMPIRE_BUILDER_POINTS} points"),
    BonusRule(
        "Acela",
        ("Only Single-Level cars", "Only Aces as Coach cars", "At least two Coach cars"),
        f"{ACELA_POINTS_PER_ACE} points per Ace",
    ),
)


@dataclass(frozen=True)
class Bonus:
    """The bonus a train earns, and why, in words."""

    name: str
    points: int
    reason: str


def _stand_ins(cars: Sequence[Car]) -> list[str] | None:
    """The roles Substitutes fill to make the train Full-Staff, or None when they cannot.

    Any Substitute may fill any missing role (Coach, K, Q, J), so the matching is
    complete and counting is exact: Full-Staff iff missing roles <= Substitutes.
    """
    present = {c.tie if c.kind == "Crew" else c.kind for c in cars}
    missing = [r for r in _ROLES if r not in present]
    return missing if len(missing) <= sum(c.kind == "Substitute" for c in cars) else None


def full_staff(cars: Sequence[Car]) -> bool:
    """A Coach and a King, Queen and Jack among the cars, Substitutes standing in for any missing."""
    return _stand_ins(cars) is not None


def bonus(cars: Sequence[Car]) -> Bonus | None:
    """The one Full-Staff bonus the train earns (the highest that applies), or None."""
    filled = _stand_ins(cars)
    if filled is None:
        return None
    names = [_ROLE_NAMES[r] for r in filled]
    staff = "Full-Staff"
    if names:
        joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        staff += f" ({'Substitutes' if len(names) > 1 else 'a Substitute'} for {joined})"
    # Named in rank order, not train order, so that reordering a train changes nothing.
    bi_level = ", ".join(f"{t}/{t}" for t in sorted({c.tie for c in cars if c.fleet == "Bi-Level"}, key=RANKS.index))
    if bi_level:  # Empire Builder excludes the other two, which want only Single-Level cars
        return Bonus("Empire Builder", EMPIRE_BUILDER_POINTS, f"{staff}, Bi-Level: {bi_level}")
    found = [Bonus("Silver Meteor", SILVER_METEOR_POINTS, f"{staff}, only Single-Level cars")]
    coaches = [c for c in cars if c.kind == "Coach"]
    # Two real Aces hold the Coach role, so any Substitutes above stand in for Crew only.
    if len(coaches) >= 2 and all(c.tie == "A" for c in coaches):
        aces = len(coaches)
        found.append(Bonus("Acela", ACELA_POINTS_PER_ACE * aces, f"{staff}, only Single-Level cars, {aces} Aces"))
    return max(found, key=lambda b: b.points)  # the first of equals; today Acela (>= 100) always beats 25


@dataclass(frozen=True)
class CarScore:
    """One row of a scorecard."""

    car: str
    kind: str
    fleet: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"car": self.car, "type": self.kind, "fleet": self.fleet, "value": self.value}


@dataclass(frozen=True)
class TrainScore:
    """A train's scorecard: each car's value, the bonus, the total."""

    cars: tuple[CarScore, ...]
    bonus: Bonus | None
    total: int

    def to_dict(self) -> dict[str, Any]:
        """``{"cars": [{"car": "K/7", "type": "Crew", "fleet": "Single-Level", "value": 11}, ...],
        "bonus": {"name": ..., "points": ..., "reason": ...} or None, "total": N}``"""
        extra = self.bonus
        won = None if extra is None else {"name": extra.name, "points": extra.points, "reason": extra.reason}
        return {"cars": [c.to_dict() for c in self.cars], "bonus": won, "total": self.total}


def score_train(cars: Sequence[Car]) -> TrainScore:
    """Every car's value, the bonus and the total (an empty train scores 0)."""
    rows = tuple(CarScore(c.text, c.kind, c.fleet, c.value) for c in cars)
    won = bonus(cars)
    return TrainScore(rows, won, sum(r.value for r in rows) + (0 if won is None else won.points))


def tie_break_value(cars: Sequence[Car]) -> int:
    """The train's value from its Rails, every car Single-Level, no bonus (see Decisions)."""
    return sum(c.rail_value for c in cars)


@dataclass(frozen=True)
class Ranked:
    """One train's result: ``train`` is its index in the input, ``tie_break`` None unless its total tied."""

    train: int
    place: int
    total: int
    tie_break: int | None
    score: TrainScore


def compare(trains: Sequence[Sequence[Car]]) -> list[Ranked]:
    """Each train's place (1 is the winner), in input order; equal totals go to the Rails."""
    scores = [score_train(t) for t in trains]
    counts = Counter(s.total for s in scores)
    breaks = [tie_break_value(t) if counts[s.total] > 1 else None for t, s in zip(trains, scores)]
    # Trains with equal totals all have a tie-break value, so the -1 never meets a real one.
    keys = [(s.total, -1 if b is None else b) for s, b in zip(scores, breaks)]
    return [
        Ranked(i, 1 + sum(k > keys[i] for k in keys), s.total, b, s) for i, (s, b) in enumerate(zip(scores, breaks))
    ]


def solo_pile(turns: int) -> int:
    """Cards in the solo face-down pile after ``turns`` turns: three at the start, one more each turn."""
    if type(turns) is not int or turns < 0:
        raise CardgenError(f"turns must be a whole number, 0 or more, not {turns!r}")
    return SOLO_START_PILE + turns


def solo_won(cars: Sequence[Car]) -> bool:
    """The solo goal: a Full-Staff train (any kind) before the deck runs out."""
    return full_staff(cars)
