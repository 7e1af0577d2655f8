"""Reading a theme file (``--theme FILE``, TOML) into a ``layout.theme.Theme``, strictly:
an unknown key, a colour that is not one, a value of the wrong kind or a file that is not
there is one line naming the key. A theme is recorded in ``pack.json`` (``theme_record``)
so that ``cardgen check`` can draw the cards again as they were built.

``--theme plain`` names the built-in plain theme (``layout.theme.PLAIN``: no track, train or logo
on the faces, the plain back) without a file: a bare name is a built-in theme, a theme file's
name has a dot or a slash in it.

A theme file::

    title = "Family night"      # on every card, unless --title gives one
    logo = "locomotive"         # or "none", or a picture file: "art/logo.png" (PNG, JPEG or SVG)
    back = "train"              # or "plain", or a picture file: "art/back.jpg"
    art = "railway"             # the faces' track and train; "plain": type and boxes alone
    font = "fonts/Mine.ttf"     # titles and the backs' words in a TrueType font of one's own
    bold_font = "fonts/Mine-Bold.ttf"  # its bold face (the backs' name); else the regular one

    [colours.one]               # pattern one, two or three; "2d" for all 2D cards,
    accent = "#0b6e4f"          # or a 2D category such as "row-swap"; "deck" for the playing cards
    tint = "#e3f1ea"
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

from cardgen.errors import CardgenError
from cardgen.files import not_a_file, read_file, show_path
from cardgen.layout.theme import ARTS, BACKS, BUILT_IN, LOGOS, Colours, Picture, Theme, parse_colour
from cardgen.options import PrintArgs, PrintOptions
from cardgen.rules.got.grid_packs import PACK_CATEGORIES
from cardgen.themes.contrast import check_contrast
from cardgen.themes.pictures import load_picture, with_turned
from cardgen.themes.typeface import load_typeface
from cardgen.units import clean_title

MAX_THEME_BYTES = 64 * 1024
PICTURES = "theme"  # the folder of a pack that holds copies of its theme's pictures
LONGEST = {"logo": 800, "back": 2400}  # pixels: a bigger picture is scaled down to this (past 300 dpi)
_RECORDED = re.compile(rf"(logo|back):{PICTURES}/\1\.(png|jpg)")
PATTERNS = ("one", "two", "three")
TOP = ("title", "logo", "back", "art", "font", "bold_font", "colours")


def colour_keys() -> tuple[str, ...]:
    """What ``[colours.KEY]`` may name: the patterns, ``2d``, every 2D category (cardgen's
    ``number`` too), ``wild``, the wild cards, and ``deck``, the playing cards (``cardgen deck``)."""
    return (*PATTERNS, "2d", *PACK_CATEGORIES, "wild", "deck")


def theme_name(path: Path) -> str:
    """The theme's name in folder names: the file's stem in plain lower-case letters and digits.

    >>> theme_name(Path("themes/Night Train!.toml"))
    'night-train'
    """
    return re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")[:30] or "theme"


def load_theme(path: Path) -> Theme:
    """The theme in ``path``, checked key by key; files it names are looked for beside it."""
    raw = read_file(path, limit=MAX_THEME_BYTES, what="theme")
    where = f"theme {show_path(path)}"
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise CardgenError(f"{where}: not a TOML file ({e})") from None
    except RecursionError:
        raise CardgenError(f"{where}: not a TOML file cardgen reads (nested too deeply)") from None
    return parse_theme(data, where, name=theme_name(path), folder=path.parent)


def parse_print_args(args: PrintArgs) -> PrintOptions:
    """The print options ``args`` mean, with the theme it names (a built-in one, or a file) read."""
    return args.parse(theme_named(args.theme) if args.theme and args.theme.strip() else None)


def theme_named(name: str) -> Theme:
    """The built-in theme ``name`` (``plain``), or the theme in the file ``name`` names.

    >>> theme_named("plain").art, theme_named("plain").name
    ('plain', 'plain')
    >>> theme_named("fancy")
    Traceback (most recent call last):
    ...
    cardgen.errors.CardgenError: no built-in theme 'fancy': use plain, or name a theme file (themes/mine.toml)
    """
    if name in BUILT_IN:
        return BUILT_IN[name]
    if "." not in name and "/" not in name and "\\" not in name:
        raise CardgenError(
            f"no built-in theme {name!r}: use {', '.join(BUILT_IN)}, or name a theme file (themes/mine.toml)"
        )
    return load_theme(Path(name))


def parse_theme(data: Any, where: str, *, name: str = "", folder: Path | None = None) -> Theme:
    """``data`` (a theme file's tables, or a ``theme_record``) as a Theme; ``folder``: where
    the files a theme names are (None: a record, which names no files)."""
    if not isinstance(data, dict):
        raise CardgenError(f"{where}: not a table of keys")
    for key in data:
        if key not in TOP:
            hint = " (did you mean 'colours'?)" if key == "colors" else ""
            raise CardgenError(f"{where}: unknown key {key!r}{hint}: use {', '.join(TOP)}")
    title = _text(data, "title", where)
    try:
        title = clean_title(title)
    except CardgenError as e:
        raise CardgenError(f"{where}: title: {e}") from None
    logo, logo_picture = _choice(data, "logo", LOGOS, where, folder)
    back, back_picture = _choice(data, "back", BACKS, where, folder)
    art = _text(data, "art", where) or ARTS[0]
    if art not in ARTS:
        raise CardgenError(f"{where}: art {art!r} is not one of {', '.join(map(repr, ARTS))}")
    font, font_files = None, ("", "")
    if "bold_font" in data and "font" not in data:
        raise CardgenError(f"{where}: bold_font without font: name the regular face too")
    if "font" in data:
        regular = _file(data, "font", where, folder)
        bold = _file(data, "bold_font", where, folder) if "bold_font" in data else None
        font = load_typeface(regular, bold, where)
        font_files = (f"{PICTURES}/font.ttf", f"{PICTURES}/font-bold.ttf" if bold is not None else "")
    theme = Theme(
        name=name,
        colours=_colours(data.get("colours", {}), where),
        title=title,
        logo=logo,
        back=back,
        logo_picture=logo_picture,
        back_picture=back_picture,
        art=art,
        font=font,
        font_files=font_files,
    )
    check_contrast(theme, where)  # (after every key is read: a wrong key is named before a colour)
    return theme


def _text(data: dict[str, Any], key: str, where: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise CardgenError(f"{where}: {key} must be a string, not {value!r}")
    return value


def _choice(
    data: dict[str, Any], key: str, choices: tuple[str, ...], where: str, folder: Path | None
) -> tuple[str, Picture | None]:
    """One of ``choices``, or a picture file of one's own: (its name in the pack, the picture)."""
    value = _text(data, key, where)
    if key in data and not value.strip():
        raise CardgenError(
            f"{where}: {key} is empty: write one of {', '.join(map(repr, choices))}, or name a picture file"
        )
    value = value or choices[0]
    if value in choices:
        return value, None
    if folder is not None and ("." in value or "/" in value):
        picture = load_picture(_file(data, key, where, folder), LONGEST[key], f"{where}: {key}")
        if key == "logo":  # the faces are double-ended: the logo stands turned in their lower half
            picture = with_turned(picture)
        return f"{PICTURES}/{key}.{picture.kind.replace('jpeg', 'jpg')}", picture
    raise CardgenError(
        f"{where}: {key} {value!r} is not one of {', '.join(map(repr, choices))}, nor a picture file (PNG, JPEG, SVG)"
    )


def _file(data: dict[str, Any], key: str, where: str, folder: Path | None) -> Path:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise CardgenError(f"{where}: {key} must name a file")
    if folder is None:
        raise CardgenError(f"{where}: {key} names a file, which a record cannot hold")
    path = folder / value
    problem = not_a_file(path, doing=f"read {key} {value!r}")  # (never opened here: a FIFO would wait)
    if problem == "no such file":
        raise CardgenError(f"{where}: {key}: no such file {value!r} (looked for {path})")
    if problem:
        raise CardgenError(f"{where}: {key} {value!r}: {problem}")
    return path


def _colours(table: Any, where: str) -> tuple[tuple[str, Colours], ...]:
    if not isinstance(table, dict):
        raise CardgenError(f"{where}: colours must be tables, written [colours.one]")
    allowed = colour_keys()
    out = []
    for key, value in table.items():
        if key not in allowed:
            raise CardgenError(
                f"{where}: unknown key 'colours.{key}': use a pattern (one, two, three), 2d, a 2D category or deck"
            )
        if not isinstance(value, dict):
            raise CardgenError(f"{where}: colours.{key} must be a table with accent and tint")
        found: dict[str, str] = {}
        for part, colour in value.items():
            if part not in ("accent", "tint"):
                raise CardgenError(f"{where}: unknown key 'colours.{key}.{part}': use accent, tint")
            if not isinstance(colour, str):
                raise CardgenError(f'{where}: colours.{key}.{part} must be a string such as "#1f4e79"')
            try:
                found[part] = parse_colour(colour)
            except ValueError as e:
                raise CardgenError(f"{where}: colours.{key}.{part} {e}") from None
        out.append((key, Colours(found.get("accent"), found.get("tint"))))
    return tuple(sorted(out))


def theme_record(theme: Theme) -> dict[str, Any]:
    """The theme as ``pack.json`` records it (everything but its name, which is in the folder's).

    >>> theme_record(Theme(colours=(("one", Colours(accent="#123456")),)))
    {'title': '', 'logo': 'none', 'back': 'train', 'colours': {'one': {'accent': '#123456'}}}
    """
    colours = {
        key: {part: value for part, value in (("accent", c.accent), ("tint", c.tint)) if value}
        for key, c in theme.colours
    }
    record: dict[str, Any] = {"title": theme.title, "logo": theme.logo, "back": theme.back, "colours": colours}
    if theme.art != ARTS[0]:  # (recorded only when not the default, so other packs' records stay as they were)
        record["art"] = theme.art
    for key, name in zip(("font", "bold_font"), theme.font_files):
        if name:  # (recorded only when there is one, so other packs' records stay as they were)
            record[key] = name
    return record


def theme_from_manifest(data: dict[str, Any], folder: Path) -> Theme | None:
    """The theme a (validated) manifest of the pack in ``folder`` records, or None. Its
    pictures are the pack's own copies (``theme/back.png`` …), and only those."""
    record = data.get("theme")
    if record is None:
        return None
    if isinstance(record, dict):
        for key in ("logo", "back"):
            value = record.get(key)
            if isinstance(value, str) and "." in value and not _RECORDED.fullmatch(f"{key}:{value}"):
                raise CardgenError(f"pack.json: theme: {key} {value!r} is not a picture a pack holds")
        for key, name in (("font", "font.ttf"), ("bold_font", "font-bold.ttf")):
            if key in record and record[key] != f"{PICTURES}/{name}":
                raise CardgenError(f"pack.json: theme: {key} {record[key]!r} is not a font a pack holds")
    return parse_theme(record, "pack.json: theme", folder=folder)


def picture_files(theme: Theme) -> dict[str, bytes]:
    """The pack's copies of a theme's pictures and font files: file name in the pack -> bytes."""
    pictures = ((theme.logo, theme.logo_picture), (theme.back, theme.back_picture))
    files = {name: picture.data for name, picture in pictures if picture is not None}
    if theme.font is not None:
        for name, data in zip(theme.font_files, theme.font.files):
            if name:
                files[name] = data
    return files
