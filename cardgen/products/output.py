"""Writing output safely: everything is staged in a temporary folder and only
moved into place once the whole build succeeded, file by file with os.replace,
so a failed command leaves no new file and a previous build stays intact.
Only the files this build writes are replaced; nothing else is deleted.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from types import TracebackType

from cardgen.errors import CardgenError


def existing_ancestor(path: Path) -> Path:
    """The nearest folder above (or at) ``path`` that exists; refuses a file in the way."""
    p = path.absolute()
    while not p.exists():
        p = p.parent
    if not p.is_dir():
        raise CardgenError(f"cannot write under {path}: {p} is a file, not a folder")
    return p


def check_writable(path: Path) -> Path:
    """Fail early, with one line, when ``path`` cannot become a folder we write into."""
    if path.exists() and not path.is_dir():
        raise CardgenError(f"cannot write to {path}: it is a file, not a folder")
    base = existing_ancestor(path)
    if not os.access(base, os.W_OK | os.X_OK):
        raise CardgenError(f"cannot write to {path}: folder {base} is not writable")
    return base


class Staging:
    """Collects files in a temporary folder beside the destination; ``commit`` moves them in."""

    def __init__(self, dest: Path) -> None:
        self.dest = dest
        base = check_writable(dest)
        try:
            self.tmp = Path(tempfile.mkdtemp(prefix=".cardgen-", dir=base))
        except OSError as e:
            raise CardgenError(f"cannot write to {dest}: {e.strerror}") from None
        self.files: list[str] = []

    def write(self, rel: str, data: bytes) -> None:
        target = self.tmp / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        self.files.append(rel)

    def commit(self) -> list[Path]:
        """Move every staged file into ``dest``, replacing older copies of the same names."""
        written: list[Path] = []
        try:
            for rel in sorted(self.files):
                final = self.dest / rel
                final.parent.mkdir(parents=True, exist_ok=True)
                os.replace(self.tmp / rel, final)
                written.append(final)
        except OSError as e:
            raise CardgenError(f"cannot write to {self.dest}: {e.strerror or e}") from None
        return written

    def __enter__(self) -> Staging:
        return self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)
