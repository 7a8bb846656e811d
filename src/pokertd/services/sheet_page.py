"""The printed sheets' page (issue 22; the data: :mod:`.sheets`): a standalone HTML page each
(its stylesheet inside, no outside file), sized for A4 or US Letter by CSS ``@page``, nothing
cut across two pages. Both edges print the same page: the console
(:mod:`pokertd.web.sheets`) and the command line (``pokertd sheet``).
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape

__all__ = ["PAPERS", "paper_size", "render_sheet"]

#: The paper sizes: the name given (``?paper=``, ``--paper``) -> CSS ``@page`` size, and the
#: width the page takes on a screen.
PAPERS = {"a4": ("A4", "210mm"), "letter": ("letter", "8.5in")}

_ENV = Environment(loader=FileSystemLoader(Path(__file__).resolve().parent / "templates"),
                   autoescape=select_autoescape(["html"]), keep_trailing_newline=True)
_ENV.filters["num"] = lambda n: f"{n:,}" if isinstance(n, int) else ("" if n is None else n)


def paper_size(paper: str) -> str:
    """The CSS page size of ``paper`` (a4 or letter, in any case); a ValueError names both."""
    key = paper.strip().lower()
    if key not in PAPERS:
        raise ValueError(f"paper {paper!r} is not a paper size here: a4 or letter (US Letter)")
    return key


def render_sheet(data: dict[str, object], paper: str, printed: float) -> str:
    """The page of a sheet's ``data`` (:func:`pokertd.services.sheets.sheet`) for ``paper``;
    ``printed``: the time shown as printed (seconds since the epoch, the local time)."""
    key = paper_size(paper)
    size, width = PAPERS[key]
    return _ENV.get_template("sheets/sheet.html").render(
        s=data, paper=key, page_size=size, screen_width=width,
        printed=datetime.fromtimestamp(printed).strftime("%Y-%m-%d %H:%M"))
