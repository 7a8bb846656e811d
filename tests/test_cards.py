"""Cards, card text and the deck (DESIGN.md conventions)."""

import random
import secrets

import pytest

from pokertd.cards import CARDS, Card, Deck, cards_text, make_rng, parse_card, parse_cards


def test_card_index_is_four_times_rank_plus_suit():
    assert int(Card("2c")) == 0
    assert int(Card("2s")) == 3
    assert int(Card("As")) == 51
    assert int(Card("Td")) == 4 * 8 + 1
    for i, c in enumerate(CARDS):
        assert c == i and c.rank == i // 4 and c.suit == i % 4
        assert Card(str(c)) is c  # text round trip, one instance per card


def test_card_text_tolerance():
    assert parse_card("10h") == Card("Th")
    assert parse_card("aS") == Card("As")
    assert parse_cards("Ah Kh, Qh") == (Card("Ah"), Card("Kh"), Card("Qh"))
    assert cards_text(parse_cards("AhKh")) == "AhKh"


@pytest.mark.parametrize("text", ["1x", "A", "", "Ax", "Zs", "AsK", "1c"])
def test_bad_card_text_is_refused_naming_it(text):
    with pytest.raises(ValueError, match="not a card") as e:
        parse_card(text)
    assert repr(text) in str(e.value)


def test_odd_card_text_in_a_list_is_refused():
    with pytest.raises(ValueError, match="'AhK'.*two characters"):
        parse_cards("AhK")


def test_bad_card_index_is_refused():
    for bad in (-1, 52, 3.0, True, None):
        with pytest.raises(ValueError):
            Card(bad)


def test_duplicate_card_is_refused_naming_it():
    with pytest.raises(ValueError, match="duplicate card: As"):
        parse_cards("AsKdAs")


def test_wrong_number_of_cards_is_refused():
    with pytest.raises(ValueError, match="wrong number of cards: got 3 .*expected 2"):
        parse_cards("AsKdQc", count=2)


def test_seeded_deck_is_reproducible_and_complete():
    a, b = Deck(seed=7), Deck(seed=7)
    assert a.cards == b.cards
    assert sorted(a.cards) == list(CARDS)
    assert Deck(seed=8).cards != a.cards
    assert Deck(rng=random.Random(7)).cards == a.cards


def test_default_shuffle_uses_a_csprng():
    assert isinstance(make_rng(None), secrets.SystemRandom)
    assert isinstance(Deck()._rng, secrets.SystemRandom)


def test_deal_and_remove():
    d = Deck(seed=1, exclude="AsKs")
    assert len(d) == 50 and Card("As") not in d
    hand = d.deal(2)
    assert len(d) == 48 and all(c not in d for c in hand)
    with pytest.raises(ValueError, match="cannot deal 49 cards: 48 left"):
        d.deal(49)
    with pytest.raises(ValueError, match="card As is not in the deck"):
        d.remove("As")


def test_seed_and_rng_together_are_refused():
    with pytest.raises(ValueError, match="seed or an rng"):
        Deck(seed=1, rng=random.Random(1))
