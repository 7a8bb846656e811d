"""Cards, card text and the deck (DESIGN.md: card index = 4 * rank + suit).

Ranks 2..A are 0..12 and suits c, d, h, s are 0..3, so ``As`` is 51 and ``2c`` is 0.
A :class:`Card` *is* its index (an ``int`` subclass): it can index lookup tables directly,
which keeps the evaluator's hot path free of conversions.
"""

from __future__ import annotations

import operator
import random
import re
from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
SUITS = "cdhs"
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
              "Jack", "Queen", "King", "Ace")
RANK_PLURALS = ("Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines",
                "Tens", "Jacks", "Queens", "Kings", "Aces")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

_CARD_TEXT = re.compile(r"[2-9TJQKA][cdhs]")


class Card(int):
    """One of the 52 cards; its value is the card index ``4 * rank + suit``."""

    __slots__ = ()

    def __new__(cls, value: int | str | Card) -> Card:
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, (bool, float)) or not hasattr(value, "__index__"):
            raise ValueError(f"not a card: {value!r} (expected an index 0..51 or text like 'As')")
        value = operator.index(value)  # plain ints and NumPy integers alike
        if not 0 <= value < 52:
            raise ValueError(f"not a card index: {value} (card indices are 0..51)")
        return _CARDS[value]

    @property
    def rank(self) -> int:
        """0 for a deuce ... 12 for an ace."""
        return int(self) >> 2

    @property
    def suit(self) -> int:
        """0 clubs, 1 diamonds, 2 hearts, 3 spades."""
        return int(self) & 3

    def __str__(self) -> str:
        return RANKS[int(self) >> 2] + SUITS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"

    def __reduce__(self):
        return (Card, (int(self),))


# The 52 cards, built once; Card(...) returns these instances.
_CARDS: tuple[Card, ...] = tuple(int.__new__(Card, i) for i in range(52))
CARDS = _CARDS


def parse_card(text: str) -> Card:
    """``'As'`` -> the ace of spades. Rank ``10`` is accepted for ``T``; suit case is ignored."""
    if not isinstance(text, str):
        raise ValueError(f"not card text: {text!r} (expected two characters like 'As')")
    t = text.strip()
    if t[:2] == "10":
        t = "T" + t[2:]
    if len(t) == 2:
        t = t[0].upper() + t[1].lower()
    if not _CARD_TEXT.fullmatch(t):
        raise ValueError(
            f"not a card: {text!r} (expected a rank of {RANKS} and a suit of {SUITS}, like 'As' or 'Td')")
    return _CARDS[4 * RANKS.index(t[0]) + SUITS.index(t[1])]


def parse_cards(cards: str | Iterable[int | str | Card], *, count: int | Sequence[int] | None = None
                ) -> tuple[Card, ...]:
    """Cards from text (``'AhKh'``, ``'Ah Kh'``, ``'Ah,Kh'``) or from indices/Cards/text items.

    Refuses unknown text, a duplicate card, and (when ``count`` is given) the wrong number
    of cards, each with a ``ValueError`` naming the offending text or card.
    """
    if isinstance(cards, str):
        text = re.sub(r"[\s,]+", "", cards)
        if len(text) % 2:
            raise ValueError(f"not a list of cards: {cards!r} (each card is two characters, like 'AhKh')")
        out = tuple(parse_card(text[i:i + 2]) for i in range(0, len(text), 2))
    else:
        out = tuple(Card(c) for c in cards)
    seen: set[int] = set()
    for c in out:
        if c in seen:
            raise ValueError(f"duplicate card: {c} appears twice")
        seen.add(c)
    if count is not None:
        allowed = (count,) if isinstance(count, int) else tuple(count)
        if len(out) not in allowed:
            want = " or ".join(str(n) for n in allowed)
            raise ValueError(f"wrong number of cards: got {len(out)} ({cards_text(out) or 'none'}), expected {want}")
    return out


def cards_text(cards: Iterable[int]) -> str:
    """Indices or Cards -> ``'AhKh'``."""
    return "".join(str(Card(c)) for c in cards)


def make_rng(seed: int | random.Random | None = None) -> random.Random:
    """The source of chance: a CSPRNG by default, a seeded generator for reproducible runs."""
    if seed is None:
        # The operating system's CSPRNG (os.urandom; secrets.SystemRandom is this class, and
        # importing secrets would cost every command hashlib and hmac).
        return random.SystemRandom()
    if isinstance(seed, random.Random):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"not a seed: {seed!r} (expected an integer)")
    return random.Random(seed)


class Deck:
    """A deck of the 52 cards (minus any removed), shuffled with an injected generator.

    ``Deck()`` shuffles with the operating system's CSPRNG; ``Deck(seed=7)`` or
    ``Deck(rng=random.Random(7))`` gives the same order every run.
    """

    __slots__ = ("_cards", "_rng")

    def __init__(self, *, seed: int | None = None, rng: random.Random | None = None,
                 exclude: Iterable[int | str | Card] = (), shuffle: bool = True) -> None:
        if seed is not None and rng is not None:
            raise ValueError("give a seed or an rng, not both")
        self._rng = make_rng(rng if rng is not None else seed)
        removed = set(parse_cards(exclude))
        self._cards = [c for c in _CARDS if c not in removed]
        if shuffle:
            self.shuffle()

    def shuffle(self) -> None:
        self._rng.shuffle(self._cards)

    def deal(self, n: int = 1) -> tuple[Card, ...]:
        """Take ``n`` cards from the top."""
        if n < 0 or n > len(self._cards):
            raise ValueError(f"cannot deal {n} cards: {len(self._cards)} left in the deck")
        out = self._cards[:n]
        del self._cards[:n]
        return tuple(out)

    def remove(self, cards: Iterable[int | str | Card]) -> None:
        """Take named cards out of the deck (refused if a card is not in it)."""
        for c in parse_cards(cards):
            try:
                self._cards.remove(c)
            except ValueError:
                raise ValueError(f"card {c} is not in the deck") from None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(self._cards)

    def __len__(self) -> int:
        return len(self._cards)

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __iter__(self):
        return iter(tuple(self._cards))
