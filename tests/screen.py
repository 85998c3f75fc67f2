"""Reading what a test drew on a rich console: the rows of its tables, the text printed."""

from __future__ import annotations

from rich.console import Console


def rows(text: str) -> list[list[str]]:
    """The body rows of the rich tables drawn in ``text``, each a list of its cells."""
    return [[cell.strip() for cell in line.split("│")[1:-1]]
            for line in text.splitlines() if line.startswith("│")]  # fmt: skip


def printed(renderable: object, width: int = 150) -> str:
    """``renderable`` as plain text, drawn on a console ``width`` columns wide."""
    console = Console(record=True, width=width)
    console.print(renderable)
    return console.export_text()
