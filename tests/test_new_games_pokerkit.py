"""Badugi (FB) and short-deck hold'em (NS) against pokerkit, another engine (issue 24).

Random hands: two to six players with random stacks, played to the end by the engine with
random legal actions (folds, checks and calls, bets and raises of any legal size in no limit
and the full bet in fixed limit, random discards, shows and mucks), written as PHH
(formats.phh_mixed.export_mixed) and replayed by pokerkit's HandHistory; every hand ends
with the same stacks, but for one difference that is pokerkit's: once the beaten hands are
killed at the showdown, pokerkit splits the main pot and the side pots that the same tied
hands win as one pot, so the odd chips of each pot (TDA 20-A: each pot's odd chip to the
first tied hand left of the button) come out differently; those hands are checked to differ
by exactly that. The hands are played under the IFP 2012 preset with TDA 20-A's odd chips
(all to the first tied hand left of the button, as pokerkit gives them; the preset's IFP 50
deals them one each, clockwise). In fixed limit the random players do not raise all-in for
less than a full bet: pokerkit counts such a raise toward the cap of a bet and three raises
(IFP 33 and this engine count full raises), and the TDA preset would reopen the betting to
it at half a bet (TDA 47-B), which pokerkit does not. Rules, not disagreements. The hand values are
compared too, on random pairs of hands.
"""

from __future__ import annotations

import random
import warnings

import pytest

from pokertd.engine.mixed import MixedHand
from pokertd.evaluator.badugi import badugi
from pokertd.evaluator.short_deck import SHORT_DECK, short_deck
from pokertd.formats.phh import dumps
from pokertd.formats.phh_mixed import export_mixed
from pokertd.rules import get_rules

pokerkit = pytest.importorskip("pokerkit", reason="pokerkit is in the test extras")


RULES = get_rules("ifp-2012").override("ifp-2012+tda-20-a", odd_chips="first-left-of-button")


def _deal(variant: str, rng: random.Random) -> MixedHand:
    n = rng.randint(2, 6)
    stacks = [rng.randint(30, 2000) for _ in range(n)]
    if variant == "NS":
        # Antes from every player and the button's blind (the common format).
        return MixedHand("NS", stacks, blinds=[0] * (n - 1) + [10], antes=5, min_bet=10,
                         rules=RULES, rng=rng)
    blinds = [10, 5] if n == 2 else [5, 10] + [0] * (n - 2)
    return MixedHand("FB", stacks, blinds=blinds, small_bet=10, big_bet=20, rules=RULES,
                     rng=rng)


def _play(h: MixedHand, rng: random.Random) -> None:
    """Random legal actions to the end of the hand."""
    while not h.done:
        la = h.legal_actions()
        if la["phase"] == "drawing":
            held = h.holes[la["player"]]
            h.discard(rng.sample(held, rng.randint(0, len(held))))
        elif la["phase"] == "showdown":
            h.muck() if la["muck"] and rng.random() < 0.3 else h.show()
        else:
            # Facing a bet: fold one time in six (more hands reach the showdown), else call
            # or raise alike.
            kinds = ["cc"] + (["r"] if la["min_raise_to"] else [])
            k = "f" if la["call"] and rng.random() < 1 / 6 else rng.choice(kinds)
            if k == "f":
                h.fold()
            elif k == "cc":
                h.check_call()
            elif h.structure == 2:                  # fixed limit: the full bet
                if la["max_raise_to"] < h.current + h.min_raise:
                    h.check_call()                  # no all-in raise for less: see above
                else:
                    h.raise_to(la["max_raise_to"])
            else:
                h.raise_to(rng.randint(la["min_raise_to"], la["max_raise_to"]))


def _pots_merged(h: MixedHand) -> list[int]:
    """The stacks if the pots won by the same tied hands were split as one pot, the odd
    chips to the first of them (what pokerkit does once the beaten hands are killed)."""
    stacks = list(h.stacks)
    won: dict[tuple[int, ...], int] = {}
    by_pot: dict[int, list[tuple[int, int]]] = {}
    for e in h.events():
        if e["type"] == "awarded":
            by_pot.setdefault(e["pot"], []).append((e["player"], e["amount"]))
    for awards in by_pot.values():
        winners = tuple(sorted(p for p, _ in awards))
        for p, a in awards:
            stacks[p] -= a
        won[winners] = won.get(winners, 0) + sum(a for _, a in awards)
    for winners, amount in won.items():
        q, r = divmod(amount, len(winners))
        for p in winners:
            stacks[p] += q + (r if p == winners[0] else 0)
    return stacks


def _pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")          # pokerkit warns of cards it did not deal
        state = None
        for state in pokerkit.HandHistory.loads(text):
            pass
    assert state is not None
    return list(state.stacks)


@pytest.mark.parametrize("variant,hands", [("NS", 700), ("FB", 1000)])
def test_random_hands_end_as_pokerkit_ends_them(variant, hands):
    rng = random.Random(f"issue 24 {variant}")
    agree, merged, differ, showdowns = 0, 0, [], 0
    for _ in range(hands):
        h = _deal(variant, rng)
        _play(h, rng)
        assert sum(h.stacks) == sum(h.starting)
        showdowns += any(e["type"] == "shown" for e in h.events())
        text = dumps(export_mixed(h))
        try:
            theirs = _pokerkit_stacks(text)
        except Exception as e:               # pokerkit refused an action we played
            differ.append((text, repr(e)))
            continue
        if theirs == h.stacks:
            agree += 1
        elif theirs == _pots_merged(h):
            merged += 1
        else:
            differ.append((text, theirs))
    assert not differ, f"{len(differ)} of {hands} {variant} hands differ; first: {differ[0]}"
    assert agree + merged == hands and agree >= hands * 0.95 and showdowns > hands // 3
    print(f"{variant}: {hands} hands, {showdowns} showdowns, {agree} end alike, {merged} "
          "differ only by pokerkit's merged pots")


def test_short_deck_values_order_hands_as_pokerkit():
    rng = random.Random(24)
    deck = list(SHORT_DECK)
    hand = pokerkit.ShortDeckHoldemHand
    for _ in range(3000):
        cards = rng.sample(deck, 9)
        board, a, b = cards[:5], cards[5:7], cards[7:9]
        va, vb = short_deck(a + board), short_deck(b + board)
        ours = (va > vb) - (va < vb)
        ha = hand.from_game(_text(a), _text(board))
        hb = hand.from_game(_text(b), _text(board))
        assert ours == (ha > hb) - (ha < hb), (_text(a), _text(b), _text(board))


def test_badugi_values_order_hands_as_pokerkit():
    rng = random.Random(24)
    hand = pokerkit.BadugiHand
    for _ in range(3000):
        cards = rng.sample(range(52), 8)
        a, b = cards[:4], cards[4:]
        ours = (badugi(a) > badugi(b)) - (badugi(a) < badugi(b))
        ha, hb = hand.from_game(_text(a)), hand.from_game(_text(b))
        assert ours == (ha > hb) - (ha < hb), (_text(a), _text(b))


def _text(cards: list[int]) -> str:
    from pokertd.cards import cards_text
    return cards_text(cards)
