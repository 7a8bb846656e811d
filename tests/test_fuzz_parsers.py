"""Every parser fuzzed (issue 13: bad input everywhere): PHH text and PHH hands, the league
results CSV, structure, payout and season files, the points formula language, card and range
text, and a hand's JSON events. Inputs are random text and random mutations (bytes inserted,
deleted, replaced, lines swapped) of valid documents, and, for the configuration files, valid
data with one value replaced by random JSON. Each parser either accepts the input or refuses it
with its own typed error (a ``ValueError``) carrying a message; any other exception is a crash,
and a parse taking more than ``HANG_S`` seconds is a hang (SIGALRM). The budget is a fixed
number of examples per parser (``EXAMPLES``); ``INPUTS`` counts the inputs tried."""

from __future__ import annotations

import copy
import json
import random
import signal
import tomllib
from collections import Counter
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pokertd.cards import parse_card, parse_cards
from pokertd.engine import Hand, replay
from pokertd.evaluator.ranges import parse_range
from pokertd.formats import phh
from pokertd.formats.phh_reader import PHHError
from pokertd.league.formula import FormulaError, parse as parse_formula, PRESETS as FORMULAS
from pokertd.services.seasons import ImportRefused, parse_csv
from pokertd.league.season import LeagueError, parse_season_config
from pokertd.tournament.payouts import PayoutError, PayoutTable
from pokertd.tournament.structure import Structure, StructureError

EXAMPLES = 300
HANG_S = 5
INPUTS: Counter[str] = Counter()
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

PRESETS = Path(__file__).parents[1] / "src" / "pokertd"
PHH_FILES = sorted((Path(__file__).parent / "data" / "phh").rglob("*.phh"))[:40]
PHH_TEXTS = [p.read_text() for p in PHH_FILES]
STRUCTURE_TOML = (PRESETS / "tournament" / "presets" / "gananda-structure.toml").read_text()
PAYOUT_TOML = (PRESETS / "tournament" / "presets" / "gananda-payouts.toml").read_text()
SEASON_TOML = (PRESETS / "league" / "presets" / "gananda.toml").read_text()
CSV = """event,date,player,finish,buyins,rebuys,addons,knocked_out_by
T1,2014-10-04,Ann,1,1,0,0,
T1,2014-10-04,Bob,2,1,1,0,Ann
T1,2014-10-04,Cat,3,1,0,1,Bob
T2,11/08/2014,Bob,1,1,0,0,
T2,11/08/2014,Ann,2,1,0,0,Bob
"""


@contextmanager
def no_hang(what: str):
    def alarm(*_):
        raise AssertionError(f"{what}: no answer after {HANG_S} s (a hang)")
    old = signal.signal(signal.SIGALRM, alarm)
    signal.alarm(HANG_S)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def refused_or_accepted(what: str, parse, text, errors=(ValueError,)):
    """``parse(text)``: its value, or None when refused by one of ``errors`` with a message."""
    INPUTS[what] += 1
    with no_hang(what):
        try:
            return parse(text)
        except errors as exc:
            assert str(exc).strip(), f"{what}: {type(exc).__name__} without a message for {text!r}"
            return None


# ------------------------------------------------------------------------ strategies

PUNCT = "[]{}=,\"'#\n\r\t\\.:-+*/()<>^%!?0123456789 eE_"


@st.composite
def mutated(draw, seeds: list[str]) -> str:
    """A valid document with a few random edits."""
    text = draw(st.sampled_from(seeds))
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["insert", "delete", "replace", "swap", "truncate", "dup"]))
        i = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:i] + draw(st.text(st.sampled_from(PUNCT) | st.characters(), max_size=4)) + text[i:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 8)):]
        elif op == "replace" and text:
            j = min(i, len(text) - 1)
            text = text[:j] + draw(st.sampled_from(PUNCT) | st.characters()) + text[j + 1:]
        elif op == "swap":
            lines = text.split("\n")
            a, b = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            lines[a], lines[b] = lines[b], lines[a]
            text = "\n".join(lines)
        elif op == "truncate":
            text = text[:i]
        else:
            j = min(len(text), i + draw(st.integers(1, 30)))
            text = text[:j] + text[i:j] + text[j:]
    return text


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers(-10**12, 10**12) | st.floats(allow_nan=True)
    | st.text(max_size=8),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=8)


def _paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


@st.composite
def changed_data(draw, base: dict) -> dict:
    """``base`` with one to three values (anywhere in it) replaced, removed or added to."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        *parent, last = draw(st.sampled_from(paths))
        target = data
        for p in parent:
            target = target[p]
        op = draw(st.sampled_from(["set", "set", "del", "add"]))
        if op == "del":
            del target[last]
        elif op == "add" and isinstance(target, dict):
            target[draw(st.text(max_size=8))] = draw(JSONISH)
        else:
            target[last] = draw(JSONISH)
    return data


# ------------------------------------------------------------------------ PHH


@FUZZ
@given(mutated(PHH_TEXTS) | st.text(max_size=200))
def test_phh_text_is_read_or_refused_with_the_line(text):
    data = refused_or_accepted("phh text", phh.loads, text, (PHHError,))
    if data is None:
        return
    # The PHH reader's fast path and its character parser agree with TOML where both read it.
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return
    assert data == expected


@FUZZ
@given(st.sampled_from(PHH_TEXTS).map(tomllib.loads).flatmap(changed_data))
def test_a_phh_hand_with_changed_fields_replays_or_is_refused(data):
    refused_or_accepted("phh hand", phh.replay, data)


# ------------------------------------------------------------------------ league CSV


@FUZZ
@given(mutated([CSV]) | st.text(max_size=200))
def test_league_csv_is_read_or_refused_row_by_row(text):
    refused_or_accepted("league csv", parse_csv, text, (ImportRefused,))


# ------------------------------------------------------------------------ structure, payouts, season


@FUZZ
@given(mutated([STRUCTURE_TOML]))
def test_structure_toml_is_read_or_refused(text):
    refused_or_accepted("structure toml", Structure.from_toml, text, (StructureError,))


@FUZZ
@given(changed_data(tomllib.loads(STRUCTURE_TOML)))
def test_structure_data_is_read_or_refused(data):
    refused_or_accepted("structure data", Structure.from_json, json.dumps(data), (StructureError,))


@FUZZ
@given(changed_data(tomllib.loads(PAYOUT_TOML)))
def test_payout_table_data_is_read_or_refused(data):
    table = refused_or_accepted("payout data", PayoutTable.from_dict, data, (PayoutError,))
    if table is not None:
        refused_or_accepted("payout amounts", lambda t: t.payouts(27, 27000), table, (PayoutError,))


@FUZZ
@given(mutated([SEASON_TOML]))
def test_season_toml_is_read_or_refused(text):
    refused_or_accepted("season toml", lambda t: parse_season_config(t, ".toml"), text,
                        (LeagueError,))


@FUZZ
@given(changed_data(tomllib.loads(SEASON_TOML)))
def test_season_data_is_read_or_refused(data):
    refused_or_accepted("season data", lambda d: parse_season_config(json.dumps(d), ".json"),
                        data, (LeagueError,))


# ------------------------------------------------------------------------ formula, cards, ranges


@FUZZ
@given(mutated(list(FORMULAS.values())) | st.text(st.sampled_from("nbefkp0123456789.+-*/^()%, "
                                                                  "sqrtlogminaxif<>=!"), max_size=40),
       st.dictionaries(st.sampled_from("nbefkp"), st.integers(0, 400), max_size=6))
def test_formulas_parse_and_evaluate_or_are_refused_with_the_position(text, values):
    f = refused_or_accepted("formula", parse_formula, text, (FormulaError,))
    if f is not None:
        refused_or_accepted("formula value", lambda v: f.evaluate(**v), values, (ValueError,))


@FUZZ
@given(st.text(max_size=6) | st.sampled_from(["As", "10h", "ah", "Tdx", " Kc ", "1s"]))
def test_card_text_is_read_or_refused(text):
    refused_or_accepted("card", parse_card, text)
    refused_or_accepted("cards", parse_cards, text)


@FUZZ
@given(mutated(["AA, KK, AKs", "22+, A2s+, KTo+", "AhKh, QQ-99, T9s-65s", "JJ+ AQ+"])
       | st.text(st.sampled_from("AKQJT98765432shdco+-, "), max_size=20))
def test_range_text_is_read_or_refused(text):
    refused_or_accepted("range", parse_range, text)


# ------------------------------------------------------------------------ hand events (JSON)


def _hand_events(seed: int) -> list[dict]:
    rng = random.Random(seed)
    h = Hand([1000, 800, 1200, 600], (5, 10), rng=rng)
    while not h.done:
        la = h.legal_actions()
        if la.min_raise_to is not None and rng.random() < 0.3:
            h.raise_to(la.min_raise_to)
        else:
            h.check_call()
    return h.events()


HANDS = [_hand_events(s) for s in range(5)]


@FUZZ
@given(st.sampled_from(HANDS).flatmap(lambda evs: changed_data({"events": evs})))
def test_hand_events_replay_or_are_refused_naming_the_event(data):
    refused_or_accepted("hand events", lambda d: replay(d.get("events", [])), data)


def test_zz_report_inputs_tried():
    """The count of inputs tried (the issue's closing note); runs after the fuzz tests."""
    print(f"\nparser inputs tried: {sum(INPUTS.values())} {dict(INPUTS)}")
    assert sum(INPUTS.values()) >= EXAMPLES
