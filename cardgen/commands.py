"""Every command's options, declared once: which options (``params.Param``) each command takes,
in the order its ``--help`` lists them within a group. The command line makes its Typer options
from these (``cli.app.declared``), ``cardgen.toml`` reads an item's keys from them
(``build``), and a form (the studio's) or another command (a kit's) can take the same.

A command's options are of three sorts: its ``own`` (a product's build keywords, and the keys
of a ``cardgen.toml`` item), the print options it takes (``printing``, from
``options.PrintArgs``; they reach the command parsed, as one ``PrintOptions``), and the
command line's ``extra`` ones (where to write, a preview, JSON, a listing).

>>> COMMANDS["placemat"].names
('census', 'grid', 'players', 'names', 'card', 'paper', 'margin', 'title', 'out_dir', 'preview', 'open_it')
>>> COMMANDS["pack"].params["gutter"].help
'Space between cards'
>>> COMMANDS["tiles"].params["gutter"].help
'Space between tiles'
>>> [p.option for p in COMMANDS["simulate"].own if p.name in ("players", "jokers")]
['--players', '--jokers']
>>> COMMANDS["simulate"].own["players"].help, COMMANDS["simulate"].own["players"].placeholder
('Players (got 2 to 6, amtrak 1 to 4, supertrain 2 to 8)', 'got 4, amtrak 1, supertrain 4')
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from cardgen.errors import CardgenError
from cardgen.options import PRINT
from cardgen.params import Param, Params
from cardgen.rules import deck
from cardgen.rules.amtrak import params as amtrak
from cardgen.rules.got import params as got
from cardgen.rules.supertrain import params as supertrain
from cardgen.units import shown

__all__ = [
    "COMMANDS",
    "DEFAULT_GAMES",
    "KITS",
    "Command",
    "SIMULATE_GAMES",
    "cluster_address",
    "kit_options",
    "merged",
    "read_names",
]


@dataclass(frozen=True)
class Command:
    """One command's options: its ``own``, the print options it takes, the command line's ``extra``."""

    name: str  # as typed: "pack", "supertrain score"
    own: Params
    printing: Params = field(default_factory=Params)
    extra: Params = field(default_factory=Params)
    noun: str = "card"  # what it makes, as the print options' help names it

    @property
    def params(self) -> Params:
        """Every option, the print options' help worded for what the command makes."""
        words = {"card": self.noun, "cards": self.noun + "s"}
        printing = Params(*(p.but(help=p.help.format(**words)) for p in self.printing))
        return self.own + printing + self.extra

    @property
    def names(self) -> tuple[str, ...]:
        return self.params.names

    @property
    def keys(self) -> Params:
        """What a ``cardgen.toml`` item of this command may set: its own options and its print options."""
        return self.own + self.printing


def merged(games: Mapping[str, Params]) -> Params:
    """One option for every name any game takes (as ``cardgen simulate`` takes them): left out
    unless typed (a value is then read by the game's own declaration, ``simulate.settings``),
    its help saying which games take it (unless the first, the default, does) and each game's
    range and default where they differ."""
    found: dict[str, list[tuple[str, Param]]] = {}
    for game, params in games.items():
        for p in params:
            found.setdefault(p.name, []).append((game, p))
    first = next(iter(games))
    out = []
    for each in found.values():
        p = each[0][1]
        help = p.help if any(g == first for g, _ in each) else f"{'/'.join(g for g, _ in each)}: {p.help}"
        if len({(q.low, q.high) for _, q in each}) > 1:
            help += " (" + ", ".join(f"{g} {q.low:g} to {q.high:g}" for g, q in each if q.low is not None) + ")"
        said = {_said(q) for _, q in each}
        placeholder = said.pop() if len(said) == 1 else ", ".join(f"{g} {_said(q)}" for g, q in each)
        flag = p.kind == "bool" and not p.negatable  # a flag: off unless typed
        out.append(p.but(help=help, default=False if flag else None, low=None, high=None, placeholder=placeholder))
    return Params(*out)


def _said(p: Param) -> str:
    """A default in words: ``two``, ``7``, ``on``; a flag's (off unless given) says nothing."""
    if isinstance(p.default, bool):
        return ("on" if p.default else "off") if p.negatable else ""
    return p.placeholder if p.default is None else str(p.default)


# --- the options several commands share -----------------------------------------------------

OUT = Param(
    "out_dir", "path", "Folder to write into", default=Path("output"), flag="--out", short="-o", metavar="FOLDER",
    group="output",
)  # fmt: skip
PREVIEW = Param("preview", "bool", "Also a contact sheet: <folder>-preview.png", default=False, group="output")
OPEN = Param("open_it", "bool", "Open the file to print when done", default=False, flag="--open", group="output")
JSON = Param("as_json", "bool", "Print JSON instead of lines", default=False, flag="--json", group="output")
LISTING = Param("listing", "bool", "List them and exit", default=False, flag="--list", group="output")
WRITING = Params(OUT, PREVIEW, OPEN)

GAME_OF_TRAINS = Params(
    got.PATTERN,
    got.CENSUS,
    got.COPIES,
    got.PLAYERS.but(help="Size the pack for N players, not --copies", default=None, high=40),
    got.NUMBERS,
    got.PACKS.but(help="Packs combined, each card marked A, B …"),
    got.WILDS.but(help="Wild cards added: W01 …"),
    got.WIN.but(help="ascending or never-descending"),
)
TILE_SET = Param("set", "choice", "wild: 21 wild tiles; full: all 112", default="wild", choices=("wild", "full"),
                 metavar="SET")  # fmt: skip
TABLE = "For a table: "  # ``check``'s options, for a hand-made table of cards
FOR_GOT = {"default": None, "placeholder": ""}  # ``handout``'s: only the got handout takes them

_SCHEMES = ("tcp", "tls", "ws", "wss", "ucx")  # Dask's, less inproc (one process's own)
_ADDRESS = re.compile(r"(?:([a-z]+)://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]{0,252})(?::([0-9]{1,5}))?")


def cluster_address(text: object) -> str:
    """A Dask scheduler's address (``--cluster``) as Dask takes it. Decided: ``[SCHEME://]HOST[:PORT]``,
    the scheme ``tcp`` when left out (``tls``, ``ws``, ``wss``, ``ucx`` too), the port 8786 (Dask's
    scheduler's) when left out.

    >>> cluster_address("127.0.0.1"), cluster_address("tls://sched.example.org:9000"), cluster_address("[::1]")
    ('tcp://127.0.0.1:8786', 'tls://sched.example.org:9000', 'tcp://[::1]:8786')
    >>> cluster_address("http://x:1")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: cluster 'http://x:1': write tcp://HOST:PORT, the Dask scheduler's address
    """
    m = _ADDRESS.fullmatch(str(text).strip())
    scheme, host, port = m.groups() if m else (None, None, None)
    if m is None or (scheme or "tcp") not in _SCHEMES or not 0 < int(port or 8786) < 65536:
        raise CardgenError(f"cluster {shown(str(text))}: write tcp://HOST:PORT, the Dask scheduler's address")
    return f"{scheme or 'tcp'}://{host}:{port or 8786}"


SIMULATE_GAMES = {"got": got.PLAY, "amtrak": amtrak.PLAY, "supertrain": supertrain.PLAY}
DEFAULT_GAMES = 1000  # games a simulation plays (a sweep: per setting) unless told
RUN = Params(
    Param("games", "int", "Games to play, per setting", low=1, high=10_000_000, placeholder=str(DEFAULT_GAMES),
          group="run"),
    Param("seed", "int", "Game i is seeded from (seed, i)", default=1, group="run"),
    Param("sweep", "list", "Play every value: census=4..9 players=2,3", metavar="NAME=VALUES", group="run"),
    Param("workers", "int", "Processes to play on", low=1, high=256, placeholder="every core", group="run"),
    Param("cluster", "text", "Play on a Dask cluster: tcp://HOST:8786", metavar="ADDRESS", group="run",
          check=cluster_address),  # (docs/cluster.md; pip install 'cardgen[cluster]')
)  # fmt: skip

# --- kits: a whole game for N players, in one PDF to print (``products.kit``) -----------------

MAX_NAMES, MAX_NAME = 8, 24  # players named, and characters of a name (each is printed on a mat)


def read_names(text: object) -> str:
    """Players' names, comma-separated: each plain text on one line of 1 to ``MAX_NAME``
    characters, none twice (whatever its case), at most ``MAX_NAMES``; given back as one text.

    >>> read_names(" Ann, Bob ,Cy ")
    'Ann,Bob,Cy'
    >>> read_names("Ann,,Bob")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: names 'Ann,,Bob': name 2 is empty: write them like Ann,Bob,Cy
    >>> read_names("Ann,bob,Bob")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: names 'Ann,bob,Bob': 'Bob' is given twice: a different name for each player
    """
    if not isinstance(text, str):
        raise CardgenError(f"names {text!r} are not text: write them like Ann,Bob,Cy")
    said = shown(text, 60)
    names = [n.strip() for n in text.split(",")]
    if len(names) > MAX_NAMES:
        raise CardgenError(f"names {said}: {len(names)} names, at most {MAX_NAMES} (one a player)")
    seen: set[str] = set()
    for i, name in enumerate(names, 1):
        if not name:
            raise CardgenError(f"names {said}: name {i} is empty: write them like Ann,Bob,Cy")
        if len(name) > MAX_NAME:
            raise CardgenError(f"names {said}: name {i} is {len(name)} characters long: at most {MAX_NAME}")
        if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
            raise CardgenError(f"names {said}: name {i} holds a control or unprintable character: use plain text")
        if name.casefold() in seen:
            raise CardgenError(f"names {said}: {shown(name, 30)} is given twice: a different name for each player")
        seen.add(name.casefold())
    return ",".join(names)


NAMES = Param(
    "names", "text", "A name each, e.g. Ann,Bob,Cy", metavar="NAMES", group="players", check=read_names,
    placeholder="",
)  # fmt: skip
# Each kit's own options (a form builds one per kit from these): its players and their names,
# then the game's options as its commands take them. ``kit`` takes them all (``kit_options``).
KITS: dict[str, Params] = {
    "got": Params(
        got.PLAYERS.but(default=3),
        NAMES,
        got.PATTERN,
        got.CENSUS,
        got.NUMBERS,
        got.PACKS.but(help="Packs combined (A, B …)"),
        got.WILDS.but(help="Wild cards added: W01 …"),
        got.WIN,
        got.FREEZE.but(help="Freeze tokens each (0: none)"),
    ),
    "got2d": Params(
        got.PLAYERS.but(default=3),
        NAMES,
        got.CATEGORIES.but(help="Categories (pack2d --list)", placeholder="five"),
    ),
    "supertrain": Params(
        supertrain.PLAYERS.but(default=3),
        NAMES,
        TILE_SET.but(help="wild (21) or full (112)"),
    ),
    "amtrak": Params(amtrak.PLAYERS.but(help="Players (1: solo)", default=3), NAMES, deck.FOUR_COLOUR),
    "train": Params(
        Param("players", "int", "Players", default=3, low=3, high=4, group="players"), NAMES, deck.FOUR_COLOUR
    ),
}


def kit_options(kits: Mapping[str, Params]) -> Params:
    """One option for every name any kit takes, as ``cardgen kit`` takes them: left out unless
    typed (the value is then read by its game's own declaration: ``products.kit``), its help
    naming the games that take it unless every game does, its range every game's (each game
    holds a value to its own).

    >>> kit_options(KITS)["census"].help, kit_options(KITS)["census"].default
    ('got: cards in a sequence', None)
    """
    found: dict[str, list[Param]] = {}
    games: dict[str, list[str]] = {}
    for game, params in kits.items():
        for p in params:
            found.setdefault(p.name, []).append(p)
            games.setdefault(p.name, []).append(game)
    out = []
    for name, each in found.items():
        p = each[0]
        takes = games[name]
        help = p.help if len(takes) == len(kits) else f"{'/'.join(takes)}: {p.help[:1].lower()}{p.help[1:]}"
        flag = p.kind == "bool" and not p.negatable
        said = p.placeholder or ("" if p.default is None or isinstance(p.default, bool) else str(p.default))
        lows, highs = [q.low for q in each if q.low is not None], [q.high for q in each if q.high is not None]
        low, high = (min(lows) if lows else None), (max(highs) if highs else None)  # (every game's range within)
        out.append(p.but(help=help, default=False if flag else None, low=low, high=high, placeholder=said))
    return Params(*out)


KIT = Params(
    Param("game", "choice", "got, got2d, supertrain, amtrak or train", choices=tuple(KITS), metavar="GAME",
          argument=True, required=True),
    *kit_options(KITS).but(
        "players", help="got 2-6, supertrain 2-8, amtrak 1-4, train 3-4", placeholder="3, or one a name"
    ),
)  # fmt: skip

# `cardgen studio` (cardgen/studio/): where it listens, whether it opens the browser
STUDIO = Params(
    Param("port", "int", "Port to serve on (127.0.0.1 only)", low=0, high=65535, placeholder="a free one", group="run"),
    Param("browser", "bool", "Open the studio in the default browser", default=True, negatable=True, group="run"),
)

COMMANDS: dict[str, Command] = {
    c.name: c
    for c in (
        Command("pack", GAME_OF_TRAINS, PRINT, WRITING),
        Command(
            "pack2d",
            Params(
                got.CATEGORIES.but(help="2D ability categories, comma-separated", placeholder="five: 78 cards"),
                got.COPIES.but(placeholder="about 80 cards"),
            ),
            PRINT,
            Params(LISTING.but(help="List the 3×3 game's ability categories and exit"), *WRITING),
        ),
        Command(
            "placemat",
            Params(
                got.CENSUS.but(help="Spaces in the row, lettered A, B, C …", short="-n"),
                Param("grid", "text", "The 2D mat instead, e.g. 3x3", metavar="RxC"),
                got.PLAYERS.but(help="A mat for each of N players, in one PDF", default=None, low=1, placeholder="1"),
                NAMES.but(help="A player's name on each mat: Ann,Bob,Cy"),
            ),
            PRINT.only("card", "paper", "margin", "title")
            .but("card", help="The cards its spaces hold: poker, bridge … or WxH")
            .but("title", help="A name printed on the mat"),
            WRITING,
        ),
        Command(
            "tokens",
            Params(
                Param(
                    "players",
                    "int",
                    "Players, 2 to 8: a colour and symbol each",
                    default=4,
                    low=2,
                    high=8,
                    group="players",
                ),
                Param("per_player", "int", "Tokens each (one a space)", default=7, low=1, high=26),
            ),  # fmt: skip
            PRINT.only("paper", "margin", "gutter", "title").but("title", help="A name printed on the sheet"),
            WRITING,
            noun="token",
        ),
        Command(
            "tiles",
            Params(
                TILE_SET,
                Param("numerals", "bool", "Coloured digits instead of pips", default=False, group="look"),
                Param("tile", "text", "Tile size WxH, e.g. 44x22mm", default="2x1in", metavar="SIZE", group="paper"),
            ),  # fmt: skip
            PRINT.without("card", "theme", "back")
            .but("title", help="A name printed on the back of every tile")
            .but("backs", help="A backs page after each sheet (flip on the short edge)"),
            WRITING,
            noun="tile",
        ),
        Command(
            "scoresheet",
            Params(
                Param(
                    "game",
                    "choice",
                    "The game: supertrain",
                    choices=("supertrain",),
                    metavar="GAME",
                    argument=True,
                    required=True,
                ),
                Param("players", "int", "Players, 2 to 8: a column each", default=4, low=2, high=8, group="players"),
            ),  # fmt: skip
            PRINT.only("paper", "margin", "title").but("title", help="A name printed at the top"),
            WRITING,
        ),
        Command("deck", deck.DECK, PRINT, WRITING),
        Command(
            "scorecard",
            Params(Param("players", "int", "Players, 1 (solo) to 4", default=2, low=1, high=4, group="players")),
            PRINT.only("paper", "margin", "title").but("title", help="A name printed at the top of every page"),
            WRITING,
        ),
        Command(
            "handout",
            Params(
                Param(
                    "game",
                    "choice",
                    "got, got2d, supertrain, amtrak or train",
                    choices=("got", "got2d", "supertrain", "amtrak", "train"),
                    metavar="GAME",
                    argument=True,
                ),
                got.PATTERN.but(help="got: one, two or three", placeholder=got.PATTERN.default, default=None),
                got.CENSUS.but(help="got: spaces on the mat", placeholder=str(got.CENSUS.default), default=None),
                got.COPIES.but(help="got: blocks in the pack"),
                got.CATEGORIES.but(help="got2d: its categories (see pack2d --list)"),
                got.NUMBERS.but(help="got: the pack has the number abilities"),
                got.PACKS.but(help="got: packs combined", **FOR_GOT),
                got.WILDS.but(help="got: wild cards in the pack", **FOR_GOT),
                got.WIN.but(help="got: ascending or never-descending", **FOR_GOT),
                Param("simulate", "int", "got: figures from N simulated games", low=1, high=100_000, group="run"),
            ),  # fmt: skip
            PRINT.only("paper", "margin", "title")
            .but("margin", default="12mm", help="Page border: 12mm or more")
            .but("title", help="The handout's title, instead of the game's"),
            Params(LISTING.but(help="List the games and their options, and exit"), *WRITING),
        ),
        Command(
            "kit",
            KIT,
            PRINT.without("png", "tts", "preset", "bleed").but("title", help="A name printed on every part"),
            WRITING,
        ),
        Command(
            "testpage",
            Params(),
            PRINT.only("paper", "margin", "back_offset", "fold")
            .but("back_offset", help="Move the back page X,Y mm: print again with what you read")
            .but("fold", help="The fold-over test instead (one-sided, folded)"),
            WRITING,
        ),
        Command(
            "build",
            Params(
                Param(
                    "paper",
                    "choice",
                    "Paper for every item",
                    choices=PRINT["paper"].choices,
                    metavar="PAPER",
                    placeholder="a4, or the config's",
                    group="paper",
                ),
                Param(
                    "config",
                    "path",
                    "A cardgen.toml of your own items",
                    metavar="FILE",
                    placeholder="./cardgen.toml if there is one",
                    group="run",
                ),
                Param("quiet", "bool", "Print nothing but errors", default=False, short="-q", group="output"),
            ),  # fmt: skip
            extra=Params(OUT.but(help="Folder to write the set into")),
        ),
        Command(
            "check",
            Params(
                Param(
                    "target",
                    "path",
                    "A folder cardgen wrote, or a pack table (CSV)",
                    metavar="TARGET",
                    argument=True,
                    required=True,
                ),
                got.PATTERN.but(help=TABLE + "one, two or three", default=None),
                got.CENSUS.but(help=TABLE + "spaces on the mat", default=None),
                got.COPIES.but(help=TABLE + "blocks in the pack", placeholder="the pattern's"),
                got.CATEGORIES.but(help=TABLE + "a 2D pack's categories"),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print a JSON report instead of lines")),
        ),
        Command(
            "preview",
            Params(
                Param("folder", "path", "A folder cardgen wrote", metavar="FOLDER", argument=True, required=True),
                OPEN.but(help="Open the picture in the image viewer"),
            ),
        ),
        Command("studio", STUDIO, extra=Params(OUT.but(help="Folder the studio writes into"))),
        Command(
            "seq",
            Params(
                Param(
                    "sequence",
                    "text",
                    "Card numbers from space A on; W or ? for a wild card",
                    metavar="SEQUENCE",
                    argument=True,
                    required=True,
                ),
                Param("pack_size", "int", "Numbers in the pack: 1 to N", default=84, low=1, high=10**9),
                got.PACKS.but(help="Packs combined: each number printed this many times"),
                got.WILDS.but(help="Wild cards in the pack (more W is named)", default=None),
                got.WIN.but(help="Also say whether it wins this way", default=None),
            ),  # fmt: skip
        ),
        Command(
            "simulate",
            Params(
                Param(
                    "args",
                    "list",
                    "got (the default), amtrak or supertrain; more --sweep words",
                    metavar="[GAME] [NAME=VALUES]...",
                    argument=True,
                ),
                *merged(SIMULATE_GAMES),
                *RUN,
            ),  # fmt: skip
            extra=Params(
                JSON.but(help="Print JSON for scripts instead of text"),
                Param("report", "path", "Also a web page with charts: DIR/index.html", metavar="DIR", group="output"),
                Param("trace", "path", "Write the game (--games 1) as JSON Lines", metavar="FILE", group="output"),
                Param(
                    "replay", "path", "Check a trace: exit 0 legal, 1 not, 2 no trace", metavar="FILE", group="output"
                ),
            ),  # fmt: skip
        ),
        Command(
            "supertrain score",
            Params(
                Param(
                    "hand",
                    "text",
                    "Tiles left in a hand: 12-5, 3-Train, A-Train …",
                    metavar="HAND",
                    argument=True,
                    required=True,
                ),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print JSON: each tile's points and the total")),
        ),
        Command(
            "supertrain lineup",
            Params(
                Param(
                    "hand",
                    "text",
                    "The hand's tiles: 12-5, 3-Train, A-Train … (at most 25)",
                    metavar="HAND",
                    argument=True,
                    required=True,
                ),
                Param("engine", "text", "The round's engine: 12 … 0, or Train", default="12", metavar="ENGINE"),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print JSON: the line and the extras")),
        ),
        Command(
            "supertrain can-play",
            Params(
                Param("end", "text", "The exposed end: 0 to 12, Train, or a Letter", metavar="END", required=True),
                Param("tile", "text", "The tile: 12-5, 3-Train, A-Train …", metavar="TILE", required=True),
                Param("double_open", "bool", "The end is an open double", default=False),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print JSON: each way round, allowed or not, and why")),
        ),
        Command(
            "amtrak score",
            Params(
                Param(
                    "train",
                    "text",
                    "The cars as TIE/RAIL: A 2 … 10 J Q K, JK a Joker",
                    metavar="TRAIN",
                    argument=True,
                    required=True,
                ),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print JSON instead of aligned columns")),
        ),
        Command(
            "amtrak compare",
            Params(
                Param(
                    "trains",
                    "list",
                    "Two or more trains, each one quoted",
                    metavar="TRAIN...",
                    argument=True,
                    required=True,
                ),
            ),  # fmt: skip
            extra=Params(JSON.but(help="Print JSON instead of aligned columns")),
        ),
        Command(
            "train can-play",
            Params(
                Param(
                    "play",
                    "text",
                    "The cards laid at once: 7, J,8,J, 2,3,4,5,6",
                    metavar="PLAY",
                    argument=True,
                    required=True,
                ),
                Param("on", "text", "The top card it goes on, or start", metavar="CARD", required=True),
                Param(
                    "where",
                    "choice",
                    "central, pile or closed (a closed pile, reopening)",
                    default="central",
                    choices=("central", "pile", "closed"),
                    metavar="WHERE",
                ),
                Param("hand", "text", "The player's whole hand", metavar="CARDS"),
                Param("open_piles", "int", "Piles open now, this one included", low=1, metavar="N"),
            ),  # fmt: skip
        ),
    )
}
