"""What each game's kit holds: one declaration a game (``KitGame``), listing its parts (``Part``:
which product, built with which options for N players), what else a table needs, and how long
making it takes. ``products.kit`` builds a kit from these; nothing else is particular to a game.

A part is a product as its own command prints it (the rules handout, a pack, placemats, tokens,
tiles, a score sheet, the deck …), built by the product's own build function with options the
kit's players and options decide: the Game of Trains pack is sized for the players (as ``pack
--players``), one placemat a player, freeze tokens only when the kit plays with them.

The time to make a kit is worked out from what it holds, on these assumptions (said on its
cover): 20 seconds to cut out a card or a tile with scissors (a paper trimmer halves it), 2
minutes to fold, glue and press a fold-over sheet, a minute to trim a placemat's page and 2 more
to glue each join, 10 seconds to punch a token.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from cardgen.commands import COMMANDS, KITS
from cardgen.layout.amtrak import handout as amtrak_handout
from cardgen.layout.got import card as got_card
from cardgen.layout.got import card2d
from cardgen.layout.got.card import card_face
from cardgen.layout.got.card2d import grid_card_face
from cardgen.layout.shapes import Drawing
from cardgen.layout.supertrain import handout as supertrain_handout
from cardgen.layout.supertrain.tile import tile_face
from cardgen.layout.theme import DEFAULT
from cardgen.layout.train import handout as train_handout
from cardgen.layout.train.setup_card import setup_card
from cardgen.options import PRINT, PrintOptions, print_options
from cardgen.params import Params
from cardgen.products.deck import face as deck_face
from cardgen.products.placemat import mat_plan
from cardgen.rules.deck import deck
from cardgen.rules.got.grid_packs import DEFAULT_CATEGORIES, GridPack
from cardgen.rules.got.patterns import make_pattern
from cardgen.rules.supertrain.dominoes import tile_set
from cardgen.write.built import Built

# What a part prints on: one side of each sheet (a blank back when the kit is printed
# double-sided), either side (a handout's pages, back to back), or cards with backs of their own
# (backs pages with --backs, fold-over sheets with --fold).
Sides = Literal["one", "either", "backs"]

SCISSORS = "scissors or a paper trimmer"
SECONDS_A_CARD = 20.0  # to cut out a card or a tile with scissors
MINUTES_A_FOLD = 2.0  # to fold, glue and press a fold-over sheet
MINUTES_A_MAT_PAGE = 1.0  # to trim a placemat's page on its dashed lines
MINUTES_A_JOIN = 2.0  # to glue a placemat's join, lining up its marks
SECONDS_A_TOKEN = 10.0  # to punch a freeze token
ASSUMPTIONS = (
    "20 s to cut out a card or a tile with scissors (a paper trimmer halves it), 2 min to fold and glue a "
    "fold-over sheet, 1 min to trim a placemat's page and 2 to glue each join, 10 s to punch a token"
)


@dataclass(frozen=True)
class Setup:
    """A kit as asked for: the game, the players (and their names), the game's options (each read
    by its declaration, left-out ones at their defaults) and the print options."""

    game: str
    players: int
    names: tuple[str, ...]
    options: dict[str, Any]
    opts: PrintOptions

    def __getitem__(self, name: str) -> Any:
        return self.options[name]


@dataclass(frozen=True)
class Making:
    """What a part asks of whoever makes the kit: a step, its minutes, and the tools it needs."""

    step: str
    minutes: float = 0.0
    tools: tuple[str, ...] = ()


@dataclass(frozen=True)
class Part:
    """One part of a kit: a product built with the options ``options(setup)`` gives."""

    word: str  # its page labels' word and its bookmark's: "Rules", "Cards", "Mats" …
    product: str  # its name in the registry (``products.PRODUCTS``)
    options: Callable[[Setup], dict[str, Any]]  # its build's keywords
    sides: Sides
    printing: tuple[str, ...]  # the print options it takes (its command's)
    what: Callable[[Setup, Built], str]  # what it is, in the cover's contents and the bookmarks
    make: Callable[[Setup, Built, int], Making]  # given what it built and its pages
    when: Callable[[Setup], bool] = field(default=lambda setup: True)
    picture: str = ""  # the file in its folder that pictures the kit (``cardgen build``'s index); "": none


@dataclass(frozen=True)
class KitGame:
    """One game's kit."""

    name: str  # as ``cardgen kit`` takes it
    title: str  # the game's, for people
    parts: tuple[Part, ...]
    describe: Callable[[Setup], str]  # its options in words: "pattern two, census 7" ('' when none)
    slug: Callable[[Setup], str]  # its options in the folder's name: "-pattern-two-census-7"
    needs: Callable[[Setup], list[str]]  # what else the table needs, beyond the parts' tools
    accent: Callable[[Setup], str]  # the cover's colour: the game's handout's
    picture: Callable[[Setup], tuple[list[Drawing], str]]  # a few of its components, for the cover, and a caption

    @property
    def params(self) -> Params:
        """Its options, declared once (``commands.KITS``): what a form for this kit shows."""
        return KITS[self.name]


def printing(command: str) -> tuple[str, ...]:
    """The print options ``command`` takes (all of a kit's for a product whose command is not here)."""
    found = COMMANDS.get(command)
    return found.printing.names if found is not None else PRINT.names


def part_options(opts: PrintOptions, part: Part) -> PrintOptions:
    """The kit's print options as ``part`` takes them: those its command takes, the rest plain
    (backs and fold only for cards that have backs), so its folder is named as that command names it."""
    keep = set(part.printing) - (set() if part.sides == "backs" else {"backs", "back_offset", "fold"})
    plain = print_options()
    named = {"paper_name": "paper", "theme_file": "theme"}
    return PrintOptions(
        **{f.name: getattr(opts if named.get(f.name, f.name) in keep else plain, f.name) for f in fields(PrintOptions)}
    )


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def cutting(noun: str, count: int, opts: PrintOptions, sheets: int) -> Making:
    """Cutting out ``count`` cards (or tiles), folding their sheets first when they are fold-over."""
    if opts.fold:
        return Making(
            f"Fold each of the {_plural(sheets, 'sheet')} on its dashed line, printed side out; glue the blank "
            f"sides together and press flat. When dry, cut the {count} {noun} apart on the crop marks.",
            count * SECONDS_A_CARD / 60 + sheets * MINUTES_A_FOLD,
            (SCISSORS, "a glue stick"),
        )
    return Making(
        f"Cut the {count} {noun} apart on the crop marks (cut right across the sheet, mark to mark).",
        count * SECONDS_A_CARD / 60,
        (SCISSORS,),
    )


def _sheets(built: Built, pages: int) -> int:
    return built.sheets or pages


# --- the parts every kit shares ---------------------------------------------------------------


def handout(game: str, options: Callable[[Setup], dict[str, Any]] = lambda s: {}) -> Part:
    """The game's rules handout (``cardgen handout GAME``), for exactly this kit's options."""
    return Part(
        "Rules",
        "handout",
        lambda s: {"game": game, **options(s)},
        "either",
        ("paper", "margin"),  # (its title is the game's: the kit's title goes on the components)
        lambda s, b: "the rules handout",
        lambda s, b, pages: Making(
            f"Read the rules ({_plural(pages, 'page')}) before the first game: they say how to set up and play."
        ),
    )


def placemats(options: Callable[[Setup], dict[str, Any]]) -> Part:
    """A placemat a player (``cardgen placemat`` with ``players``, or ``names``: each player's name
    printed on their mat), the mats' pieces packed onto pages, cut only between spaces."""

    def given(s: Setup) -> dict[str, Any]:
        return options(s) | ({"names": ",".join(s.names)} if s.names else {"players": s.players})

    def made(s: Setup, b: Built, pages: int) -> Making:
        plan = mat_plan(**given(s), opts=part_options(s.opts, MATS))
        minutes = pages * MINUTES_A_MAT_PAGE + plan.joins * MINUTES_A_JOIN
        if not plan.joins:
            return Making(f"Cut the {_plural(s.players, 'placemat')} out on their edges.", minutes, (SCISSORS,))
        return Making(
            f"Trim each placemat's pieces on the dashed lines and glue each grey tab under the piece beside it, "
            f"lining up the marks ({_plural(plan.joins, 'join')} in all).",
            minutes,
            (SCISSORS, "a glue stick"),
        )

    def what(s: Setup, b: Built) -> str:
        names = f" ({', '.join(s.names)})" if s.names else ""
        return f"{_plural(s.players, 'placemat')}, one a player{names}"

    return replace(MATS, options=given, what=what, make=made)


MATS = Part("Mats", "placemat", lambda s: {}, "one", printing("placemat"), lambda s, b: "", lambda s, b, n: Making(""))


# --- the games --------------------------------------------------------------------------------


def _got_pack(s: Setup) -> Any:
    return make_pattern(s["pattern"], s["census"], players=s.players, numbers=s["numbers"], packs=s["packs"],
                        wilds=s["wilds"], win=s["win"])  # fmt: skip


def _got_rules(s: Setup) -> dict[str, Any]:
    pack = _got_pack(s)
    return {
        "pattern": s["pattern"],
        "census": s["census"],
        "copies": pack.copies if pack.copies != pack.default_copies else None,
        "numbers": s["numbers"],
        "packs": s["packs"] if s["packs"] > 1 else None,
        "wilds": s["wilds"] or None,
        "win": s["win"] if s["win"] != "ascending" else None,
    }


def _got_words(s: Setup) -> list[str]:
    words = [f"pattern {s['pattern']}", f"census {s['census']}"]
    words += ["number abilities"] if s["numbers"] else []
    words += [f"{s['packs']} packs"] if s["packs"] > 1 else []
    words += [_plural(s["wilds"], "wild card")] if s["wilds"] else []
    words += [s["win"]] if s["win"] != "ascending" else []
    words += [f"{s['freeze']} freeze tokens each"] if s["freeze"] else []
    return words


def _got_slug(s: Setup) -> str:
    pack = make_pattern(s["pattern"], s["census"], numbers=s["numbers"], packs=s["packs"], wilds=s["wilds"],
                        win=s["win"])  # fmt: skip
    return pack.slug.removeprefix("got") + (f"-freeze-{s['freeze']}" if s["freeze"] else "")


TILE = (50.8, 25.4)  # mm: a tile as the kit prints it (``products.supertrain``'s 2 × 1 in)


def _tiles_shown() -> list[Any]:
    """Three wild tiles: a number's Red Train, the Train-Train and a letter's."""
    wild = tile_set("wild")
    return [next(t for t in wild if t.a == 12), next(t for t in wild if t.a == t.b), wild[-1]]


def _cards_shown(s: Setup, pack: Any, face: Callable[..., Drawing], caption: str) -> tuple[list[Drawing], str]:
    """Three cards of ``pack`` as the kit prints them: its first, one a third in, one two thirds in."""
    cards = pack.cards()
    picked = [cards[0], cards[pack.block // 3], cards[2 * pack.block // 3]]  # (three abilities of a block)
    theme = s.opts.theme or DEFAULT
    return [face(c, pack, s.opts.card, title=s.opts.title, theme=theme) for c in picked], caption


def _table(s: Setup) -> str:
    return (
        "room in the middle of the table for the face-down draw pile and the face-up discards "
        "(a saucer or the box lid keeps the draw pile neat)"
    )


def _cards_part(
    product_name: str,
    command: str,
    options: Callable[[Setup], dict[str, Any]],
    what: Callable[[Setup, Built], str],
    noun: str = "cards",
) -> Part:
    return Part(
        noun.capitalize(),
        product_name,
        options,
        "backs",
        printing(command),
        what,
        lambda s, b, pages: cutting(noun, b.cards, s.opts, _sheets(b, pages)),
    )


def _got_cards(s: Setup, b: Built) -> str:
    pack = _got_pack(s)
    blocks = f"{pack.copies} blocks of {pack.block}" if pack.copies > 1 else f"a block of {pack.block}"
    blocks = f"{pack.packs} packs, each {blocks}" if pack.packs > 1 else blocks
    wild = f", {s['wilds']} of them wild" if s["wilds"] else ""
    return f"the pack: {b.cards} cards{wild} ({blocks}, sized for {s.players} players)"


GOT = KitGame(
    "got",
    "Game of Trains",
    (
        handout("got", _got_rules),
        _cards_part(
            "got",
            "pack",
            lambda s: {
                "pattern": s["pattern"],
                "census": s["census"],
                "players": s.players,
                "numbers": s["numbers"],
                "packs": s["packs"],
                "wilds": s["wilds"],
                "win": s["win"],
            },
            _got_cards,
        ),
        placemats(lambda s: {"census": s["census"]}),
        Part(
            "Tokens",
            "tokens",
            lambda s: {"players": s.players, "per_player": s["freeze"]},
            "one",
            printing("tokens"),
            lambda s, b: f"{b.cards} freeze tokens, {s['freeze']} a player, a colour and symbol each",
            lambda s, b, pages: Making(
                f"Cut the token sheet apart on the marks, then punch each of the {b.cards} discs with a 1 inch "
                "(25 mm) circle punch, or cut round it.",
                b.cards * SECONDS_A_TOKEN / 60,
                ("a 1 inch (25 mm) circle punch, or scissors",),
            ),
            when=lambda s: bool(s["freeze"]),
        ),
    ),
    lambda s: ", ".join(_got_words(s)),
    _got_slug,
    lambda s: [_table(s)],
    lambda s: got_card.ACCENTS.get(s["pattern"], "#1f4e79"),
    lambda s: _cards_shown(s, _got_pack(s), card_face, "cards of the pack"),
)

GOT2D = KitGame(
    "got2d",
    "Game of Trains in two dimensions",
    (
        handout("got2d", lambda s: {"categories": s["categories"]}),
        _cards_part(
            "got2d", "pack2d", lambda s: {"categories": s["categories"]}, lambda s, b: f"the pack: {b.cards} cards"
        ),
        placemats(lambda s: {"grid": "3x3"}),
    ),
    lambda s: "the 3×3 game" + (f", {s['categories'].replace(',', ', ')}" if s["categories"] else ""),
    lambda s: GridPack(s["categories"] or DEFAULT_CATEGORIES).slug.removeprefix("got-2d") if s["categories"] else "",
    lambda s: [_table(s)],
    lambda s: card2d.ACCENT,
    lambda s: _cards_shown(s, GridPack(s["categories"] or DEFAULT_CATEGORIES), grid_card_face, "cards of the pack"),
)


def _markers(s: Setup) -> str:
    return f"{s.players + 1} train markers: one a player and one for the Mexican Train (coins or buttons do)"


SUPERTRAIN = KitGame(
    "supertrain",
    "SuperTrain dominoes",
    (
        handout("supertrain"),
        _cards_part(
            "supertrain",
            "tiles",
            lambda s: {"set": s["set"]},
            lambda s, b: f"the whole set: {b.cards} tiles" if s["set"] == "full" else f"the {b.cards} wild tiles",
            "tiles",
        ),
        Part(
            "Score",
            "supertrain-scoresheet",
            lambda s: {"game": "supertrain", "players": s.players},
            "one",
            printing("scoresheet"),
            lambda s, b: f"the score sheet for {s.players} players",
            lambda s, b, pages: Making("Keep the score sheet and a pen by the table.", 0.0, ("a pen",)),
        ),
    ),
    lambda s: "the whole set of 112 tiles" if s["set"] == "full" else "the 21 wild tiles",
    lambda s: "-full" if s["set"] == "full" else "",
    lambda s: (
        (["a double-12 domino set (91 tiles): the 21 printed tiles join it"] if s["set"] != "full" else [])
        + [_markers(s)]
    ),
    lambda s: supertrain_handout.ACCENT,
    lambda s: (
        [tile_face(t, TILE) for t in _tiles_shown()],
        "wild tiles, as printed: a Red Train end, a letter's action" if s["set"] != "full" else "tiles, as printed",
    ),
)


def _deck(jokers: int) -> Part:
    """The deck (``cardgen deck``): Amtrak's with its two Jokers, Train's without."""
    return Part(
        "Cards",
        "deck",
        lambda s: {"jokers": jokers, "four_colour": s["four_colour"]},
        "backs",
        printing("deck"),
        lambda s, b: f"the deck: {b.cards} cards" + (f", {jokers} of them Jokers" if jokers else ", no Jokers"),
        lambda s, b, pages: cutting("cards", b.cards, s.opts, _sheets(b, pages)),
        picture="cards/KH.svg",  # (an Engineer: the deck's own look, more than its first card, 10♣, would)
    )


def _deck_shown(s: Setup, jokers: int) -> tuple[list[Drawing], str]:
    """Three cards of the deck as the kit prints them: an Engineer (K), a Coach (7) and, with
    Jokers, a Substitute car; without, a Crew card (J)."""
    cards = deck(jokers)
    picked = [c for c in cards if c.suit == "hearts" and c.rank in ("K", "7")][::-1]
    picked.append(cards[-1] if jokers else next(c for c in cards if (c.suit, c.rank) == ("spades", "J")))
    return [deck_face(c, s.opts, s["four_colour"], jokers) for c in picked], "cards of the deck"


def _four(s: Setup) -> str:
    return "four-colour suits" if s["four_colour"] else ""


AMTRAK = KitGame(
    "amtrak",
    "Amtrak",
    (
        handout("amtrak"),
        _deck(2),
        Part(
            "Score",
            "amtrak-scorecard",
            lambda s: {"players": s.players},
            "one",
            printing("scorecard"),
            lambda s, b: "the solo scorecard" if s.players == 1 else f"the scorecard for {s.players} players",
            lambda s, b, pages: Making("Keep the scorecard and a pen by the table.", 0.0, ("a pen",)),
        ),
    ),
    lambda s: ", ".join(w for w in ("solo" if s.players == 1 else "", _four(s)) if w),
    lambda s: "-four-colour" if s["four_colour"] else "",
    lambda s: [
        "room for your Track, the face-down pile and the train of Cars it becomes"
        if s.players == 1
        else "room for each player's Track and the train of Cars it becomes"
    ],
    lambda s: amtrak_handout.ACCENT,
    lambda s: _deck_shown(s, 2),
)

TRAIN = KitGame(
    "train",
    "Train",
    (
        handout("train"),
        _deck(0),
        Part(
            "Setup",
            "train-setup",
            lambda s: {"players": s.players},
            "one",
            ("paper", "margin", "title"),
            lambda s, b: f"the round-setup card for {s.players} players",
            lambda s, b, pages: Making("Cut out the round-setup card and keep it with the deck.", 1.0, (SCISSORS,)),
        ),
    ),
    _four,
    lambda s: "-four-colour" if s["four_colour"] else "",
    lambda s: ["a pen and paper for the points: one a round won"],
    lambda s: train_handout.ACCENT,
    lambda s: ([setup_card(s.players, title=s.opts.title)], "the round-setup card"),
)

GAMES: dict[str, KitGame] = {k.name: k for k in (GOT, GOT2D, SUPERTRAIN, AMTRAK, TRAIN)}


def minutes_said(minutes: float) -> str:
    """About how long, rounded up to 5 minutes.

    >>> minutes_said(3), minutes_said(41.2), minutes_said(95)
    ('about 5 minutes', 'about 45 minutes', 'about 1 h 35 min')
    """
    rounded = max(5, math.ceil(minutes / 5 - 1e-9) * 5)
    if rounded < 60:
        return f"about {rounded} minutes"
    return f"about {rounded // 60} h {rounded % 60} min" if rounded % 60 else f"about {rounded // 60} h"
