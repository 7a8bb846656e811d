"""The TOML subset that PHH files use, read without ``tomllib``.

A PHH file is a list of ``key = value`` statements, one per line, with ``#`` comments and
blank lines between them. A value is a string (``'literal'`` or ``"basic"``, the basic one
with TOML's escapes), an integer, a decimal number (``10387.5``, ``1e3``), ``true`` or
``false``, or an array of values, which may span lines and hold comments. Keys are bare
(letters, digits, ``_`` and ``-``). That is every construct of the PHH standard's fields and
of the dataset's files; what PHH does not use (tables, inline tables, dotted or quoted keys,
multi-line strings, dates, ``inf``/``nan``, hexadecimal or ``_``-grouped numbers) is refused
with :class:`PHHError` naming the line, never guessed at. On what it accepts the reader gives
the same values as ``tomllib.loads`` (a test checks every file of the dataset and random
documents).

PHH writers write each field plainly on one line (``key = value``, array items separated by
``, ``), and such a document is read line by line with string splitting and C-level scans.
A document with anything else (a comment, a blank line, an array over several lines, an
escape, a duplicate key) is read by the character-level parser, which decides everything the
subset allows and names the line of any refusal.
"""

from __future__ import annotations

import json
import json.scanner
import re
from typing import Any

__all__ = ["PHHError", "loads"]


class PHHError(ValueError):
    """A PHH file the engine cannot read or replay.

    ``line`` is the 1-based line at fault in the file's text, ``action`` the 0-based index
    of the action at fault (each ``None`` when it does not apply).
    """

    def __init__(self, message: str, action: int | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.action = action
        self.line = line


# TOML forbids the control characters except tab in strings and comments.
_TEXT = r"[^\x00-\x08\x0a-\x1f\x7f{0}]"
_LIT = _TEXT.format("'")
_BAS = _TEXT.format(r'"\\')
_ESC = r'\\(?:[btnfr"\\]|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})'
_COMMENT = r"#" + _TEXT.format("") + "*"
_INT = r"[+-]?(?:0|[1-9][0-9]*)"
_FLOAT = _INT + r"(?:\.[0-9]+(?:[eE][+-]?[0-9]+)?|[eE][+-]?[0-9]+)"
_NUM = _INT + r"(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?"
_KEY = r"[A-Za-z0-9_-]+"
_END = r"[ \t]*(?:" + _COMMENT + r")?(?:\r?\n|\Z)"


# The fast path: a line written as `key = value`, the way PHH writers write it.
_PLAIN_LINE = re.compile("^(" + _KEY + ") = (.*)$", re.MULTILINE)
_INT_TEXT = re.compile(_INT)
_FLOAT_TEXT = re.compile(_FLOAT)
# An array of numbers only: TOML's numbers without a `+` are JSON's, which the C scanner of
# `json` reads (the character check keeps out JSON's `null`, objects, strings and NaN).
_NUMBER_CHARS = re.compile(r"[0-9, .eE-]*")
_scan_json = json.scanner.make_scanner(json.JSONDecoder())
# Characters TOML allows nowhere but as a line's end (\r only before \n): their presence
# sends the whole document to the character-level parser, which names the line.
_ILLEGAL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_LEGAL_BYTES = bytes([9, 10, *range(32, 127), *range(128, 256)])

# The character-level parser's pieces.
_SKIP = re.compile(r"(?:[ \t]*(?:" + _COMMENT + r")?(?:\r?\n|\Z))*[ \t]*")   # blank and comment lines
_STATEMENT_KEY = re.compile(r"(" + _KEY + r")[ \t]*=[ \t]*")
_AFTER = re.compile(_END)
_LIT_STR = re.compile(r"'(" + _LIT + r"*)'")
_BAS_STR = re.compile(r'"((?:' + _BAS + "|" + _ESC + r')*)"')
_ESCAPE = re.compile(_ESC)
_NUMBER = re.compile(r"(" + _NUM + r")(?=[ \t\r\n,\]#]|\Z)")
_BOOL = re.compile(r"(true|false)(?=[ \t\r\n,\]#]|\Z)")
_ARRAY_GAP = re.compile(r"(?:[ \t\n]|\r\n|" + _COMMENT + r")*")       # inside an array
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\"}


def loads(text: str, source: str | None = None) -> dict[str, Any]:
    """The fields of a PHH document; ``source`` (a file name) prefixes error messages."""
    if "\r" in text:
        text = text.replace("\r\n", "\n")     # a lone \r stays, and is refused
    if not (text.encode().translate(None, _LEGAL_BYTES) if text.isascii()
            else _ILLEGAL.search(text) is not None):
        pairs = _PLAIN_LINE.findall(text)
        if len(pairs) == text.count("\n") + (not text.endswith("\n")):
            out = {key: _fast_value(raw) for key, raw in pairs}
            if len(out) == len(pairs) and all(v is not _NO_VALUE for v in out.values()):
                return out
    # A line not written plainly, a duplicate key or a character TOML forbids: the
    # character-level parser reads the document again and names the line at fault.
    return _parse(text, 0, {}, source)


_NO_VALUE: Any = object()


# Arrays read before, by their text: files of one game repeat their forced bets, stacks and
# players. Items are strings and numbers (no nested arrays here), so a copy of the list is
# a fresh value.
_ARRAYS: dict[str, list[Any]] = {}


def _fast_value(raw: str) -> Any:
    """The value of a one-line ``raw`` written plainly (no comment, no trailing blank, array
    items separated by ``, ``), else ``_NO_VALUE`` for the character-level parser to decide.
    The document holds no control characters (checked before)."""
    c = raw[:1]
    if c == "[":
        known = _ARRAYS.get(raw)
        if known is not None:
            return known[:]
        value = _fast_array(raw)
        if value is not _NO_VALUE:
            if len(_ARRAYS) >= 4096:
                _ARRAYS.clear()
            _ARRAYS[raw] = value[:]
        return value
    if c == "'" or c == '"':
        if len(raw) < 2 or raw[-1] != c or raw.count(c) != 2 or (c == '"' and "\\" in raw):
            return _NO_VALUE
        return raw[1:-1]
    if _INT_TEXT.fullmatch(raw) and len(raw) < 100:
        return int(raw)
    if raw == "true":
        return True
    if raw == "false":
        return False
    if _FLOAT_TEXT.fullmatch(raw):
        return float(raw)
    return _NO_VALUE


def _fast_array(raw: str) -> Any:
    """:func:`_fast_value` of ``raw``, an array (``[...]``)."""
    if raw[-1:] != "]":
        return _NO_VALUE
    inner = raw[1:-1]
    c = inner[:1]
    if c == "'" or c == '"':
        items = inner[1:-1].split(c + ", " + c)
        if inner[-1:] != c or len(inner) < 2 or inner.count(c) != 2 * len(items) or (
                c == '"' and "\\" in inner):
            return _NO_VALUE
        return items
    if _NUMBER_CHARS.fullmatch(inner):
        try:
            value, stop = _scan_json(raw, 0)
        except (StopIteration, ValueError):
            return _NO_VALUE
        return value if stop == len(raw) else _NO_VALUE
    return _NO_VALUE


def _parse(text: str, pos: int, out: dict[str, Any], source: str | None) -> dict[str, Any]:
    """The character-level parser, from ``pos`` on, adding to ``out``."""
    end = len(text)
    while True:
        pos = _SKIP.match(text, pos).end()  # type: ignore[union-attr]
        if pos >= end:
            return out
        start = pos
        key, value, pos = _statement(text, pos, source)
        if key in out:
            raise _error(text, start, source, f"duplicate key {key!r}")
        out[key] = value


def _error(text: str, pos: int, source: str | None, message: str) -> PHHError:
    line = text.count("\n", 0, pos) + 1
    where = f"{source}: " if source else ""
    return PHHError(f"{where}line {line}: {message}", line=line)


def _statement(text: str, pos: int, source: str | None) -> tuple[str, Any, int]:
    m = _STATEMENT_KEY.match(text, pos)
    if m is None:
        raise _error(text, pos, source, _what_instead(text, pos))
    value, pos = _value(text, m.end(), source)
    after = _AFTER.match(text, pos)
    if after is None:
        while text[pos] in " \t":
            pos += 1
        raise _error(text, pos, source, f"unexpected {_snippet(text, pos)} after the value of "
                     f"{m.group(1)!r}: one key = value per line")
    return m.group(1), value, after.end()


def _what_instead(text: str, pos: int) -> str:
    """Why the text at ``pos`` is not a ``key = value`` statement."""
    c = text[pos]
    if c == "[":
        return "tables ([name]) are not part of PHH: expected key = value"
    if c in "\"'":
        return "quoted keys are not part of PHH: expected a bare key (letters, digits, _ and -)"
    m = re.compile(_KEY + r"[ \t]*").match(text, pos)
    if m is not None and text.startswith(".", m.end()):
        return "dotted keys are not part of PHH: expected key = value"
    if m is not None:
        return f"expected '=' after the key {text[pos:m.end()].strip()!r}"
    return f"expected key = value, not {_snippet(text, pos)}"


def _snippet(text: str, pos: int) -> str:
    line = text[pos:].split("\n", 1)[0]
    return repr(line[:20] + ("..." if len(line) > 20 else "")) if line else "the end of the line"


def _value(text: str, pos: int, source: str | None) -> tuple[Any, int]:
    c = text[pos:pos + 1]
    if c == "'":
        if text.startswith("'''", pos):
            raise _error(text, pos, source, "multi-line strings (''') are not part of PHH")
        m = _LIT_STR.match(text, pos)
        if m is None:
            raise _error(text, pos, source, _bad_string(text, pos, "'"))
        return m.group(1), m.end()
    if c == '"':
        if text.startswith('"""', pos):
            raise _error(text, pos, source, 'multi-line strings (""") are not part of PHH')
        m = _BAS_STR.match(text, pos)
        if m is None:
            raise _error(text, pos, source, _bad_string(text, pos, '"'))
        raw = m.group(1)
        if "\\" in raw:
            raw = _unescape(text, m.start(1), raw, source)
        return raw, m.end()
    if c == "[":
        return _array(text, pos, source)
    if c == "{":
        raise _error(text, pos, source, "inline tables ({...}) are not part of PHH")
    m = _NUMBER.match(text, pos)
    if m is not None:
        raw = m.group(1)
        if "." in raw or "e" in raw or "E" in raw:
            return float(raw), m.end()
        try:
            return int(raw), m.end()
        except ValueError:                 # beyond Python's limit on digits converted
            raise _error(text, pos, source, f"an integer of {len(raw)} digits is too long") from None
    m = _BOOL.match(text, pos)
    if m is not None:
        return m.group(1) == "true", m.end()
    if c in ("", "\n", "\r", "#"):
        raise _error(text, pos, source, "missing value after '='")
    raise _error(text, pos, source, f"bad value {_snippet(text, pos)}: PHH values are strings, "
                 "integers, decimal numbers, true or false, and arrays of them")


def _bad_string(text: str, pos: int, quote: str) -> str:
    """Why the string opened at ``pos`` does not end: no closing quote on its line, a control
    character, or a bad escape."""
    i = pos + 1
    while i < len(text):
        ch = text[i]
        if ch == quote:
            break
        if ch == "\n" or (ch == "\r" and text.startswith("\n", i + 1)):
            return f"unterminated string (no closing {quote} on the line)"
        if ch == "\\" and quote == '"':
            if _ESCAPE.match(text, i) is None:
                return f"bad escape {text[i:i + 2]!r} in a string (TOML: \\b \\t \\n \\f \\r \\\" " \
                       "\\\\ \\uXXXX \\UXXXXXXXX)"
            i += 2
            continue
        if ch != "\t" and (ch < " " or ch == "\x7f"):
            return f"control character {ch!r} in a string"
        i += 1
    return f"unterminated string (no closing {quote})"


def _unescape(text: str, at: int, raw: str, source: str | None) -> str:
    def one(m: re.Match[str]) -> str:
        e = m.group(0)
        if e[1] in "uU":
            code = int(e[2:], 16)
            if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
                raise _error(text, at + m.start(), source,
                             f"escape {e} is not a Unicode scalar value")
            return chr(code)
        return _ESCAPES[e[1]]
    return _ESCAPE.sub(one, raw)


def _array(text: str, pos: int, source: str | None) -> tuple[list[Any], int]:
    opened = pos
    items: list[Any] = []
    pos = _ARRAY_GAP.match(text, pos + 1).end()
    while True:
        if pos >= len(text):
            raise _error(text, opened, source, "unterminated array (no closing ])")
        if text[pos] == "]":
            return items, pos + 1
        if text[pos] == ",":
            raise _error(text, pos, source, "missing value before ',' in the array")
        value, pos = _value(text, pos, source)
        items.append(value)
        pos = _ARRAY_GAP.match(text, pos).end()
        if pos >= len(text):
            raise _error(text, opened, source, "unterminated array (no closing ])")
        if text[pos] == ",":
            pos = _ARRAY_GAP.match(text, pos + 1).end()
        elif text[pos] != "]":
            raise _error(text, pos, source, f"expected ',' or ']' in the array, not "
                         f"{_snippet(text, pos)}")
