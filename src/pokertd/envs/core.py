"""The table every environment of :mod:`pokertd.envs` drives: one engine hand per episode,
the discrete action set and its mask, and the observation as a dictionary and as a flat
vector of a fixed layout.

It holds no rule of its own: every action is the engine's (:class:`~pokertd.engine.Hand` for
hold'em, :class:`~pokertd.engine.mixed.MixedHand` for Omaha, stud, razz and the draws), which
refuses what the rules refuse; this module only maps an action index to the engine's call and
reads the engine's state back.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..cards import cards_text
from ..engine import Hand, IllegalAction
from ..engine.games import game as _variant
from ..engine.mixed import MixedHand
from ..rules import PRESETS

__all__ = ["ACTION_KINDS", "CALL", "FOLD", "Config", "Table", "checked_action", "describe_legal"]

FOLD = 0
CALL = 1
#: The kinds of action the history records, in the vector's one-hot order.
ACTION_KINDS = ("fold", "check", "call", "raise", "bring-in", "discard")
_K_FOLD, _K_CHECK, _K_CALL, _K_RAISE, _K_BRING, _K_DISCARD = range(6)
_STRUCTURES = {"N": "no-limit", "P": "pot-limit", "F": "fixed-limit"}


def _whole(value: Any, what: str, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < least:
        raise ValueError(f"{what} must be a whole number of chips of at least {least}, not {value!r}")
    return int(value)


class Config:
    """A table's set-up, checked once: the game, the players, the chips, the action set and
    the observation's layout (``offsets``: each field's slice of the vector)."""

    def __init__(self, game: str = "NT", n_players: int = 2, *, stacks: Any = None,
                 blinds: Sequence[int] = (1, 2), ante: int = 0, bb_ante: bool = False,
                 bring_in: int | None = None, small_bet: int | None = None,
                 big_bet: int | None = None, rules: str = "ifp-2012",
                 raise_fractions: Sequence[float] = (0.5, 1.0, 2.0), continuous: bool = False,
                 history: int = 16) -> None:
        try:
            g, structure = _variant(game)
        except ValueError as exc:
            raise ValueError(f"game: {exc}") from None
        if isinstance(n_players, bool) or not isinstance(n_players, int) or not 2 <= n_players <= 10:
            raise ValueError(f"n_players must be 2 to 10, not {n_players!r}")
        if rules not in PRESETS:
            raise ValueError(f"rules must be a preset name ({', '.join(PRESETS)}), not {rules!r}")
        n = n_players
        self.game, self.variant, self.structure, self.n, self.rules = g, game, structure, n, rules
        self.holdem = g.code == "T"
        self.stud = g.stud
        self.draw = any(s.draw for s in g.streets)
        if len(tuple(blinds)) != 2:
            raise ValueError(f"blinds must be (small blind, big blind), not {blinds!r}")
        sb, bb = (_whole(b, "a blind") for b in blinds)
        self.ante = _whole(ante, "the ante")
        self.bb_ante = bool(bb_ante)
        if self.stud:
            # Stud has antes and a bring-in, not blinds (TDA RP-10): the big blind names the
            # small bet and the small blind the bring-in unless given.
            self.small_bet = _whole(small_bet if small_bet is not None else bb, "the small bet", 1)
            self.bring_in = _whole(bring_in if bring_in is not None else max(1, sb), "the bring-in", 1)
            self.big = self.small_bet
        else:
            if bb < 1 or sb > bb:
                raise ValueError(f"blinds must be (small, big) with 0 <= small <= big and big >= 1, "
                                 f"not {blinds!r}")
            self.small_bet = small_bet
            self.bring_in = 0
            self.big = bb
        self.blinds = (sb, bb)
        self.big_bet = big_bet
        if stacks is None:
            stacks = 100 * self.big
        if isinstance(stacks, (int, np.integer)) and not isinstance(stacks, bool):
            stacks = [stacks] * n
        stacks = [_whole(s, "a stack", 1) for s in stacks]
        if len(stacks) != n:
            raise ValueError(f"stacks has {len(stacks)} entries for {n} players")
        forced = self.ante + (self.bring_in if self.stud else bb)
        if min(stacks) <= forced:
            raise ValueError(f"every stack must cover more than its forced bets ({forced} chips), "
                             f"or a hand could end before anyone acts; got {stacks}")
        self.stacks = stacks
        fr = sorted({float(f) for f in raise_fractions})
        if any(not f > 0 for f in fr):
            raise ValueError(f"raise_fractions are positive fractions of the pot, not {raise_fractions!r}")
        self.fractions = tuple(fr)
        if continuous and structure != "no-limit":
            raise ValueError(f"a continuous raise amount is for no-limit games, not {structure} {g.name}")
        self.continuous = bool(continuous)
        self.history = _whole(history, "history", 0)
        # The hand is built the same way every episode: check the set-up once, here.
        Table(self).reset(0)

        # The action set: fold, check/call, a raise per fraction, the largest raise, [a raise
        # to a continuous amount], [a discard per subset of the cards held (draw games)].
        k = len(self.fractions)
        self.max_raise = 2 + k
        self.raise_to = 3 + k if self.continuous else -1
        self.discard0 = 3 + k + self.continuous
        self.hole_cards = g.hole_cards
        self.n_actions = self.discard0 + (1 << g.hole_cards if self.draw else 0)
        self.action_names = (["fold", "check/call"] + [f"raise {f:g} pot" for f in self.fractions]
                             + ["raise max"] + (["raise to x"] if self.continuous else [])
                             + ([f"discard {d:0{g.hole_cards}b}"[::-1] for d in range(1 << g.hole_cards)]
                                if self.draw else []))
        self.streets = len(g.streets)
        board = sum(s.board for s in g.streets) > 0
        entry = n + len(ACTION_KINDS) + 1 + self.streets
        self.entry = entry
        fields = [("hole", 52), ("board", 52 if board else 0), ("up", 52 * (n - 1) if self.stud else 0),
                  ("position", n), ("street", self.streets), ("stacks", n), ("bets", n),
                  ("committed", n), ("folded", n), ("all_in", n), ("pots", n), ("to_call", 1),
                  ("min_raise_to", 1), ("max_raise_to", 1), ("history", self.history * entry)]
        self.offsets: dict[str, slice] = {}
        at = 0
        for name, size in fields:
            self.offsets[name] = slice(at, at + size)
            at += size
        self.size = at
        self.high = float(max(sum(stacks) / self.big, 52))
        # Where the fields start (Table.write_vector), and a vector of zeros to clear one.
        for name, sl in self.offsets.items():
            setattr(self, f"{name}_at", sl.start if sl.stop > sl.start else -1)
        self.zeros = np.zeros(self.size, np.float32)


def _pots(committed: list[int], live: list[int], dead: int) -> list[tuple[int, list[int]]]:
    """The main pot and side pots (IFP 51, TDA RP-11: the antes are dead money in the main
    pot) of the chips gathered from the betting rounds closed so far (this round's bets are
    in front of the players until it closes): (amount, the live players it is contested by)."""
    levels = sorted({committed[p] for p in live})
    out: list[tuple[int, list[int]]] = []
    prev = 0
    for j, lv in enumerate(levels):
        amount = sum(min(t, lv) - min(t, prev) for t in committed)
        if j == len(levels) - 1:
            amount += sum(t - lv for t in committed if t > lv)
        if j == 0:
            amount += dead
        if amount:
            out.append((amount, [p for p in live if committed[p] >= lv]))
        prev = lv
    return out


def describe_legal(c: Config, mask: np.ndarray) -> str:
    """The legal actions of a mask, by index and name (for a refusal)."""
    return ", ".join(f"{i} ({c.action_names[i]})" for i in np.flatnonzero(mask)) or "none"


def checked_action(c: Config, action: Any, mask: np.ndarray,
                   amount: float | None = None) -> tuple[int, float | None]:
    """The action index of ``action`` (an index, or with ``continuous`` an (index, amount)
    pair) and the continuous amount, refused with the legal actions named unless the mask
    opens it."""
    if isinstance(action, (tuple, list)) and len(action) == 2:
        action, amount = action
        amount = float(np.asarray(amount).reshape(-1)[0])
    if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
        raise IllegalAction(f"an action is an index 0..{c.n_actions - 1}, not {action!r}",
                            describe_legal(c, mask), "DESIGN")
    a = int(action)
    if not 0 <= a < c.n_actions or not mask[a]:
        what = c.action_names[a] if 0 <= a < c.n_actions else "no such action"
        raise IllegalAction(f"action {a} ({what}) is not legal now", describe_legal(c, mask),
                            "IFP 37a" if 2 <= a <= c.max_raise else "DESIGN")
    return a, amount


class Table:
    """One table: a hand per episode from the set-up's stacks, the button one seat further
    each hand (``hand_no``), player ``i`` (the agent) at position ``(i - hand_no) % n``."""

    def __init__(self, config: Config) -> None:
        self.c = config
        self.rng = random.Random()
        self.hand_no = -1
        self.hand: Any = None
        self.log: list[tuple[int, int, int, int]] = []   # (position, street, kind, to/cards)
        self._legal: Any = None              # legal() and mask() of the state as it is
        self._mask: Any = None
        self._pots_key: Any = None
        self._pots: list[tuple[int, list[int]]] = []

    def changed(self) -> None:
        """Forget what was read from the hand (called after every change of its state)."""
        self._legal = self._mask = None

    # ------------------------------------------------------------------ episode

    def reset(self, seed: int | None = None, deck: Sequence[int] | None = None) -> None:
        """Deal the next hand (a seed restarts the deal and the button: the same seed, the
        same hands; hold'em may be given its ``deck`` instead, dealt from the front)."""
        c = self.c
        if seed is not None:
            self.rng = random.Random(seed)
            self.hand_no = -1
        self.hand_no += 1
        self.log = []
        self._legal = self._mask = None
        if c.holdem:
            kw: dict[str, Any] = {"structure": c.structure}
            if c.ante:
                kw["bb_ante" if c.bb_ante else "ante"] = c.ante
            if c.small_bet is not None:
                kw["small_bet"] = c.small_bet
            if c.big_bet is not None:
                kw["big_bet"] = c.big_bet
            if deck is not None:
                self.hand = Hand(c.stacks, c.blinds, rules=c.rules, deck=deck, **kw)
            else:
                self.hand = Hand(c.stacks, c.blinds, rules=c.rules, rng=self.rng, **kw)
        else:
            n = c.n
            if c.stud:
                blinds = None
            else:
                sb, bb = c.blinds
                # The engine's posting order, as Hand's: heads-up the button posts the small blind.
                blinds = [bb, sb] if n == 2 else [sb, bb] + [0] * (n - 2)
            self.hand = MixedHand(c.variant, c.stacks, blinds=blinds, antes=c.ante,
                                  bb_ante=c.bb_ante, bring_in=c.bring_in,
                                  small_bet=c.small_bet,
                                  big_bet=c.big_bet, rules=c.rules, rng=self.rng)

    def position(self, agent: int) -> int:
        return (agent - self.hand_no) % self.c.n

    def agent(self, position: int) -> int:
        return (position + self.hand_no) % self.c.n

    @property
    def done(self) -> bool:
        return bool(self.hand.done)

    def payoffs(self) -> list[float]:
        """Each position's result of the hand in big blinds (the small bet in stud)."""
        h = self.hand
        big = self.c.big
        return [(s - t) / big for s, t in zip(h.stacks, h.starting)]

    # ------------------------------------------------------------------ legal actions

    def legal(self) -> tuple[int, str, bool, int, Any, Any, bool]:
        """(position to act, phase, may fold, chips to call, min and max raise-to, bring-in
        due) from the engine's legal actions."""
        r = self._legal
        if r is not None:
            return r
        la = self.hand.legal_actions()
        if self.c.holdem:
            r = la.player, la.phase, True, la.call, la.min_raise_to, la.max_raise_to, False
        elif la["phase"] != "betting":
            r = la["player"], la["phase"], False, 0, None, None, False
        else:
            r = (la["player"], "betting", la["fold"], la["call"], la["min_raise_to"],
                 la["max_raise_to"], la["bring_in"])
        self._legal = r
        return r

    def pot(self) -> int:
        h = self.hand
        return h.total_pot if self.c.holdem else h.total_pot()

    def fraction_to(self, f: float, p: int, call: int, lo: int) -> int:
        """The raise-to total of a raise of ``f`` times the pot (the pot after calling), at
        least the minimum raise."""
        to = self.hand.bets[p] + call + int(f * (self.pot() + call))
        return to if to > lo else lo

    def mask(self) -> np.ndarray:
        m = self._mask
        if m is None:
            m = self._mask = self._make_mask()
        return m

    def _make_mask(self) -> np.ndarray:
        c = self.c
        m = np.zeros(c.n_actions, dtype=np.int8)
        if self.hand.done:
            return m
        p, phase, fold, call, lo, hi, _ = self.legal()
        if phase == "drawing":
            held = sum(1 for x in self.hand.holes[p] if x is not None)
            m[c.discard0:c.discard0 + (1 << held)] = 1
            return m
        m[FOLD] = fold
        m[CALL] = 1
        if lo is not None:
            m[c.max_raise] = 1
            if c.structure != "fixed-limit":
                for i, f in enumerate(c.fractions):
                    if self.fraction_to(f, p, call, lo) < hi:
                        m[2 + i] = 1
            if c.continuous:
                m[c.raise_to] = 1
        return m

    def describe_legal(self) -> str:
        return describe_legal(self.c, self.mask())

    # ------------------------------------------------------------------ acting

    def act(self, action: Any, amount: float | None = None) -> None:
        """Play action index ``action`` for the player to act (``amount`` in 0..1: where the
        continuous raise falls between the minimum and the maximum raise)."""
        c = self.c
        h = self.hand
        if h.done:
            raise IllegalAction("the hand is over: reset for the next one", "none", "DESIGN")
        a, amount = checked_action(c, action, self.mask(), amount)
        p, phase, _, call, lo, hi, bring = self.legal()
        street = h.street
        if a >= c.discard0:
            held = [x for x in h.holes[p] if x is not None]
            throw = [held[j] for j in range(len(held)) if (a - c.discard0) >> j & 1]
            h.discard(throw)
            self.changed()
            self.log.append((p, street, _K_DISCARD, len(throw)))
        elif a == FOLD:
            to = h.bets[p]
            h.fold()
            self.changed()
            self.log.append((p, street, _K_FOLD, to))
        elif a == CALL:
            to = h.bets[p] + call
            if bring:
                h.post_bring_in()
                self.changed()
                self.log.append((p, street, _K_BRING, h.bets[p]))
            else:
                h.check_call()
                self.changed()
                self.log.append((p, street, _K_CALL if call else _K_CHECK, to))
        else:
            if a == c.max_raise:
                to = hi
            elif a == c.raise_to:
                x = 0.0 if amount is None else min(1.0, max(0.0, float(amount)))
                to = lo + int(round(x * (hi - lo)))
            else:
                to = self.fraction_to(c.fractions[a - 2], p, call, lo)
            h.raise_to(to)
            self.changed()
            self.log.append((p, street, _K_RAISE, to))

    def play_bot(self, bot: Any) -> None:
        """Let a :mod:`pokertd.bots` bot act for the player to act, its action read back into
        the history from what it changed (folded, chips put in, cards thrown)."""
        c = self.c
        h = self.hand
        p, phase, _, call, _, _, bring = self.legal()
        street = h.street
        bet, stack = h.bets[p], h.stacks[p]
        held = [x for x in h.holes[p] if x is not None]
        if c.holdem:
            bot.act(h, p, c.big)
        else:
            bot.act(h)
        self.changed()
        if phase == "drawing":
            now = set(x for x in h.holes[p] if x is not None)
            self.log.append((p, street, _K_DISCARD, sum(1 for x in held if x not in now)))
            return
        to = bet + stack - h.stacks[p]
        if h.status[p] == 2:
            kind, to = _K_FOLD, bet
        elif to > bet + call:
            kind = _K_RAISE
        elif bring:
            kind = _K_BRING
        else:
            kind = _K_CALL if to > bet else _K_CHECK
        self.log.append((p, street, kind, to))

    # ------------------------------------------------------------------ observations

    def pots(self) -> list[tuple[int, list[int]]]:
        """The pots as :func:`_pots` counts them, recounted only when a round closed (the
        chips gathered grew, or the hand ended) or a player folded: nothing else changes them."""
        h = self.hand
        status = h.status
        key = (sum(h.totals), h.done, status.count(2), self.hand_no)
        if key != self._pots_key:
            self._pots_key = key
            # Once the hand is over the pots are in the winners' stacks.
            self._pots = [] if h.done else _pots(h.totals, [q for q in range(self.c.n)
                                                            if status[q] != 2], h.dead)
        return self._pots

    def observe(self, position: int) -> dict[str, Any]:
        """What ``position`` sees, in chips and card names (``observe_vector`` in numbers)."""
        c = self.c
        h = self.hand
        n = c.n
        bets, totals, status = h.bets, h.totals, h.status
        holes = h.holes
        me = [x for x in holes[position] or () if x is not None]
        up = {}
        if c.stud:
            up = {q: cards_text([x for x, u in zip(holes[q], h.up[q]) if u and x is not None])
                  for q in range(n)}
        if h.done:
            to_act, phase, call, lo, hi = None, "complete", 0, None, None
        else:
            to_act, phase, _, call, lo, hi, _ = self.legal()
        mine = to_act == position
        return {
            "game": c.variant, "position": position, "button": n - 1, "street": h.street,
            "hole": cards_text(me), "board": cards_text(list(h.board)), "up": up,
            "stacks": list(h.stacks), "bets": list(bets), "committed": list(totals),
            "folded": [s == 2 for s in status], "all_in": [s == 1 for s in status],
            "pots": [{"amount": a, "eligible": e} for a, e in self.pots()],
            "to_act": to_act, "phase": phase,
            "to_call": call if mine else 0, "min_raise_to": lo if mine else None,
            "max_raise_to": hi if mine else None,
            "history": [{"player": q, "street": s, "action": ACTION_KINDS[k],
                         ("cards" if k == _K_DISCARD else "to"): x} for q, s, k, x in self.log],
            "legal": [c.action_names[i] for i in np.flatnonzero(self.mask())] if mine else [],
        }

    def observe_vector(self, position: int, out: np.ndarray | None = None) -> np.ndarray:
        """The observation of ``position`` as ``Config.offsets`` lays it out (float32):
        players in relative order (0 = this player, then clockwise), chips in big blinds.
        Written into ``out`` when given (a float32 array of ``Config.size``)."""
        if out is None:
            out = np.empty(self.c.size, dtype=np.float32)
        self.write_vector(position, memoryview(out), 0)
        return out

    def write_vector(self, position: int, mv: memoryview, base: int) -> None:
        """Write the vector of ``position`` at ``mv[base:base + size]`` (a float32 buffer):
        item by item, cheaper than NumPy's calls for the few dozen items that are not zero."""
        c = self.c
        h = self.hand
        n = c.n
        big = c.big
        mv[base:base + c.size] = c.zeros
        holes = h.holes
        for x in holes[position] or ():
            if x is not None:
                mv[base + x] = 1.0
        if c.board_at >= 0:
            b0 = base + c.board_at
            for x in h.board:
                mv[b0 + x] = 1.0
        if c.stud:
            u0 = base + c.up_at - 52
            for k in range(1, n):
                q = (position + k) % n
                for x, u in zip(holes[q], h.up[q]):
                    if u and x is not None:
                        mv[u0 + 52 * k + x] = 1.0
        mv[base + c.position_at + position] = 1.0
        mv[base + c.street_at + min(h.street, c.streets - 1)] = 1.0
        stacks, bets, totals, status = h.stacks, h.bets, h.totals, h.status
        s0 = base + c.stacks_at
        f0 = base + c.folded_at
        for k in range(n):
            q = position + k
            if q >= n:
                q -= n
            mv[s0 + k] = stacks[q] / big
            mv[s0 + n + k] = bets[q] / big
            mv[s0 + 2 * n + k] = totals[q] / big
            st = status[q]
            if st:
                mv[f0 + k if st == 2 else f0 + n + k] = 1.0
        p0 = base + c.pots_at
        for a, _ in self.pots():
            mv[p0] = a / big
            p0 += 1
        if not h.done:
            to_act, _, _, call, lo, hi, _ = self.legal()
            if to_act == position:
                t0 = base + c.to_call_at
                mv[t0] = call / big
                if lo is not None:
                    mv[t0 + 1] = lo / big
                    mv[t0 + 2] = hi / big
        if c.history:
            hist = self.log[-c.history:]
            e0 = base + c.history_at + (c.history - len(hist)) * c.entry
            last = c.streets - 1
            for q, st, k, x in hist:
                mv[e0 + (q - position) % n] = 1.0
                mv[e0 + n + k] = 1.0
                mv[e0 + n + 6] = x if k == _K_DISCARD else x / big
                mv[e0 + n + 7 + (st if st < last else last)] = 1.0
                e0 += c.entry

    def events(self) -> list[dict[str, Any]]:
        """The hand's events (the engine's log: ``Hand.replay`` / ``MixedHand.replay``)."""
        return self.hand.events()

    def replay_stacks(self) -> list[int]:
        """The finishing stacks of the hand rebuilt from its events by the engine."""
        ev = self.events()
        h = Hand.replay(ev) if self.c.holdem else MixedHand.replay(ev)
        return list(h.stacks)
