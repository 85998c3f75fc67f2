"""Writing a file whole: a kill, Ctrl-C or a full disk never leaves it half-written."""

from __future__ import annotations

import os
from pathlib import Path


def write_whole(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: to a temporary ``.NAME.part`` beside
    it, then renamed over it.  A device or pipe (/dev/null), which a rename would replace,
    is written to directly."""
    if path.exists() and not path.is_file():
        path.write_text(text, encoding="utf-8")
        return
    temporary = path.with_name(f".{path.name}.part")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)  # gone once renamed; else what was half-written
