"""What a user asks ``cardgen simulate`` for, checked, and the settings it plays.

The command line hands over the options it was given (``options``, by name,
only those typed), the sweep's words and the run's size; ``request`` checks
them all before a game is played, and ``Request.settings`` gives one
``Setting`` per combination of the sweep (one without a sweep): the Game of
Trains ``Variant`` or the Amtrak ``AmtrakSetup`` to play, and the bot.

>>> r = request("got", {"census": 5}, ["players=2,3"], games=10, seed=1)
>>> [s.describe() for s in r.settings()]
['pattern two, census 5, 2 players, 30 cards (2 copies)', 'pattern two, census 5, 3 players, 30 cards (2 copies)']
>>> request("amtrak", {"census": 5}, [], games=10, seed=1)
Traceback (most recent call last):
...
cardgen.errors.CardgenError: --census is not an option of Amtrak: it takes --solo, --players, --jokers, --bot, --max-turns
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardgen.commands import SIMULATE_GAMES
from cardgen.errors import CardgenError
from cardgen.params import Params, params_of
from cardgen.rules.amtrak.play import AmtrakSetup
from cardgen.rules.got.grid_packs import GridPack
from cardgen.rules.got.play import Variant
from cardgen.rules.got.variant import rules_of
from cardgen.simulate.sweep import Sweep, Value, grid, parse_sweep

__all__ = ["GAMES", "MAX_GAMES", "PLAY", "Request", "Setting", "options_of", "request"]

GAMES = {"got": "the Game of Trains", "amtrak": "Amtrak"}
MAX_GAMES = 10_000_000
# The options each game takes, declared once in its rules (``rules.<game>.params``, listed by
# ``commands.SIMULATE_GAMES``); the command line and the sweep grammar name them by their keys.
PLAY: dict[str, Params] = SIMULATE_GAMES
GOT_OPTIONS = tuple(p.key for p in PLAY["got"])
AMTRAK_OPTIONS = tuple(p.key for p in PLAY["amtrak"])
# the Variant's fields a got option sets as it is (``_build`` turns the others into fields)
_AS_IS = tuple(p.key for p in params_of(Variant))
_SAID = ("packs", "wilds", "numbers", "apply", "same-sequence", "three-party", "win", "freeze", "max-turns")


def options_of(game: str) -> Params:
    """The options ``game`` (``got`` or ``amtrak``) takes: those a sweep may vary are ``sweepable``."""
    return PLAY["amtrak" if game == "amtrak" else "got"]


def _flag(name: str) -> str:
    return f"--{name}"


@dataclass(frozen=True)
class Setting:
    """One way to play that a run plays ``games`` times: a Game of Trains ``variant`` or an Amtrak
    ``setup``, with ``bot`` in every seat; ``swept`` holds its values of the swept options."""

    game: str
    bot: str
    swept: tuple[tuple[str, Value], ...] = ()
    variant: Variant | None = None
    setup: AmtrakSetup | None = None

    @property
    def players(self) -> int:
        if self.variant is not None:
            return self.variant.players
        assert self.setup is not None
        return self.setup.players

    def label(self) -> str:
        """The swept values, as a table row names them: ``census 5, players 2``."""
        return ", ".join(f"{k} {_shown(v)}" for k, v in self.swept)

    def describe(self) -> str:
        """The whole setting in words (the bot apart)."""
        if self.setup is not None:
            s = self.setup
            who = "solo" if s.solo else f"{s.players} players"
            jokers = f"{s.jokers} Joker{'s' if s.jokers != 1 else ''}"
            return f"{who}, 52 cards and {jokers}" + (
                f", at most {s.max_turns} turns" if s.max_turns != AmtrakSetup().max_turns else ""
            )
        v = self.variant
        assert v is not None
        rules = rules_of(v)
        if rules.grid:
            head = f"the 3×3 game ({', '.join(v.categories)})"
        else:
            head = f"pattern {v.pattern}, census {rules.census}"
        cards = len(rules.cards)
        parts = [
            head,
            f"{v.players} players",
            f"{cards} cards ({rules.copies} cop{'ies' if rules.copies != 1 else 'y'})",
        ]
        if v.packs > 1:
            parts.append(f"{v.packs} packs combined")
        if v.wilds:
            parts.append(f"{v.wilds} wild card{'s' if v.wilds != 1 else ''}")
        if v.numbers:
            parts.append("number abilities")
        if v.apply == "any":
            parts.append("abilities on any player")
        if not v.same_sequence:
            parts.append("no swap within a sequence")
        if v.three_party:
            parts.append("swaps between two others")
        if v.win != "ascending":
            parts.append(f"win {v.win}")
        if v.freeze:
            parts.append(f"{v.freeze} freeze token{'s' if v.freeze != 1 else ''} each")
        if v.max_turns != Variant().max_turns:
            parts.append(f"at most {v.max_turns} turns")
        for p in params_of(Variant):  # a rule declared since, not worded above: its name and value
            value = getattr(v, p.name)
            if p.key not in (*_SAID, "pattern", "players") and value != p.default:
                parts.append(f"{p.key} {_shown(value)}")
        return ", ".join(parts)

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"game": self.game, "bot": self.bot}
        if self.swept:
            out["swept"] = {k: v for k, v in self.swept}
        if self.variant is not None:
            out["variant"] = self.variant.to_dict()
            out["cards"] = len(rules_of(self.variant).cards)
            out["copies"] = rules_of(self.variant).copies
        if self.setup is not None:
            out["setup"] = self.setup.to_dict()
        return out


def _shown(v: object) -> str:
    return ("on" if v else "off") if isinstance(v, bool) else str(v)


@dataclass(frozen=True)
class Request:
    """A checked request: the game, the options given, the sweep, games per setting, the seed."""

    game: str
    options: tuple[tuple[str, object], ...]
    sweep: Sweep
    games: int
    seed: int

    def sweep_words(self) -> str:
        """The sweep as the command line writes it: ``census=4..9 players=2,3`` (runs as ranges).

        >>> request("got", {}, ["players=3,2", "census=4,5,6"], games=1, seed=1).sweep_words()
        'players=3,2 census=4..6'
        """
        words = []
        for name, values in self.sweep:
            ints = all(type(v) is int for v in values)
            run = ints and len(values) > 2 and list(values) == list(range(int(values[0]), int(values[-1]) + 1))
            words.append(
                f"{name}={values[0]}..{values[-1]}"
                if run
                else f"{name}=" + ",".join(_shown(v).replace(",", "+") for v in values)  # categories joined
            )
        return " ".join(words)

    def settings(self) -> list[Setting]:
        """One setting per combination of the sweep, in the sweep's order (each checked)."""
        combos = grid(self.sweep) if self.sweep else [{}]
        return [self._setting(combo) for combo in combos]

    def _setting(self, swept: Mapping[str, Value]) -> Setting:
        given = dict(self.options) | dict(swept)
        where = ", ".join(f"{k} {_shown(v)}" for k, v in swept.items())
        try:
            return _build(self.game, given, tuple(swept.items()))
        except CardgenError as e:
            raise CardgenError(f"{where}: {e}" if where else str(e)) from None


def _build(game: str, o: Mapping[str, object], swept: tuple[tuple[str, Value], ...]) -> Setting:
    bot = str(options_of(game)["bot"].parse(o.get("bot", "good")))
    if game == "amtrak":
        setup: dict[str, object] = {p.name: o[p.key] for p in params_of(AmtrakSetup) if p.key in o}
        if o.get("solo"):
            setup["players"] = 1
        return Setting("amtrak", bot, swept, setup=AmtrakSetup(**setup))  # type: ignore[arg-type]
    kw: dict[str, object] = {k.replace("-", "_"): o[k] for k in (*_AS_IS, "census", "copies") if k in o}
    if o.get("grid"):
        kw["pattern"] = "2d"
        if "categories" in o:
            kw["categories"] = GridPack(str(o["categories"])).categories
    if (o.get("three-party") or o.get("same-sequence") is False) and kw.get("pattern") != "three":
        raise CardgenError("--three-party and --no-same-sequence are pattern three's swaps: give --pattern three")
    return Setting("got", bot, swept, variant=Variant(**kw))  # type: ignore[arg-type]


def request(game: str, options: Mapping[str, object], sweep: Sequence[str], *, games: int, seed: int) -> Request:
    """Check what the command line was given (``options``: only the options typed, by their
    names without dashes) and every setting it asks for; one line for the first thing wrong."""
    game = game.strip().lower()
    if game not in GAMES:
        raise CardgenError(f"unknown game {game!r}: choose got (the Game of Trains) or amtrak")
    declared = options_of(game)
    o: dict[str, object] = {}
    for name, value in options.items():
        option = declared.by_key(name)
        if option is None:
            takes = ", ".join(p.option for p in declared)
            raise CardgenError(f"{_flag(name)} is not an option of {GAMES[game]}: it takes {takes}")
        o[option.key] = option.parse(value)  # the declaration's reading: its range, its choices
    swept = parse_sweep(sweep, declared) if sweep else ()
    if game == "got":
        if o.get("grid") and "pattern" in o:
            raise CardgenError("--grid is the 3×3 game: it takes no --pattern")
        if "categories" in o and not o.get("grid"):
            raise CardgenError("--categories is the 3×3 game's option: give --grid too")
        if "categories" in dict(swept) and not o.get("grid"):
            raise CardgenError("categories are the 3×3 game's: give --grid to sweep them")
    if game == "amtrak" and o.get("solo") and o.get("players", 1) != 1:
        raise CardgenError(f"--solo is the one-player game: it takes no --players {o['players']}")
    if not 1 <= games <= MAX_GAMES:
        raise CardgenError(f"games {games} is out of range: allowed 1 to {MAX_GAMES:,}")
    for name, _ in swept:
        if name in o:
            raise CardgenError(f"{name} is both swept and given as {_flag(name)}: give it one way")
        if game == "got" and name == "pattern" and o.get("grid"):
            raise CardgenError("--grid is the 3×3 game: its pattern cannot be swept")
        if game == "amtrak" and name == "players" and o.get("solo"):
            raise CardgenError("--solo is the one-player game: players cannot be swept with it")
    counts = dict(swept).get("players", ())
    if game == "amtrak" and 1 in counts and len(counts) > 1:
        raise CardgenError(
            "players 1 is the solo game, whose figures are not the others': sweep players=2..4, and play --solo alone"
        )
    req = Request(game, tuple(sorted(o.items())), swept, games, seed)
    req.settings()  # every setting checked before anything is played
    return req
