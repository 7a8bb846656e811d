"""One hand of any game of :mod:`.games` (Omaha, Omaha hi-lo, stud, stud hi-lo, razz,
deuce-to-seven single and triple draw, badugi, short-deck hold'em and hold'em) as a state
machine.

Players are indexed by position as in :class:`~.hand.Hand` (PHH's ``p1 .. pN``): ``0`` is
the first player left of the button, ``n - 1`` the button. Stud has no button to act by:
its positions are the seats in dealing order, and who acts first is decided by the cards.

The betting is :class:`~.hand.Hand`'s, street by street (the same raise, reopening, cap
and uncalled-bet rules, read from the same :class:`~pokertd.rules.RuleSet` fields); what
differs by game is data (:class:`~.games.Game`): the cards each street deals, the forced
bets, who acts first, how hands are valued and how a pot is split.

Cards come from ``rng``/``seed`` (shuffled once, dealt from the top with a burn before each
street after the first), a given ``deck``, or, with ``manual=True``, the caller
(:meth:`deal_hole`, :meth:`deal_board`: hand histories).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any

from ..cards import Card, cards_text, make_rng, parse_cards
from ..evaluator.badugi import _value as _badugi
from ..evaluator.lowball import LOW8_FLOOR, _d27_5, _low5, _low5_ranks
from ..evaluator.short_deck import SHORT_DECK as _SHORT_DECK, best_short_deck
from ..evaluator.strength import evaluate
from ..rules import PRESETS, RuleSet, get_rules
from .errors import IllegalAction
from .hand import _FULL_DECK, _bad_stacks, _chips, _make_shuffle, _posting_order
from .games import (BADUGI, DEUCE_SEVEN, HIGH, OMAHA_HIGH, OMAHA_HILO8, RAZZ, SHORT_DECK,
                    STUD_HILO8, Game, game as _game_of)

__all__ = ["MixedHand"]

NO_LIMIT, POT_LIMIT, FIXED_LIMIT = 0, 1, 2
_STRUCTURES = {"no-limit": NO_LIMIT, "pot-limit": POT_LIMIT, "fixed-limit": FIXED_LIMIT}
ACTIVE, ALL_IN, FOLDED = 0, 1, 2
DEALING, BETTING, DRAWING, SHOWDOWN, COMPLETE = "dealing", "betting", "drawing", "showdown", "complete"
_LIMIT_RULES = {"ifp-2012": "IFP 33", "wpa": "WPA 22", "tda-2024": "TDA 48"}
_MIN_RAISE_RULES = {"ifp-2012": "IFP 37", "wpa": "WPA 22", "tda-2024": "TDA 43"}
_POT_LIMIT_RULES = {"ifp-2012": "IFP 39", "wpa": "IFP 39", "tda-2024": "TDA 54"}
_ODD_CHIP_RULES = {"ifp-2012": "IFP 50", "wpa": "WPA 15", "tda-2024": "TDA 20"}
_SHOWDOWN_RULES = {"ifp-2012": "IFP 42", "wpa": "WPA 38", "tda-2024": "TDA 17"}


def _per_player(value: Any, n: int, what: str) -> list[int]:
    if isinstance(value, int) and not isinstance(value, bool):
        return [_chips(value, what)] * n
    values = list(value)
    if len(values) != n:
        raise ValueError(f"{what} has {len(values)} entries for {n} players")
    return [_chips(v, what) for v in values]


# ------------------------------------------------------------------------- hand values

def _high_showing(cards: Sequence[int]) -> tuple[int, ...]:
    """Stud's high hand showing, of one to four up cards (TDA RP-10): quads, trips, two
    pair, a pair, then high cards; straights and flushes of fewer than five cards do not
    count. Ties go to the high card by suit (TDA RP-10-D): the last items."""
    ranks = [c >> 2 for c in cards]
    counts = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    return (*[k for k, _ in counts], 0, *[r for _, r in counts], max(cards, default=-1))


def _low_showing(cards: Sequence[int]) -> tuple[int, ...]:
    """Razz's low hand showing (aces low, pairs bad), as a key where larger is the better
    (lower) hand; ties to the high card by suit "in both games" (TDA RP-10-D): razz ranks
    the ace low there too, so between A-8 and A-8 the eights decide (spades first), as the
    razz bring-in reads the door cards (RP-10)."""
    lows = [((c >> 2) + 1) % 13 for c in cards]
    counts = sorted(((lows.count(r), r) for r in set(lows)), reverse=True)
    high = _high_card_by_suit(cards, True) if cards else -1
    return (*[-k for k, _ in counts], 0, *[-r for _, r in counts], high)


def _best_five(cards: Sequence[int], value: Any) -> tuple[int, tuple[int, ...]]:
    """(value, the five cards) of the best five of ``cards`` by ``value``."""
    if len(cards) == 5:
        return value(cards), tuple(cards)
    return max((value(f), f) for f in itertools.combinations(cards, 5))


def _omaha_best(hole: Sequence[int], board: Sequence[int], value: Any) -> tuple[int, tuple[int, ...]]:
    """Omaha: exactly two hole cards and three board cards."""
    return max((value(two + three), two + three) for two in itertools.combinations(hole, 2)
               for three in itertools.combinations(board, 3))


def _best_low(cards: Sequence[int]) -> int:
    """The best ace-to-five low of five to seven cards: with five different ranks, the five
    lowest of them (no pair beats every pair); else the best of every five."""
    lows = sorted({((c >> 2) + 1) % 13 for c in cards})
    if len(lows) >= 5:
        return _low5_ranks([(lo + 12) % 13 for lo in lows[:5]])
    return max(_low5(f) for f in itertools.combinations(cards, 5))


def _low8_value(five: Sequence[int]) -> int:
    v = _low5(five)
    return v if v > LOW8_FLOOR else 0


def _high_card_by_suit(five: Sequence[int], ace_low: bool) -> int:
    """The high card by suit of a five-card hand (IFP 50, WPA 15, TDA 20-B: odd chips in
    stud), as a sortable key (rank, then suit: spades, hearts, diamonds, clubs); in a low
    hand the ace is the lowest card."""
    if ace_low:
        return max(((((c >> 2) + 1) % 13) << 2) | (c & 3) for c in five)
    return max(five)


_NAMES = [cards_text([c]) for c in range(52)]


def _text(cards: Sequence[Any]) -> str:
    """Cards as text, ``??`` for an unknown one."""
    return "".join("??" if c is None else _NAMES[c] for c in cards)


def _key(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


class _Setup:
    """A hand's forced bets, bet sizes and rules, checked once and shared by every hand
    dealt with them (a table's hands cost little to start)."""

    def __init__(self, game: Any, n: int, structure: Any, blinds: Any, antes: Any, bring_in: Any,
                 small_bet: Any, big_bet: Any, min_bet: Any, bb_ante: bool, rules: Any,
                 heads_up_tournament: bool, chip_unit: Any) -> None:
        if isinstance(game, str):
            g, st = _game_of(game)
            structure = st if structure is None else structure
        elif isinstance(game, Game):
            g = game
        else:
            raise ValueError(f"game must be a Game or a PHH variant code, not {game!r}")
        self.game = g
        self.n = n
        most = 8 if g.stud else 10 if g.hole_cards >= 4 or g.evaluation == DEUCE_SEVEN else 22
        if g.deck < 52:
            most = (g.deck - 8) // g.hole_cards     # short deck: 14, the hole cards and board
        if not 2 <= n <= most:
            raise ValueError(f"{g.name} is dealt to 2 to {most} players, not {n}")
        if structure is None:
            structure = "fixed-limit"
        if structure not in _STRUCTURES:
            raise ValueError(f"unknown betting structure {structure!r}: one of {', '.join(_STRUCTURES)}")
        self.structure = _STRUCTURES[structure]
        if g.stud and self.structure != FIXED_LIMIT:
            raise ValueError(f"{g.name} is played fixed-limit here (antes, a bring-in, small and big bets)")
        self.rules = get_rules(rules)
        self.blinds = _per_player(blinds if blinds is not None else 0, n, "blinds")
        if g.stud and any(self.blinds):
            raise ValueError("stud has antes and a bring-in, not blinds")
        self.antes = _per_player(antes, n, "antes")
        self.bring_in = _chips(bring_in, "the bring-in")
        top = max(self.blinds)
        if self.structure == FIXED_LIMIT:
            sb = small_bet if small_bet is not None else top
            self.small_bet = _chips(sb, "the small bet")
            self.big_bet = _chips(big_bet if big_bet is not None else 2 * self.small_bet, "the big bet")
            if self.small_bet <= 0:
                raise ValueError("fixed limit needs a small bet above zero")
        else:
            self.small_bet = self.big_bet = 0
        self.min_bet = _chips(min_bet if min_bet is not None else top, "the minimum bet")
        if self.structure != FIXED_LIMIT and self.min_bet <= 0:
            raise ValueError("no limit and pot limit need a minimum bet (the big blind) above zero")
        if g.stud:
            if not 0 < self.bring_in <= self.small_bet:
                raise ValueError(f"stud needs a bring-in above zero and at most the small bet "
                                 f"({self.small_bet}), not {self.bring_in}")
        elif not top:
            raise ValueError(f"{g.name} needs blinds")
        self.bb_ante = bb_ante
        self.heads_up_tournament = heads_up_tournament
        self.chip_unit = max(1, _chips(chip_unit, "the chip unit"))
        self.limit_cap = (self.rules.limit_bets_per_round
                          if not (heads_up_tournament and self.rules.limit_cap_until_heads_up) else 0)
        self.accumulate = self.rules.short_allins_accumulate and self.structure != FIXED_LIMIT
        # The cards a hand can use, dealt at once (the partial shuffle of the hold'em engine):
        # stud seven a player, four burns and the stub's undealt last card (so the seventh
        # street finds the short stub of TDA RP-10-H only when a real deck would: seven or
        # eight players), a board game its hole cards, three burns and five board cards; a
        # draw game the whole deck (its draws come from the stub).
        if g.stud:
            need = 7 * n + 5
        elif any(st.draw for st in g.streets):
            need = 52
        else:
            need = g.hole_cards * n + 8
        self.cards = min(g.deck, need)
        self.shuffle = _make_shuffle(self.cards)
        # The short deck's 36 cards, shuffled whole (the 52-card partial shuffle draws from 52).
        self.deck: list[int] | None = list(_SHORT_DECK) if g.deck < 52 else None
        self.variant = structure[0].upper() + g.code
        r = self.rules
        self.config = {"variant": self.variant, "blinds": list(self.blinds),
                       "antes": list(self.antes), "bring_in": self.bring_in,
                       "small_bet": self.small_bet, "big_bet": self.big_bet,
                       "min_bet": self.min_bet, "bb_ante": bb_ante,
                       # a preset by name, a house's rules in full (RuleSet.to_dict)
                       "rules": r.name if r == get_rules(r.name if r.name in PRESETS else None)
                       else r.to_dict(),
                       "heads_up_tournament": heads_up_tournament, "chip_unit": self.chip_unit}
        self.blind_order, self.blind_kinds = _posting_order(self.blinds)


_SETUPS: dict[tuple[Any, ...], _Setup] = {}


# ---------------------------------------------------------------------------- the hand

class MixedHand:
    """One hand of ``game`` (a :class:`~.games.Game` or a PHH variant code such as
    ``'FO/8'``, which also gives the structure).

    Forced bets: ``blinds`` (each player's blind or straddle, position order, PHH's
    ``blinds_or_straddles``), ``antes`` (one int or one per player: dead money),
    ``bring_in`` (stud). Bet sizes: ``small_bet`` and ``big_bet`` (fixed limit),
    ``min_bet`` (no limit and pot limit: default the big blind). ``bb_ante``: the antes are
    one big-blind ante, posted after the big blind (TDA RP-11). ``absent``: the positions of
    players away from their seats at the deal, whose hands are killed as the preset's
    ``absent_hand`` says (IFP 8: an all-in hand; TDA 30, RP-10-C: every hand, the stud
    bring-in posted first).
    """

    def __init__(self, game: Any, stacks: Sequence[Any], *, structure: Any = None,
                 blinds: Any = None, antes: Any = 0, bring_in: Any = 0, small_bet: Any = None,
                 big_bet: Any = None, min_bet: Any = None, bb_ante: bool = False,
                 rules: Any = None, seed: Any = None, rng: Any = None, deck: Any = None,
                 manual: bool = False, auto_showdown: bool = True,
                 heads_up_tournament: bool = False, chip_unit: int = 1,
                 absent: Sequence[int] = ()) -> None:
        key = (game, len(stacks), structure, _key(blinds), _key(antes), bring_in, small_bet,
               big_bet, min_bet, bb_ante, rules if rules is None or type(rules) is str else id(rules),
               heads_up_tournament, chip_unit)
        try:
            t = _SETUPS[key]
        except (KeyError, TypeError):
            t = _Setup(game, len(stacks), structure, blinds, antes, bring_in, small_bet, big_bet,
                       min_bet, bb_ante, rules, heads_up_tournament, chip_unit)
            try:
                if len(_SETUPS) > 1024:
                    _SETUPS.clear()
                _SETUPS[key] = t
            except TypeError:
                pass
        g = self.game = t.game
        n = self.n = t.n
        for s_ in stacks:
            if type(s_) is not int or s_ <= 0:
                _bad_stacks(stacks)
        stacks = list(stacks)
        self.structure = t.structure
        self.rules = t.rules
        self.blinds = t.blinds
        self.antes = t.antes
        self.bring_in = t.bring_in
        self.small_bet = t.small_bet
        self.big_bet = t.big_bet
        self.min_bet = t.min_bet
        self.bb_ante = t.bb_ante
        self.heads_up_tournament = t.heads_up_tournament
        self.chip_unit = t.chip_unit
        self.limit_cap = t.limit_cap
        self._setup = t
        self.auto_showdown = auto_showdown
        self.manual = manual
        self._rng = None
        if deck is not None:
            if manual:
                raise ValueError("give a deck or deal by hand, not both")
            self._stub = [int(c) for c in parse_cards(list(deck))]
            if len(set(self._stub)) != len(self._stub):
                raise ValueError("the deck has a card twice")
            if t.deck is not None and set(self._stub) - set(t.deck):
                raise ValueError(f"{cards_text(sorted(set(self._stub) - set(t.deck)))} is not in "
                                 f"the {g.deck}-card deck of {g.name} (sixes to aces)")
        elif not manual:
            self._rng = rng if rng is not None else make_rng(seed)
            if rng is not None and seed is not None:
                raise ValueError("give a seed or an rng, not both")
            if t.deck is None:
                self._stub = t.shuffle(self._rng.getrandbits, _FULL_DECK[:])
            else:
                self._stub = t.deck[:]
                self._rng.shuffle(self._stub)
        else:
            self._stub = []
        self._config = {**t.config, "stacks": list(stacks)}

        self.starting = list(stacks)
        self.stacks = list(stacks)
        self.bets = [0] * n
        self.totals = [0] * n
        self.status = [ACTIVE] * n
        self.holes: list[list[int | None]] = [[] for _ in range(n)]
        self.up: list[list[bool]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.burns: list[int] = []
        self.out_of_play: list[int] = []         # scraps of paper, replaced exposed cards
        self.voided = False                      # a misdeal or a fouled deck (mixed_floor)
        self.discards: list[int] = []
        self.shown = [False] * n
        self.mucked = [False] * n
        self.winnings = [0] * n
        self.dead = 0
        self.street = 0
        self.phase = DEALING
        self.actor = -1
        self.aggressor = -1
        self.current = 0
        self.min_raise = 0
        self.full_raises = 0
        self.raises = 0
        self.acted = [-1] * n
        self.faced_up = False
        self._bring_in_due = -1          # stud third street: the player to bring it in
        self._bring_in_forced = False    # his bring-in is forced (not after RP-10-E)
        self._pending: dict[int, int] = {}      # cards still to deal to each player
        self._board_pending = 0
        self._drawn: list[bool] = [False] * n
        self._draw_due: dict[int, list[int]] = {}   # discards awaiting replacements
        self._first_sixth = -1
        self._next_burns: list[int] = []         # burns before the next streets (the floor's)
        self._street_burns = 1                   # burns before the street in play
        self._floor: Any = None                  # what the floor ruled (mixed_floor)
        self._oot: Any = None                    # actions out of turn held (mixed_floor)
        self._bounds: tuple[int, tuple[int, int] | None] | None = None   # the actor's raises
        self._sd_order: list[int] = []
        self.pot_players: list[list[int]] = []   # each pot's eligible players, main pot first
        self.done = False
        self._events: list[dict[str, Any]] = [{"type": "started", "config": self._config}]
        self.absent: tuple[int, ...] = tuple(absent)
        for i in self.absent:
            if type(i) is not int or not 0 <= i < n:
                raise ValueError(f"absent player {i!r} is not a player of this hand (0..{n - 1})")
        self._post_forced()
        self._begin_street()

    # ------------------------------------------------------------------ forced bets

    def _post(self, p: int, kind: str, amount: int, live: bool) -> None:
        a = min(amount, self.stacks[p])
        if a <= 0:
            return
        self.stacks[p] -= a
        if live:
            self.bets[p] += a
        else:
            self.dead += a
        if self.stacks[p] == 0:
            self.status[p] = ALL_IN
        self._events.append({"type": "posted", "player": p, "kind": kind, "amount": a})

    def _post_forced(self) -> None:
        """Antes first (dead money), then the blinds (live); a big-blind ante after the big
        blind (TDA RP-11)."""
        n = self.n
        if not self.bb_ante:
            for p in range(n):
                if self.antes[p]:
                    self._post(p, "ante", self.antes[p], False)
        t = self._setup
        order = self._blind_order = t.blind_order   # heads-up the button's small blind first
        for k, p in enumerate(order):
            self._post(p, t.blind_kinds[k], self.blinds[p], True)
        if self.bb_ante:
            for p in range(n):
                if self.antes[p]:
                    self._post(p, "big_blind_ante", self.antes[p], False)

    # ------------------------------------------------------------------ streets

    def _live(self) -> list[int]:
        return [p for p in range(self.n) if self.status[p] != FOLDED]

    def _begin_street(self) -> None:
        """Deal the street's cards (or wait for them, by hand), then draw and bet."""
        s = self.game.streets[self.street]
        self.phase = DEALING
        live = self._live()
        k = s.down + s.up
        if self.game.stud and self.street == 4 and not self.manual:
            self._seventh_street_stub(live)
            if self.board:
                k = 0                            # TDA RP-10-H: one community card instead
        if k:
            self._pending = {p: k for p in live}
        if s.board:
            self._board_pending = s.board
        if self.manual:
            if not self._pending and not self._board_pending:
                self._after_dealing()
            return
        if self.street and not (self.game.stud and self.street == 4 and self.board):
            if k or s.board:
                # One burn, unless the floor ruled otherwise (TDA RP-5-D: without another
                # burn; IFP Appendix 1: two after a street dealt without one).
                nb = self._next_burns.pop(0) if self._next_burns else 1
                self._street_burns = nb
                for _ in range(nb):
                    self._burn()
        if k:
            # One card at a time round the table, from the left of the button (stud: seat
            # order): player i of m gets cards i, i + m, ... of the stub.
            m = len(live)
            stub = self._stub
            for i, p in enumerate(live):
                self._give(p, stub[i:k * m:m])
            del stub[:k * m]
        if s.board:
            self.deal_board(self._stub[:s.board])
            return
        self._after_dealing()

    def _burn(self) -> None:
        c = self._stub.pop(0)
        self.burns.append(c)
        self._events.append({"type": "burned", "card": _NAMES[c]})

    def _seventh_street_stub(self, live: list[int]) -> None:
        """TDA RP-10-H: the seventh-street short stub. The stub must hold the remaining
        players, a burn and an undealt last card; if not: (A) the stub scrambled with the
        three prior burns, if that is enough, then a burn and one card each; (B) with three
        or more cards, a burn and one community card; (C) with fewer than three, the stub and
        the three prior burns scrambled, a burn and one community card."""
        need = len(live) + 2
        stub = self._stub
        if len(stub) >= need:
            return
        prior = self.burns[-3:]
        if len(stub) + len(prior) >= need or len(stub) < 3:
            for c in prior:
                self.burns.remove(c)
            stub.extend(prior)
            (self._rng or make_rng(0)).shuffle(stub)
            self._events.append({"type": "reshuffled", "rule": "TDA RP-10-H", "cards": len(stub)})
        if len(stub) < need:
            # The community card: dealt face up in the centre, one card for every player.
            self._burn()
            c = stub.pop(0)
            self.board.append(c)
            self._events.append({"type": "board", "street": 4, "cards": cards_text([c]),
                                 "rule": "TDA RP-10-H"})
            self._pending = {}

    def _give(self, p: int, cards: list[int]) -> None:
        s = self.game.streets[self.street]
        due = self._pending.get(p, 0)
        if self.game.stud:
            # Stud's third street: two down, then the door card up; later streets all up
            # but the seventh, which is down.
            start = s.down + s.up - due
            ups = [start + j >= s.down for j in range(len(cards))]
        else:
            ups = [False] * len(cards)
        self.holes[p] += cards
        self.up[p] += ups
        left = due - len(cards)
        if left:
            self._pending[p] = left
        else:
            del self._pending[p]
        self._events.append({"type": "dealt", "player": p, "street": self.street,
                             "cards": _text(cards), "up": ups})

    def _after_dealing(self) -> None:
        s = self.game.streets[self.street]
        if s.draw:
            self.phase = DRAWING
            self._drawn = [self.status[p] == FOLDED for p in range(self.n)]
            self.actor = self._next_drawer(0)
            return
        self._start_betting()

    def _next_drawer(self, start: int) -> int:
        for k in range(self.n):
            p = (start + k) % self.n
            if not self._drawn[p]:
                return p
        return -1

    def _start_betting(self) -> None:
        self._bounds = None
        g = self.game
        n = self.n
        self.phase = BETTING
        self.acted = [-1] * n
        self.full_raises = 0
        self.aggressor = -1
        s = g.streets[self.street]
        if self.structure == FIXED_LIMIT:
            self.min_raise = self.big_bet if s.big else self.small_bet
        else:
            self.min_raise = self.min_bet
        self.current = 0
        self.raises = 0
        if g.stud:
            if self.street == 0:
                self._open_bring_in()
                if self.absent:
                    self._kill_absent()
                return
            first = self._best_showing()
            if self.street == 4 and self.board:
                first = self._first_sixth      # TDA RP-10-H D: as on sixth street
            if self.street == 3:
                self._first_sixth = first
            start = first
        elif self.street == 0:
            top = max(self.blinds)
            self.current = top
            if self.structure == FIXED_LIMIT:
                self.raises = 1                  # IFP 33: the big blind is the bet
            elif top > self.min_raise:
                self.min_raise = top
            big = max(p for p in self._blind_order if self.blinds[p] == top)
            start = (big + 1) % n
        else:
            start = 0
        a = self._find_actor(start, True)
        if a < 0:
            self._end_round()
        else:
            self.actor = a
            if self.absent and self.street == 0:
                self._kill_absent()

    def _kill_absent(self) -> None:
        """Absent players' hands once the cards are dealt (IFP 8, TDA 30, RP-10-C)."""
        from .mixed_floor import kill_absent
        kill_absent(self)

    def _best_showing(self) -> int:
        """Stud: the high hand showing acts first; razz: the low hand (TDA RP-10; ties by
        the high card by suit, RP-10-D)."""
        key = _low_showing if self.game.evaluation == RAZZ else _high_showing
        cands = [p for p in range(self.n) if self.status[p] != FOLDED]
        return max(cands, key=lambda p: key([c for c, u in zip(self.holes[p], self.up[p])
                                             if u and c is not None]))

    def _open_bring_in(self) -> None:
        """TDA RP-10: the lowest up card by suit brings it in (razz: the highest, aces low);
        if that player is all-in for the ante, betting starts on his left, and the players
        with chips must bet at least the bring-in or fold (RP-10-E)."""
        razz = self.game.evaluation == RAZZ
        live = self._live()

        def door(p: int) -> int:
            c = next(c for c, u in zip(self.holes[p], self.up[p]) if u)
            if c is None:
                return 1 << 10                 # a door card the history does not know
            if razz:                           # highest by rank with aces low, then by suit
                return -(((((c >> 2) + 1) % 13) << 2) | (c & 3))
            return c
        low = min(live, key=door)
        self.current = 0
        self.min_raise = self.small_bet
        if self.status[low] == ACTIVE:
            self._bring_in_due = low
            self._bring_in_forced = True
            self.actor = low
            return
        a = self._find_actor(low)
        self._bring_in_due = a
        self._bring_in_forced = False
        if a < 0:
            self._end_round()
        else:
            self.actor = a

    # ------------------------------------------------------------------ betting

    def _find_actor(self, p: int, inclusive: bool = False) -> int:
        n = self.n
        status = self.status
        bets = self.bets
        n_active = status.count(ACTIVE)
        if n_active == 0:
            return -1
        if n_active == 1:
            i = status.index(ACTIVE)
            return i if bets[i] < max(bets) else -1
        for k in range(0 if inclusive else 1, n + (1 if inclusive else 0)):
            i = (p + k) % n
            if status[i] == ACTIVE and (self.acted[i] < 0 or bets[i] < self.current):
                return i
        return -1

    def _next(self, p: int) -> None:
        self._bounds = None
        a = self._find_actor(p)
        if a < 0:
            self._end_round()
        else:
            self.actor = a
            if self._oot is not None:
                from .mixed_floor import after_out_of_turn
                after_out_of_turn(self, p)

    def _preset(self) -> str:
        name = self.rules.name.split("+")[0]
        return name if name in _LIMIT_RULES else "ifp-2012"

    def _require_turn(self, player: Any, what: str, phase: str = BETTING) -> int:
        if self.phase != phase:
            raise IllegalAction(f"cannot {what}: the hand is {self.phase}, not {phase}",
                                self.describe_legal(), "IFP 31" if phase == BETTING else "DESIGN")
        if player is not None and player != self.actor:
            raise IllegalAction(f"player {player} cannot {what}: it is player {self.actor}'s turn",
                                self.describe_legal(), "IFP 31")
        return self.actor

    def _call_target(self) -> int:
        if self.status.count(ACTIVE) == 1:
            mx = max(self.bets)
            if mx < self.current:
                return mx
        return self.current

    def post_bring_in(self, player: Any = None) -> None:
        """Stud's bring-in (PHH ``pb``), by the player due to bring it in (TDA RP-10)."""
        p = self._require_turn(player, "bring it in")
        if p != self._bring_in_due or self.current:
            raise IllegalAction(f"player {p} has no bring-in to post", self.describe_legal(), "TDA RP-10")
        x = min(self.bring_in, self.stacks[p])
        self.stacks[p] -= x
        self.bets[p] += x
        if self.stacks[p] == 0:
            self.status[p] = ALL_IN
        self.current = self.bring_in
        self._bring_in_due = -1
        self.acted[p] = self.full_raises
        self._events.append({"type": "acted", "player": p, "action": "bring-in", "to": self.bets[p],
                             "chips": x})
        self._next(p)

    def fold(self, player: Any = None) -> None:
        """Fold (always allowed, IFP 28; not instead of a forced bring-in, TDA RP-10)."""
        p = self._require_turn(player, "fold")
        if p == self._bring_in_due and self._bring_in_forced:
            raise IllegalAction(f"player {p} must bring it in or complete: the bring-in is forced",
                                self.describe_legal(), "TDA RP-10")
        self._bring_in_due = -1
        self.status[p] = FOLDED
        self._events.append({"type": "acted", "player": p, "action": "fold", "to": self.bets[p],
                             "chips": 0})
        if len(self._live()) == 1:
            self._end_round()
            return
        self._next(p)

    def check_call(self, player: Any = None) -> None:
        """Check, or call the current bet (all-in for less when short)."""
        p = self._require_turn(player, "check or call")
        if p == self._bring_in_due:
            if self._bring_in_forced:
                raise IllegalAction(f"player {p} must bring it in or complete", self.describe_legal(),
                                    "TDA RP-10")
            # RP-10-E: the first player with chips must bet at least the bring-in.
            raise IllegalAction(f"player {p} must bet at least the bring-in ({self.bring_in}) or fold",
                                self.describe_legal(), "TDA RP-10-E")
        b = self.bets[p]
        x = self._call_target() - b
        if x <= 0:
            self._events.append({"type": "acted", "player": p, "action": "check", "to": b, "chips": 0})
        else:
            if x >= self.stacks[p]:
                x = self.stacks[p]
                self.status[p] = ALL_IN
            self.stacks[p] -= x
            self.bets[p] = b + x
            self._events.append({"type": "acted", "player": p, "action": "call", "to": b + x, "chips": x})
        self.acted[p] = self.full_raises
        self._next(p)

    def _raise_bounds(self, p: int) -> tuple[int, int] | None:
        c = self._bounds
        if c is not None and c[0] == p:
            return c[1]
        b = self._compute_bounds(p)
        self._bounds = (p, b)
        return b

    def _compute_bounds(self, p: int) -> tuple[int, int] | None:
        if self._oot is not None and p in self._oot.limits:
            return None                          # released out of turn: he may not raise
        bets = self.bets
        b = bets[p]
        allin = b + self.stacks[p]
        cur = self.current
        if allin <= cur:
            return None
        a = self.acted[p]
        if a >= 0 and a >= self.full_raises and not (self._setup.accumulate
                                                     and cur - b >= self.min_raise):
            return None                          # IFP 37a / TDA 47: not reopened
        stacks = self.stacks
        status = self.status
        cover = 0                                # the most an opponent can put in all
        for j in range(self.n):
            if j != p and status[j] == ACTIVE:
                x = bets[j] + stacks[j]
                if x > cover:
                    cover = x
        if cover <= cur:
            return None                          # nobody could call a raise
        if self.game.stud and self.street == 0 and cur < self.small_bet:
            lo = self.small_bet                  # the completion of the bring-in to a full bet
        else:
            lo = cur + self.min_raise
        if self.structure == NO_LIMIT:
            return min(lo, allin), allin
        if self.structure == FIXED_LIMIT:
            if self.limit_cap and self.raises >= self.limit_cap:
                return None
            hi = min(lo, allin)
            # A raise to what the deepest opponent can match is the full raise with its
            # uncalled part kept back (IFP 27 would return it): the same bet (as PHH records).
            return min(hi, cover), hi
        # IFP 39 / TDA 54: pot limit: the pot after calling, on top of the call.
        hi = cur + self.dead + sum(self.totals) + sum(bets) + (cur - b)
        hi = min(hi, allin)
        return min(lo, hi), hi

    def raise_to(self, amount: Any, player: Any = None) -> None:
        """Bet, raise or complete to ``amount`` chips in all this round (PHH ``cbr``)."""
        p = self._require_turn(player, "bet or raise")
        bounds = self._raise_bounds(p)
        if bounds is None:
            if self._oot is not None and p in self._oot.limits:
                raise IllegalAction(f"player {p} may call or fold, not raise: his action out of "
                                    "turn was released", self.describe_legal(),
                                    self._oot.limits[p])
            if self.structure == FIXED_LIMIT and self.limit_cap and self.raises >= self.limit_cap:
                raise IllegalAction("the betting is capped at one bet and three raises",
                                    self.describe_legal(), _LIMIT_RULES[self._preset()])
            raise IllegalAction(f"player {p} cannot raise: the betting is not open to him "
                                "(all-in for less, not reopened, or nobody could call)",
                                self.describe_legal(), "IFP 37a")
        lo, hi = bounds
        if isinstance(amount, bool) or not isinstance(amount, int) or not lo <= amount <= hi:
            fl = self.structure == FIXED_LIMIT
            rule = (_LIMIT_RULES if fl else _MIN_RAISE_RULES if isinstance(amount, int) and amount < lo
                    else _POT_LIMIT_RULES if self.structure == POT_LIMIT else _MIN_RAISE_RULES)
            raise IllegalAction(f"a raise to {amount!r} is outside {lo}..{hi}", self.describe_legal(),
                                rule[self._preset()])
        bets = self.bets
        x = amount - bets[p]
        self.stacks[p] -= x
        bets[p] = amount
        cur = self.current
        inc = amount - cur
        completing = self.game.stud and self.street == 0 and cur < self.small_bet
        if completing and amount >= self.small_bet:
            self.full_raises += 1                # the completion is the street's bet
            self.raises += 1
        elif inc >= self.min_raise:
            if self.structure != FIXED_LIMIT:
                self.min_raise = inc
            self.full_raises += 1
            self.raises += 1
        elif (self.structure == FIXED_LIMIT and self.rules.limit_half_bet_reopens
              and 2 * inc >= self.min_raise):
            self.full_raises += 1                # TDA 47-B: half a bet or more reopens
            self.raises += 1
        self.current = amount
        self.aggressor = p
        self._bring_in_due = -1
        if self.stacks[p] == 0:
            self.status[p] = ALL_IN
        self.acted[p] = self.full_raises
        self._events.append({"type": "acted", "player": p,
                             "action": "complete" if completing else "bet" if cur == 0 else "raise",
                             "to": amount, "chips": x})
        self._next(p)

    def _end_round(self) -> None:
        """Return an uncalled bet (IFP 27), gather the bets, go on."""
        self.actor = -1
        self._oot = None                         # held out of turn for one betting round
        self._bounds = None
        bets = self.bets
        top = max(bets)
        if top:
            second = sorted(bets)[-2]
            who = bets.index(top)
            if top > second and self.status[who] != FOLDED:
                x = top - second
                bets[who] = second
                self.stacks[who] += x
                if self.status[who] == ALL_IN:
                    self.status[who] = ACTIVE
                self._events.append({"type": "returned", "player": who, "amount": x})
        for p in range(self.n):
            self.totals[p] += bets[p]
        self.bets = [0] * self.n
        live = self._live()
        if len(live) < 2:
            self._award({live[0]: None})
            return
        if self.status.count(ACTIVE) <= 1 and not self.faced_up and ALL_IN in self.status:
            # IFP 43 / TDA 16: all-in and no more betting: the hands are tabled.
            self.faced_up = True
            for p in live:
                self.shown[p] = True
            self._events.append({"type": "faced_up", "players": live})
        if self.street + 1 >= len(self.game.streets):
            self._showdown()
            return
        self.street += 1
        self._begin_street()

    # ------------------------------------------------------------------ dealing by hand

    def _in_play(self) -> set[int]:
        used = set(self.board)
        for h in self.holes:
            used.update(c for c in h if c is not None)
        return used

    def _parse(self, cards: Any) -> list[int]:
        if type(cards) is list and all(type(c) is int and 0 <= c < 52 for c in cards):
            return cards[:]                      # card indices as they are (bots, the dealer)
        if isinstance(cards, str):
            return [int(c) for c in parse_cards(cards)]
        return [int(c) for c in parse_cards(list(cards))]

    def _parse_unknown(self, cards: Any) -> list[Any]:
        """Cards by hand, ``??`` for a card nobody saw (hand histories)."""
        if isinstance(cards, str) and "?" in cards:
            if len(cards) % 2:
                raise ValueError(f"not a list of two-character cards: {cards!r}")
            return [None if cards[j:j + 2] == "??" else int(parse_cards(cards[j:j + 2])[0])
                    for j in range(0, len(cards), 2)]
        return self._parse(cards)

    def deal_hole(self, player: int, cards: Any) -> None:
        """Deal ``cards`` to ``player`` (by hand): the cards due to him this street, or after
        a discard its replacements."""
        if not self.manual:
            raise IllegalAction("this hand deals its own cards", self.describe_legal(), "DESIGN")
        cs = self._parse_unknown(cards)
        known = [c for c in cs if c is not None]
        if set(known) & self._in_play() or len(set(known)) != len(known):
            raise IllegalAction(f"card already in play in {cards}", self.describe_legal(), "IFP 31")
        self._check_deck(known)
        if player in self._draw_due:
            due = self._draw_due[player]
            if len(cs) > len(due):
                raise IllegalAction(f"player {player} discarded {len(due)} cards, not {len(cs)}",
                                    self.describe_legal(), "DESIGN")
            self._replace(player, cs)
            return
        if self.phase != DEALING or player not in self._pending:
            raise IllegalAction(f"no cards are due to player {player}", self.describe_legal(), "DESIGN")
        if len(cs) > self._pending[player]:
            raise IllegalAction(f"player {player} is due {self._pending[player]} cards, not {len(cs)}",
                                self.describe_legal(), "DESIGN")
        self._give(player, cs)
        if not self._pending and not self._board_pending:
            self._after_dealing()

    def deal_board(self, cards: Any) -> None:
        """Turn the street's board cards (automatic dealing burns first)."""
        cs = self._parse(cards)
        if (self.manual and self.game.stud and self.street == 4 and self.phase == DEALING
                and len(cs) == 1 and not self.board and self._pending == {p: 1 for p in self._live()}):
            # TDA RP-10-H: seventh street's community card, for every player.
            self._pending = {}
            self._board_pending = 1
        if self.phase != DEALING or len(cs) != self._board_pending:
            raise IllegalAction(f"{len(cs)} board cards are not due now", self.describe_legal(), "DESIGN")
        if self.manual and (set(cs) & self._in_play() or len(set(cs)) != len(cs)):
            raise IllegalAction(f"card already in play in {cards_text(cs)}", self.describe_legal(), "IFP 31")
        self._check_deck(cs)
        if not self.manual:
            del self._stub[:len(cs)]
        self.board += cs
        self._board_pending = 0
        self._events.append({"type": "board", "street": self.street, "cards": _text(cs)})
        if not self._pending:
            self._after_dealing()

    def _check_deck(self, cards: list[int]) -> None:
        """A short deck has no deuce to five: one found makes the deck one of too many cards,
        fouled (IFP 63a), so a history that deals one is refused."""
        if self.game.deck < 52:
            bad = [c for c in cards if c >> 2 < 4]
            if bad:
                raise IllegalAction(f"{cards_text(bad)} is not in the {self.game.deck}-card deck "
                                    f"of {self.game.name} (sixes to aces)", self.describe_legal(),
                                    "IFP 63a")

    # ------------------------------------------------------------------ draws

    def discard(self, cards: Any = (), player: Any = None) -> None:
        """Draw: discard ``cards`` (none: stand pat; PHH ``sd``) and receive as many."""
        p = self._require_turn(player, "draw", DRAWING)
        cs = self._parse_unknown(cards) if cards else []
        hole = self.holes[p]
        known = [c for c in cs if c is not None]
        if (any(c not in hole for c in known) or len(set(known)) != len(known)
                or cs.count(None) > hole.count(None)):
            raise IllegalAction(f"player {p} does not hold {cards}", self.describe_legal(), "DESIGN")
        for c in cs:
            j = hole.index(c)
            del hole[j]
            del self.up[p][j]
        self.discards += known
        self._drawn[p] = True
        self._events.append({"type": "discarded", "player": p, "cards": _text(cs)})
        self.actor = self._next_drawer(p)
        if cs:
            self._draw_due[p] = cs
            if not self.manual:
                self._replace(p, self._draw_cards(p, len(cs)))
                return
        self._after_draw()

    def _draw_cards(self, p: int, k: int) -> list[int]:
        """``k`` cards from the stub. The stub's last card is not dealt; when the stub runs
        short, the last card, the earlier discards and the burns are shuffled face down into
        a new stub (TDA 35-A leaves draw games to the house; TDA 39-D: reshuffled face down),
        never the cards this player just threw, and the dealing goes on."""
        out: list[int] = []
        while len(out) < k:
            if len(self._stub) > 1:
                out.append(self._stub.pop(0))
                continue
            mine = set(self._draw_due.get(p, ())) | set(out)
            pool = self._stub + [c for c in self.discards if c not in mine] + self.burns
            self.discards = [c for c in self.discards if c in mine]
            self.burns = []
            if len(pool) < 2:
                raise IllegalAction("the deck has no cards left to draw", self.describe_legal(), "TDA 35")
            (self._rng or make_rng(0)).shuffle(pool)
            self._stub = pool
            self._events.append({"type": "reshuffled", "rule": "TDA 39-D", "cards": len(pool)})
        return out

    def _replace(self, p: int, cs: list[Any]) -> None:
        # Cards by hand may be unknown (None: a history's "??"), so not list[int] (compiled).
        due = self._draw_due[p]
        for c in cs:
            self.holes[p].append(c)
            self.up[p].append(False)
        rest = due[len(cs):]
        if rest:
            self._draw_due[p] = rest
        else:
            del self._draw_due[p]
        self._events.append({"type": "dealt", "player": p, "street": self.street,
                             "cards": _text(cs), "up": [False] * len(cs)})
        self._after_draw()

    def _after_draw(self) -> None:
        if self.phase == DRAWING and all(self._drawn) and not self._draw_due:
            self._start_betting()

    # ------------------------------------------------------------------ showdown

    def _values(self, p: int) -> tuple[tuple[int, Any], tuple[int, Any] | None]:
        """(high value, five cards), (low value, five cards) of player ``p`` for this game
        (razz and deuce-to-seven: the low as the only value). Stud's five cards are found
        only when they are needed, for an odd chip (:meth:`_five`): None until then."""
        g = self.game
        hole = [c for c in self.holes[p] if c is not None]
        ev = g.evaluation
        if ev == HIGH:
            return (evaluate(hole + self.board), None), None
        if ev == OMAHA_HIGH:
            return _omaha_best(hole, self.board, evaluate), None
        if ev == OMAHA_HILO8:
            return _omaha_best(hole, self.board, evaluate), _omaha_best(hole, self.board, _low8_value)
        if ev == STUD_HILO8:
            cards = hole + self.board
            v = _best_low(cards)
            return (evaluate(cards), None), (v if v > LOW8_FLOOR else 0, None)
        if ev == RAZZ:
            return (_best_low(hole + self.board), None), None
        if ev == SHORT_DECK:
            return (best_short_deck(hole + self.board), None), None
        if ev == BADUGI:
            return (_badugi(hole), tuple(hole)), None
        return (_d27_5(hole), tuple(hole)), None

    def _five(self, p: int, low: bool) -> tuple[int, ...]:
        """Player ``p``'s five-card stud hand, high or (ace-to-five) low."""
        cards = [c for c in self.holes[p] if c is not None] + self.board
        return _best_five(cards, _low5 if low else evaluate)[1]

    def _showdown(self) -> None:
        live = self._live()
        g = self.game
        if self.aggressor >= 0 and self.status[self.aggressor] != FOLDED:
            first = self.aggressor           # IFP 42: the last aggressor shows first
        elif g.stud:
            first = self._best_showing()     # IFP 42: the high board (razz: the lowest) first
        else:
            first = live[0]                  # the first player left of the button
        order = [(first + k) % self.n for k in range(self.n)]
        self._sd_order = [p for p in order if p in live]
        if g.stud and self.faced_up and self.rules.dealing_irregularities == "tda-2024":
            # TDA RP-10-B: in all-in situations the players not at risk expose first.
            self._sd_order.sort(key=lambda p: self.status[p] == ALL_IN)
        self.phase = SHOWDOWN
        self.actor = -1
        if self.auto_showdown:
            for p in self._sd_order:
                self._table(p)
            self._award_showdown()
            return
        self._next_to_show()

    def _next_to_show(self) -> None:
        for p in self._sd_order:
            if not self.mucked[p] and not self._decided(p):
                self.actor = p
                return
        self._award_showdown()

    def _decided(self, p: int) -> bool:
        return self.shown[p] and any(e["type"] == "shown" and e["player"] == p for e in self._events)

    def _table(self, p: int, cards: list[int] | None = None) -> None:
        if cards is not None:
            h = self.holes[p]
            known = sorted(c for c in h if c is not None)
            if None in h and len(cards) == len(h) and set(known) <= set(cards):
                # The unknown cards come to light: in the order dealt, the known ones kept.
                rest = [c for c in cards if c not in known]
                self.holes[p] = [c if c is not None else rest.pop(0) for c in h]
            elif sorted(cards) != known:
                raise IllegalAction(f"player {p} shows {cards_text(cards)} but holds {cards_text(known)}",
                                    self.describe_legal(), "IFP 31")
        self.shown[p] = True
        self._events.append({"type": "shown", "player": p,
                             "cards": cards_text([c for c in self.holes[p] if c is not None])})

    def show(self, player: Any = None, cards: Any = None) -> None:
        p = self._require_turn(player, "show", SHOWDOWN)
        self._table(p, self._parse(cards) if cards else None)
        self._next_to_show()

    def muck(self, player: Any = None) -> None:
        p = self._require_turn(player, "muck", SHOWDOWN)
        unmucked = [q for q in self._sd_order if not self.mucked[q]]
        if unmucked == [p]:
            raise IllegalAction(f"player {p} holds the last hand: it wins without being shown",
                                self.describe_legal(), "IFP 44")
        self.mucked[p] = True
        self._events.append({"type": "mucked", "player": p})
        self._next_to_show()

    def finish_showdown(self) -> None:
        """Cards speak for every hand not yet shown or mucked (IFP 48)."""
        while self.phase == SHOWDOWN:
            self.show(self.actor)

    def _award_showdown(self) -> None:
        for p in self._sd_order:
            if not self.mucked[p] and None in self.holes[p]:
                raise IllegalAction(f"player {p}'s cards are unknown: show them or muck",
                                    self.describe_legal(), "IFP 48")
        claim = {p: self._values(p) for p in self._sd_order if not self.mucked[p]}
        self._award(claim)

    def _pots(self, live: list[int]) -> list[tuple[int, list[int]]]:
        """(amount, eligible live players) of the main pot and each side pot (IFP 51); the
        antes are dead money in the main pot (TDA RP-11)."""
        totals = self.totals
        levels = sorted({totals[p] for p in live})
        pots: list[tuple[int, list[int]]] = []
        prev = 0
        for j, lv in enumerate(levels):
            amount = sum(min(t, lv) - min(t, prev) for t in totals)
            if j == len(levels) - 1:
                amount += sum(t - lv for t in totals if t > lv)
            if j == 0:
                amount += self.dead
            pots.append((amount, [p for p in live if totals[p] >= lv]))
            prev = lv
        return [(a, e) for a, e in pots if a]

    def _award(self, claim: dict[int, Any]) -> None:
        """Award each pot (the last side pot first: IFP 51) to its best hands; hi-lo pots are
        halved, the odd chip to the high half (IFP 50, WPA 15, TDA 20-C)."""
        live = self._live()
        pots = self._pots(live)
        self.pot_players = [e for _, e in pots]
        order = list(enumerate(pots))
        if self.rules.side_pot_order == "largest-stacks-first":
            # Gananda: Showdown 7: the pot of the players who started with the most chips first.
            order.sort(key=lambda e: (-min(self.starting[i] for i in e[1][1]), -e[0]))
        else:
            order.reverse()                      # IFP 51: the most recent side pot first
        g = self.game
        for k, (amount, eligible) in order:
            contenders = [p for p in eligible if p in claim]
            if not contenders:
                contenders = [p for p in eligible if not self.mucked[p]] or eligible
            if len(contenders) == 1 or claim.get(contenders[0]) is None:
                self._pay(contenders[0], amount, k, None)
                continue
            highs = {p: claim[p][0] for p in contenders}
            lows = {p: claim[p][1] for p in contenders if claim[p][1] is not None and claim[p][1][0] > 0}
            if g.split and lows:
                unit = self._unit()
                low_half = (amount // unit // 2) * unit      # the odd chip to the high hand
                self._split(amount - low_half, highs, k, "high")
                self._split(low_half, lows, k, "low")
            else:
                self._split(amount, highs, k, "high" if g.split else None)
        self.phase = COMPLETE
        self.actor = -1
        self.done = True
        self._events.append({"type": "ended", "stacks": list(self.stacks)})

    def _split(self, amount: int, values: dict[int, Any], pot: int, half: str | None) -> None:
        if not amount:
            return
        best = max(v[0] for v in values.values())
        winners = [p for p, v in values.items() if v[0] == best]
        unit = self._unit()
        share = (amount // unit // len(winners)) * unit
        odd = (amount - share * len(winners)) // unit
        rest = amount - share * len(winners) - odd * unit
        g = self.game
        if g.stud:
            # IFP 50, WPA 15, TDA 20-B: in stud the odd chip to the high card by suit (of
            # the five-card hand: TDA 20-B; aces low in a low hand).
            low = half == "low" or g.evaluation == RAZZ
            order = sorted(winners, key=lambda p: _high_card_by_suit(self._five(p, low), low),
                           reverse=True) if odd or rest else winners
        else:
            # IFP 50, WPA 15, TDA 20-A: clockwise from the left of the button.
            order = sorted(winners)
        extra = dict.fromkeys(winners, 0)
        if self.rules.odd_chips == "first-left-of-button" or g.stud:
            extra[order[0]] += odd * unit
        else:
            for j in range(odd):
                extra[order[j % len(order)]] += unit
        extra[order[0]] += rest
        for p in winners:
            self._pay(p, share + extra[p], pot, half)

    def _unit(self) -> int:
        """TDA 20 / Gananda: Ties 1: odd chips in the smallest denomination in play."""
        return self.chip_unit if self.rules.odd_chip_smallest_denomination else 1

    def _pay(self, p: int, amount: int, pot: int, half: str | None) -> None:
        self.stacks[p] += amount
        self.winnings[p] += amount
        self._events.append({"type": "awarded", "player": p, "amount": amount, "pot": pot,
                             "half": half})

    # ------------------------------------------------------------------ reading

    def legal_actions(self) -> dict[str, Any]:
        """What may happen next, as a dictionary (``phase``, ``player`` and the options)."""
        out: dict[str, Any] = {"phase": self.phase, "player": self.actor if self.actor >= 0 else None}
        if self.phase == BETTING:
            # ``bring_in``: the player may post (or, TDA RP-10-E, bet) the bring-in; he may
            # not check, and fold only when the bring-in is not forced on him.
            p = self.actor
            bounds = self._raise_bounds(p)
            bring = p == self._bring_in_due
            x = self._call_target() - self.bets[p]
            out["fold"] = not (bring and self._bring_in_forced)
            out["bring_in"] = bring
            out["check"] = not bring and x <= 0
            out["call"] = 0 if bring or x <= 0 else min(x, self.stacks[p])
            out["min_raise_to"] = bounds[0] if bounds else None
            out["max_raise_to"] = bounds[1] if bounds else None
        elif self.phase == DRAWING:
            out["discard"] = len(self.holes[self.actor])
        elif self.phase == DEALING:
            out["deal"] = {"hole": dict(self._pending), "board": self._board_pending}
        elif self.phase == SHOWDOWN:
            out["show"] = True
            out["muck"] = [q for q in self._sd_order if not self.mucked[q]] != [self.actor]
        return out

    def describe_legal(self) -> str:
        la = self.legal_actions()
        return ", ".join(f"{k}={v}" for k, v in la.items())

    def bet_bring_in(self, player: Any = None) -> None:
        """Bet the bring-in: the forced bring-in, or (TDA RP-10-E, the low card all-in for
        the ante) the first player with chips opening for the bring-in amount."""
        self.post_bring_in(player)

    @property
    def is_complete(self) -> bool:
        return self.done

    # ------------------------------------------------------------------ stud irregularities

    def _floor_rule(self, rules: dict[str, str]) -> str:
        return rules.get(self._preset(), rules["ifp-2012"])

    def upcards_picked_up(self, player: int) -> str:
        """A stud player picked up his upcards. Facing action the hand is dead (IFP 53, TDA
        66): it is killed, its chips stay in the pot. Otherwise nothing is ruled here (the
        books kill it only facing action). Returns the ruling: ``'dead'`` or ``'live'``."""
        rule = self._floor_rule({"ifp-2012": "IFP 53", "wpa": "IFP 53", "tda-2024": "TDA 66"})
        if not self.game.stud:
            raise IllegalAction(f"{self.game.name} has no upcards", self.describe_legal(), rule)
        if self.status[player] == FOLDED:
            raise IllegalAction(f"player {player} has no hand", self.describe_legal(), rule)
        facing = (self.phase == BETTING and self.actor == player
                  and self._call_target() > self.bets[player])
        if not facing:
            return "live"
        self._events.append({"type": "killed", "player": player, "rule": rule})
        self._bring_in_due = -1
        self.status[player] = FOLDED
        self._events.append({"type": "acted", "player": player, "action": "fold",
                             "to": self.bets[player], "chips": 0})
        if len(self._live()) == 1:
            self._end_round()
        else:
            self._next(player)
        return "dead"

    def premature_card(self) -> None:
        """TDA RP-5-D: the next street's card dealt before the betting is over. It goes back
        to the stub, the stub is reshuffled (face down, TDA 39-D) and the street is dealt from
        it without another burn. Under the other books (no stud procedure) ``LeftToDirector``,
        the hand unchanged."""
        if self.manual or not self.game.stud or self.phase != BETTING or self.street >= 4:
            raise IllegalAction("a premature card is ruled on a dealt stud hand, while a betting "
                                "round before seventh street is open", self.describe_legal(),
                                "TDA RP-5-D")
        from .mixed_floor import premature_ruling
        premature_ruling(self)                   # the preset's book: RP-5-D, or the TD's
        self._burn()                             # the burn before the premature card stands
        (self._rng or make_rng(0)).shuffle(self._stub)
        self._next_burns = [0]
        self._events.append({"type": "reshuffled", "rule": "TDA RP-5-D", "cards": len(self._stub)})

    def exposed_downcard(self, player: int, card: Any) -> None:
        """TDA RP-10-A: a downcard exposed on the initial deal becomes the player's upcard and
        his third-street upcard is turned down; he can be the bring-in (the TDA's procedure:
        under the other books :meth:`deal_error` rules the exposed card)."""
        rule = "TDA RP-10-A"
        if self.rules.dealing_irregularities != "tda-2024":
            raise IllegalAction("an exposed downcard is ruled by this preset's book: "
                                "deal_error('exposed-card', card=...)", self.describe_legal(),
                                "IFP 64")
        c = self._parse([card] if isinstance(card, int) else card)
        h = self.holes[player] if 0 <= player < self.n else []
        if (not self.game.stud or self.street or self.current or len(c) != 1 or c[0] not in h
                or any(e["type"] == "acted" for e in self._events)):
            raise IllegalAction("a downcard exposed on the initial deal is turned up before any "
                                "action on third street", self.describe_legal(), rule)
        j = h.index(c[0])
        if self.up[player][j]:
            raise IllegalAction(f"{_NAMES[c[0]]} is already player {player}'s upcard",
                                self.describe_legal(), rule)
        ups = self.up[player]
        for k in range(len(ups)):
            ups[k] = k == j
        self._events.append({"type": "exposed", "player": player, "card": _NAMES[c[0]], "rule": rule})
        if self.phase == BETTING:
            self._bounds = None
            self._open_bring_in()

    # ------------------------------------------------------------------ the floor (mixed_floor)

    def deal_error(self, cause: Any, *, card: Any = None, player: Any = None) -> Any:
        """An irregularity of the initial deal (``cause`` one of
        :data:`pokertd.rules.irregularities.DEAL_CAUSES`), ruled by the preset for this game
        (flop, stud or draw: ``deal_ruling``): a misdeal voids the hand, every chip back
        (:meth:`redeal` deals it again); in stud under TDA RP-10-A an exposed downcard becomes
        the upcard; an exposed card replaced by the top of the stub and used as the burn (IFP
        64f); a boxed card a scrap of paper; after substantial action the hand plays on.
        Returns the Ruling; ``LeftToDirector`` where the book leaves it to the TD."""
        from .mixed_floor import deal_error
        return deal_error(self, cause, card, player)

    def fouled_deck(self, defect: Any = "duplicate", where: Any = "hand") -> Any:
        """A fouled deck (IFP 63, TDA 35-E, Gananda Irregularities 3-4): the hand void whatever
        the action, every chip back. Returns the Ruling."""
        from .mixed_floor import fouled_deck
        return fouled_deck(self, defect, where)

    def redeal(self, **cards: Any) -> MixedHand:
        """The redeal after a misdeal: the same hand again with the same players, stacks, forced
        bets and rules (IFP 64, TDA 35-C), dealt from ``cards`` (``rng``, ``seed``, ``deck`` or
        ``manual``)."""
        from .mixed_floor import redeal
        hand: MixedHand = redeal(self, cards)
        return hand

    def board_error(self, error: Any, *, identifiable: Any = True, rng: Any = None) -> Any:
        """A board error in Omaha or another flop game: on the street in play (``no-burn``,
        ``extra-burn``, ``extra-card``) or the next street's cards turned too soon
        (``premature``), ruled by the preset's ``board_errors`` book (IFP Appendix 1, TDA 38-39
        and RP-5, irregularities 3-8, Gananda Holdem Irregularities 3-8) and applied to the
        stub: the board and burns as the book says, the burns before the next streets.
        Returns the Ruling; ``LeftToDirector`` where the book is silent, the hand unchanged."""
        from .mixed_floor import board_error
        return board_error(self, error, identifiable, rng)

    def seventh_street_exposed(self, player: int) -> Any:
        """The dealer exposed ``player``'s seventh-street downcard (stud). TDA RP-10-B: replaced
        by the next card of the stub if betting action remains, else it plays (and in all-in
        situations the players not at risk expose first); the other books leave it to the TD.
        Returns the Ruling."""
        from .mixed_floor import seventh_street_exposed
        return seventh_street_exposed(self, player)

    def physical_bet(self, chips: Sequence[Any] = (), declared: Any = None, *,
                     later_motions: Sequence[Sequence[Any]] = (), pulled_back: Any = 0,
                     prior_chips: Any = None, chip_set: Any = None, player: Any = None) -> Any:
        """The player to act pushes ``chips`` in one motion, having said ``declared`` first: the
        bet ruled by :func:`pokertd.rules.declarations.rule_bet` under the hand's rules and
        played as the legal action it is (no-limit and pot-limit: Omaha, no-limit draw); the
        events keep both (``ruled``, then ``acted``). Returns the BetRuling."""
        from .mixed_floor import physical_bet
        return physical_bet(self, chips, declared, later_motions, pulled_back, prior_chips,
                            chip_set, player)

    def out_of_turn(self, player: Any, action: Any, amount: Any = None) -> None:
        """``player`` acts before his turn: ``fold``, ``check``, ``call``, ``raise``/``bet`` (to
        ``amount``; in fixed limit the one raise) or ``all-in``. It is held until the action
        reaches him, then ruled by the preset's ``out_of_turn``: binding unless the action
        changed in between (IFP 26, WPA 33, TDA 53-A; a fold out of turn binds), released with
        no raise after a check or call (Gananda Betting 7), or withdrawn (irregularities 13)."""
        from .mixed_floor import out_of_turn
        out_of_turn(self, player, action, amount)

    def kill_hand(self, player: int, cause: Any = "killed") -> Any:
        """A hand made dead: ``killed`` (the dealer killed it by mistake or it was fouled: IFP
        27, WPA 31, TDA 65-A: no redress, an uncalled bet or raise returned) or ``wrong-cards``
        (the wrong number of cards found after substantial action: TDA 38, Gananda Dead Hands
        1c). Returns the Ruling."""
        from .mixed_floor import kill_hand
        return kill_hand(self, player, cause)

    def clock_expired(self, player: Any = None) -> Any:
        """The clock ran out on the player to act (IFP 55, WPA 26, TDA 29): his hand is dead
        (folded), or under TDA 29, not facing a bet, checked. Returns the Ruling."""
        from .mixed_floor import clock_expired
        return clock_expired(self, player)

    def hole_cards(self, player: int) -> tuple[Card, ...]:
        from ..cards import CARDS
        return tuple(CARDS[c] for c in self.holes[player] if c is not None)

    def up_cards(self, player: int) -> tuple[Card, ...]:
        from ..cards import CARDS
        return tuple(CARDS[c] for c, u in zip(self.holes[player], self.up[player]) if u and c is not None)

    def total_pot(self) -> int:
        return self.dead + sum(self.totals) + sum(self.bets)

    def state(self) -> dict[str, Any]:
        return {"variant": self._config["variant"], "street": self.street, "phase": self.phase,
                "actor": self.actor, "stacks": list(self.stacks), "bets": list(self.bets),
                "totals": list(self.totals), "dead": self.dead, "status": list(self.status),
                "holes": [cards_text([c for c in h if c is not None]) for h in self.holes],
                "up": [list(u) for u in self.up], "board": cards_text(self.board),
                "shown": list(self.shown), "mucked": list(self.mucked),
                "winnings": list(self.winnings), "done": self.done}

    def events(self) -> list[dict[str, Any]]:
        out = [dict(e) for e in self._events]
        out[0]["config"] = {k: list(v) if isinstance(v, list) else v
                            for k, v in self._config.items()}
        return out

    @classmethod
    def from_config(cls, config: dict[str, Any], **cards: Any) -> MixedHand:
        """A hand of a logged ``config`` (the ``started`` event's: variant, stacks, forced bets,
        rules by name or in full), dealt from ``cards`` (``rng``, ``seed``, ``deck``, ``manual``,
        and ``auto_showdown``): a replay, or the redeal after a misdeal (IFP 64, TDA 35-C)."""
        c = dict(config)
        variant = c.pop("variant")
        stacks = c.pop("stacks")
        if isinstance(c.get("rules"), dict):
            c["rules"] = RuleSet.from_dict(c["rules"])
        return cls(variant, stacks, **cards, **c)

    @classmethod
    def replay(cls, events: Sequence[dict[str, Any]]) -> MixedHand:
        """The hand rebuilt from its events (dealt by hand from the recorded cards)."""
        if (not events or events[0].get("type") != "started"
                or "variant" not in events[0].get("config", {})):
            raise ValueError("a mixed-game event log starts with its 'started' event and its "
                             "config (variant, stacks, forced bets)")
        from .events import play_acted
        h = cls.from_config(events[0]["config"], manual=True, auto_showdown=False)
        for e in events[1:]:
            ty = e["type"]
            if ty == "dealt":
                h.deal_hole(e["player"], e["cards"])
            elif ty == "board":
                h.deal_board(e["cards"])
            elif ty == "discarded":
                h.discard(e["cards"], e["player"])
            elif ty == "acted":
                if e["action"] == "bring-in":
                    h.post_bring_in(e["player"])
                else:
                    play_acted(h, e)
            elif ty == "shown" and h.phase == SHOWDOWN:
                h.show(e["player"], e["cards"])
            elif ty == "mucked":
                h.muck(e["player"])
            elif ty == "exposed":
                h.exposed_downcard(e["player"], e["card"])
            elif ty in ("irregularity", "voided", "dead"):
                from .mixed_floor import apply_logged
                apply_logged(h, e)
            elif ty == "out_of_turn":
                from .mixed_floor import out_of_turn
                out_of_turn(h, e["player"], e["action"], e["to"], replay=True)
        return h

    def __repr__(self) -> str:
        return (f"MixedHand({self._config['variant']}, street {self.street}, {self.phase}, "
                f"stacks {self.stacks})")
