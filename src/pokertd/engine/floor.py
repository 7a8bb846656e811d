"""The floor's rulings applied to a hand: misdeals, deal and board errors, fouled decks, dead
hands, the clock (``Hand.deal_error``, ``Hand.board_error``, ...).

The rulings come from :mod:`pokertd.rules.irregularities` (pure, by the preset); this module
applies them to the hand's deck and state and logs them as events. It is kept out of the
compiled ``hand.py``: irregularities are rare, and the hot path pays nothing for them but one
``is None`` test when a street is dealt. What it rules as the mixed games do (the misdeal, a
fouled deck, the board's street, action out of turn, dead hands, the clock, absent players) is
:mod:`.floor_common`'s, given this engine as a ``Side``.

The deck is the physical deck: hole cards one at a time round the table, then burn and flop,
burn and turn, burn and river. A procedure that reaches past the cards the shuffle drew first
completes the deck to 52 cards (the rest in an order drawn from ``rng``, or from the cards
already drawn when none is given), so that every card
stays accounted for: the hands, the board, the burns, the cards out of play and the stub are
always 52 distinct cards.
"""

from __future__ import annotations

import random
from typing import Any

from ..cards import CARDS, parse_card
from ..rules.irregularities import Ruling, deal_ruling, stub_ruling
from . import floor_common as common
from .errors import IllegalAction
from .hand import (
    _MIN_RAISE_RULES, _POT_LIMIT_RULES, ACTION_NAMES, ACTIVE, BETTING, COMPLETE, DEALING, E_ACT,
    E_DEAD, E_FLOOR, E_OOT, E_OOT_RULED, E_RETURN, E_RULED, E_VOID, FIXED_LIMIT, FOLDED, PREFLOP,
    STREETS, Hand, _chips,
)

__all__ = ["FloorState", "after_out_of_turn", "apply_logged", "board_error", "clock_expired",
           "deal_error", "fouled_deck", "kill_hand", "out_of_turn", "redeal", "void"]

_BOARD_COUNTS = (0, 3, 1, 1)
_END = (10,)


class FloorState:
    """What a hand keeps once an irregularity is ruled: the burns before each street still to
    come (``next_burns``), where each street was dealt from and with how many burns, and the
    cards out of play (``mucked``: scraps of paper, cards set aside, discards)."""

    __slots__ = ("next_burns", "street_pos", "street_burns", "mucked", "premature", "ruled")

    def __init__(self) -> None:
        self.next_burns: list[int] = []
        self.street_pos: dict[int, int] = {}
        self.street_burns: dict[int, int] = {}
        self.mucked: list[int] = []
        self.premature: set[int] = set()          # streets whose cards were turned too soon
        self.ruled: set[int] = set()              # streets whose board error was ruled

    def copy(self) -> FloorState:
        c = FloorState()
        c.next_burns = self.next_burns[:]
        c.street_pos = dict(self.street_pos)
        c.street_burns = dict(self.street_burns)
        c.mucked = self.mucked[:]
        c.premature = set(self.premature)
        c.ruled = set(self.ruled)
        return c

    def street_dealt(self, street: int, pos: int) -> int:
        """The number of burns before ``street``, dealt from deck position ``pos``."""
        nb = self.next_burns.pop(0) if self.next_burns else 1
        self.street_pos[street] = pos
        self.street_burns[street] = nb
        return nb


def _state(h: Hand) -> FloorState:
    if h._floor is None:
        h._floor = FloorState()
    return h._floor


def _actions(h: Hand) -> list[str]:
    """The actions in turn so far (posted blinds and antes are not actions: TDA 36)."""
    return [ACTION_NAMES[e[2]] for e in h._events if e[0] == E_ACT]


def _refuse(h: Hand, message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, h.legal_actions().describe(), rule)


_CODES = {"out_of_turn": E_OOT, "out_of_turn_ruled": E_OOT_RULED, "returned": E_RETURN,
          "voided": E_VOID, "dead": E_DEAD, "ruled": E_RULED}


def _record(h: Hand, kind: str, **fields: Any) -> None:
    h._events.append((_CODES[kind], *fields.values()))    # the raw form events.py reads


def _log(h: Hand, family: str, situation: str, player: int, r: Ruling, data: Any) -> None:
    h._events.append((E_FLOOR, family, situation, player, r.decision, r.rule,
                      () if data is None else data))


def _stale(h: Hand) -> None:
    h._legal = None


def _full_deck(h: Hand, rng: Any) -> list[int]:
    d = h._deck
    have = set(d)
    if h._floor is not None:
        have.update(h._floor.mucked)              # scraps of paper are out of the deck
    if len(have) < 52:
        rest = [c for c in range(52) if c not in have]
        # Without a generator the order comes from the cards drawn (themselves from the hand's
        # generator): a seeded hand stays reproducible, a CSPRNG-dealt one unpredictable.
        (rng or random.Random(bytes(d))).shuffle(rest)
        d.extend(rest)
    return d


def _card(h: Hand, card: Any) -> int:
    try:
        return int(parse_card(card)) if isinstance(card, str) else int(CARDS[card])
    except (ValueError, IndexError, TypeError):
        raise _refuse(h, f"not a card: {card!r} (give one like 'Ah')", "IFP 63") from None


def _player(h: Hand, player: Any, rule: str) -> int:
    return common.player_index(SIDE, h, player, rule)


def void(h: Hand, cause: str, rule: str) -> None:
    """The hand void (floor_common.void: IFP 63, 64; TDA 35-C, 35-E), its pot and any action
    held out of turn gone with it."""
    h.pot = 0
    h._oot = None
    common.void(SIDE, h, cause, rule)
    h._events.append(_END)


# --- the initial deal ---------------------------------------------------------------------------

def deal_error(h: Hand, cause: Any, card: Any, player: Any, rng: Any) -> Ruling:
    common.deal_open(SIDE, h, cause)
    n = h.n
    pos = -1
    ci = -1
    if cause in ("exposed-card", "boxed-card"):
        if card is None:
            raise _refuse(h, f"{cause}: give the card", "IFP 64")
        if h._deck is None:
            raise _refuse(h, f"{cause}: the procedure works on the deck; this hand is dealt by "
                          "hand (replay its events instead)", "IFP 64")
        ci = _card(h, card)
        d = _full_deck(h, rng)
        pos = d.index(ci)
        if cause == "exposed-card":
            if pos >= 2 * n:
                raise _refuse(h, f"{CARDS[ci]} is not a hole card of this hand", "IFP 64")
            if pos < 2:
                cause = "first-card-exposed"          # the first or second card off the deck
        elif 2 * n <= pos < h._deck_pos:
            raise _refuse(h, f"{CARDS[ci]} is already on the board or burned, not in the deck",
                          "IFP 64")
    acted_by = -1 if player is None else _player(h, player, "IFP 64")
    if cause == "button-short" and acted_by != n - 1:
        raise _refuse(h, f"the button is player {n - 1} (the last position), not {player!r}",
                      "TDA 37")
    if cause == "non-standard-card" and acted_by < 0:
        raise _refuse(h, "non-standard-card: give the player whose hand held it", "TDA 35-A6")
    r = deal_ruling(h.rules, cause, actions=_actions(h),
                    player_acted=any(e[0] == E_ACT and e[1] == acted_by for e in h._events))
    done = common.deal_ruled(SIDE, h, cause, r, player)
    if done is not None:
        return done
    decision = r.decision
    data: tuple[Any, ...] = ()
    who = -1 if player is None else _player(h, player, r.rule)
    if ci < 0:
        pass          # a ruling only: no card of the deck moves (a joker was never one of them)
    elif decision in ("replace", "scrap") and pos < 2 * n:
        if _actions(h) or h.board or h.burns or h._deck_pos != 2 * n:
            raise _refuse(h, f"{CARDS[ci]}: a hole card is replaced at the deal, before anyone "
                          "acts", r.rule)
        d = h._deck
        top = 2 * n
        new = d[top]
        d[pos] = new
        if decision == "replace":
            d[top] = ci                               # the exposed card is the burn card
        else:
            del d[top]                                # the boxed card: a scrap of paper
            _state(h).mucked.append(ci)
        h._holes = None
        who = pos % n
        data = (pos // n, ci, new)
    elif decision == "scrap":
        d = h._deck
        del d[pos]                                    # the next card takes its place
        _state(h).mucked.append(ci)
        data = (-1, ci, d[pos])
    h._legal = None
    h._events.append((E_FLOOR, "deal", cause, who, decision, r.rule, data))
    return r


def fouled_deck(h: Hand, defect: Any, where: Any) -> Ruling:
    return common.fouled_deck(SIDE, h, defect, where, (defect, where))


def redeal(h: Hand, cards: dict[str, Any]) -> Hand:
    from .events import hand_from_config
    cards = dict(cards)
    cards.setdefault("auto_showdown", h.auto_showdown)
    return hand_from_config(h.config(), **cards)


# --- the board ----------------------------------------------------------------------------------

def board_error(h: Hand, error: Any, identifiable: Any, rng: Any) -> Ruling:
    st = h._floor
    street = h.street
    ruled = common.board_street(SIDE, h, error, h._deck is not None,
                                () if st is None else st.ruled, () if st is None else st.premature)
    nb_old = 0
    if ruled != street:                              # premature: the next street's cards
        p0 = h._deck_pos
        acted = False
    else:
        k = _BOARD_COUNTS[street]
        nb_old = st.street_burns.get(street, 1) if st is not None else 1
        p0 = (st.street_pos[street] if st is not None and street in st.street_pos
              else h._deck_pos - nb_old - k)
        acted = max(h.acted) >= 0
    seq = _full_deck(h, rng)[p0:]
    r, dealt_burns, dealt_board = common.board_ruled(SIDE, h, error, ruled, acted, identifiable,
                                                     seq, rng)
    d = h._deck
    taken = list(r.burns) + list(r.board) + list(r.set_aside)
    assert sorted(taken + list(r.stub)) == sorted(d[p0:]), "a procedure lost or made up a card"
    h._deck = d[:p0] + taken + list(r.stub)
    h._deck_pos = p0 + len(taken)
    # What the dealer put out, as the log keeps it beside the ruling.
    data = (STREETS[ruled], nb_old, r.burns, r.board, r.set_aside, r.next_burns,
            tuple(dealt_burns), tuple(dealt_board))
    _apply_board(h, data)
    h._events.append((E_FLOOR, "board", error, -1, r.decision, r.rule, data))
    return r


def _apply_board(h: Hand, data: tuple[Any, ...]) -> None:
    street_name, nb_old, burns, board, aside, next_burns = data[:6]
    street = STREETS.index(street_name)
    st = _state(h)
    h._legal = None
    if street == h.street:                        # the street in play: its cards replaced
        k = _BOARD_COUNTS[street]
        old = h.board[len(h.board) - k:] + h.burns[len(h.burns) - nb_old:]
        h.board = h.board[:len(h.board) - k] + list(board)
        h.burns = h.burns[:len(h.burns) - nb_old] + list(burns)
        st.street_burns[street] = len(burns)
        st.ruled.add(street)
    else:                                         # premature: the burns taken now
        old = []
        h.burns = h.burns + list(burns)
        st.premature.add(street)
    st.next_burns = list(next_burns)
    st.mucked.extend(aside)
    if h._deck is None:                           # dealt by hand: the cards in use
        for c in old:
            if c is not None:
                h._used &= ~(1 << c)
        for c in (*burns, *board, *aside):
            h._used |= 1 << c


# --- a dropped stub -------------------------------------------------------------------------------

def stub_dropped(h: Hand, case: Any, rng: Any) -> Ruling:
    if h.phase != BETTING:
        raise _refuse(h, "a dropped stub is ruled while cards remain to be dealt", "TDA RP-4")
    if h._deck is None:
        raise _refuse(h, "the procedure works on the deck; this hand is dealt by hand (replay "
                      "its events instead)", "TDA RP-4")
    r = common.decided(common.checked(SIDE, h, "TDA RP-4", stub_ruling, case))
    data: tuple[Any, ...] = (case,)
    if r.decision == "reshuffle":
        g = rng or random.SystemRandom()
        d = _full_deck(h, rng)
        pos = h._deck_pos
        pool = d[pos:]
        st = _state(h)
        if case == "mixed":                           # RP-4 3: the burns and muck mixed in
            pool += [c for c in h.burns if c is not None] + st.mucked
            data = (case, tuple(c for c in h.burns if c is not None), tuple(st.mucked))
            _apply_stub(h, data)
        g.shuffle(pool)
        h._deck = d[:pos] + pool
        st.ruled.add(h.street)                        # the street's deck order is gone
    h._legal = None
    h._events.append((E_FLOOR, "stub", "stub-dropped", -1, r.decision, r.rule, data))
    return r


def _apply_stub(h: Hand, data: tuple[Any, ...]) -> None:
    """RP-4 3: the burns and the cards out of play go back into the stub."""
    if len(data) < 3:
        return
    st = _state(h)
    back = set(data[1]) | set(data[2])
    h.burns = [c for c in h.burns if c not in back]
    st.mucked = []
    if h._deck is None:
        for c in back:
            h._used &= ~(1 << c)


# --- bets made with chips and words (floor_common) ---------------------------------------------

def _raise_limit(h: Hand, p: int) -> tuple[int | None, str]:
    bounds = h._raise_bounds(p)
    if bounds is None:                           # nobody could call a raise (or limit capped)
        return None, h._no_raise_reason(p)[1]
    return bounds[1], _POT_LIMIT_RULES[h._preset()]   # pot limit: the pot (IFP 39, TDA 54)


def physical_bet(h: Hand, chips: Any, declared: Any, later_motions: Any, pulled_back: Any,
                 prior_chips: Any, chip_set: Any, player: Any) -> Any:
    """``Hand.physical_bet``: the chips read as hold'em reads them, no-limit and pot-limit (IFP
    32, TDA 42), ruled by floor_common.physical_bet."""
    p = h.actor
    if h.phase or (player is not None and player != p):
        h._turn_error(player, "bet")
    if h.structure == FIXED_LIMIT:
        raise _refuse(h, "physical bets are ruled in no-limit and pot-limit (IFP 32, TDA 42); in "
                      "fixed limit act with check, call or raise", "IFP 32")
    b = h.bets[p]
    try:
        pushed = [_chips(c, "a chip") for c in chips]
        later = [[_chips(c, "a chip") for c in m] for m in later_motions]
        back = _chips(pulled_back, "pulled back chips")
        prior = b if prior_chips is None else _chips(prior_chips, "prior chips")
    except ValueError as e:
        raise _refuse(h, str(e), "IFP 31") from None
    cur = h._call_target(p)
    a = h.acted[p]
    reopened = not (a >= 0 and a >= h.full_raises
                    and not (h._accumulate and cur - b >= h.min_raise))
    # TDA 51-B: heads-up, or facing the opening bet (the big blind pre-flop, the first bet after
    # it), an undercall is a full call.
    binds = h.n_live == 2 or h.raises <= (h.t.pre_raises if h.street == PREFLOP else 1)
    return common.physical_bet(SIDE, h, p, pushed, later, back, prior, prior_chips, declared,
                               chip_set, cur, h.total_pot, reopened or cur <= b, binds,
                               _raise_limit)


# --- action out of turn (floor_common) --------------------------------------------------------

def _raise_out_of_turn(h: Hand, p: int, to: int, amount: Any) -> int:
    """A raise out of turn: no-limit and pot-limit, when the betting is open to him (IFP 37,
    WPA 22, TDA 43)."""
    b, cur = h.bets[p], h.current
    if to == b:
        to = common.raise_amount(SIDE, h, amount)
    allin = b + h.stacks[p]
    lo = min(cur + h.min_raise, allin)
    acted = h.acted[p]
    closed = (acted >= 0 and acted >= h.full_raises
              and not (h._accumulate and cur - b >= h.min_raise))
    if closed or h.structure == FIXED_LIMIT or not (lo <= to <= allin) or to <= cur:
        raise _refuse(h, f"player {p} could not raise to {to} facing {cur} (raise to {lo}..{allin} "
                      "when the betting is open to him; no-limit and pot-limit)",
                      _MIN_RAISE_RULES[h._preset()])
    return to


def out_of_turn(h: Hand, player: Any, action: Any, amount: Any) -> None:
    common.out_of_turn(SIDE, h, player, action, amount, _raise_out_of_turn)


def after_out_of_turn(h: Hand, last: int) -> None:
    common.after_out_of_turn(SIDE, h, last)


# --- dead hands and the clock -------------------------------------------------------------------

def kill_hand(h: Hand, player: Any, cause: Any, extra_cards: Any) -> Ruling:
    def extra(r: Ruling) -> None:
        if (isinstance(extra_cards, bool) or not isinstance(extra_cards, int)
                or not 0 <= extra_cards <= 2):
            raise _refuse(h, f"extra cards: 0, 1 or 2, not {extra_cards!r}", r.rule)

    p, r = common.kill_ruling(SIDE, h, player, cause, (BETTING, DEALING), extra)
    if extra_cards and h._deck is not None:
        if h.board:
            raise _refuse(h, "extra hole cards come off the stub before the flop", r.rule)
        d = _full_deck(h, None)
        pos = h._deck_pos
        _state(h).mucked.extend(d[pos:pos + extra_cards])
        h._deck_pos = pos + extra_cards
    _make_dead(h, p, cause, extra_cards, r.rule)
    return r


def _make_dead(h: Hand, p: int, cause: str, extra_cards: int, rule: str) -> None:
    h._events.append((E_DEAD, p, cause, extra_cards, rule))
    if p == h.actor and h.phase == BETTING:
        h.fold()
        return
    h._legal = None
    common.return_uncalled(SIDE, h, p)            # IFP 27, WPA 31, TDA 65-A
    if h.status[p] == ACTIVE:
        h.n_active -= 1
    h.status[p] = FOLDED
    h.n_live -= 1
    if h.n_live == 1:
        h._end_round()                                # IFP 44: the last live hand wins


def clock_expired(h: Hand, player: Any) -> Ruling:
    p = h.actor
    if h.phase != BETTING or (player is not None and player != p):
        h._turn_error(player, "be on the clock")
    return common.clock_ruled(SIDE, h, p, h.bets[p] < h.current)


# --- replay -------------------------------------------------------------------------------------

def apply_logged(h: Hand, e: dict[str, Any]) -> None:
    """Re-apply a logged ``irregularity`` to a hand replayed from its events (dealt by hand:
    the cards come from the log)."""
    family = e["family"]
    if family == "clock":
        clock_expired(h, e["player"])
        return
    data = e["data"]
    if family == "stub":
        raw = (data["case"],)
        if "burns" in data:
            raw = (data["case"], _idx(data["burns"]), _idx(data["mucked"]))
            _apply_stub(h, raw)
        _state(h).ruled.add(h.street)
        h._events.append((E_FLOOR, "stub", e["situation"], -1, e["decision"], e["rule"], raw))
        return
    if family == "board":
        cards = (data["street"], data["replaced_burns"], _idx(data["burns"]), _idx(data["board"]),
                 _idx(data["set_aside"]), tuple(data["next_burns"]),
                 _idx(data["dealt"]["burns"]), _idx(data["dealt"]["board"]))
        _apply_board(h, cards)
        h._events.append((E_FLOOR, "board", e["situation"], -1, e["decision"], e["rule"], cards))
        return
    raw: tuple[Any, ...] = ()
    if e["situation"] == "fouled-deck" and data:
        raw = (data["defect"], data["where"])
    elif data:
        slot, old, new = data["slot"], _idx([data["card"]])[0], _idx([data["replacement"]])[0]
        raw = (slot, old, new)
        if slot >= 0:
            p = int(e["player"])
            hole = list(h.holes[p])
            hole[slot] = new
            h.holes[p] = tuple(hole)
            if e["decision"] == "replace":
                h._used &= ~(1 << old)                # the exposed card is the burn
            h._used |= 1 << new
        if e["decision"] == "scrap":
            h._used |= 1 << old
            _state(h).mucked.append(old)
    h._legal = None
    who = -1 if e["player"] is None else e["player"]
    h._events.append((E_FLOOR, family, e["situation"], who, e["decision"], e["rule"], raw))


SIDE = common.Side(betting=BETTING, complete=COMPLETE, refuse=_refuse, record=_record, log=_log,
                   stale=_stale, actions=_actions, void=void,
                   make_dead=lambda h, p, cause, rule: _make_dead(h, p, cause, 0, rule),
                   kill=lambda h, p, cause: kill_hand(h, p, cause, 0))


def _idx(cards: Any) -> tuple[int, ...]:
    return tuple(int(parse_card(c)) for c in cards)


def to_dict(e: tuple[Any, ...]) -> dict[str, Any]:
    """The JSON form of an E_FLOOR event."""
    _, family, situation, player, decision, rule, data = e
    out: dict[str, Any] = {"type": "irregularity", "family": family, "situation": situation,
                           "player": None if player < 0 else player, "decision": decision,
                           "rule": rule}
    if family == "board":
        street, nb_old, burns, board, aside, next_burns, dealt_burns, dealt_board = data
        out["data"] = {"street": street, "replaced_burns": nb_old,
                       "dealt": {"burns": [str(CARDS[c]) for c in dealt_burns],
                                 "board": [str(CARDS[c]) for c in dealt_board]},
                       "burns": [str(CARDS[c]) for c in burns],
                       "board": [str(CARDS[c]) for c in board],
                       "set_aside": [str(CARDS[c]) for c in aside],
                       "next_burns": list(next_burns)}
    elif family == "stub":
        out["data"] = {"case": data[0]}
        if len(data) > 1:
            out["data"]["burns"] = [str(CARDS[c]) for c in data[1]]
            out["data"]["mucked"] = [str(CARDS[c]) for c in data[2]]
    elif situation == "fouled-deck" and data:
        out["data"] = {"defect": data[0], "where": data[1]}
    elif data:
        out["data"] = {"slot": data[0], "card": str(CARDS[data[1]]),
                       "replacement": str(CARDS[data[2]])}
    else:
        out["data"] = {}
    return out
