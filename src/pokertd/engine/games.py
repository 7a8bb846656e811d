"""Games as data: what hold'em, Omaha, stud, razz, deuce-to-seven draw, badugi and short-deck
hold'em differ in.

A :class:`Game` names its streets (the cards each deals: down and up hole cards, board
cards, or a draw), its forced bets (blinds, or antes and the stud bring-in), its betting
structure, how hands are valued and split, who acts first, and the deck (short deck: the
36 cards from the sixes up). :class:`~.mixed.MixedHand`
plays any of them; hold'em keeps its own fast :class:`~.hand.Hand`.

The codes are PHH's (``FO/8``, ``F7S``, ``N2L1D`` ...): the first letter the betting
structure (``F`` fixed limit, ``N`` no limit, ``P`` pot limit), the rest the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GAMES", "Game", "Street", "game"]

# Hand evaluation.
HIGH = "high"                  # best five of the player's cards (stud) or of hole + board
OMAHA_HIGH = "omaha-high"      # exactly two hole and three board cards
OMAHA_HILO8 = "omaha-hilo8"    # high, and the eight-or-better ace-to-five low, both two + three
STUD_HILO8 = "stud-hilo8"      # best five high and best five eight-or-better low of seven
RAZZ = "razz"                  # best five ace-to-five low of seven, no qualifier
DEUCE_SEVEN = "deuce-seven"    # five cards, deuce-to-seven low
BADUGI = "badugi"              # four cards, the lowest set of different ranks and suits
SHORT_DECK = "short-deck"      # best five of hole + board, the flush above the full house

# Forced bets and the first player to act on later streets.
BLINDS = "blinds"              # blinds (and antes); later streets: first left of the button
BRING_IN = "bring-in"          # antes and the stud bring-in; later streets: the best board
# Short deck's common format (Triton's, PHH's NS): an ante from every player and one blind,
# posted by the button, acting last before the flop; later streets: first left of the button.
BUTTON_BLIND = "button-blind"


@dataclass(frozen=True, slots=True)
class Street:
    """One street: ``down``/``up`` hole cards dealt to each player (stud deals the up cards
    face up), ``board`` community cards, or a ``draw``; then a betting round, at the big
    bet when ``big`` (fixed limit)."""

    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    big: bool = False


@dataclass(frozen=True, slots=True)
class Game:
    code: str                      # the game's part of the PHH variant code: T, O/8, 7S ...
    name: str
    streets: tuple[Street, ...]
    evaluation: str
    forced: str
    hole_cards: int                # cards each player holds at the showdown
    flop_game: bool                # a button game with a board (balancing: IFP 11a)
    split: bool = False            # hi-lo: the pot is split between a high and a low hand
    deck: int = 52                 # cards in the deck: 36 for short deck (sixes to aces)
    stud: bool = field(init=False)       # antes and a bring-in, up cards: read on every action
    low_only: bool = field(init=False)   # razz, deuce-to-seven: the low is the only value

    def __post_init__(self) -> None:
        object.__setattr__(self, "stud", self.forced == BRING_IN)
        object.__setattr__(self, "low_only", self.evaluation in (RAZZ, DEUCE_SEVEN, BADUGI))


_HOLDEM = (Street(down=2), Street(board=3), Street(board=1, big=True), Street(board=1, big=True))
_OMAHA = (Street(down=4), Street(board=3), Street(board=1, big=True), Street(board=1, big=True))
# Seven-card stud (TDA RP-10): two down and one up on third street, one up on each of
# fourth, fifth and sixth, one down on seventh; big bets from fifth street on.
_STUD = (Street(down=2, up=1), Street(up=1), Street(up=1, big=True), Street(up=1, big=True),
         Street(down=1, big=True))
_SINGLE_DRAW = (Street(down=5), Street(draw=True, big=True))
_TRIPLE_DRAW = (Street(down=5), Street(draw=True), Street(draw=True, big=True),
                Street(draw=True, big=True))
# Badugi: four cards and three draws, the small bet before the first draw and after it, the
# big bet after the second and third (as triple draw).
_BADUGI = (Street(down=4), Street(draw=True), Street(draw=True, big=True),
           Street(draw=True, big=True))

GAMES: dict[str, Game] = {g.code: g for g in (
    Game("T", "Texas hold'em", _HOLDEM, HIGH, BLINDS, 2, True),
    Game("O", "Omaha", _OMAHA, OMAHA_HIGH, BLINDS, 4, True),
    Game("O/8", "Omaha hi-lo eight or better", _OMAHA, OMAHA_HILO8, BLINDS, 4, True, True),
    Game("7S", "seven-card stud", _STUD, HIGH, BRING_IN, 7, False),
    Game("7S/8", "seven-card stud hi-lo eight or better", _STUD, STUD_HILO8, BRING_IN, 7, False, True),
    Game("R", "razz", _STUD, RAZZ, BRING_IN, 7, False),
    Game("2L1D", "deuce-to-seven single draw", _SINGLE_DRAW, DEUCE_SEVEN, BLINDS, 5, False),
    Game("2L3D", "deuce-to-seven triple draw", _TRIPLE_DRAW, DEUCE_SEVEN, BLINDS, 5, False),
    Game("B", "badugi", _BADUGI, BADUGI, BLINDS, 4, False),
    Game("S", "short-deck hold'em", _HOLDEM, SHORT_DECK, BUTTON_BLIND, 2, True, deck=36),
)}

STRUCTURE_LETTERS = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}


def game(variant: str) -> tuple[Game, str]:
    """The game and betting structure of a PHH variant code such as ``FO/8`` or ``N2L1D``."""
    if not isinstance(variant, str) or len(variant) < 2 or variant[0] not in STRUCTURE_LETTERS:
        raise ValueError(f"unknown variant {variant!r}: a structure letter (N, P, F) and a game "
                         f"({', '.join(GAMES)}), for example FO/8 or N2L1D")
    g = GAMES.get(variant[1:])
    if g is None:
        raise ValueError(f"unknown game {variant[1:]!r} in variant {variant!r}: one of "
                         f"{', '.join(GAMES)}")
    return g, STRUCTURE_LETTERS[variant[0]]
