"""PokerStars hand histories: the text format that tracking software reads.

:func:`write_hand` writes one finished engine hand (:class:`~pokertd.engine.Hand` for
hold'em, :class:`~pokertd.engine.mixed.MixedHand` for Omaha, Omaha hi-lo, stud, stud hi-lo
and razz) as PokerStars writes a hand: the header (hand number, tournament and level or a
cash game, game, limit, stakes, date in UTC and in ET), the table line (its size and the
button's seat), the seat lines with the starting stacks, the forced bets (``posts the ante``,
``posts small blind``, ``posts big blind``, ``brings in for``), the hole cards (``Dealt to``
the hero, or every player whose cards are known), the streets (``*** FLOP *** [..]`` ...,
stud's ``*** 3rd STREET ***`` to ``*** RIVER ***`` with up and down cards), the actions
(``folds``, ``checks``, ``calls X``, ``bets X``, ``raises X to Y``, ``and is all-in``), the
uncalled bets returned, the showdown (``shows [..] (hand)``, ``mucks hand``), who collected
what from which pot, and the ``*** SUMMARY ***`` (total pot and its side pots, rake 0, the
board, one line per seat). :func:`from_phh` does the same for any PHH hand, replayed by the
engine first so that the pots and the winners are the engine's.

Chips are written as whole chips without a currency sign, as PokerStars writes tournament
and play-money hands. Deuce-to-seven draw, straddles and the floor's rulings (a void hand, a
dead or killed hand) have no lines here and are refused, naming what was found.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime, timezone
from itertools import combinations
from typing import Any
from zoneinfo import ZoneInfo

from ..cards import parse_cards
from ..evaluator import evaluate
from ..evaluator.tables import Category, hand_classes

__all__ = ["PokerStarsError", "dumps", "from_phh", "write_hand"]

_ET = ZoneInfo("America/New_York")


class PokerStarsError(ValueError):
    """A hand that cannot be written as a PokerStars hand history (the message says why)."""


# PHH's game codes and PokerStars' names for them; the structure letter gives the limit.
_GAMES = {"T": "Hold'em", "O": "Omaha", "O/8": "Omaha Hi/Lo", "7S": "7 Card Stud",
          "7S/8": "7 Card Stud Hi/Lo", "R": "Razz"}
_LIMITS = {"N": "No Limit", "P": "Pot Limit", "F": "Limit"}
_STRUCTURE_LETTER = {"no-limit": "N", "pot-limit": "P", "fixed-limit": "F"}
_BOARD_STREETS = ("FLOP", "TURN", "RIVER")
_STUD_STREETS = ("3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER")
_STUD_FOLDS = ("3rd Street", "4th Street", "5th Street", "6th Street", "7th Street")

_RANKS = "23456789TJQKA"
_NAMES = ("Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack",
          "Queen", "King", "Ace")
_PLURALS = ("Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
            "Jacks", "Queens", "Kings", "Aces")
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
          (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def _roman(n: int) -> str:
    out = []
    for value, letters in _ROMAN:
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


# ------------------------------------------------------------------------ hand names

def _high_name(strength: int) -> str:
    """PokerStars' name of a high hand: ``a pair of Aces``, ``a straight, Four to Eight``."""
    cat, r = hand_classes()[strength - 1]
    if cat == Category.STRAIGHT_FLUSH:
        return "a Royal Flush" if r[0] == 12 else f"a straight flush, {_straight(r[0])}"
    if cat == Category.FOUR_OF_A_KIND:
        return f"four of a kind, {_PLURALS[r[0]]}"
    if cat == Category.FULL_HOUSE:
        return f"a full house, {_PLURALS[r[0]]} full of {_PLURALS[r[1]]}"
    if cat == Category.FLUSH:
        return f"a flush, {_NAMES[r[0]]} high"
    if cat == Category.STRAIGHT:
        return f"a straight, {_straight(r[0])}"
    if cat == Category.THREE_OF_A_KIND:
        return f"three of a kind, {_PLURALS[r[0]]}"
    if cat == Category.TWO_PAIR:
        return f"two pair, {_PLURALS[r[0]]} and {_PLURALS[r[1]]}"
    if cat == Category.ONE_PAIR:
        return f"a pair of {_PLURALS[r[0]]}"
    return f"high card {_NAMES[r[0]]}"


def _straight(high: int) -> str:
    return "Ace to Five" if high == 3 else f"{_NAMES[high - 4]} to {_NAMES[high]}"


def _low_key(five: Sequence[int]) -> tuple[int, ...]:
    """Ace-to-five low of five cards: fewer pairs first, then the highest card lowest."""
    ranks = sorted(((c >> 2) + 1) % 13 for c in five)        # the ace counts one, below the deuce
    return (5 - len(set(ranks)), *sorted(ranks, reverse=True))


def _low_text(key: tuple[int, ...]) -> str:
    return ",".join("A" if r == 0 else _RANKS[r - 1] for r in key[1:])


def _best(hole: list[int], board: list[int], omaha: bool) -> list[tuple[int, ...]]:
    """The five-card hands a player may make: two of an Omaha hand with three of the board;
    any five of the hole cards and board otherwise."""
    if omaha:
        return [h + b for h in combinations(hole, 2) for b in combinations(board, 3)]
    return list(combinations(hole + board, 5))


def _hand_name(variant: str, hole: list[int], board: list[int]) -> str:
    code = variant[1:]
    cards = hole + board
    if len(cards) < 5:
        return ""
    fives = _best(hole, board, code.startswith("O")) if code.startswith("O") else None
    if code == "R":
        return "Lo: " + _low_text(min(_low_key(f) for f in combinations(cards, 5)))
    high = max(evaluate(f) for f in fives) if fives else evaluate(cards)
    name = _high_name(high)
    if code.endswith("/8"):
        lows = [k for k in (_low_key(f) for f in (fives or combinations(cards, 5)))
                if k[0] == 0 and k[1] <= 7]                 # eight or better (7 is the Eight here)
        if lows:
            return f"HI: {name}; LO: {_low_text(min(lows))}"
        return f"HI: {name}"
    return name


# ------------------------------------------------------------------------ writing

def _cards(cards: Any) -> list[str] | None:
    """A hand's cards as two-character texts, or None when any is unknown."""
    if cards is None:
        return None
    if isinstance(cards, str):
        if "?" in cards:
            return None
        return [cards[i:i + 2] for i in range(0, len(cards), 2)]
    if any(c is None for c in cards):
        return None
    return [str(c) for c in cards]


def _brackets(cards: Iterable[str]) -> str:
    return "[" + " ".join(cards) + "]"


def _check_name(name: Any, i: int) -> str:
    if not isinstance(name, str) or not name.strip() or name != name.strip() or any(
            c in name for c in "\n\r[]") or ": " in name:
        raise PokerStarsError(f"player {i + 1}'s name {name!r} cannot be written: a PokerStars "
                              "name is text without line breaks, brackets, ': ' or spaces at its ends")
    return name


def _variant(hand: Any) -> str:
    config = hand.config() if callable(getattr(hand, "config", None)) else {}
    if "variant" in getattr(hand, "_config", {}):
        return hand._config["variant"]
    structure = config.get("structure", "no-limit")
    return _STRUCTURE_LETTER.get(structure, "N") + "T"


def write_hand(hand: Any, *, names: Sequence[str] | None = None, seats: Sequence[int] | None = None,
               max_seats: int | None = None, hand_id: int = 1, table: str | None = None,
               when: datetime | None = None, tournament: int | None = None, level: int = 1,
               buy_in: str = "0+0", hero: int | None = None, button_seat: int | None = None,
               stakes: tuple[int, int] | None = None) -> str:
    """One finished engine hand as PokerStars hand-history text.

    ``names`` and ``seats`` are the players' in the engine's order (hold'em and Omaha: from
    the seat left of the button, the button last; stud: by seat), by default ``Player1``...
    in seats 1..N. ``tournament`` writes a tournament hand (its number, ``level`` and
    ``buy_in`` as PokerStars writes it, e.g. ``$10+$1 USD``); without it the hand is a cash
    hand. ``hero`` (a player index) is the player whose hole cards are dealt face up to the
    reader, as in a player's own history; ``None`` writes every player's known cards.
    ``button_seat``: where the button is (by default the last player's seat; a dead button,
    IFP 10, may be on an empty seat); stud has no button. ``stakes``: the header's blinds (or
    limit bets), by default the hand's own; a tournament hand with a dead small blind (IFP 10)
    posts one blind only, so its level's blinds are given here.
    """
    if not hand.done:
        raise PokerStarsError("the hand is not over: a hand history is written of a finished hand")
    variant = _variant(hand)
    if variant[1:] not in _GAMES:
        raise PokerStarsError(f"variant {variant!r} cannot be written: PokerStars hand histories "
                              "are written here for hold'em, Omaha, Omaha hi-lo, stud, stud hi-lo "
                              f"and razz (a structure letter N, P or F and {', '.join(_GAMES)})")
    n = hand.n
    names = [f"Player{i + 1}" for i in range(n)] if names is None else list(names)
    seats = list(range(1, n + 1)) if seats is None else list(seats)
    if len(names) != n or len(seats) != n:
        raise PokerStarsError(f"{len(names)} names and {len(seats)} seats for {n} players: "
                              "give one of each per player")
    names = [_check_name(x, i) for i, x in enumerate(names)]
    if len(set(names)) != n:
        raise PokerStarsError(f"player names {names!r} repeat: each player needs a name of his own")
    if len(set(seats)) != n or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in seats):
        raise PokerStarsError(f"seats {seats!r}: one seat number (1 or more) per player, none twice")
    max_seats = max(max(seats), n) if max_seats is None else max_seats
    if max_seats < max(seats):
        raise PokerStarsError(f"max_seats {max_seats} is less than seat {max(seats)}")
    if hero is not None and not (isinstance(hero, int) and 0 <= hero < n):
        raise PokerStarsError(f"hero {hero!r}: a player index from 0 to {n - 1}")
    if when is None:
        when = datetime.now(timezone.utc)
    elif when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    stud = variant[1:] in ("7S", "7S/8", "R")
    if button_seat is None and not stud:
        button_seat = seats[n - 1]
    if button_seat is not None and not (isinstance(button_seat, int) and 1 <= button_seat <= max_seats):
        raise PokerStarsError(f"button seat {button_seat!r}: a seat from 1 to {max_seats}")
    if stakes is not None and (len(stakes) != 2 or any(
            isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in stakes)):
        raise PokerStarsError(f"stakes {stakes!r}: two whole chip amounts, e.g. (50, 100)")
    return _Writer(hand, variant, names, seats, max_seats, hero, None if stud else button_seat).text(
        hand_id, table, when, tournament, level, buy_in, stakes)


class _Writer:
    """The lines of one hand, written as its events are read."""

    def __init__(self, hand: Any, variant: str, names: list[str], seats: list[int],
                 max_seats: int, hero: int | None, button_seat: int | None) -> None:
        self.hand = hand
        self.variant = variant
        self.code = variant[1:]
        self.stud = self.code in ("7S", "7S/8", "R")
        self.names = names
        self.seats = seats
        self.max_seats = max_seats
        self.hero = hero
        self.button_seat = button_seat
        self.n = hand.n
        self.events = hand.events()

    def text(self, hand_id: int, table: str | None, when: datetime, tournament: int | None,
             level: int, buy_in: str, stakes: tuple[int, int] | None) -> str:
        config = self.events[0]["config"]
        n, names = self.n, self.names
        lines: list[str] = []
        if stakes is None:
            stakes = self._stakes(config)
        local = when.astimezone(timezone.utc).strftime("%Y/%m/%d %H:%M:%S")
        et = when.astimezone(_ET).strftime("%Y/%m/%d %H:%M:%S")
        game = f"{_GAMES[self.code]} {_LIMITS[self.variant[0]]}"
        if tournament is not None:
            head = (f"Tournament #{tournament}, {buy_in} {game} - Level {_roman(level)} "
                    f"({stakes[0]}/{stakes[1]})")
            table = table if table is not None else f"{tournament} 1"
        else:
            head = f" {game} ({stakes[0]}/{stakes[1]})"
            table = table if table is not None else "pokertd"
        if "'" in table or "\n" in table:
            raise PokerStarsError(f"table name {table!r} cannot be written: no quote or line break")
        lines.append(f"PokerStars Hand #{hand_id}: {head} - {local} UTC [{et} ET]")
        lines.append(f"Table '{table}' {self.max_seats}-max" + (
            "" if self.button_seat is None else f" Seat #{self.button_seat} is the button"))
        order = sorted(range(n), key=lambda i: self.seats[i])
        stacks = list(config["stacks"])
        for i in order:
            lines.append(f"Seat {self.seats[i]}: {names[i]} ({stacks[i]} in chips)")
        self.stacks = stacks
        self.put = [0] * n                   # chips in the pot (returned bets taken back)
        self.voluntary = [0] * n             # chips put in beyond antes (for "didn't bet")
        self.folded_on: list[str | None] = [None] * n
        self.blind_of: list[list[str]] = [[] for _ in range(n)]
        self.bets = [0] * n                  # this round's bets
        self.shown: dict[int, list[str]] = {}
        self.mucked: set[int] = set()
        self.holes: list[list[str]] = [[] for _ in range(n)]
        self.ups: list[list[str]] = [[] for _ in range(n)]
        self.board: list[str] = []
        self.awards: list[tuple[int, int, int]] = []     # (player, amount, pot)
        street = -1                          # board streets: -1 before the flop; stud: 0..4
        hole_header = False
        for e in self.events:
            ty = e["type"]
            if ty == "posted":
                lines.append(self._posted(e))
            elif ty == "dealt":
                p = e["player"]
                cards = _cards(e["cards"])
                if self.stud:
                    s = e.get("street", 0)
                    if s != street:
                        street = s
                        self.bets = [0] * n
                        lines.append(f"*** {_STUD_STREETS[s]} ***")
                    lines.extend(self._stud_dealt(p, cards, e.get("up")))
                else:
                    if not hole_header:
                        hole_header = True
                        lines.append("*** HOLE CARDS ***")
                    if cards is not None:
                        self.holes[p] = cards
                        if self.hero is None or self.hero == p:
                            lines.append(f"Dealt to {names[p]} {_brackets(cards)}")
            elif ty == "board" and self.stud:
                # Too few cards left for seventh street: one card face up in the middle,
                # shared by every player (TDA RP-10-H), which PokerStars writes as
                # the river's board.
                cards = _cards(e["cards"]) or []
                street = len(_STUD_STREETS) - 1
                self.bets = [0] * n
                lines.append(f"*** RIVER *** {_brackets(cards)}")
                self.board.extend(cards)
            elif ty == "board":
                cards = _cards(e["cards"])
                assert cards is not None
                street += 1
                self.bets = [0] * n
                title = _BOARD_STREETS[street]
                if street == 0:
                    lines.append(f"*** {title} *** {_brackets(cards)}")
                else:
                    lines.append(f"*** {title} *** {_brackets(self.board)} {_brackets(cards)}")
                self.board.extend(cards)
            elif ty == "acted":
                lines.append(self._acted(e, street))
            elif ty == "returned":
                p, x = e["player"], e["amount"]
                self.put[p] -= x
                self.stacks[p] += x
                self.voluntary[p] -= x
                lines.append(f"Uncalled bet ({x}) returned to {names[p]}")
            elif ty == "shown":
                cards = _cards(e["cards"])
                if cards is not None:
                    self.shown[e["player"]] = cards
            elif ty == "mucked":
                self.mucked.add(e["player"])
            elif ty == "awarded":
                if "winners" in e:               # hold'em: one event per pot, its shares
                    for p, x in zip(e["winners"], e["shares"]):
                        self.awards.append((p, x, e["pot"]))
                else:                            # the mixed games: one event per winner
                    self.awards.append((e["player"], e["amount"], e["pot"]))
            elif ty in ("voided", "irregularity", "dead", "killed", "exposed", "discarded"):
                raise PokerStarsError(f"the hand has a {ty!r} event: PokerStars hand histories "
                                      "have no line for the floor's rulings or a draw")
        lines.extend(self._ending())
        lines.extend(self._summary())
        return "\n".join(lines) + "\n"

    def _stakes(self, config: dict[str, Any]) -> tuple[int, int]:
        """The stakes in the header: the blinds of no-limit and pot-limit, the small and big
        bet of limit (as PokerStars writes them)."""
        if self.variant[0] == "F":
            return config["small_bet"], config["big_bet"]
        blinds = [b for b in config.get("blinds_or_straddles", config.get("blinds", [])) if b]
        if len(blinds) > 2:
            raise PokerStarsError(f"forced bets {blinds!r}: PokerStars hand histories have "
                                  "a small and a big blind, no straddle")
        if self.n == 2 and len(blinds) == 2:
            blinds = sorted(blinds)
        return (blinds[0] if blinds else 0), (blinds[-1] if blinds else config.get("min_bet", 0))

    def _pay(self, p: int, x: int) -> str:
        self.stacks[p] -= x
        self.put[p] += x
        return " and is all-in" if self.stacks[p] == 0 and x else ""

    def _posted(self, e: dict[str, Any]) -> str:
        p, kind, x = e["player"], e["kind"], e["amount"]
        allin = self._pay(p, x)
        name = self.names[p]
        if kind in ("ante", "big_blind_ante"):
            return f"{name}: posts the ante {x}{allin}"
        if kind in ("small_blind", "big_blind"):
            self.bets[p] += x
            self.voluntary[p] += x
            self.blind_of[p].append(kind.replace("_", " "))
            return f"{name}: posts {kind.replace('_', ' ')} {x}{allin}"
        raise PokerStarsError(f"forced bet {kind!r} of {name}: PokerStars hand histories have "
                              "antes, a small and a big blind and a bring-in, no straddle")

    def _stud_dealt(self, p: int, cards: list[str] | None, up: list[bool] | None) -> list[str]:
        if cards is None:
            return []
        up = up if up is not None else [False] * len(cards)
        before_up = list(self.ups[p])
        before_all = list(self.holes[p])
        self.holes[p].extend(cards)
        self.ups[p].extend(c for c, u in zip(cards, up) if u)
        name = self.names[p]
        if self.hero is None or self.hero == p:
            if before_all:
                return [f"Dealt to {name} {_brackets(before_all)} {_brackets(cards)}"]
            return [f"Dealt to {name} {_brackets(cards)}"]
        new_up = [c for c, u in zip(cards, up) if u]
        if not new_up:                           # a down card: the others see nothing
            return []
        if before_up:
            return [f"Dealt to {name} {_brackets(before_up)} {_brackets(new_up)}"]
        return [f"Dealt to {name} {_brackets(new_up)}"]

    def _acted(self, e: dict[str, Any], street: int) -> str:
        p, action = e["player"], e["action"]
        name = self.names[p]
        added = e.get("added", e.get("chips", 0))
        if action == "fold":
            self.folded_on[p] = self._street_name(street)
            return f"{name}: folds"
        if action == "check":
            return f"{name}: checks"
        top = max(self.bets)
        self.bets[p] += added
        self.voluntary[p] += added
        allin = self._pay(p, added)
        if action == "call":
            return f"{name}: calls {added}{allin}"
        if action == "bring-in":
            return f"{name}: brings in for {added}{allin}"
        to = self.bets[p]
        if top == 0:
            return f"{name}: bets {to}{allin}"
        return f"{name}: raises {to - top} to {to}{allin}"

    def _street_name(self, street: int) -> str:
        if self.stud:
            return f"on the {_STUD_FOLDS[max(street, 0)]}"
        return "before Flop" if street < 0 else f"on the {_BOARD_STREETS[street].title()}"

    def _ending(self) -> list[str]:
        """The showdown (when two or more hands are left), then who collected what."""
        names = self.names
        live = [p for p in range(self.n) if self.folded_on[p] is None]
        self.showdown = len(live) > 1
        self.pots = sorted({pot for _, _, pot in self.awards})
        side = len(self.pots) > 1
        out: list[str] = []
        if self.showdown:
            out.append("*** SHOW DOWN ***")
            for p in self._show_order(live):
                if p in self.shown:
                    label = self._named(p)
                    out.append(f"{names[p]}: shows {_brackets(self.shown[p])}"
                               + (f" ({label})" if label else ""))
                else:
                    out.append(f"{names[p]}: mucks hand")
        # Side pots first, the last made first; the main pot last (as PokerStars writes them).
        for pot in reversed(self.pots):
            where = ("pot" if not side else "main pot" if pot == 0 else
                     "side pot" if len(self.pots) == 2 else f"side pot-{pot}")
            for p, x, q in self.awards:
                if q == pot and x:
                    out.append(f"{names[p]} collected {x} from {where}")
        if not self.showdown:
            for p in live:
                if p in self.shown:
                    out.append(f"{names[p]}: shows {_brackets(self.shown[p])}")
                else:
                    out.append(f"{names[p]}: doesn't show hand")
        return out

    def _show_order(self, live: list[int]) -> list[int]:
        """Shows and mucks in the order the engine recorded them, then any other live hand."""
        seen: list[int] = []
        for e in self.events:
            if e["type"] in ("shown", "mucked") and e["player"] in live and e["player"] not in seen:
                seen.append(e["player"])
        return seen + [p for p in live if p not in seen]

    def _named(self, p: int) -> str:
        try:
            hole = [int(c) for c in parse_cards("".join(self.shown[p]))]
            board = [int(c) for c in parse_cards("".join(self.board))] if self.board else []
        except ValueError:
            return ""
        return _hand_name(self.variant, hole, board)

    def _summary(self) -> list[str]:
        names = self.names
        total = sum(self.put)
        pot_sizes = {pot: sum(x for _, x, q in self.awards if q == pot) for pot in self.pots}
        if len(self.pots) > 1:
            sides = [pot for pot in self.pots if pot]
            parts = [f"Main pot {pot_sizes.get(0, 0)}."] + [
                f"Side pot{'' if len(sides) == 1 else f'-{k}'} {pot_sizes[pot]}."
                for k, pot in enumerate(sides, 1)]
            pot_line = f"Total pot {total} " + " ".join(parts) + " | Rake 0"
        else:
            pot_line = f"Total pot {total} | Rake 0"
        out = ["*** SUMMARY ***", pot_line]
        if self.board:
            out.append(f"Board {_brackets(self.board)}")
        won = [0] * self.n
        for p, x, _ in self.awards:
            won[p] += x
        winners = {p for p, _, _ in self.awards}
        for p in sorted(range(self.n), key=lambda i: self.seats[i]):
            tags = (" (button)" if self.seats[p] == self.button_seat else "") + "".join(f" ({b})" for b in self.blind_of[p])
            head = f"Seat {self.seats[p]}: {names[p]}{tags}"
            if self.folded_on[p] is not None:
                bet = "" if self.voluntary[p] > 0 else " (didn't bet)"
                out.append(f"{head} folded {self.folded_on[p]}{bet}")
            elif self.showdown and p in self.shown:
                cards = _brackets(self.shown[p])
                label = self._named(p)
                with_ = f" with {label}" if label else ""
                if won[p]:
                    out.append(f"{head} showed {cards} and won ({won[p]}){with_}")
                else:
                    out.append(f"{head} showed {cards} and lost{with_}")
            elif won[p] or p in winners:          # a pot of 0: a blind returned whole (IFP 10)
                out.append(f"{head} collected ({won[p]})")
            else:
                out.append(f"{head} mucked")
        return out


def dumps(hands: Iterable[str]) -> str:
    """Hands' texts as one file: PokerStars separates hands by blank lines."""
    return "\n\n".join(h.rstrip("\n") + "\n" for h in hands)


def from_phh(data: dict[str, Any], *, hero: int | None = None, rules: Any = None,
             **options: Any) -> str:
    """A PHH hand as PokerStars text: replayed by the engine (its pots and winners), with the
    PHH file's ``players``, ``seats``, ``seat_count``, ``hand``, ``table``, ``_tournament``,
    ``level`` and date (``year``, ``month``, ``day``, ``time``) where it gives them;
    ``options`` (as :func:`write_hand` takes them) override those."""
    from .phh import replay
    from .phh_reader import PHHError
    try:
        hand = replay(data, rules)
    except PHHError as e:
        raise PokerStarsError(f"the PHH hand does not replay: {e}") from e
    kw: dict[str, Any] = {}
    n = hand.n
    if isinstance(data.get("players"), list):
        kw["names"] = data["players"]
    if isinstance(data.get("seats"), list):
        kw["seats"] = data["seats"]
    if isinstance(data.get("seat_count"), int):
        kw["max_seats"] = data["seat_count"]
    # (``_tournament``: the tournament's number, a PHH user-defined field; files written
    # before it was one name it ``tournament``.)
    for field, key in (("hand", "hand_id"), ("_tournament", "tournament"),
                       ("tournament", "tournament"), ("level", "level")):
        if (key not in kw and isinstance(data.get(field), int)
                and not isinstance(data.get(field), bool)):
            kw[key] = data[field]
    if isinstance(data.get("table"), (str, int)) and not isinstance(data.get("table"), bool):
        kw["table"] = str(data["table"])
    if all(isinstance(data.get(f), int) for f in ("year", "month", "day")):
        clock = data.get("time", "00:00:00")
        zone: Any = timezone.utc
        if isinstance(data.get("time_zone"), str) and data["time_zone"] != "UTC":
            try:
                zone = ZoneInfo(data["time_zone"])
            except (ValueError, OSError):
                raise PokerStarsError(f"time_zone {data['time_zone']!r}: not a time zone name "
                                      "such as UTC or America/New_York") from None
        try:
            hh, mm, ss = (int(x) for x in str(clock).split(":"))
            kw["when"] = datetime(data["year"], data["month"], data["day"], hh, mm, ss, tzinfo=zone)
        except ValueError:
            raise PokerStarsError(f"date {data['year']}-{data['month']}-{data['day']} "
                                  f"{clock!r}: not a date and a time HH:MM:SS") from None
    kw.update(options)
    if "names" in kw and len(kw["names"]) != n:
        raise PokerStarsError(f"players {kw['names']!r}: {len(kw['names'])} names for {n} players")
    return write_hand(hand, hero=hero, **kw)
