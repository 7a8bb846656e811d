"""The commands' tables and lines, in plain text.

A short command (``tournament status``, ``payouts``, ``league standings``) prints a few lines
and boxed tables. Importing and running Rich for that cost about 40% of such a command's
time (issue 8: 0.2 s for a command that computes little), so this module draws the same
boxes itself: the look of Rich's default table (heavy head, title centred above), no markup
inside cells (a player called "[bold]" prints as he is named), ``[bold]...[/bold]`` in a
printed line, styles only on a terminal (and never under ``NO_COLOR``). Columns are never
shrunk or wrapped: a table piped to a file keeps every cell on its row.

``RichConsole`` is Rich's own console, for the demo's rules and the simulator's progress bar.
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any, TextIO

__all__ = ["Console", "RichConsole", "Table", "Text"]

# The style tags the commands use in a printed line; other brackets are text.
_TAG = re.compile(r"\[(/?)(bold|italic|dim)?\]")
_ANSI = {"bold": "\x1b[1m", "italic": "\x1b[3m", "dim": "\x1b[2m"}
_RESET = "\x1b[0m"


class Text(str):
    """Literal text (stands in for Rich's ``Text``): never read as markup."""

    __slots__ = ()


def _styled(stream: TextIO) -> bool:
    return "NO_COLOR" not in os.environ and hasattr(stream, "isatty") and stream.isatty()


def _markup(line: str, styled: bool) -> str:
    if isinstance(line, Text) or "[" not in line:
        return line
    if not styled:
        return _TAG.sub("", line)
    return _TAG.sub(lambda m: _RESET if m.group(1) else _ANSI[m.group(2) or "bold"], line)


class Table:
    """A boxed table of text: ``add_column(header, justify=)``, ``add_row(*cells)``."""

    def __init__(self, title: str | None = None) -> None:
        self.title = title
        self.columns: list[tuple[str, str]] = []
        self.rows: list[tuple[str, ...]] = []

    def add_column(self, header: str, justify: str = "left") -> None:
        if justify not in ("left", "right"):
            raise ValueError(f"justify must be 'left' or 'right', not {justify!r}")
        self.columns.append((str(header), justify))

    def add_row(self, *cells: Any) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(self.columns)} columns")
        self.rows.append(tuple(str(c) for c in cells))

    def lines(self, styled: bool = False) -> list[str]:
        widths = [len(h) for h, _ in self.columns]
        for row in self.rows:
            for i, cell in enumerate(row):
                if len(cell) > widths[i]:
                    widths[i] = len(cell)

        def cells(values: tuple[str, ...], left: str, mid: str, right: str,
                  style: str = "") -> str:
            out = []
            for (_, justify), w, v in zip(self.columns, widths, values):
                text = v.ljust(w) if justify == "left" else v.rjust(w)
                out.append(f" {style}{text}{_RESET if style else ''} ")
            return left + mid.join(out) + right

        def rule(left: str, fill: str, mid: str, right: str) -> str:
            return left + mid.join(fill * (w + 2) for w in widths) + right

        bold = _ANSI["bold"] if styled else ""
        lines = []
        width = sum(widths) + 3 * len(widths) + 1
        if self.title:
            title = str(self.title).center(width)
            lines.append(f"{_ANSI['italic']}{title}{_RESET}" if styled else title)
        lines.append(rule("┏", "━", "┳", "┓"))
        lines.append(cells(tuple(h for h, _ in self.columns), "┃", "┃", "┃", bold))
        lines.append(rule("┡", "━", "╇", "┩"))
        lines.extend(cells(row, "│", "│", "│") for row in self.rows)
        lines.append(rule("└", "─", "┴", "┘"))
        return lines

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def __rich__(self) -> Any:
        # Printed by a Rich console (the demo): the same text.
        from rich.text import Text as RichText
        return RichText(str(self))


class Console:
    """Prints lines (``[bold]`` markup) and tables to stdout, or to stderr."""

    def __init__(self, stderr: bool = False, **_rich_options: Any) -> None:
        # Rich's options (highlight, soft_wrap) mean nothing here: no highlighting, no wrap.
        self.stderr = stderr

    def print(self, obj: Any = "", markup: bool = True) -> None:
        stream = sys.stderr if self.stderr else sys.stdout
        styled = _styled(stream)
        if isinstance(obj, Table):
            text = "\n".join(obj.lines(styled))
        elif markup:
            text = _markup(obj if isinstance(obj, str) else str(obj), styled)
        else:
            text = str(obj)
        stream.write(text + "\n")


def RichConsole(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - Rich's class, imported late
    from rich.console import Console as _RichConsole
    return _RichConsole(*args, **kwargs)
