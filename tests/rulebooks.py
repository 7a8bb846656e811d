"""The rulebooks' own words, found by the rule ids the code cites (tests/data/rules/README.md).

``section(rule_id)`` is the text of the cited rule, located by its number in the book's text:
``IFP 26`` (and its lettered items, ``IFP 64a``), ``IFP Appendix 1 ii``, ``WPA 33``, ``TDA 53-A``
(Rule 53 and its Addendum), ``TDA RP-5-B``, ``club 80.4``, ``irregularities 13 iii`` (the
irregularities sheet), ``irregularities (closing)``, ``Gananda: Betting 7``, ``Gananda: Holdem
Irregularities 3, 7`` (several numbers: their sections in turn). ``quote_stands`` checks that
quoted words stand in the section: whitespace, quotes and dashes normalised, ``...`` marking
words left out (the pieces must come in the book's order).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

BOOKS = Path(__file__).parent / "data" / "rules"

_FILES = {"IFP": "ifp-tournament-rules-2012.txt", "WPA": "wpa-tournament-rules.txt",
          "TDA": "tda-2024-rules.txt", "club": "club-rulebook-index-and-misdeals.txt",
          "irregularities": "holdem-dealing-irregularities.txt",
          "Gananda": "gananda-league-rules-2014-15.txt"}

#: Gananda's sections as the code names them -> (heading in the book, which occurrence).
_GANANDA = {"Misdeals": ("MISDEALS", 0), "Dead Hands": ("DEAD HANDS", 0),
            "Irregularities": ("IRREGULARITIES", 0), "Holdem Irregularities": ("IRREGULARITIES", 1),
            "Betting": ("BETTING AND RAISING", 0), "No Limit": ("NO LIMIT RULES", 0),
            "Showdown": ("THE SHOWDOWN", 0), "Ties": ("TIES", 0),
            "Blinds": ("RULES FOR USING BLINDS", 0), "Decision-Making": ("DECISION-MAKING", 0),
            "Procedures": ("PROCEDURES", 0)}


def normalise(text: str) -> str:
    """Curly quotes and apostrophes straight, dashes plain, whitespace single."""
    for a, b in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'),
                 ("\u2013", "-"), ("\u2014", "-"), ("\u2026", "..."), ("\u00a0", " ")):
        text = text.replace(a, b)
    return re.sub(r"\s+", " ", text).strip()


@cache
def book(name: str) -> str:
    return (BOOKS / _FILES[name]).read_text(encoding="utf-8")


def _lines(name: str) -> list[str]:
    return book(name).splitlines()


def _numbered(lines: list[str], n: int, pattern: str = r"{n}\.\s*") -> str:
    """Item ``n`` of a numbered list: from the line starting ``n.`` to the line starting
    ``n+1.`` (lists inside an item, lettered or numbered, stay in it), or the list's end."""
    start = next((i for i, l in enumerate(lines) if re.match(pattern.format(n=n), l)), None)
    if start is None:
        raise KeyError(f"no item {n}")
    end = next((i for i in range(start + 1, len(lines))
                if re.match(pattern.format(n=n + 1), lines[i])), len(lines))
    return "\n".join(lines[start:end])


def _item(text: str, marker: str, any_marker: str) -> str:
    """The lead of a rule (its lines before its first lettered item) and its item ``marker``
    (``c.``, ``B:``, ``iii)``): a lettered rule id is found in its own item."""
    lines = text.split("\n")
    items = [i for i, l in enumerate(lines) if re.match(any_marker, l.strip())]
    lead = lines[:items[0]] if items else lines
    start = next((i for i in items if lines[i].strip().startswith(marker)), None)
    if start is None:
        raise KeyError(f"no item {marker!r}")
    end = next((i for i in items if i > start), len(lines))
    return "\n".join(lead + lines[start:end])


def _ifp(ref: str) -> str:
    lines = _lines("IFP")
    m = re.fullmatch(r"Appendix 1 (i|ii|iii)\b.*", ref)
    if m:
        heads = ["i. Board Errors", "ii. Board Errors", "iii. Board Errors", "ACKNOWLEDGEMENTS"]
        at = [next(i for i, l in enumerate(lines) if l.startswith(h)) for h in heads]
        k = ("i", "ii", "iii").index(m.group(1))
        return "\n".join(lines[at[k]:at[k + 1]])
    m = re.fullmatch(r"(\d+)([a-z])?", ref)
    text = _numbered(lines, int(m.group(1)), r"{n}\. [A-Z]")
    return _item(text, m.group(2) + ".", r"[a-z]\. ") if m.group(2) else text


def _wpa(ref: str) -> str:
    n = int(re.match(r"(\d+)", ref).group(1))
    return _numbered(_lines("WPA"), n, r"{n}\.[A-Z]")


def _tda(ref: str) -> str:
    """Rule N with every Addendum to Rule N; RP-N alone."""
    lines = _lines("TDA")
    heads = [i for i, l in enumerate(lines)
             if re.match(r"(Rule \d+|RP-\d+|Addendum) — ", l)] + [len(lines)]
    m = re.match(r"RP-(\d+)(?:-([A-Z]))?", ref)
    if m:
        want = [f"RP-{m.group(1)} — "]
        addenda = []
    else:
        m = re.match(r"(\d+)(?:-([A-Z]))?", ref)
        n = m.group(1)
        want = [f"Rule {n} — "]
        addenda = [rf"\[Addendum Rule {n}(-{m.group(2) or '[A-Z]'})?\]"]
    letter = m.group(2)
    out = []
    for a, b in zip(heads, heads[1:]):
        block = lines[a:b]
        if any(lines[a].startswith(w) for w in want):
            text = "\n".join(block)
            if letter and re.search(r"^[A-Z]: ", text, re.M):     # lettered paragraphs
                text = _item(text, letter + ":", r"[A-Z]: ")
            out.append(text)
        elif addenda and len(block) > 1 and any(re.fullmatch(p, block[1]) for p in addenda):
            out.append("\n".join(block))
    if not out:
        raise KeyError(ref)
    return "\n".join(out)


def _club(ref: str) -> str:
    lines = _lines("club")
    m = re.fullmatch(r"80\.(\d)", ref)
    if not m:
        raise KeyError(ref)
    k = int(m.group(1))
    start = lines.index(f"- 80.{k}")
    end = next((i for i, l in enumerate(lines) if l == f"- 80.{k + 1}"), len(lines))
    return "\n".join(lines[start:end])


def _irregularities(ref: str) -> str:
    lines = _lines("irregularities")
    closing = next(i for i, l in enumerate(lines) if l.startswith("At times a situation"))
    if ref.startswith("(closing)"):
        return "\n".join(lines[closing:])
    m = re.fullmatch(r"(\d+)(?: (i|ii|iii|iv|v))?", ref)
    text = _numbered(lines[:closing], int(m.group(1)))
    return _item(text, m.group(2) + ")", r"(i|ii|iii|iv|v)\)") if m.group(2) else text


def _gananda(ref: str) -> str:
    m = re.fullmatch(r"([A-Za-z -]+?) (\d+)([a-z])?", ref)
    if not m or m.group(1) not in _GANANDA:
        raise KeyError(ref)
    heading, which = _GANANDA[m.group(1)]
    lines = _lines("Gananda")
    at = [i for i, l in enumerate(lines) if l == heading][which]
    end = next((i for i in range(at + 1, len(lines))
                if re.fullmatch(r"[A-Z][A-Z /'-]+", lines[i])), len(lines))
    text = _numbered(lines[at + 1:end], int(m.group(2)))
    return _item(text, m.group(3) + ".", r"[a-z]\. ") if m.group(3) else text


_FINDERS = {"IFP": _ifp, "WPA": _wpa, "TDA": _tda, "club": _club,
            "irregularities": _irregularities, "Gananda:": _gananda}


def section(rule: str) -> str:
    """The words of ``rule`` (one rule id, or several numbers of one book: ``irregularities 3,
    7``); KeyError when the book has no such rule."""
    rule = re.sub(r"\s*\(situation \d\)", "", rule)
    rule = re.sub(r" \(with TDA ([\w-]+)\)", r", \1", rule)
    rule = re.sub(r" Addendum example \d+", "", rule)
    head, _, rest = rule.partition(" ")
    if head not in _FINDERS:
        raise KeyError(f"no book for {rule!r}")
    parts = [p.strip() for p in rest.split(",")]
    if head == "Gananda:":
        name = re.match(r"([A-Za-z -]+?) \d", parts[0]).group(1)
        parts = [parts[0]] + [f"{name} {p}" for p in parts[1:]]
    return "\n".join(_FINDERS[head](p) for p in parts)


def quote_stands(rule: str, words: str) -> str | None:
    """None when ``words`` stand in the book under ``rule``; else what is missing."""
    try:
        text = normalise(section(rule))
    except KeyError as e:
        return f"{rule}: not found in its book ({e})"
    if len(normalise(words).replace("...", "").strip()) < 10:
        return f"{rule}: {words!r} quotes no words"
    at = 0
    for piece in normalise(words).split("..."):
        piece = piece.strip(" ;,")
        if not piece:
            continue
        pattern = "(?i:" + re.escape(piece[0]) + ")" + re.escape(piece[1:])
        m = re.compile(pattern).search(text, at)
        if m is None:
            return f"{rule}: {piece!r} is not in its words"
        at = m.end()
    return None
