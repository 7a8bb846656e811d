"""Provably fair dealing (issue 13): the commitment before the hand, the reveal after it,
``pokertd verify``, and a hand changed in any field failing with the reason."""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import given, settings, strategies as st
from typer.testing import CliRunner

from pokertd.cards import cards_text
from pokertd.cli import app
from pokertd.engine.fair import FairDeal, FairnessError, commitment_of, dealt_order, verify

runner = CliRunner()


def play(deal: FairDeal, rng: random.Random):
    h = deal.deal()
    while not h.done:
        la = h.legal_actions()
        if la.min_raise_to is not None and rng.random() < 0.3:
            h.raise_to(la.min_raise_to)
        elif rng.random() < 0.15 and la.fold:
            h.fold()
        else:
            h.check_call()
    return h


def revealed(seed: int = 1, players: int = 6, seeds: int = 3) -> dict:
    rng = random.Random(seed)
    d = FairDeal(f"table 1 hand {seed}", [1000 + 50 * i for i in range(players)], (5, 10), rng=rng)
    for p in range(seeds):
        d.add_seed(p, f"player {p} says {rng.random()}")
    play(d, rng)
    return d.reveal()


def test_a_revealed_hand_verifies_and_the_commitment_was_published_before_the_deal():
    rng = random.Random(3)
    d = FairDeal("t1 h1", [500] * 4, (5, 10), rng=rng)
    before = d.announce()
    assert set(before) == {"scheme", "hand", "config", "commitment"}   # no salt, no order
    d.add_seed(0, "alice")
    d.add_seed(2, "carol")
    play(d, rng)
    record = d.reveal()
    assert record["commitment"] == before["commitment"]
    assert record["commitment"] == commitment_of("t1 h1", record["config"], d.committed_order,
                                                 record["salt"])
    passed = verify(json.loads(json.dumps(record)))
    assert len(passed) == 4 and "2 seed(s)" in passed[1]


def test_the_cards_are_dealt_from_the_committed_order_mixed_with_the_seeds():
    rng = random.Random(5)
    d = FairDeal("h", [500] * 3, (5, 10), rng=rng)
    d.add_seed(1, "bob")
    h = d.deal()
    order = dealt_order(d.committed_order, [{"player": 1, "seed": "bob"}])
    assert h.holes == [(order[i], order[3 + i]) for i in range(3)]   # one at a time round
    assert order != d.committed_order and sorted(order) == list(range(52))
    # Another seed, another order: the seeds decide it together with the committed order.
    assert dealt_order(d.committed_order, [{"player": 1, "seed": "bob2"}]) != order


def test_seeds_close_when_the_cards_are_dealt_and_a_player_gives_one_seed():
    d = FairDeal("h", [500] * 3, (5, 10), rng=random.Random(1))
    d.add_seed(0, "x")
    with pytest.raises(ValueError, match="already given"):
        d.add_seed(0, "y")
    with pytest.raises(ValueError, match="no player 7"):
        d.add_seed(7, "y")
    d.deal()
    with pytest.raises(ValueError, match="seeds are closed"):
        d.add_seed(1, "z")
    with pytest.raises(ValueError, match="not over"):
        d.reveal()


def _leaves(value, path=()):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list) and value:
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path


def _changed(v, rng: random.Random):
    if isinstance(v, bool):
        return not v
    if isinstance(v, int):
        return v + rng.choice([-1, 1, 5])
    if isinstance(v, str):
        if len(v) >= 2 and len(v) % 2 == 0 and rng.random() < 0.5:    # swap two cards/digits
            i = rng.randrange(0, len(v) - 2, 2) if len(v) > 2 else 0
            w = v[:i] + v[i + 2:i + 4] + v[i:i + 2] + v[i + 4:]
            if w != v:
                return w
        return v + "x"
    if isinstance(v, float):
        return v + 1.0
    if v is None:
        return 0
    return [0] if v == [] else {"x": 1}


RECORD = revealed(seed=11, players=5, seeds=2)
LEAVES = list(_leaves(RECORD))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, len(LEAVES) - 1), st.randoms(use_true_random=False))
def test_a_hand_changed_in_any_field_fails_verification_with_the_reason(k, rng):
    record = copy.deepcopy(RECORD)
    *path, last = LEAVES[k]
    target = record
    for p in path:
        target = target[p]
    target[last] = _changed(target[last], rng)
    if record == RECORD:
        return
    with pytest.raises(FairnessError) as err:
        verify(record)
    assert str(err.value)


def test_verify_names_each_kind_of_tampering():
    r = copy.deepcopy(RECORD)
    r["salt"] = "0" * 64
    with pytest.raises(FairnessError, match="commitment"):
        verify(r)
    r = copy.deepcopy(RECORD)
    r["seeds"][0]["seed"] += "!"
    with pytest.raises(FairnessError, match="order: the committed order mixed"):
        verify(r)
    r = copy.deepcopy(RECORD)
    dealt = next(e for e in r["events"] if e["type"] == "dealt")
    dealt["cards"] = dealt["cards"][::-1]
    with pytest.raises(FairnessError, match="was dealt"):
        verify(r)
    r = copy.deepcopy(RECORD)
    r["events"][-1]["stacks"][0] += 1
    with pytest.raises(FairnessError, match="not the hand the engine plays"):
        verify(r)
    r = copy.deepcopy(RECORD)
    r["extra"] = 1
    with pytest.raises(FairnessError, match="unknown extra"):
        verify(r)


def test_the_verify_command_checks_files_and_reports_the_failing_one(tmp_path):
    good = tmp_path / "good.json"
    good.write_text(json.dumps(RECORD))
    bad = tmp_path / "bad.json"
    r = copy.deepcopy(RECORD)
    r["order"] = cards_text(list(range(52)))
    bad.write_text(json.dumps(r))
    result = runner.invoke(app, ["verify", str(good)])
    assert result.exit_code == 0, result.output
    assert "verified" in result.output and "commitment" in result.output
    result = runner.invoke(app, ["verify", str(good), str(bad)])
    assert result.exit_code == 1
    assert f"Error: {bad}: fails verification: order:" in result.output
    (tmp_path / "junk.json").write_text("{not json")
    result = runner.invoke(app, ["verify", str(tmp_path / "junk.json")])
    assert result.exit_code == 2 and "not a JSON file" in result.output


def test_a_simulated_event_dealt_fairly_writes_hands_that_verify(tmp_path):
    result = runner.invoke(app, ["simulate", "--players", "3", "--seed", "4", "--format", "json",
                                 "--fair", str(tmp_path)])
    assert result.exit_code == 0, result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == json.loads(result.output)["hands"]
    for f in files[:20] + files[-5:]:
        record = json.loads(f.read_text())
        assert len(record["seeds"]) == len(record["config"]["stacks"])
        verify(record)
