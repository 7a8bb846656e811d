"""The PHH reader (pokertd.formats.phh_reader): the TOML subset PHH files use.

It must give exactly what ``tomllib`` gives on every PHH file and on any document written
within the subset, and refuse what is outside it (or is not TOML) with a PHHError naming
the file and the line.
"""

from __future__ import annotations

import math
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokertd.formats import phh_reader
from pokertd.formats.phh import PHHError, find_files, load, loads

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "phh"
# The dataset's original beside the repository, when this checkout has one.
NEIGHBOUR = HERE.parents[1] / "shared" / "phh"
FOLDERS = [DATA] + ([NEIGHBOUR] if NEIGHBOUR.is_dir() else [])


def typed(value):
    """A value with its types spelled out, so that 1 and 1.0 and True differ, and -0.0 and
    0.0 differ."""
    if isinstance(value, dict):
        return {k: typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return ["list", [typed(v) for v in value]]
    if isinstance(value, float):
        return ["float", repr(value)]
    return [type(value).__name__, value]


def test_every_dataset_file_reads_as_tomllib_reads_it():
    files = [f for folder in FOLDERS for f in find_files([folder])]
    assert len(files) >= 576
    for f in files:
        text = f.read_text(encoding="utf-8")
        expected = typed(tomllib.loads(text))
        assert typed(load(f)) == expected, f
        # The character-level parser alone (what reads any line not written plainly)
        # agrees too, on the same real files.
        assert typed(phh_reader._parse(text, 0, {}, None)) == expected, f


def test_the_fast_path_does_not_import_tomllib():
    code = ("import sys; from pokertd.formats.phh import load, replay; "
            f"replay(load({str(DATA / 'pluribus' / '30' / '0.phh')!r})); "
            "print('tomllib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def refusal(text: str, tmp_path: Path) -> PHHError:
    """The PHHError of ``text`` read from a file: its message must name the file."""
    path = tmp_path / "hand.phh"
    path.write_bytes(text.encode("utf-8"))
    with pytest.raises(PHHError) as e:
        load(path)
    assert str(e.value).startswith(f"{path}: line {e.value.line}: "), str(e.value)
    return e.value


def tomllib_refuses(text: str) -> bool:
    try:
        tomllib.loads(text)
    except ValueError:                  # TOMLDecodeError, or an integer beyond the digit limit
        return True
    return False


HEAD = "variant = 'NT'\nantes = [0, 0]\n"


@pytest.mark.parametrize("text, line, message", [
    (HEAD + "players = ['Alice, 'Bob']\n", 3, "expected ',' or ']' in the array"),
    (HEAD + "event = 'WSOP\nyear = 2023\n", 3, "unterminated string (no closing ' on the line)"),
    (HEAD + 'event = "WSOP\n', 3, 'unterminated string (no closing " on the line)'),
    (HEAD + "event = 'WSOP", 3, "unterminated string (no closing ')"),
    (HEAD + "actions = [\n  'd dh p1 AsKs',\n  'd dh p2 QsQh',\n", 3, "unterminated array (no closing ])"),
    (HEAD + "actions = ['p1 f'\nyear = 2023\n", 4, "expected ',' or ']' in the array"),
    (HEAD + "min_bet = 2\n\n# again\nmin_bet = 4\n", 6, "duplicate key 'min_bet'"),
    (HEAD + "antes = [1, 1]\n", 3, "duplicate key 'antes'"),
    (HEAD + "min_bet = 02\n", 3, "bad value '02'"),
    (HEAD + "min_bet = 1.\n", 3, "bad value '1.'"),
    (HEAD + "min_bet = two\n", 3, "bad value 'two'"),
    (HEAD + "starting_stacks = [100, 1e]\n", 3, "bad value '1e]'"),
    (HEAD + "starting_stacks = [100,, 200]\n", 3, "missing value before ','"),
    (HEAD + "min_bet =\n", 3, "missing value after '='"),
    (HEAD + "min_bet = 2 2\n", 3, "unexpected '2' after the value of 'min_bet'"),
    (HEAD + 'event = "a \\q b"\n', 3, "bad escape '\\\\q' in a string"),
    (HEAD + 'event = "\\ud800"\n', 3, "escape \\ud800 is not a Unicode scalar value"),
    (HEAD + "event = 'tab\tok, bell \x07 not'\n", 3, "control character '\\x07' in a string"),
    (HEAD + "min_bet = 2\rmax = 3\n", 3, "unexpected '\\rmax = 3' after the value"),
    (HEAD + "min_bet 2\n", 3, "expected '=' after the key 'min_bet'"),
    (HEAD + "= 2\n", 3, "expected key = value, not '= 2'"),
    (HEAD + "hand = " + "9" * 5000 + "\n", 3, "an integer of 5000 digits is too long"),
])
def test_malformed_input_is_refused_naming_the_line(tmp_path, text, line, message):
    e = refusal(text, tmp_path)
    assert e.line == line and message in str(e), str(e)
    assert tomllib_refuses(text)


@pytest.mark.parametrize("text, line, message", [
    (HEAD + "[extra]\nnote = 'x'\n", 3, "tables ([name]) are not part of PHH"),
    (HEAD + "[[hands]]\n", 3, "tables ([name]) are not part of PHH"),
    (HEAD + "seat = {p1 = 'Alice'}\n", 3, "inline tables ({...}) are not part of PHH"),
    (HEAD + "user.note = 'x'\n", 3, "dotted keys are not part of PHH"),
    (HEAD + "'quoted' = 1\n", 3, "quoted keys are not part of PHH"),
    (HEAD + "note = '''a\nb'''\n", 3, "multi-line strings (''') are not part of PHH"),
    (HEAD + 'note = """a"""\n', 3, 'multi-line strings (""") are not part of PHH'),
    (HEAD + "date = 2023-06-22\n", 3, "bad value '2023-06-22'"),
    (HEAD + "rake = inf\n", 3, "bad value 'inf'"),
    (HEAD + "rake = 0x10\n", 3, "bad value '0x10'"),
    (HEAD + "min_bet = 1_000\n", 3, "bad value '1_000'"),
])
def test_toml_outside_the_phh_subset_is_refused_not_guessed(tmp_path, text, line, message):
    """tomllib reads these; PHH has no such constructs, so the reader refuses them."""
    e = refusal(text, tmp_path)
    assert e.line == line and message in str(e), str(e)
    assert not tomllib_refuses(text)


def test_a_file_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.phh"
    path.write_bytes("players = ['Jos\xe9']\n".encode("latin-1"))
    with pytest.raises(PHHError, match="not UTF-8"):
        load(path)


def test_windows_line_endings_read_the_same():
    text = (DATA / "televised" / "dwan-ivey-2009.phh").read_text(encoding="utf-8")
    assert loads(text.replace("\n", "\r\n")) == loads(text) == tomllib.loads(text)


# ------------------------------------------------------------------ random documents

_WS = st.sampled_from(["", " ", "  ", "\t"])
_SOME_WS = st.sampled_from([" ", "  ", "\t", " \t"])
_NL = st.sampled_from(["\n", "\r\n"])
# Text allowed in strings and comments: anything but the control characters (tab allowed).
_CONTROL = [*map(chr, range(0x00, 0x09)), *map(chr, range(0x0A, 0x20)), "\x7f"]


def _text(*also_not):
    return st.text(st.characters(blacklist_categories=["Cs"],
                                 blacklist_characters=_CONTROL + list(also_not)), max_size=12)


_TEXT = _text()
_COMMENT = _TEXT.map(lambda t: "#" + t)
_KEY = st.text("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-", min_size=1,
               max_size=8)
_DIGITS = st.integers(0, 10 ** 12).map(str)
_SIGN = st.sampled_from(["", "+", "-"])

integers = st.builds(lambda s, d: s + d, _SIGN, _DIGITS)
floats = st.builds(
    lambda s, i, frac, exp: s + i + frac + exp, _SIGN, _DIGITS,
    st.one_of(st.just(""), st.text("0123456789", min_size=1, max_size=4).map(lambda f: "." + f)),
    st.one_of(st.just(""), st.builds(lambda e, sign, d: e + sign + d, st.sampled_from("eE"), _SIGN,
                                     st.text("0123456789", min_size=1, max_size=3))),
).filter(lambda t: "." in t or "e" in t or "E" in t)
literal_strings = _text("'").map(lambda t: f"'{t}'")
_ESCAPES = st.sampled_from(["\\b", "\\t", "\\n", "\\f", "\\r", '\\"', "\\\\", "\\u00e9",
                            "\\U0001F0A1", "\\u0041"])
basic_strings = st.lists(st.one_of(_text('"', "\\"), _ESCAPES), max_size=4).map(lambda parts: '"' + "".join(parts) + '"')
scalars = st.one_of(integers, floats, literal_strings, basic_strings, st.sampled_from(["true", "false"]))


def _array(items, one_line):
    """An array of item texts: on one line, or spread over lines with comments between."""
    gap = _WS if one_line else st.one_of(_WS, st.builds(
        lambda w, c, nl, w2: w + c + nl + w2, _WS, st.one_of(st.just(""), _COMMENT), _NL, _WS))

    @st.composite
    def build(draw):
        texts = draw(st.lists(items, max_size=5))
        out = "[" + draw(gap)
        for k, v in enumerate(texts):
            out += v + draw(gap)
            if k < len(texts) - 1 or draw(st.booleans()):     # a trailing comma is allowed
                out += "," + draw(gap)
        return out + "]"
    return build()


values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=6).map(lambda texts: "[" + ", ".join(texts) + "]"),   # as written
    _array(inner, True), _array(inner, False)), max_leaves=12)


@st.composite
def documents(draw):
    keys = draw(st.lists(_KEY, unique=True, max_size=6))
    lines = []
    for key in keys:
        for _ in range(draw(st.integers(0, 2))):        # blank and comment lines between
            lines.append(draw(_WS) + draw(st.one_of(st.just(""), _COMMENT)))
        value = draw(values)
        plain = draw(st.booleans())
        if plain:                                       # the way PHH writers write
            lines.append(f"{key} = {value}")
        else:
            after = draw(st.one_of(st.just(""), st.builds(lambda w, c: w + c, _WS, _COMMENT)))
            lines.append(draw(_WS) + key + draw(_WS) + "=" + draw(_WS) + value + after)
    nl = draw(_NL)
    return nl.join(lines) + draw(st.sampled_from(["", nl]))


@settings(max_examples=200, deadline=None)
@given(documents())
def test_random_documents_in_the_subset_read_as_tomllib_reads_them(text):
    assert typed(loads(text)) == typed(tomllib.loads(text))


@settings(max_examples=100, deadline=None)
@given(documents(), st.integers(0, 10 ** 6), st.sampled_from(["'", '"', "[", "]", ",", "=", "\x01",
                                                               "{", ".", "\n", "x"]))
def test_a_broken_document_is_refused_where_tomllib_refuses_it(text, at, junk):
    """Damage a document anywhere: the reader reads it as tomllib does, or refuses it with
    a line inside the document; it never reads something tomllib refuses."""
    k = at % (len(text) + 1)
    broken = text[:k] + junk + text[k:]
    try:
        ours = loads(broken)
    except PHHError as e:
        assert 1 <= e.line <= broken.count("\n") + 1
        return
    assert typed(ours) == typed(tomllib.loads(broken))


def test_floats_keep_their_value_as_tomllib_reads_it():
    text = "a = [10387.5, -0.0, 1e05, 2E-3, 1.5e+300, 1e400]\nb = 9275.0\n"
    assert typed(loads(text)) == typed(tomllib.loads(text))
    assert math.isinf(loads(text)["a"][-1])


def test_each_read_gives_fresh_values():
    """The reader remembers arrays it has read; changing a value read must not change the
    next file's."""
    text = "starting_stacks = [100, 200]\nplayers = ['Ann', 'Bob']\n"
    first = loads(text)
    first["starting_stacks"].append(300)
    first["players"][0] = "Cy"
    assert loads(text) == {"starting_stacks": [100, 200], "players": ["Ann", "Bob"]}
