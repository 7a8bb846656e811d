"""The floor's rulings applied to a hand of the mixed games (``MixedHand.deal_error``,
``MixedHand.kill_hand``, ...): misdeals and the initial deal, a fouled deck, dead hands, the
clock, and stud's seventh-street card exposed (TDA RP-10-B).

The rulings come from :mod:`pokertd.rules.irregularities` (pure, by the preset and, where the
books differ, by the game: flop, stud or draw); this module applies them to the hand and logs
them as events (``irregularity``, ``voided``, ``dead``) that :meth:`MixedHand.replay` applies
again. It is kept out of the compiled ``mixed_hand.py``: irregularities are rare. What it
rules as hold'em does (the misdeal, a fouled deck, the board's street, action out of turn, dead
hands, the clock, absent players) is :mod:`.floor_common`'s, given this engine as a ``Side``.

Card procedures work on the hand's own deck (dealt by ``rng``, ``seed`` or ``deck``); a hand
dealt by hand (a hand history) records them and replays them from its events.
"""

from __future__ import annotations

from typing import Any

from ..cards import cards_text, parse_cards
from ..rules.declarations import LeftToDirector
from ..rules.ruling import TDA_1
from ..rules.irregularities import (
    Ruling, deal_ruling, seventh_street_ruling, stud_premature_ruling,
)
from . import floor_common as common
from .errors import IllegalAction
from .floor_common import BOARD_COUNTS as _BOARD_COUNTS, STREETS

__all__ = ["after_out_of_turn", "apply_logged", "board_error", "clock_expired", "deal_error",
           "fouled_deck", "game_kind", "kill_absent", "kill_hand", "out_of_turn", "physical_bet",
           "premature_ruling", "redeal", "seventh_street_exposed"]

BETTING, DRAWING, SHOWDOWN, COMPLETE = "betting", "drawing", "showdown", "complete"
FOLDED = 2


def _refuse(h: Any, message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, h.describe_legal(), rule)


def _record(h: Any, kind: str, **fields: Any) -> None:
    h._events.append({"type": kind, **fields})


def _stale(h: Any) -> None:
    h._bounds = None




def game_kind(h: Any) -> str:
    """The game as the deal rulings know it: ``stud``, ``draw`` or ``flop`` (hold'em, Omaha)."""
    g = h.game
    if g.stud:
        return "stud"
    return "draw" if any(s.draw for s in g.streets) else "flop"


def _actions(h: Any) -> list[str]:
    """The actions in turn so far: the bring-in is a forced bet, posted like the blinds (TDA
    36: "Posted blinds do not count"; club 80.4: "two players after the forced bet"), and a
    completion puts chips in as a raise does."""
    out = []
    for e in h._events:
        if e["type"] == "acted" and e["action"] != "bring-in":
            out.append("raise" if e["action"] == "complete" else e["action"])
    return out


def _card(h: Any, card: Any, rule: str) -> int:
    try:
        cs = [int(c) for c in parse_cards(card if isinstance(card, str) else [card])]
    except (ValueError, TypeError, IndexError):
        raise _refuse(h, f"not a card: {card!r} (give one like 'Ah')", rule) from None
    if len(cs) != 1:
        raise _refuse(h, f"give one card, not {card!r}", rule)
    return cs[0]


def _player(h: Any, player: Any, rule: str) -> int:
    return common.player_index(SIDE, h, player, rule)


def _log(h: Any, family: str, situation: str, player: int, r: Ruling, data: Any) -> None:
    h._events.append({"type": "irregularity", "family": family, "situation": situation,
                      "player": None if player < 0 else player, "decision": r.decision,
                      "rule": r.rule, "data": {} if data is None else data})


def void(h: Any, cause: str, rule: str) -> None:
    """The hand void (floor_common.void: IFP 63, 64; TDA 35-C, 35-E), marked ``voided``."""
    h.voided = True
    common.void(SIDE, h, cause, rule)
    h._events.append({"type": "ended", "stacks": list(h.stacks)})


# --- the initial deal ---------------------------------------------------------------------------

def deal_error(h: Any, cause: Any, card: Any, player: Any) -> Ruling:
    common.deal_open(SIDE, h, cause)
    kind = game_kind(h)
    who = -1 if player is None else _player(h, player, "IFP 64")
    ci = -1 if card is None else _card(h, card, "IFP 64")
    if ci >= 0 and cause in ("first-card-exposed", "exposed-card", "two-exposed"):
        holder = next((p for p in range(h.n) if ci in h.holes[p]), -1)
        if holder < 0 or h.up[holder][h.holes[holder].index(ci)]:
            raise _refuse(h, f"{cards_text([ci])} is not a downcard of this hand", "IFP 64")
        if who >= 0 and who != holder:
            raise _refuse(h, f"{cards_text([ci])} is player {holder}'s card, not player {who}'s",
                          "IFP 64")
        who = holder
        if cause == "exposed-card" and not h.manual and ci in (h.holes[0][0], h.holes[1][0]):
            cause = "first-card-exposed"         # the first or second card off the deck
    if cause in ("wrong-count", "non-standard-card", "button-short") and who < 0:
        raise _refuse(h, f"{cause}: give the player", "IFP 64")
    if cause == "button-short" and who != h.n - 1:
        raise _refuse(h, f"the button is player {h.n - 1} (the last position), not {player!r}",
                      "TDA 37")
    try:
        r = deal_ruling(h.rules, cause, actions=_actions(h), game=kind,
                        player_acted=any(e["type"] == "acted" and e["player"] == who
                                         for e in h._events))
    except ValueError as e:
        raise _refuse(h, str(e), "IFP 64") from None
    done = common.deal_ruled(SIDE, h, cause, r, who)
    if done is not None:
        return done
    decision = r.decision
    if decision in ("upcard", "replace", "scrap") and ci < 0:
        raise _refuse(h, f"{cause}: give the card", r.rule)
    if decision == "upcard":                              # TDA RP-10-A
        h.exposed_downcard(who, ci)
        return r
    data: dict[str, Any] = {}
    if decision in ("replace", "scrap"):
        if h.manual:
            raise _refuse(h, f"{cause}: the procedure works on the deck; this hand is dealt by "
                          "hand (replay its events instead)", r.rule)
        if (h.street or h.burns or h.board or h.discards or not h._stub
                or any(e["type"] == "acted" for e in h._events)):
            raise _refuse(h, f"{cards_text([ci])}: a card is replaced at the deal, before anyone "
                          "acts", r.rule)
        _complete_stub(h, None)          # (after the refusal: a refusal changes nothing)
        if ci in h._stub:                                 # a boxed card still in the deck
            if decision != "scrap":
                raise _refuse(h, f"{cards_text([ci])} is not dealt yet", r.rule)
            h._stub.remove(ci)
            h.out_of_play.append(ci)
            data = {"card": cards_text([ci])}
        else:
            holder = next((p for p in range(h.n) if ci in h.holes[p]), -1)
            if holder < 0:
                raise _refuse(h, f"{cards_text([ci])} is not in this hand's deck", r.rule)
            new = h._stub.pop(0)
            slot = h.holes[holder].index(ci)
            h.holes[holder][slot] = new
            if decision == "replace":
                # IFP 64f: the exposed card is used as the burn card (draw games burn none:
                # it is out of play with the burns).
                if kind == "draw":
                    h.burns.append(ci)
                else:
                    h._stub.insert(0, ci)
            else:
                h.out_of_play.append(ci)                  # a scrap of paper
            who = holder
            data = {"slot": slot, "card": cards_text([ci]), "replacement": cards_text([new])}
    _log(h, "deal", cause, who, r, data)
    return r


def fouled_deck(h: Any, defect: Any, where: Any) -> Ruling:
    return common.fouled_deck(SIDE, h, defect, where, {"defect": defect, "where": where})


def redeal(h: Any, cards: dict[str, Any]) -> Any:
    """The same hand again (IFP 64, TDA 35-C): the same players, stacks, forced bets and rules,
    dealt from ``cards`` (``rng``, ``seed``, ``deck`` or ``manual``)."""
    return type(h).from_config(h._config, auto_showdown=h.auto_showdown, **cards)


# --- the board (Omaha and the other flop games) -------------------------------------------------

def _floor(h: Any) -> dict[str, set[int]]:
    if h._floor is None:
        h._floor = {"ruled": set(), "premature": set()}
    floor: dict[str, set[int]] = h._floor
    return floor


def _complete_stub(h: Any, rng: Any) -> None:
    """The shuffle drew only the cards a hand can use: a procedure that reaches further gets the
    rest of the deck after them, in an order drawn from ``rng`` (or from the cards drawn, so a
    seeded hand stays reproducible)."""
    have = set(h._stub) | set(h.board) | set(h.burns) | set(h.out_of_play) | set(h.discards)
    for hole in h.holes:
        have.update(c for c in hole if c is not None)
    deck = h._setup.deck or range(52)            # short deck: its 36 cards only
    rest = [c for c in deck if c not in have]
    if rest:
        import random
        (rng or random.Random(bytes(h._stub))).shuffle(rest)
        h._stub.extend(rest)


def board_error(h: Any, error: Any, identifiable: Any, rng: Any) -> Ruling:
    """A board error in a flop game (Omaha, Omaha hi-lo, hold'em dealt as a mixed hand): the
    street in play (``no-burn``, ``extra-burn``, ``extra-card``) or the next street's cards
    turned too soon (``premature``), ruled by the preset's ``board_errors`` book
    (``board_ruling``: IFP Appendix 1, TDA 38-39 and RP-5, ...) and applied to the stub."""
    if game_kind(h) != "flop":
        raise _refuse(h, f"{h.game.name} has no board: its premature cards are premature_card "
                      "(TDA RP-5-D) and seventh_street_exposed (TDA RP-10-B)", "IFP 65")
    st = h._floor or {"ruled": (), "premature": ()}
    street = h.street
    ruled = common.board_street(SIDE, h, error, not h.manual, st["ruled"], st["premature"])
    if ruled != street:                              # premature: the next street's cards
        nb_old, k, acted = 0, 0, False
    else:
        nb_old, k = h._street_burns, _BOARD_COUNTS[street]
        acted = max(h.acted) >= 0
    _complete_stub(h, rng)
    seq = h.burns[len(h.burns) - nb_old:] + h.board[len(h.board) - k:] + h._stub
    r, dealt_burns, dealt_board = common.board_ruled(SIDE, h, error, ruled, acted, identifiable,
                                                     seq, rng)
    assert sorted([*r.burns, *r.board, *r.set_aside, *r.stub]) == sorted(seq), "a card lost"
    data = {"street": STREETS[ruled], "replaced_burns": nb_old,
            "dealt": {"burns": cards_text(dealt_burns), "board": cards_text(dealt_board)},
            "burns": cards_text(r.burns), "board": cards_text(r.board),
            "set_aside": cards_text(r.set_aside), "next_burns": list(r.next_burns)}
    _apply_board(h, data)
    h._stub = list(r.stub)
    h._next_burns = list(r.next_burns)
    _log(h, "board", error, -1, r, data)
    return r


def _apply_board(h: Any, data: dict[str, Any]) -> None:
    def cards(text: str) -> list[int]:
        return [int(c) for c in parse_cards(text)] if text else []

    street = STREETS.index(data["street"])
    st = _floor(h)
    h._bounds = None
    if street == h.street:                        # the street in play: its cards replaced
        k, nb_old = _BOARD_COUNTS[street], data["replaced_burns"]
        h.board = h.board[:len(h.board) - k] + cards(data["board"])
        h.burns = h.burns[:len(h.burns) - nb_old] + cards(data["burns"])
        h._street_burns = len(cards(data["burns"]))
        st["ruled"].add(street)
    else:                                         # premature: the burns taken now
        h.burns = h.burns + cards(data["burns"])
        st["premature"].add(street)
    h.out_of_play = h.out_of_play + cards(data["set_aside"])


# --- stud: the seventh-street card ---------------------------------------------------------------

def seventh_street_exposed(h: Any, player: Any) -> Ruling:
    rule = "TDA RP-10-B"
    p = _player(h, player, rule)
    if not h.game.stud or h.street != 4 or h.phase not in (BETTING, SHOWDOWN):
        raise _refuse(h, "a seventh-street card is ruled on a stud hand once seventh street is "
                      "dealt", rule)
    if h.status[p] == FOLDED or len(h.holes[p]) != 7:
        raise _refuse(h, f"player {p} holds no seventh-street card (a folded hand, or the "
                      "community card of TDA RP-10-H, dealt face up)", rule)
    if h.phase == BETTING and (max(h.acted) >= 0 or h.current):
        raise _refuse(h, "the exposed card is ruled as it is dealt, before the betting on "
                      "seventh street", rule)
    r = common.decided(seventh_street_ruling(h.rules, h.phase == BETTING))
    old = h.holes[p][6]
    data: dict[str, Any] = {"card": "??" if old is None else cards_text([old])}
    if r.decision == "replace":
        if h.manual:
            raise _refuse(h, "the replacement comes off the deck; this hand is dealt by hand "
                          "(replay its events instead)", rule)
        _complete_stub(h, None)
        if not h._stub:
            raise LeftToDirector(*TDA_1, "TDA RP-10-B replaces the card, and the stub has no "
                                 "card left to replace it with")
        new = h._stub.pop(0)
        h.holes[p][6] = new
        if old is not None:
            h.out_of_play.append(old)
        data["replacement"] = cards_text([new])
    _log(h, "stud", "seventh-street-exposed", p, r, data)
    return r


def premature_ruling(h: Any) -> Ruling:
    """The preset's ruling on a premature stud card (``stud_premature_ruling``): TDA RP-5-D's
    procedure is applied by ``MixedHand.premature_card``; the other books' ``LeftToDirector``."""
    return common.decided(stud_premature_ruling(h.rules))


# --- bets made with chips and words ------------------------------------------------------------

def physical_bet(h: Any, chips: Any, declared: Any, later_motions: Any, pulled_back: Any,
                 prior_chips: Any, chip_set: Any, player: Any) -> Any:
    """The player to act pushes ``chips``, having said ``declared``: ruled by
    :func:`pokertd.rules.declarations.rule_bet` under the hand's rules (IFP 31-38, TDA 40-47,
    WPA 20-24, Gananda Betting 10-11) and played as the legal action it is, as in hold'em.
    No-limit and pot-limit games (Omaha, no-limit draw); fixed limit acts by check, call or
    raise (IFP 32, TDA 42)."""
    p = h.actor
    if h.phase != BETTING or (player is not None and player != p):
        raise _refuse(h, f"only the player to act bets (player {p})", "IFP 31")
    if h.structure == 2:
        raise _refuse(h, "physical bets are ruled in no-limit and pot-limit (IFP 32, TDA 42); in "
                      "fixed limit act with check, call or raise", "IFP 32")

    def amount(value: Any, what: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise _refuse(h, f"{what} must be a whole number of chips, not {value!r}", "IFP 31")
        return value

    pushed = [amount(c, "a chip") for c in chips]
    later = [[amount(c, "a chip") for c in m] for m in later_motions]
    back = amount(pulled_back, "pulled back chips")
    b = h.bets[p]
    prior = b if prior_chips is None else amount(prior_chips, "prior chips")
    cur = h._call_target()
    # TDA 51-B: heads-up, or facing the opening bet (the big blind before the flop, the first
    # bet after it), an undercall is a full call.
    binds = len(h._live()) == 2 or h.raises <= (0 if h.street == 0 else 1)
    return common.physical_bet(SIDE, h, p, pushed, later, back, prior, prior_chips, declared,
                               chip_set, cur, h.total_pot(), h._compute_bounds(p) is not None
                               or cur <= b, binds, _raise_limit)


def _raise_limit(h: Any, p: int) -> tuple[int | None, str]:
    bounds = h._compute_bounds(p)
    if bounds is None:                           # not reopened, or nobody could call a raise
        return None, (("TDA 47" if h._setup.accumulate else "IFP 37a")
                      if 0 <= h.full_raises <= h.acted[p] else "IFP 41")
    return bounds[1], {"tda-2024": "TDA 54"}.get(h._preset(), "IFP 39")   # pot limit: the pot


# --- action out of turn (floor_common) --------------------------------------------------------

def _bring_in_first(h: Any, p: int, cur: int) -> None:
    if p == h._bring_in_due or (h.game.stud and h.street == 0 and cur == 0):
        raise _refuse(h, "the bring-in comes first (TDA RP-10): nobody acts before it", "TDA RP-10")


def _raise_out_of_turn(h: Any, p: int, to: int, amount: Any) -> int:
    """A raise out of turn within the raises the betting allows him (in fixed limit the one
    raise there is)."""
    bounds = h._compute_bounds(p)
    if to == h.bets[p]:
        if amount is None and bounds is not None and h.structure == 2:
            amount = bounds[1]
        to = common.raise_amount(SIDE, h, amount)
    if bounds is None or not bounds[0] <= to <= bounds[1]:
        raise _refuse(h, f"player {p} could not raise to {to} facing {h.current}"
                      + ("" if bounds is None else f" (raise to {bounds[0]}..{bounds[1]})"),
                      common.out_of_turn_rule(h))
    return to


def out_of_turn(h: Any, player: Any, action: Any, amount: Any, replay: bool = False) -> None:
    common.out_of_turn(SIDE, h, player, action, amount, _raise_out_of_turn, _bring_in_first,
                       replay)


def after_out_of_turn(h: Any, last: int) -> None:
    common.after_out_of_turn(SIDE, h, last)


# --- dead hands and the clock -------------------------------------------------------------------

def kill_hand(h: Any, player: Any, cause: Any) -> Ruling:
    p, r = common.kill_ruling(SIDE, h, player, cause, (BETTING, DRAWING))
    _make_dead(h, p, cause, r.rule)
    return r


def _make_dead(h: Any, p: int, cause: str, rule: str) -> None:
    if p == h._bring_in_due and h._bring_in_forced:
        raise _refuse(h, f"player {p} is due to bring it in: the bring-in is forced and is "
                      "posted first", "TDA RP-10")
    if p in h._draw_due:
        raise _refuse(h, f"player {p} is waiting for his draw: his cards are dealt first", rule)
    h._events.append({"type": "dead", "player": p, "cause": cause, "rule": rule})
    _apply_dead(h, p)


def _apply_dead(h: Any, p: int) -> None:
    if h.phase == BETTING and p == h.actor:
        h._bring_in_due = -1
        h.fold(p)
        return
    h._bounds = None
    common.return_uncalled(SIDE, h, p)            # IFP 27, WPA 31, TDA 65-A
    h.status[p] = FOLDED
    if h.phase == DRAWING:
        h._drawn[p] = True
        if h.actor == p:
            h.actor = h._next_drawer(p)
    if len(h._live()) == 1:
        h.actor = -1
        h._end_round()                                # IFP 44: the last live hand wins
    elif h.phase == DRAWING:
        h._after_draw()
    elif h.phase == BETTING and h._find_actor(h.actor, True) < 0:
        h._end_round()


def kill_absent(h: Any) -> None:
    """Kill absent players' hands once the cards are dealt (``MixedHand(absent=...)``), as
    the preset's ``absent_hand`` says: ``all-in-killed`` (IFP 8: dealt in, forced bets kept,
    an absent all-in hand mucked; the others fold in turn) or ``killed-at-deal`` (TDA 30 and
    RP-10-C: the cards killed at once, the antes and blinds forfeit to the pot; an absent
    player dealt the stud bring-in card posts the bring-in). When every live hand would go,
    none is killed: a pot needs a live hand to win it (IFP 44)."""
    doomed, rule = common.doomed_absent(h, h.absent, len(h._live()))
    if h.game.stud and h.rules.absent_hand == "killed-at-deal" and rule == "TDA 30":
        rule = "TDA 30, RP-10-C"
    for p in doomed:
        if h.done:
            return
        if p == h._bring_in_due and h._bring_in_forced and h.actor == p:
            h.post_bring_in(p)                   # TDA 30: the absent player posts the bring-in
        h._events.append({"type": "dead", "player": p, "cause": "absent", "rule": rule})
        _apply_dead(h, p)


def clock_expired(h: Any, player: Any) -> Ruling:
    p = h.actor
    if h.phase != BETTING or (player is not None and player != p):
        raise _refuse(h, f"only the player to act can be on the clock (player {p})", "IFP 55")
    if p == h._bring_in_due and h._bring_in_forced:
        raise _refuse(h, f"player {p}'s bring-in is forced: it is posted, not timed", "TDA RP-10")
    facing = h._call_target() > h.bets[p] or p == h._bring_in_due
    return common.clock_ruled(SIDE, h, p, facing)   # fold: his bring-in (not forced) is over


SIDE = common.Side(betting=BETTING, complete=COMPLETE, refuse=_refuse, record=_record, log=_log,
                   stale=_stale, actions=_actions, void=void, make_dead=_make_dead, kill=kill_hand)


# --- replay -------------------------------------------------------------------------------------

def apply_logged(h: Any, e: dict[str, Any]) -> None:
    """Re-apply a logged floor event to a hand replayed from its events (dealt by hand: the
    cards come from the log)."""
    t = e["type"]
    if t == "voided":
        void(h, e["cause"], e["rule"])
        return
    h._events.append(dict(e))
    if t == "dead":
        if not (h.phase == BETTING and e["player"] == h.actor):
            _apply_dead(h, e["player"])          # the player to act: his logged fold follows
        return
    family, data = e["family"], e.get("data") or {}
    if family == "clock":
        return                                   # his logged check or fold follows
    if family == "board":
        _apply_board(h, data)
        return
    if "replacement" in data:
        p = e["player"]
        slot = data.get("slot", 6)
        old = [int(c) for c in parse_cards(data["card"])] if data["card"] != "??" else []
        h.holes[p][slot] = int(parse_cards(data["replacement"])[0])
        if e["decision"] == "scrap" or family == "stud":
            h.out_of_play += old
        elif old:
            h.burns += old                       # IFP 64f: the exposed card is the burn
