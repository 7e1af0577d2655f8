"""What a product's build wrote: the one result every ``build`` function returns
(``Product.build`` in ``products``), so that ``cardgen build`` (its summary and its index page) and the
commands (the lines they print) read named fields, whatever the product.

A product whose build says more (a deck's sheet plan, a handout's summary pages, a mat's size)
returns a subclass with those fields too.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path


@dataclass(kw_only=True)
class Built:
    """What a build wrote, and what whoever prints it needs to know."""

    folder: Path  # the folder written
    files: list[Path]  # every file written in it
    notes: list[str] = field(default_factory=list)  # what to know, a line each ("warning: …" first words warn)
    printing: str = ""  # how to print ``to_print`` (``impose.printing.how_to_print``)
    to_print: Path | None = None  # the file to print (the last line a command prints names it)
    upload: Path | None = None  # with a print service's preset: the file or folder to send it, instead
    service: str = ""  # that service's name
    cards: int = 0  # components written (cards, tiles, tokens); 0: a document
    noun: str = "cards"  # what ``cards`` counts
    sheets: int = 0  # sheets the components are imposed on (a deck's)
    pages: int = 0  # pages of a document (a mat, a form, a handout)
    title: str = ""  # its own title, as ``cardgen build``'s index names it ("": from the item's options)
    parts: list[Built] = field(default_factory=list)  # what it is made of (a kit's parts), each as its build said

    def moved(self, old: Path, new: Path) -> Built:
        """The same, its paths (and its parts') moved from under ``old`` to under ``new``: where a
        folder built in a staging folder is once that is swapped into place."""

        def there(path: Path) -> Path:
            return new / path.relative_to(old) if path.is_relative_to(old) else path

        return replace(
            self,
            folder=there(self.folder),
            files=[there(f) for f in self.files],
            to_print=there(self.to_print) if self.to_print is not None else None,
            upload=there(self.upload) if self.upload is not None else None,
            parts=[p.moved(old, new) for p in self.parts],
        )
