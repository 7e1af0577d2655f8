"""A written folder as a whole: every file and folder in it that its product does not write for
the pack its manifest describes (hidden ones and empty folders too, an operating system's
litter aside) is named, as is a manifest from another cardgen version (whose files cannot be
compared byte for byte with this one's).
Exports (``png/``, ``tts/``) are left to ``proof.exports``, which knows their files, and a print
service's folder (``thegamecrafter/`` …) to ``proof.services``.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from pathlib import Path
from typing import Any

from cardgen import __version__
from cardgen.files import is_litter
from cardgen.manifest import MANIFEST
from cardgen.presets import PRESETS
from cardgen.rules.shared import Violation, capped
from cardgen.units import shown

# checked file by file by proof.exports, and a print service's folder by proof.services
EXPORTS = ("png", "tts", *(p.folder for p in PRESETS.values() if p.files))
MARKER = ".cardgen.json"  # (write.staging's marker: proof does not import write)


def stray_files(folder: Path, expected: Collection[str]) -> list[Violation]:
    """A violation for each file or folder in ``folder`` that is not in ``expected`` (paths
    relative to it, with /), nor a folder holding such files, nor the marker, nor what an
    operating system drops into folders (``files.is_litter``: a note, not a fault) or a folder
    holding only that."""
    wanted = set(expected) | {MARKER}
    parents = {p.as_posix() for rel in wanted for p in Path(rel).parents if p != Path(".")}
    out: list[Violation] = []
    for top, dirs, files in os.walk(folder):
        here = Path(os.path.relpath(top, folder))
        if here == Path("."):
            dirs[:] = [d for d in dirs if d not in EXPORTS]
        links = [d for d in dirs if os.path.islink(os.path.join(top, d))]
        dirs[:] = sorted(d for d in dirs if d not in links)
        for name in sorted(files + links):
            rel = (here / name).as_posix()
            link = os.path.islink(os.path.join(top, name))
            if is_litter(name) and not link:
                continue
            if rel not in wanted or link:
                out.append(Violation("files", f"{shown(rel)} is not a file cardgen writes"))
        for d in list(dirs):
            rel = (here / d).as_posix()
            if rel not in parents and not _only_litter(Path(top) / d):
                out.append(Violation("files", f"{shown(rel + '/')} is not a folder cardgen makes"))
                dirs.remove(d)
    return capped(out, 20, lambda k, _: Violation("files", f"and {k} more files cardgen does not write"))


def _only_litter(folder: Path) -> bool:
    """Whether ``folder`` holds files, and only what operating systems drop into folders."""
    found = False
    for top, dirs, files in os.walk(folder):
        if any(os.path.islink(os.path.join(top, d)) for d in dirs):
            return False
        for name in files:
            if not is_litter(name) or os.path.islink(os.path.join(top, name)):
                return False
            found = True
    return found


def version_problems(data: dict[str, Any]) -> list[Violation]:
    """A folder from another cardgen version (or none recorded) cannot be compared byte for
    byte with what this version writes: that is a finding in itself, whatever else holds."""
    version = data.get("cardgen_version")
    if version == __version__:
        return []
    said = f"records cardgen {shown(str(version), 20)}" if version is not None else "records no cardgen_version"
    return [
        Violation(
            "files",
            f"{MANIFEST} {said}, not this cardgen {__version__}: its files are not compared byte for byte "
            "with what this version writes",
        )
    ]
