"""One hand of hold'em as a deterministic state machine.

Players are indexed by *position*: ``0`` is the first player clockwise from the button,
``n - 1`` the last (the button itself unless the button is dead). This is the order of
PHH's ``p1 .. pN``. :meth:`Hand.at_table` builds a hand from table seats, a button seat
and empty seats (dead button, single big blind) and keeps the seat numbers in ``seats``.

The hot path (``legal_actions``, ``fold``, ``check_call``, ``raise_to``) works on flat
per-player lists of ints and appends plain tuples to the event log; events become typed
dictionaries only when asked for (:meth:`Hand.events`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from operator import add as _add
from typing import Any, Final

from ..cards import CARDS, Card, cards_text, make_rng, parse_card, parse_cards
from ..evaluator import evaluate
from ..rules import RuleSet, get_rules
from ..rules.declarations import BetRuling
from .errors import IllegalAction

__all__ = [
    "ACTIVE", "ALL_IN", "FOLDED", "FIXED_LIMIT", "Hand", "LegalActions", "NO_LIMIT", "POT_LIMIT",
    "STREETS", "STRUCTURES",
]

# Constants are Final: compiled, they are inlined instead of looked up in the module.
# Betting structures.
NO_LIMIT: Final = 0
POT_LIMIT: Final = 1
FIXED_LIMIT: Final = 2
STRUCTURES: Final = ("no-limit", "pot-limit", "fixed-limit")
_STRUCTURE_NAMES: Final = {"no-limit": 0, "nl": 0, "nt": 0, "pot-limit": 1, "pl": 1,
                    "fixed-limit": 2, "fl": 2, "ft": 2, "limit": 2}

# Streets and phases.
PREFLOP: Final = 0
FLOP: Final = 1
TURN: Final = 2
RIVER: Final = 3
STREETS: Final = ("preflop", "flop", "turn", "river")
BETTING: Final = 0
DEALING: Final = 1
SHOWDOWN: Final = 2
COMPLETE: Final = 3
PHASES: Final = ("betting", "dealing", "showdown", "complete")

# Player status.
ACTIVE: Final = 0
ALL_IN: Final = 1
FOLDED: Final = 2
STATUS_NAMES: Final = ("active", "all-in", "folded")

# Event codes (first item of each raw event tuple); see events.py for their JSON form.
E_START: Final = 0
E_POST: Final = 1
E_HOLE: Final = 2
E_BURN: Final = 3
E_BOARD: Final = 4
E_ACT: Final = 5
E_RETURN: Final = 6
E_SHOW: Final = 7
E_MUCK: Final = 8
E_AWARD: Final = 9
E_END: Final = 10
# Action kinds inside E_ACT.
A_FOLD: Final = 0
A_CHECK: Final = 1
A_CALL: Final = 2
A_BET: Final = 3
A_RAISE: Final = 4
ACTION_NAMES: Final = ("fold", "check", "call", "bet", "raise")

_BOARD_COUNTS: Final = (0, 3, 1, 1)
_RINGS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {}


def _rings(n: int) -> tuple[tuple[int, ...], ...]:
    """For each position p, the other positions clockwise after p (cached per table size)."""
    r = _RINGS.get(n)
    if r is None:
        r = tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n))
        _RINGS[n] = r
    return r


class LegalActions:
    """What may happen next.

    In a betting round ``player`` acts and may ``fold`` (always: IFP 28), ``check`` when
    not facing a bet, ``call`` (the chips a call adds, 0 if none is needed) and raise to any
    total from ``min_raise_to`` to ``max_raise_to`` (both ``None`` when no raise is allowed).
    At a showdown ``player`` may ``show`` or ``muck``. ``deal`` names the cards the dealer
    must deal next in a hand dealt by hand (``'hole'``, ``'flop'``, ``'turn'``, ``'river'``).

    A small read-only record (a plain class rather than a named tuple: built once per
    decision, it is cheaper to make); it compares, prints and converts like one.
    """

    __slots__ = ("phase", "player", "fold", "check", "call", "min_raise_to", "max_raise_to",
                 "show", "muck", "deal")
    _fields = ("phase", "player", "fold", "check", "call", "min_raise_to", "max_raise_to",
               "show", "muck", "deal")

    phase: str
    player: Any          # int | None
    fold: bool
    check: bool
    call: Any            # int
    min_raise_to: Any    # int | None
    max_raise_to: Any    # int | None
    show: bool
    muck: bool
    deal: Any            # str | None

    def __init__(self, phase: str, player: Any, fold: bool, check: bool, call: Any,
                 min_raise_to: Any, max_raise_to: Any, show: bool = False, muck: bool = False,
                 deal: Any = None) -> None:
        self.phase = phase
        self.player = player
        self.fold = fold
        self.check = check
        self.call = call
        self.min_raise_to = min_raise_to
        self.max_raise_to = max_raise_to
        self.show = show
        self.muck = muck
        self.deal = deal

    def _asdict(self) -> dict[str, Any]:
        return {"phase": self.phase, "player": self.player, "fold": self.fold,
                "check": self.check, "call": self.call, "min_raise_to": self.min_raise_to,
                "max_raise_to": self.max_raise_to, "show": self.show, "muck": self.muck,
                "deal": self.deal}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LegalActions):
            return NotImplemented
        return self._asdict() == other._asdict()

    def __hash__(self) -> int:
        return hash(tuple(self._asdict().values()))

    def __repr__(self) -> str:
        return "LegalActions(" + ", ".join(f"{k}={v!r}" for k, v in self._asdict().items()) + ")"

    def describe(self) -> str:
        if self.phase == "betting":
            parts = ["fold"]
            parts.append("check" if self.check else f"call {self.call}")
            if self.min_raise_to is not None:
                if self.min_raise_to == self.max_raise_to:
                    parts.append(f"raise to {self.min_raise_to}")
                else:
                    parts.append(f"raise to {self.min_raise_to}..{self.max_raise_to}")
            return f"player {self.player}: " + ", ".join(parts)
        if self.phase == "showdown":
            return f"player {self.player}: " + ("show or muck" if self.muck else "show")
        if self.phase == "dealing":
            return f"the dealer deals the {self.deal}" + (" cards" if self.deal == "hole" else "")
        return "nothing: the hand is over"


def _straddle_min_raise(blind_top: int, min_bet: int, straddles: list[int]) -> int:
    """The pre-flop minimum raise when each straddle counts as a raise (TDA 43-A read
    literally, with TDA 51-B: the posted big blind is the pre-flop opener): the largest full
    increment, starting from the big blind; a straddle short of a full raise does not change
    it (TDA 43 Addendum example 2)."""
    mr = blind_top if blind_top > 0 else min_bet     # the big blind: the pre-flop opener
    level = blind_top
    for a in straddles:
        if a > level:
            if a - level >= mr:
                mr = a - level
            level = a
    return mr


def _structure(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 2:
        return value
    if isinstance(value, str) and value.lower() in _STRUCTURE_NAMES:
        return _STRUCTURE_NAMES[value.lower()]
    raise ValueError(f"unknown betting structure: {value!r} (use one of {', '.join(STRUCTURES)})")


def _chips(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number of chips, not {value!r}")
    if value < 0:
        raise ValueError(f"{what} cannot be negative: {value}")
    return value


def _bad_stacks(stacks: Sequence[Any]) -> None:
    """Refuse a stack that is not a whole number of chips, or no chips (hold'em's and the mixed
    games' hands: a player without chips is not dealt in)."""
    for i, s in enumerate(stacks):
        _chips(s, f"stack of player {i}")
        if s == 0:
            raise ValueError(f"player {i} has no chips and cannot be dealt in")


def _posting_order(blinds: list[int]) -> tuple[list[int], list[str]]:
    """The players posting blinds in posting order, and what each posts: small blind, big blind,
    straddles; a single big blind alone (IFP 19); heads-up the button's small blind first (IFP
    18). Hold'em's and the mixed games' hands."""
    order = [i for i in range(len(blinds)) if blinds[i]]
    if len(order) == 2 and blinds[order[0]] > blinds[order[1]]:
        order.reverse()
    kinds = (["big_blind"] if len(order) == 1 else
             ["small_blind", "big_blind"] + ["straddle"] * (len(order) - 2))
    return order, kinds


_FULL_DECK: Final = list(range(52))
_CARD_INDEX: Final = {str(c): int(c) for c in CARDS}
_SYSTEM_RNG: Final = make_rng(None)
_START_EVENT: Final = (0,)
_END_EVENT: Final = (10,)
_HOLES_EVENT: Final = (11,)
E_HOLES: Final = 11           # all hole cards dealt at once: (E_HOLES, [(c1, c2), ...])
E_KILL: Final = 12            # a hand killed by the dealer: (E_KILL, player, rule)
# A bet made with chips and words, and its ruling (pokertd.rules.declarations); the action
# it was ruled to be follows as an ordinary E_ACT: (E_RULED, player, chips, declared,
# later_motions, pulled_back, prior_chips, action, total, returned, owed, rule).
E_RULED: Final = 13
# An action out of turn, held: (E_OOT, player, action, to, rule); how it was ruled when the
# action reached him: (E_OOT_RULED, player, ruling, rule), ruling one of binding, check (must
# check), no-raise (may call or fold), released (all options).
E_OOT: Final = 14
E_OOT_RULED: Final = 15
# The floor's rulings on irregularities (pokertd.engine.floor, pokertd.rules.irregularities):
# the hand void, every chip back (E_VOID, cause, rule); an irregularity ruled and its
# procedure applied (E_FLOOR, family, situation, player, decision, rule, data); a hand made
# dead (E_DEAD, player, cause, rule).
E_VOID: Final = 16
E_FLOOR: Final = 17
E_DEAD: Final = 18
# The rule of a refused raise amount, by preset (a house falls back to IFP, its usual base).
_MIN_RAISE_RULES: Final = {"ifp-2012": "IFP 37", "wpa": "WPA 22", "tda-2024": "TDA 43"}
_LIMIT_RULES: Final = {"ifp-2012": "IFP 33", "wpa": "WPA 22", "tda-2024": "TDA 48"}
_POT_LIMIT_RULES: Final = {"ifp-2012": "IFP 39", "wpa": "IFP 39", "tda-2024": "TDA 54"}


class _Table:
    """Everything about a hand that does not change from hand to hand at one table:
    derived once and cached, so starting a hand costs little."""

    __slots__ = ("n", "structure", "rules", "blinds", "antes", "ante_list", "bb_ante", "posters",
                 "bb_player", "first_actor", "top", "min_bet", "small_bet", "big_bet",
                 "pre_min_raise", "pre_raises", "accumulate", "half_reopens", "full_blinds_pl",
                 "limit_cap", "chip_unit", "missing_sb", "rings", "heads_up_tournament",
                 "cards_needed", "shuffle", "simple_posts",
                 "post_events", "chunks", "straddled", "blind_top")

    n: int
    structure: int
    rules: RuleSet
    blinds: list[int]
    antes: tuple[tuple[int, int], ...]
    ante_list: list[int]
    bb_ante: int
    posters: tuple[tuple[int, str, int], ...]
    bb_player: int
    first_actor: int
    top: int
    min_bet: int
    small_bet: int
    big_bet: int
    pre_min_raise: int
    pre_raises: int
    accumulate: bool
    half_reopens: bool
    full_blinds_pl: bool
    limit_cap: int
    chip_unit: int
    missing_sb: int
    rings: tuple[tuple[int, ...], ...]
    heads_up_tournament: bool
    cards_needed: int
    shuffle: Any
    chunks: tuple[tuple[int, int, tuple[int, ...]], ...]
    simple_posts: tuple[int, int, int, int] | None
    post_events: list[tuple[Any, ...]]
    straddled: bool
    blind_top: int

    def __init__(self, n, blinds, *, rules=None, blinds_or_straddles=None, straddles=(),
                 single_big_blind=False, ante=0, bb_ante=0, structure=NO_LIMIT, min_bet=None,
                 small_bet=None, big_bet=None, heads_up_tournament=False, chip_unit=1,
                 missing_small_blind=None) -> None:
        if not 2 <= n <= 22:
            raise ValueError(f"a hold'em hand needs 2 to 22 players, not {n}")
        self.n = n
        self.structure = _structure(structure)
        r = self.rules = get_rules(rules)
        self.accumulate = r.short_allins_accumulate and self.structure != FIXED_LIMIT
        self.half_reopens = r.limit_half_bet_reopens
        self.full_blinds_pl = r.pot_limit_counts_full_blinds and self.structure == POT_LIMIT
        if blinds_or_straddles is not None:
            if len(blinds_or_straddles) != n:
                raise ValueError(f"blinds_or_straddles has {len(blinds_or_straddles)} entries for {n} players")
            bl = [_chips(b, "a blind") for b in blinds_or_straddles]
        else:
            if len(blinds) != 2:
                raise ValueError("blinds must be (small blind, big blind)")
            sb, bb = _chips(blinds[0], "the small blind"), _chips(blinds[1], "the big blind")
            bl = [0] * n
            if n == 2:
                if single_big_blind:
                    raise ValueError("heads-up the button posts the small blind (IFP 18)")
                bl[0], bl[1] = bb, sb              # IFP 18: the button posts the small blind
            elif single_big_blind:
                bl[0] = bb                         # IFP 19: a single big blind
            else:
                bl[0], bl[1] = sb, bb
            k = 1 if single_big_blind else 2
            if len(straddles) > max(0, n - k - 1):
                raise ValueError("too many straddles for the table")
            for j, x in enumerate(straddles):
                bl[k + j] = _chips(x, "a straddle")
        self.blinds = bl
        if isinstance(ante, int):
            antes = [_chips(ante, "the ante")] * n
        else:
            if len(ante) != n:
                raise ValueError(f"ante has {len(ante)} entries for {n} players")
            antes = [_chips(a, "an ante") for a in ante]
        self.ante_list = antes
        self.antes = tuple((i, a) for i, a in enumerate(antes) if a)
        self.bb_ante = _chips(bb_ante, "the big-blind ante")
        top = self.top = max(bl)
        # Posting order: small blind, big blind, straddles (heads-up the button's small blind
        # first). The player posting the largest forced bet last is the big blind or the last
        # straddle: pre-flop action starts on the player to the left (IFP 18 heads-up).
        order, kinds = _posting_order(bl)
        self.posters = tuple((i, kinds[k], bl[i]) for k, i in enumerate(order))
        self.post_events = [(E_POST, i, kind, b) for i, kind, b in self.posters]
        self.simple_posts = ((self.posters[0][0], self.posters[0][2], self.posters[1][0], self.posters[1][2])
                             if len(self.posters) == 2 else None)
        big = -1
        for i in order:
            if bl[i] == top:
                big = i
        self.first_actor = (big + 1) % n if big >= 0 else 0
        self.bb_player = order[1] if len(order) >= 2 else (order[0] if order else -1)
        if self.bb_ante and self.bb_player < 0:
            raise ValueError("a big-blind ante needs a big blind")
        if missing_small_blind is not None:
            self.missing_sb = _chips(missing_small_blind, "the missing small blind")
        else:
            self.missing_sb = (_chips(blinds[0], "the small blind")
                               if single_big_blind and blinds_or_straddles is None else 0)
        if self.structure == FIXED_LIMIT:
            self.small_bet = _chips(small_bet if small_bet is not None else top, "the small bet")
            self.big_bet = _chips(big_bet if big_bet is not None else 2 * self.small_bet, "the big bet")
            if self.small_bet <= 0 or self.big_bet <= 0:
                raise ValueError("fixed limit needs a small bet and a big bet above zero")
            self.min_bet = self.small_bet
            self.pre_min_raise = self.small_bet
            self.pre_raises = 1 if top else 0       # IFP 33: the big blind is the bet
        else:
            self.small_bet = self.big_bet = 0
            self.min_bet = _chips(min_bet if min_bet is not None else top, "the minimum bet")
            if self.min_bet <= 0:
                raise ValueError("the minimum bet (the big blind) must be above zero")
            self.pre_min_raise = top if top > self.min_bet else self.min_bet
            self.pre_raises = 0
        # Straddles (the books are silent; RuleSet.straddle_min_raise, straddle_to_call).
        self.straddled = any(kind == "straddle" for _, kind, _ in self.posters)
        self.blind_top = max([b for _, kind, b in self.posters if kind != "straddle"] or [0])
        if (self.straddled and self.structure != FIXED_LIMIT
                and r.straddle_min_raise == "largest-increment"):
            self.pre_min_raise = _straddle_min_raise(
                self.blind_top, self.min_bet, [b for _, kind, b in self.posters if kind == "straddle"])
        # IFP 33 / TDA 48: one bet and three raises, lifted only heads-up in the tournament.
        self.limit_cap = (r.limit_bets_per_round
                          if not (heads_up_tournament and r.limit_cap_until_heads_up) else 0)
        self.heads_up_tournament = heads_up_tournament
        self.chip_unit = max(1, _chips(chip_unit, "the chip unit"))
        self.rings = _rings(n)
        # Cards for a whole hand: 2n hole cards, 3 burns, 5 board cards.
        k = self.cards_needed = min(52, 2 * n + 8)
        self.chunks = _radix_chunks(k)
        self.shuffle = _make_shuffle(k)


_TABLES: Final[dict[tuple, _Table]] = {}
_TABLE_OPTIONS: Final = frozenset((
    "blinds_or_straddles", "straddles", "single_big_blind", "ante", "bb_ante", "structure",
    "min_bet", "small_bet", "big_bet", "heads_up_tournament", "chip_unit", "missing_small_blind"))
_SHUFFLES: Final[dict[int, Any]] = {}

# Dealing: a partial Fisher-Yates shuffle. The k cards of a hand are picked by mixed-radix
# digits (52, 51, ...) taken in runs whose product stays below 2**30; each run is one
# uniform draw below that product, from a 62-bit draw of the generator rejected above the
# largest multiple of the product (exactly uniform; a rejection has odds below 2**-32).
# Small integers only: fast in CPython and native ints once compiled.
_DRAW_BITS: Final = 62

# Built by mypyc (setup.py), this module deals with a compiled loop; run from source, with
# straight-line code generated per card count (no loop overhead). Both deal the same cards.
_COMPILED: Final = not __file__.endswith(".py")


def _radix_chunks(k: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """(product, rejection limit, radices) for each run of the radices 52, 51, ... of
    dealing ``k`` cards."""
    chunks: list[list[int]] = []
    for m in range(52, 52 - k, -1):
        if chunks and math.prod(chunks[-1]) * m < 1 << 30:
            chunks[-1].append(m)
        else:
            chunks.append([m])
    top = 1 << _DRAW_BITS
    return tuple((math.prod(c), top - top % math.prod(c), tuple(c)) for c in chunks)


def _deal_compiled(draw: Any, chunks: tuple[tuple[int, int, tuple[int, ...]], ...]) -> list[int]:
    """The cards dealt by :func:`_make_shuffle`'s function, as a loop (fast once compiled)."""
    d = _FULL_DECK[:]
    out: list[int] = []
    for prod, limit, radices in chunks:
        v: int = draw(_DRAW_BITS)
        while v >= limit:
            v = draw(_DRAW_BITS)
        x = v % prod
        for m in radices:
            out.append(d.pop(x % m))
            x //= m
    return out


def _make_shuffle(k: int) -> Any:
    """Deal ``k`` cards from a 52-card list with ``draw`` (a generator's ``getrandbits``):
    the function of :func:`_deal_compiled` as straight-line code, built once per ``k``."""
    f = _SHUFFLES.get(k)
    if f is None:
        lines = ["def shuffle(draw, d):", "    pop = d.pop"]
        j = 0
        for prod, limit, radices in _radix_chunks(k):
            lines.append(f"    v = draw({_DRAW_BITS})")
            lines.append(f"    while v >= {limit}:")
            lines.append(f"        v = draw({_DRAW_BITS})")
            lines.append(f"    x = v % {prod}")
            for mi, m in enumerate(radices):
                if mi < len(radices) - 1:
                    lines.append(f"    c{j} = pop(x % {m})")
                    lines.append(f"    x //= {m}")
                else:
                    lines.append(f"    c{j} = pop(x)")       # x < m: the last digit of the run
                j += 1
        lines.append("    return [" + ", ".join(f"c{j}" for j in range(k)) + "]")
        ns: dict[str, Any] = {}
        exec("\n".join(lines), ns)
        f = _SHUFFLES[k] = ns["shuffle"]
    return f


class _OutOfTurn:
    """The actions declared out of turn in this betting round, held until the action reaches
    their players (``held``: player -> (action, raise-to, the bet he faced then, the player
    whose turn it was)), and the
    released players who may not raise on their turn (``limits``: player -> rule); ``replay``: a
    log is replayed that holds the actions the rulings lead to (MixedHand.replay). Hold'em's and
    the mixed games' (engine.floor_common)."""

    __slots__ = ("held", "limits", "replay")

    held: dict[int, tuple[str, int, int, int]]
    limits: dict[int, str]
    replay: bool

    def __init__(self) -> None:
        self.held = {}
        self.limits = {}
        self.replay = False

    def copy(self) -> _OutOfTurn:
        c = _OutOfTurn()
        c.held = dict(self.held)
        c.limits = dict(self.limits)
        c.replay = self.replay
        return c


class Hand:
    """One hand of no-limit, pot-limit or fixed-limit hold'em.

    ``stacks`` are in position order: player 0 sits first left of the button and the last
    player is on the button. ``blinds=(small, big)``: player 0 posts the small blind and
    player 1 the big blind; heads-up the button posts the small blind and acts first
    pre-flop (IFP 18). :meth:`at_table` starts from table seats instead (empty seats, dead
    button, single big blind).

    Cards come from ``rng`` (a ``random.Random``, reused from hand to hand: the fast way),
    ``seed`` (a new generator for this hand), a given ``deck`` (dealt from the front: hole
    cards one at a time round the table, then burn and flop, burn and turn, burn and river),
    or, with ``manual=True``, from the caller through :meth:`deal_hole` and
    :meth:`deal_board` (hand histories). Without any of these, the operating system's CSPRNG
    deals. With ``auto_showdown`` (the default) every hand at a showdown is tabled in
    showdown order; with ``auto_showdown=False`` each player in turn shows or mucks.

    Table options (keywords; a table's setup is derived once and cached):

    ``structure``            ``'no-limit'`` (default), ``'pot-limit'`` or ``'fixed-limit'``
    ``ante``                 per-player ante: one int, or one per player
    ``bb_ante``              a big-blind ante, posted after the big blind (TDA RP-11)
    ``straddles``            live straddles posted by the players after the big blind
    ``single_big_blind``     no small blind this hand (IFP 19)
    ``blinds_or_straddles``  each player's forced live bet, position order (PHH style)
    ``min_bet``              no-limit/pot-limit minimum bet (default: the big blind)
    ``small_bet, big_bet``   fixed-limit bet sizes (default: the big blind and twice it)
    ``heads_up_tournament``  the tournament is down to two players: no limit cap (IFP 33)
    ``chip_unit``            the smallest chip in play, for odd chips (TDA 20)
    ``missing_small_blind``  a dead small blind counted by TDA 54-B in pot limit

    ``rules`` is a preset name (``ifp-2012`` by default, ``wpa``, ``tda-2024``) or a
    :class:`~pokertd.rules.RuleSet`.
    """

    __slots__ = (
        "t", "n", "structure", "rules", "min_bet", "auto_showdown", "starting", "seats",
        "button_seat", "manual", "_deck", "_deck_pos", "_used", "_rings", "_accumulate",
        "stacks", "bets", "totals", "status", "acted", "_holes", "shown", "mucked", "board",
        "burns", "street", "phase", "actor", "current", "min_raise", "full_raises", "raises",
        "aggressor", "n_live", "n_active", "pot", "_events", "faced_up", "_sd_order",
        "winnings", "_holes_pending", "_dead_pl", "_legal", "dead", "done", "absent", "_oot",
        "_floor",
    )

    t: _Table
    n: int
    structure: int
    rules: RuleSet
    min_bet: int
    auto_showdown: bool
    starting: list[int]
    seats: Any
    button_seat: int | None
    manual: bool
    _deck: Any
    _deck_pos: int
    _used: int
    _rings: tuple[tuple[int, ...], ...]
    _accumulate: bool
    stacks: list[int]
    bets: list[int]
    totals: list[int]
    status: list[int]
    acted: list[int]
    _holes: Any
    shown: list[bool]
    mucked: list[bool]
    board: list[int]
    burns: list[Any]
    street: int
    phase: int
    actor: int
    current: int
    min_raise: int
    full_raises: int
    raises: int
    aggressor: int
    n_live: int
    n_active: int
    pot: int
    _events: list[tuple[Any, ...]]
    faced_up: bool
    _sd_order: list[int]
    winnings: list[int]
    _holes_pending: int
    _dead_pl: int
    _legal: LegalActions | None
    dead: int
    done: bool
    absent: tuple[Any, ...]
    _oot: _OutOfTurn | None
    _floor: Any                       # engine.floor.FloorState once an irregularity is ruled

    def __init__(
        self,
        stacks: Sequence[Any],        # checked below: whole numbers of chips
        blinds: Sequence[Any] = (0, 0),
        *,
        rules: Any = None,            # RuleSet | str | None (checked by get_rules)
        seed: Any = None,             # int | None
        rng: Any = None,              # random.Random | None
        deck: Any = None,             # Iterable[int | str] | None
        manual: Any = False,
        auto_showdown: Any = True,
        seats: Any = None,            # Sequence[int] | None
        button_seat: Any = None,      # int | None
        absent: Sequence[Any] = (),
        _clone: Hand | None = None,   # internal: see copy()
        **options: Any,
    ) -> None:
        if _clone is not None:
            self._clone_from(_clone)
            return
        n = len(stacks)
        if type(blinds) is not tuple:
            blinds = tuple(blinds)
        # A RuleSet is keyed by identity: the cached table keeps it alive, so ids stay unique.
        rk = rules if rules is None or type(rules) is str else id(rules)
        key: tuple[Any, ...]
        if options:
            key = (n, blinds, rk, tuple(sorted(
                (k, tuple(v) if isinstance(v, (list, tuple)) else v) for k, v in options.items())))
        else:
            key = (n, blinds, rk)
        try:
            t = _TABLES[key]
        except (KeyError, TypeError):
            for k in options:
                if k not in _TABLE_OPTIONS:
                    raise TypeError(f"Hand() got an unexpected keyword argument {k!r}") from None
            t = _Table(n, blinds, rules=rules, **options)
            try:
                if len(_TABLES) > 4096:
                    _TABLES.clear()
                _TABLES[key] = t
            except TypeError:
                pass
        for s in stacks:
            if type(s) is not int or s <= 0:
                _bad_stacks(stacks)
        self.t = t
        self.n = n
        self.structure = t.structure
        self.rules = t.rules
        self.min_bet = t.min_bet
        self._accumulate = t.accumulate
        self._rings = t.rings
        self.auto_showdown = auto_showdown
        self.seats = seats
        self.button_seat = button_seat

        # Cards: a given deck, the caller's cards (manual), or a partial Fisher-Yates
        # shuffle driven by one draw from the injected generator (a CSPRNG by default).
        self.manual = manual
        self._used = 0
        self._deck_pos = 0
        if deck is not None:
            if manual:
                raise ValueError("give a deck or deal by hand, not both")
            d = [int(c) for c in parse_cards(list(deck))]
            if len(d) < 2 * n + 8:
                raise ValueError(f"the deck has {len(d)} cards, fewer than the {2 * n + 8} a hand "
                                 "may need (hole cards, three burns, five board cards)")
            self._deck = d
        elif manual:
            self._deck = None
        else:
            if rng is None:
                if seed is not None:
                    rng = make_rng(seed)
                else:
                    rng = _SYSTEM_RNG
            elif seed is not None:
                raise ValueError("give a seed or an rng, not both")
            self._deck = (_deal_compiled(rng.getrandbits, t.chunks) if _COMPILED
                          else t.shuffle(rng.getrandbits, _FULL_DECK[:]))

        # State.
        self.starting = list(stacks)
        st = self.stacks = list(stacks)
        self.bets = bets = [0] * n
        self.totals = totals = [0] * n
        self.status = status = [0] * n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.winnings = [0] * n
        self.board = []
        self.burns = []
        self.street = 0
        self.phase = 0
        self.actor = -1
        self.aggressor = -1
        self.n_live = n
        self.pot = 0
        self.faced_up = False
        self._sd_order = []
        self._dead_pl = 0
        self._legal = None
        self._oot = None
        self._floor = None
        self.done = False
        ev = self._events = [_START_EVENT]
        # Forced bets: antes first (dead money), then the blinds and straddles (live).
        na = n
        if t.antes:
            pot = 0
            for i, a in t.antes:
                s = st[i]
                if a >= s:
                    a = s
                st[i] = s - a
                pot += a
                ev.append((E_POST, i, "ante", a))
            self.pot = pot
        sp = t.simple_posts
        if sp is not None and st[sp[0]] > sp[1] and st[sp[2]] > sp[3]:
            i, b, j, c = sp
            st[i] -= b
            st[j] -= c
            bets[i] = b
            bets[j] = c
            ev += t.post_events
        else:
            for i, kind, b in t.posters:
                s = st[i]
                if b >= s:
                    b = s
                st[i] = s - b
                bets[i] = b
                ev.append((E_POST, i, kind, b))
        if t.bb_ante:
            # TDA RP-11: the big blind is posted first, then the big-blind ante.
            i = t.bb_player
            a = t.bb_ante
            s = st[i]
            if a >= s:
                a = s
            st[i] = s - a
            self.pot += a
            ev.append((E_POST, i, "big_blind_ante", a))
        # Antes are dead money: all of it goes to the main pot, which every live hand can
        # win (the big-blind ante too: TDA RP-11); side pots come from the live bets only.
        self.dead = self.pot
        if 0 in st:
            for i in range(n):
                if st[i] == 0:
                    status[i] = 1
                    na -= 1
        self.n_active = na
        self.absent = absent = tuple(absent)
        if absent:
            self._kill_absent(absent)
            na = self.n_active        # a killed hand cannot act (TDA 30)
            if self.n_live < 2:
                # IFP 44: the hand is over before the deal; the last live hand takes the pot.
                self._holes_pending = 0
                self._holes = [None] * n
                self.current = t.top
                self.min_raise = self.full_raises = self.raises = 0
                self.acted = [-1] * n
                self._end_round()
                return
        if manual:
            self.phase = DEALING
            self._holes_pending = n
            self._holes = [None] * n
            self.current = 0
            self.min_raise = 0
            self.full_raises = 0
            self.raises = 0
            self.acted = [-1] * n
            return
        self._holes_pending = 0
        # Hole cards one at a time from the left of the button; the last to the button.
        d = self._deck
        self._holes = None                     # built from the deck when first asked for
        self._deck_pos = 2 * n
        ev.append(_HOLES_EVENT)
        # The pre-flop betting round.
        top = t.top
        posted = max(bets)
        self.current = top if top > posted else posted   # Gananda: Blinds 1 (full bring-in)
        self.min_raise = t.pre_min_raise
        if t.straddled:
            self._short_straddle()
        self.raises = t.pre_raises
        self.full_raises = 0
        if t.full_blinds_pl:
            self._set_dead_pl()
        self.acted = [-1] * n
        if na > 1:
            f = t.first_actor
            if status[f] == 0:
                self.actor = f
                return
            for i in self._rings[f]:
                if status[i] == 0:
                    self.actor = i
                    return
        a = self._find_actor(t.first_actor, True)
        if a < 0:
            self._end_round()
        else:
            self.actor = a

    def _kill_absent(self, absent: tuple[Any, ...]) -> None:
        """Kill absent players' hands once the cards are dealt, as the rules say:
        ``all-in-killed`` (IFP 8): only an all-in hand is mucked (he is eliminated unless
        chips come back to him as an uncalled bet); a hand with chips behind stays dealt and
        is folded in turn. ``killed-at-deal`` (TDA 30, Gananda: Absent/Late Players): every
        absent hand is dead; its blinds and antes stay in the pot. When every live hand
        would go, none is killed: a pot needs a live hand to win it (IFP 44)."""
        n = self.n
        for i in absent:
            if type(i) is not int or not 0 <= i < n:
                raise ValueError(f"absent player {i!r} is not a player of this hand (0..{n - 1})")
        from .floor_common import doomed_absent
        doomed, rule = doomed_absent(self, absent, self.n_live)
        status = self.status
        for i in doomed:
            if status[i] == ACTIVE:
                self.n_active -= 1
            status[i] = FOLDED
            self.n_live -= 1
            self._events.append((E_KILL, i, rule))

    def copy(self) -> Hand:
        """An independent copy of the hand as it stands (for search, what-ifs, undo):
        acting on one never changes the other. ``copy.copy`` and ``copy.deepcopy`` give it."""
        return Hand((), _clone=self)

    def __copy__(self) -> Hand:
        return self.copy()

    def __deepcopy__(self, memo: Any) -> Hand:
        return self.copy()

    def _clone_from(self, o: Hand) -> None:
        # Immutable or never changed after the start: shared. Mutable state: copied.
        self.t = o.t
        self.n = o.n
        self.structure = o.structure
        self.rules = o.rules
        self.min_bet = o.min_bet
        self.auto_showdown = o.auto_showdown
        self.starting = o.starting
        self.seats = o.seats
        self.button_seat = o.button_seat
        self.manual = o.manual
        self._deck = None if o._deck is None else o._deck[:]
        self._deck_pos = o._deck_pos
        self._used = o._used
        self._rings = o._rings
        self._accumulate = o._accumulate
        self.stacks = o.stacks[:]
        self.bets = o.bets[:]
        self.totals = o.totals[:]
        self.status = o.status[:]
        self.acted = o.acted[:]
        self._holes = None if o._holes is None else o._holes[:]
        self.shown = o.shown[:]
        self.mucked = o.mucked[:]
        self.board = o.board[:]
        self.burns = o.burns[:]
        self.street = o.street
        self.phase = o.phase
        self.actor = o.actor
        self.current = o.current
        self.min_raise = o.min_raise
        self.full_raises = o.full_raises
        self.raises = o.raises
        self.aggressor = o.aggressor
        self.n_live = o.n_live
        self.n_active = o.n_active
        self.pot = o.pot
        self._events = o._events[:]
        self.faced_up = o.faced_up
        self._sd_order = o._sd_order[:]
        self.winnings = o.winnings[:]
        self._holes_pending = o._holes_pending
        self._dead_pl = o._dead_pl
        self._legal = o._legal
        self.dead = o.dead
        self.done = o.done
        self.absent = o.absent
        self._oot = None if o._oot is None else o._oot.copy()
        self._floor = None if o._floor is None else o._floor.copy()

    def kill(self, player: Any, rule: str = "IFP 8") -> None:
        """The dealer kills an all-in hand during the hand (IFP 8: an absent player's all-in
        hand is mucked automatically): it can no longer win, its chips stay in the pots.
        Players known to be absent when the hand starts are better given as
        ``Hand(..., absent=[...])``, which kills their all-in hands before anything is
        dealt (a hand can end at once). A live hand with chips behind is folded in turn."""
        if self.phase not in (BETTING, DEALING):
            raise IllegalAction(f"cannot kill player {player}'s hand: "
                                + ("the hand is over" if self.phase == COMPLETE else
                                   "the showdown has begun"), self.legal_actions().describe(), rule)
        if type(player) is not int or not 0 <= player < self.n:
            raise IllegalAction(f"no player {player!r} in this hand (0..{self.n - 1})",
                                self.legal_actions().describe(), rule)
        if self.status[player] != ALL_IN:
            raise IllegalAction(f"player {player} is not all-in: a hand with chips behind is folded "
                                "in turn, not killed", self.legal_actions().describe(), rule)
        self._legal = None
        self.status[player] = FOLDED
        self.n_live -= 1
        self._events.append((E_KILL, player, rule))
        if self.n_live == 1:
            self._end_round()                      # IFP 44: the last live hand wins

    def _set_dead_pl(self) -> None:
        # TDA 54-B: pre-flop a dead or short blind counts as fully posted in pot limit.
        dead = self.t.missing_sb
        bl = self.t.blinds
        bets = self.bets
        for i in range(self.n):
            if bl[i] > bets[i]:
                dead += bl[i] - bets[i]
        self._dead_pl = dead

    # ------------------------------------------------------------------ construction helpers

    @classmethod
    def at_table(cls, seats: Sequence[Any], button: Any, blinds: Sequence[Any] = (0, 0),
                 **kwargs: Any) -> Hand:
        """A hand from table seats: ``seats[k]`` is the stack in seat ``k`` (``None`` when empty).

        The small blind is the seat right after the button; when that seat is empty there is a
        single big blind (IFP 19). The big blind is the next occupied seat. The button may be
        an empty seat: a dead button (IFP 17). Heads-up the button must be a player, who posts
        the small blind (IFP 18).
        """
        m = len(seats)
        if not 0 <= button < m:
            raise ValueError(f"the button seat {button} is not a seat (0..{m - 1})")
        occupied = [k for k in range(m) if seats[k] is not None]
        if len(occupied) < 2:
            raise ValueError("a hand needs at least two players")
        order = [(button + j) % m for j in range(1, m + 1)]
        order = [k for k in order if seats[k] is not None]
        if len(order) == 2:
            if seats[button] is None:
                raise ValueError("heads-up the small blind is on the button: the button seat "
                                 "must be a player (IFP 18)")
            single = False
        else:
            single = seats[(button + 1) % m] is None      # IFP 19 single big blind (IFP 17 dead button)
        kwargs.setdefault("single_big_blind", single)
        return cls([seats[k] for k in order], blinds,  # type: ignore[misc]
                   seats=order, button_seat=button, **kwargs)

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        """Open the betting round of ``self.street`` (the pre-flop one only when dealt by hand)."""
        self.phase = BETTING
        t = self.t
        n = self.n
        if self.street == PREFLOP:
            top = t.top
            posted = max(self.bets)
            self.current = top if top > posted else posted   # Gananda: Blinds 1
            self.min_raise = t.pre_min_raise
            if t.straddled:
                self._short_straddle()
            self.raises = t.pre_raises
            if t.full_blinds_pl:
                self._set_dead_pl()
            start = t.first_actor
        else:
            self.current = 0
            if self.structure == FIXED_LIMIT:
                self.min_raise = t.small_bet if self.street == FLOP else t.big_bet
            else:
                self.min_raise = t.min_bet
            self.raises = 0
            self._dead_pl = 0
            start = 0
        self.full_raises = 0
        self.aggressor = -1
        self.acted = [-1] * n
        a = self._find_actor(start, True)
        if a < 0:
            self._end_round()
        else:
            self.actor = a

    def _short_straddle(self) -> None:
        """A straddle posted all-in for less than its amount. ``straddle_to_call``
        'full-straddle': the full straddle is still the bet to call (a straddle is a blind:
        Gananda Blinds 1 keeps the bring-in when a blind is short); 'posted': the straddle is an
        all-in raise for less, called for what was posted, and under 'largest-increment' the
        minimum raise is the largest full increment (TDA 43 Addendum example 2)."""
        t = self.t
        bets = self.bets
        short = False
        posted: list[int] = []
        for i, kind, b in t.posters:
            if kind == "straddle":
                posted.append(bets[i])
                if bets[i] < b:
                    short = True
        if not short or self.structure == FIXED_LIMIT:
            return
        r = self.rules
        if r.straddle_to_call == "posted":
            top = max(bets)
            self.current = top if top > t.blind_top else t.blind_top
        if r.straddle_min_raise == "largest-increment":
            self.min_raise = _straddle_min_raise(t.blind_top, t.min_bet, posted)

    def _find_actor(self, p: int, inclusive: bool = False) -> int:
        """The next player after ``p`` (or from ``p``) who must act, or -1: the round is over."""
        status = self.status
        bets = self.bets
        if self.n_active <= 1:
            # At most one player can still put chips in: only a bet to answer matters. (The
            # largest bet always belongs to a live player: a player folds only facing more.)
            if self.n_active == 0:
                return -1
            i = status.index(ACTIVE)
            return i if bets[i] < max(bets) else -1
        cur = self.current
        acted = self.acted
        if inclusive and status[p] == ACTIVE and (acted[p] < 0 or bets[p] < cur):
            return p
        for i in self._rings[p]:
            if status[i] == ACTIVE and (acted[i] < 0 or bets[i] < cur):
                return i
        return -1

    def _call_target(self, p: int) -> int:
        cur = self.current
        if self.n_active == 1:
            # Alone able to act: chips nobody can match are not needed to call.
            mx = max(self.bets)
            if mx < cur:
                return mx
        return cur

    def _end_round(self) -> None:
        """Close a betting round: return an uncalled bet, gather the bets, go on."""
        self.actor = -1
        self._oot = None                 # actions out of turn are held for one betting round
        n = self.n
        bets = self.bets
        top = max(bets)
        if top:
            second = sorted(bets)[-2]
            if top > second and self.status[bets.index(top)] != FOLDED:
                # IFP 27 / WPA 31: an uncalled bet is returned to the player who made it (a
                # hand the dealer killed forfeits its chips: TDA 30; IFP 8).
                who = bets.index(top)
                x = top - second
                bets[who] = second
                self.stacks[who] += x
                if self.status[who] == ALL_IN:
                    self.status[who] = ACTIVE
                    self.n_active += 1
                self._events.append((E_RETURN, who, x))
            self.totals = list(map(_add, self.totals, bets))
            self.pot += sum(bets)
            self.bets = [0] * n
        ev = self._events
        if self.n_live < 2:
            self._finish_uncontested()
            return
        if self.n_active <= 1 and not self.faced_up:
            self._face_up()
        street = self.street
        if street == RIVER:
            self._showdown()
            return
        street += 1
        self.street = street
        if self.manual:
            self.phase = DEALING
            return
        # Burn, then turn the board cards (IFP Appendix 1: a burn before each street).
        d = self._deck
        while True:
            pos = self._deck_pos
            k = 3 if street == FLOP else 1
            if self._floor is None:
                burn = d[pos]
                cards = tuple(d[pos + 1:pos + 1 + k])
                self._deck_pos = pos + 1 + k
                self.burns.append(burn)
                self.board += cards
                ev += ((E_BURN, burn), (E_BOARD, street, cards))
            else:
                # After a board error the book may want no burn or two (IFP Appendix 1).
                nb = self._floor.street_dealt(street, pos)
                for b in d[pos:pos + nb]:
                    self.burns.append(b)
                    ev.append((E_BURN, b))
                cards = tuple(d[pos + nb:pos + nb + k])
                self._deck_pos = pos + nb + k
                self.board += cards
                ev.append((E_BOARD, street, cards))
            # The next betting round, opened by the first active player left of the button.
            self.current = 0
            t = self.t
            if self.structure == FIXED_LIMIT:
                self.min_raise = t.small_bet if street == FLOP else t.big_bet
            else:
                self.min_raise = t.min_bet
            self.raises = 0
            self.full_raises = 0
            self._dead_pl = 0
            self.aggressor = -1
            self.acted = [-1] * n
            if self.n_active > 1:
                self.actor = self.status.index(ACTIVE)
                return
            # At most one player can bet: the board is run out (IFP 43: hands face up).
            if street == RIVER:
                self._showdown()
                return
            street += 1
            self.street = street

    def _face_up(self) -> None:
        """IFP 43: with a player all-in and the betting over, every hand is tabled."""
        status = self.status
        if ALL_IN not in status:
            return
        self.faced_up = True
        shown = self.shown
        holes = self.holes
        ev = self._events
        for i in range(self.n):
            if status[i] != FOLDED and not shown[i]:
                shown[i] = True
                ev.append((E_SHOW, i, holes[i], "all-in"))

    # ------------------------------------------------------------------ betting actions

    def _turn_error(self, player: Any, verb: str) -> None:
        """Raise IllegalAction unless ``player`` (if given) may act in a betting round now."""
        if self.phase != BETTING:
            if self.phase == COMPLETE:
                raise IllegalAction(f"cannot {verb}: the hand is over", "nothing", "IFP 25")
            raise IllegalAction(f"cannot {verb} now: no betting round is open",
                                self.legal_actions().describe(), "IFP 25")
        if player is not None and player != self.actor:
            raise IllegalAction(f"player {player} cannot {verb}: it is player {self.actor}'s turn",
                                self.legal_actions().describe(), "IFP 25")

    def fold(self, player: Any = None) -> None:
        """Fold. Folding when a check is possible is allowed and binding (IFP 28)."""
        p = self.actor
        if self.phase or (player is not None and player != p):
            self._turn_error(player, "fold")
        self._legal = None
        self.status[p] = FOLDED
        self._events.append((E_ACT, p, A_FOLD, self.bets[p], 0))
        self.n_active -= 1
        nl = self.n_live = self.n_live - 1
        if nl == 1:
            self._end_round()
            return
        if self.n_active > 1:
            status = self.status
            acted = self.acted
            bets = self.bets
            cur = self.current
            for i in self._rings[p]:
                if status[i] == ACTIVE and (acted[i] < 0 or bets[i] < cur):
                    self.actor = i
                    if self._oot is not None:
                        self._after_out_of_turn(p)
                    return
            self._end_round()
            return
        a = self._find_actor(p)
        if a < 0:
            self._end_round()
        else:
            self.actor = a
            if self._oot is not None:
                self._after_out_of_turn(p)

    def check_call(self, player: Any = None) -> None:
        """Check, or call the current bet (all-in for less when short)."""
        p = self.actor
        if self.phase or (player is not None and player != p):
            self._turn_error(player, "check or call")
        self._legal = None
        bets = self.bets
        b = bets[p]
        cur = self.current
        x = (self._call_target(p) if self.n_active == 1 else cur) - b
        if x <= 0:
            self._events.append((E_ACT, p, A_CHECK, b, 0))
        else:
            s = self.stacks[p]
            if x >= s:
                x = s
                self.status[p] = ALL_IN
                self.n_active -= 1
            self.stacks[p] = s - x
            bets[p] = b + x
            self._events.append((E_ACT, p, A_CALL, b + x, x))
        acted = self.acted
        acted[p] = self.full_raises
        if self.n_active > 1:
            status = self.status
            for i in self._rings[p]:
                if status[i] == ACTIVE and (acted[i] < 0 or bets[i] < cur):
                    self.actor = i
                    if self._oot is not None:
                        self._after_out_of_turn(p)
                    return
            self._end_round()
            return
        a = self._find_actor(p)
        if a < 0:
            self._end_round()
        else:
            self.actor = a
            if self._oot is not None:
                self._after_out_of_turn(p)

    def check(self, player: Any = None) -> None:
        """Check; refused when facing a bet."""
        if self.phase == BETTING and (player is None or player == self.actor):
            p = self.actor
            if self._call_target(p) > self.bets[p]:
                raise IllegalAction(f"player {p} cannot check facing a bet of {self.current}",
                                    self.legal_actions().describe(), "IFP 37")
        self.check_call(player)

    def call(self, player: Any = None) -> None:
        """Call; refused when there is no bet to call (check instead)."""
        if self.phase == BETTING and (player is None or player == self.actor):
            p = self.actor
            if self._call_target(p) <= self.bets[p]:
                raise IllegalAction(f"player {p} has no bet to call", self.legal_actions().describe(),
                                    "IFP 25")
        self.check_call(player)

    def _raise_bounds(self, p: int) -> tuple[int, int] | None:
        """(min raise-to, max raise-to) for player ``p``, or None when no raise is allowed."""
        if self._oot is not None and p in self._oot.limits:
            return None                  # out of turn: he may call or fold, not raise
        bets = self.bets
        b = bets[p]
        stacks = self.stacks
        allin = b + stacks[p]
        cur = self.current
        if allin <= cur:
            return None
        a = self.acted[p]
        if a >= 0 and a >= self.full_raises:
            # IFP 37a: a short all-in does not reopen the betting to a player who acted;
            # TDA 47: unless several short all-ins add up to a full raise.
            if not (self._accumulate and cur - b >= self.min_raise):
                return None
        status = self.status
        for j in self._rings[p]:
            if status[j] == ACTIVE and bets[j] + stacks[j] > cur:
                break
        else:
            return None
        sm = self.structure
        lo = cur + self.min_raise
        if sm == NO_LIMIT:
            return (lo if lo < allin else allin), allin
        if sm == FIXED_LIMIT:
            cap = self.t.limit_cap
            if cap and self.raises >= cap:
                return None
            if lo > allin:
                lo = allin
            return lo, lo
        # IFP 39 / TDA 54: pot limit: the pot after calling, on top of the call.
        hi = cur + self.pot + sum(bets) + (cur - b) + self._dead_pl
        if hi > allin:
            hi = allin
        return (lo if lo < hi else hi), hi

    def _no_raise_reason(self, p: int) -> tuple[str, str]:
        if self._oot is not None and p in self._oot.limits:
            return ("after his action out of turn he may call or fold, not raise",
                    self._oot.limits[p])
        bets = self.bets
        b = bets[p]
        cur = self.current
        if b + self.stacks[p] <= cur:
            return "not enough chips to raise: a call puts the player all-in", "IFP 41"
        a = self.acted[p]
        if a >= 0 and a >= self.full_raises and not (self._accumulate and cur - b >= self.min_raise):
            if self._accumulate:
                return ("the betting was not reopened: the short all-ins since the player acted add "
                        "up to less than a full raise", "TDA 47")
            return ("the betting was not reopened: an all-in for less than a full raise does not "
                    "reopen the betting to a player who already acted", "IFP 37a")
        if self.structure == FIXED_LIMIT and self.t.limit_cap and self.raises >= self.t.limit_cap:
            return ("the betting is capped at one bet and three raises",
                    _LIMIT_RULES[self._preset()])
        return "every opponent is all-in: nobody could call a raise", "IFP 41"

    def raise_to(self, amount: Any, player: Any = None) -> None:
        """Bet or raise to ``amount`` chips in total this round (PHH ``cbr``)."""
        p = self.actor
        if self.phase or (player is not None and player != p):
            self._turn_error(player, "bet or raise")
        la = self._legal
        lo: int | None
        hi: int | None
        if la is not None:
            lo = la.min_raise_to
            hi = la.max_raise_to
        else:
            bounds = self._raise_bounds(p)
            lo, hi = bounds if bounds is not None else (None, None)
        if lo is None:
            why, rule = self._no_raise_reason(p)
            raise IllegalAction(f"player {p} cannot raise: {why}", self.legal_actions().describe(), rule)
        assert hi is not None
        if type(amount) is not int or amount < lo or amount > hi:
            self._bad_raise(p, amount, lo, hi)
        self._legal = None
        bets = self.bets
        x = amount - bets[p]
        s = self.stacks[p] - x
        self.stacks[p] = s
        bets[p] = amount
        cur = self.current
        inc = amount - cur
        if inc >= self.min_raise:
            # IFP 37: a full bet or raise; the largest one sets the next minimum raise.
            if self.structure != FIXED_LIMIT:
                self.min_raise = inc
            self.full_raises += 1
            self.raises += 1
        elif self.structure == FIXED_LIMIT and self.t.half_reopens and 2 * inc >= self.min_raise:
            # TDA 47-B: in limit, an all-in of half a bet or more reopens the betting.
            self.full_raises += 1
            self.raises += 1
        self.current = amount
        self.aggressor = p
        if s == 0:
            self.status[p] = ALL_IN
            self.n_active -= 1
        self.acted[p] = self.full_raises
        self._events.append((E_ACT, p, A_BET if cur == 0 else A_RAISE, amount, x))
        if self.n_active > 1:
            status = self.status
            acted = self.acted
            for i in self._rings[p]:
                if status[i] == ACTIVE and (acted[i] < 0 or bets[i] < amount):
                    self.actor = i
                    if self._oot is not None:
                        self._after_out_of_turn(p)
                    return
            self._end_round()
            return
        a = self._find_actor(p)
        if a < 0:
            self._end_round()
        else:
            self.actor = a
            if self._oot is not None:
                self._after_out_of_turn(p)

    def _bad_raise(self, p: int, amount: Any, lo: int, hi: int) -> None:
        legal = self.legal_actions().describe()
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise IllegalAction(f"a raise amount must be a whole number of chips, not {amount!r}",
                                legal, "DESIGN: chips are integers")
        allin = self.bets[p] + self.stacks[p]
        if amount > allin:
            raise IllegalAction(f"player {p} cannot raise to {amount}: only {allin} chips in all",
                                legal, "IFP 41")
        fl = self.structure == FIXED_LIMIT
        preset = self._preset()
        if amount < lo:
            # IFP 37, WPA 22, TDA 43: at least the largest prior bet or raise (limit: IFP 33).
            raise IllegalAction(f"a raise to {amount} is below the minimum raise-to {lo}", legal,
                                (_LIMIT_RULES if fl else _MIN_RAISE_RULES).get(preset, "IFP 37"))
        raise IllegalAction(f"a raise to {amount} is above the maximum raise-to {hi}", legal,
                            (_LIMIT_RULES if fl else _POT_LIMIT_RULES).get(preset, "IFP 39"))

    def _preset(self) -> str:
        """The preset whose rule numbers a ruling cites: a house (``gananda``, ``x+house``)
        cites its base preset's; an unknown house the default's (``ifp-2012``)."""
        name = self.rules.name.split("+")[0]
        return name if name in _MIN_RAISE_RULES else "ifp-2012"

    def bet_raise_to(self, amount: Any, player: Any = None) -> None:
        """PHH's name for :meth:`raise_to`."""
        self.raise_to(amount, player)

    def all_in(self, player: Any = None) -> None:
        """Put every chip in: a raise to all-in when one is allowed, otherwise a call."""
        p = self.actor
        if self.phase or (player is not None and player != p):
            self._turn_error(player, "go all-in")
        bounds = self._raise_bounds(p)
        allin = self.bets[p] + self.stacks[p]
        if bounds is not None and bounds[1] == allin:
            self.raise_to(allin)
        elif allin <= self._call_target(p):
            self.check_call()
        else:
            why, rule = (("a pot-limit raise is capped by the pot", "IFP 39") if bounds is not None
                         else self._no_raise_reason(p))
            raise IllegalAction(f"player {p} cannot go all-in for {allin}: {why}",
                                self.legal_actions().describe(), rule)

    def act(self, action: Any, amount: Any = None, player: Any = None) -> None:
        """Apply one action by name: ``fold``/``f``, ``check``, ``call``, ``check_call``/``cc``,
        ``raise``/``bet``/``raise_to``/``cbr`` (with ``amount``, a raise-to total), ``all_in``,
        ``show``/``muck``."""
        a = action.lower() if isinstance(action, str) else action
        if a in ("fold", "f"):
            self.fold(player)
        elif a in ("check_call", "cc", "check/call"):
            self.check_call(player)
        elif a == "check":
            self.check(player)
        elif a == "call":
            self.call(player)
        elif a in ("raise", "bet", "raise_to", "cbr", "bet_raise_to"):
            if amount is None:
                raise IllegalAction(f"{action} needs an amount (a raise-to total)",
                                    self.legal_actions().describe(), "IFP 31")
            self.raise_to(amount, player)
        elif a in ("all_in", "allin", "all-in"):
            self.all_in(player)
        elif a == "show":
            self.show(player)
        elif a == "muck":
            self.muck(player)
        else:
            raise IllegalAction(f"unknown action {action!r}", self.legal_actions().describe(), "IFP 3")

    def physical_bet(self, chips: Sequence[Any] = (), declared: Any = None, *,
                     later_motions: Sequence[Sequence[Any]] = (), pulled_back: Any = 0,
                     prior_chips: Any = None, chip_set: Any = None,
                     player: Any = None) -> BetRuling:
        """The player to act pushes ``chips`` in one motion, having said ``declared`` first
        (call, raise, all-in, an amount, "raise AMOUNT"); ``later_motions`` chips added after;
        ``pulled_back`` chips of his prior bet this street pulled back; ``prior_chips`` the
        value of the chips of his prior bet when it differs from the bet (a big blind posted
        with a 1k chip). The bet is ruled by :func:`pokertd.rules.declarations.rule_bet` under
        the hand's rules and performed as the legal action it is; the event log keeps both
        (``ruled``, then ``acted``). Returns the ruling. Impossible input raises IllegalAction
        and a bet the book leaves to the TD raises ``LeftToDirector``; the hand is unchanged."""
        from .floor import physical_bet
        return physical_bet(self, chips, declared, later_motions, pulled_back, prior_chips,
                            chip_set, player)

    def out_of_turn(self, player: Any, action: Any, amount: Any = None) -> None:
        """``player`` acts before his turn: ``fold``, ``check``, ``call``, ``raise``/``bet`` (to
        ``amount``) or ``all-in``. The action backs up to the player whose turn it is (TDA 53-A)
        and the out-of-turn action is held until the action reaches him, then ruled by the
        preset's ``out_of_turn``:

        ``binding-unless-action-changes`` (IFP 26, WPA 33, TDA 53-A): it is played as declared
        if nobody bet or raised in between (a check, call or fold does not change the action);
        otherwise it is released and he has every option, his chips back. A fold out of turn
        is binding. ``...; check or call may not raise`` (Gananda Betting 7): released after a
        check or a call out of turn, he may call or fold but not raise. ``retract``
        (irregularities 13): the bet is withdrawn at once (13 i); if nobody bet in between he
        must check (or, facing the same bet, call or fold: 13 iii), and if a later player bet,
        every option (13 iii); facing a bet of the player who was to act no larger than his,
        he may call or fold (13 iv); facing more, every option (13 v).

        Refused (IllegalAction, nothing changed): not a betting round, his own turn, a player
        who has no action to come, an action he could not take facing the bet as it stands."""
        from .floor import out_of_turn
        out_of_turn(self, player, action, amount)

    def _after_out_of_turn(self, last: int) -> None:
        """The action moved on from ``last``: his limit (if any) is spent; if it reached a
        player with an action held out of turn, rule it (see :meth:`out_of_turn`)."""
        from .floor import after_out_of_turn
        after_out_of_turn(self, last)

    # ------------------------------------------------------------------ the floor's rulings
    # Irregularities are rare: each method is a thin entry point into pokertd.engine.floor,
    # which rules them with pokertd.rules.irregularities and applies the book's procedure.

    def deal_error(self, cause: Any, *, card: Any = None, player: Any = None,
                   rng: Any = None) -> Any:
        """An irregularity of the initial deal (``cause`` one of
        :data:`pokertd.rules.irregularities.DEAL_CAUSES`: ``exposed-card`` with the ``card``,
        ``boxed-card`` with the ``card``, ``extra-card``, ``wrong-count`` with the ``player``,
        ``button-wrong``, ...), ruled by the preset: a misdeal voids the hand (every chip back;
        :meth:`redeal` deals it again with the button where it was); an exposed card is replaced
        by the top of the stub and becomes the burn; a boxed card is a scrap of paper replaced
        by the next card; after substantial action the hand plays on. ``rng`` completes the
        deck beyond the cards drawn when a card moves (if not given, an order drawn from the
        hand's own cards: a seeded hand stays reproducible). Returns the
        Ruling; a case the book leaves to the TD raises ``LeftToDirector``, the hand unchanged."""
        from .floor import deal_error
        return deal_error(self, cause, card, player, rng)

    def fouled_deck(self, defect: Any = "duplicate", where: Any = "hand") -> Any:
        """A fouled deck (IFP 63, TDA 35-E, Gananda Irregularities 3-4): the hand void whatever
        the action, every chip back where it was at the start. Returns the Ruling."""
        from .floor import fouled_deck
        return fouled_deck(self, defect, where)

    def board_error(self, error: Any, *, identifiable: Any = True, rng: Any = None) -> Any:
        """A board error on the street in play (``no-burn``, ``extra-burn``, ``extra-card``) or the
        next street's cards turned too soon (``premature``), ruled by the preset's
        ``board_errors`` book (IFP Appendix 1, TDA 38-39 and RP-5, irregularities 3-8, Gananda
        Holdem Irregularities 3-8) and applied to the deck: the board and burns as the book says,
        the stub reshuffled with ``rng`` where it says so, the burns before the next streets.
        Returns the Ruling; ``LeftToDirector`` where the book is silent, the hand unchanged."""
        from .floor import board_error
        return board_error(self, error, identifiable, rng)

    def stub_dropped(self, case: Any, *, rng: Any = None) -> Any:
        """The stub dropped and disordered (``case``: ``reconstructable``, ``stub-only`` or
        ``mixed`` with the muck and burns): TDA RP-4 puts it back in order, or makes a new stub
        of the stub cards (or of all the mixed cards) shuffled with ``rng``; the other books
        leave it to the TD (``LeftToDirector``). Returns the Ruling."""
        from .floor import stub_dropped
        return stub_dropped(self, case, rng)

    def kill_hand(self, player: Any, cause: Any = "killed", *, extra_cards: Any = 0) -> Any:
        """A hand made dead: ``killed`` (the dealer killed it by mistake or it was fouled: IFP
        27, WPA 31, TDA 65-A: no redress, an uncalled bet or raise returned) or ``wrong-cards``
        (the wrong number of cards found after substantial action: TDA 38, Gananda Dead Hands
        1c; ``extra_cards`` he held beyond two, taken off the stub: one burn per street after).
        Returns the Ruling."""
        from .floor import kill_hand
        return kill_hand(self, player, cause, extra_cards)

    def clock_expired(self, player: Any = None) -> Any:
        """The clock ran out on the player to act (IFP 55, WPA 26, TDA 29, Gananda No Limit 11):
        his hand is dead (folded), or under TDA 29, not facing a bet, checked. Returns the Ruling."""
        from .floor import clock_expired
        return clock_expired(self, player)

    def redeal(self, **cards: Any) -> Hand:
        """The redeal after a misdeal: the same hand again, the button where it was, the same
        players, stacks and forced bets (IFP 64, TDA 35-C), dealt from ``cards`` (``rng``,
        ``seed``, ``deck`` or ``manual``); ``absent`` may name who is away now (TDA 35-C: a
        player dealt in but away for the original deal plays the redeal if he is back)."""
        from .floor import redeal
        return redeal(self, cards)

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self) -> LegalActions:
        """Who acts and what they may do (see :class:`LegalActions`)."""
        la = self._legal
        if la is not None:
            return la
        if self.phase or self.n_active == 1:
            la = self._legal = self._legal_other()
            return la
        p = self.actor
        bets = self.bets
        stacks = self.stacks
        b = bets[p]
        s = stacks[p]
        cur = self.current
        need = cur - b
        if need >= s:                             # a call puts the player all-in (IFP 41)
            la = self._legal = LegalActions("betting", p, True, False, s, None, None,
                                                 False, False, None)
            return la
        a = self.acted[p]
        if self._oot is not None and p in self._oot.limits:
            a = self.full_raises                  # out of turn: he may call or fold (no raise)
            need_open = False
        else:
            need_open = self._accumulate and need >= self.min_raise
        if a < 0 or a < self.full_raises or need_open:
            # IFP 37a / TDA 47: the betting is open to this player; a raise needs somebody
            # able to answer it.
            status = self.status
            for j in self._rings[p]:
                if status[j] == ACTIVE and bets[j] + stacks[j] > cur:
                    if self.structure == NO_LIMIT:
                        lo = cur + self.min_raise
                        hi = b + s
                        la = self._legal = LegalActions(
                            "betting", p, True, need == 0, need, lo if lo < hi else hi, hi,
                            False, False, None)
                        return la
                    bounds = self._raise_bounds(p)
                    if bounds is not None:
                        la = self._legal = LegalActions(
                            "betting", p, True, need == 0, need, bounds[0], bounds[1],
                            False, False, None)
                        return la
                    break
        la = self._legal = LegalActions("betting", p, True, need == 0, need, None, None,
                                             False, False, None)
        return la

    def _legal_other(self) -> LegalActions:
        ph = self.phase
        if ph == BETTING:                         # only one player can still put chips in
            p = self.actor
            need = self._call_target(p) - self.bets[p]
            s = self.stacks[p]
            bounds = self._raise_bounds(p)
            if need >= s:
                return LegalActions("betting", p, True, False, s, None, None, False, False, None)
            lo, hi = bounds if bounds is not None else (None, None)
            return LegalActions("betting", p, True, need <= 0, max(need, 0), lo, hi,
                                False, False, None)
        if ph == SHOWDOWN:
            p = self.actor
            return LegalActions("showdown", p, False, False, 0, None, None, True,
                                self._may_muck(p), None)
        if ph == DEALING:
            what = "hole" if self._holes_pending else STREETS[self.street]
            return LegalActions("dealing", None, False, False, 0, None, None, False, False, what)
        return LegalActions("complete", None, False, False, 0, None, None, False, False, None)

    # ------------------------------------------------------------------ dealing by hand

    def _check_cards(self, cards: Iterable[Any], count: int) -> tuple[int | None, ...]:
        out: list[int | None] = []
        seen = 0
        for c in cards:
            if c is None or c == "??":
                out.append(None)
                continue
            try:
                k = _CARD_INDEX.get(c) if type(c) is str else None
                if k is None:
                    k = int(parse_card(c) if isinstance(c, str) else Card(c))
            except ValueError as e:
                raise IllegalAction(f"not a card: {c!r}", f"{count} cards not yet dealt", "IFP 63") from e
            if (self._used >> k) & 1 or (seen >> k) & 1:
                raise IllegalAction(f"card {CARDS[k]} was already dealt",
                                    "cards not yet dealt", "IFP 63c")
            seen |= 1 << k
            out.append(k)
        if len(out) != count:
            raise IllegalAction(f"{len(out)} cards given, {count} needed", f"{count} cards", "IFP 64e")
        return tuple(out)

    @staticmethod
    def _card_items(cards: Any, count: int) -> list:
        if cards is None:
            return [None] * count
        if isinstance(cards, str):
            t = cards.replace(" ", "").replace(",", "")
            if len(t) % 2:
                raise IllegalAction(f"not a list of cards: {cards!r}", "cards like 'AhKh'", "IFP 63")
            return [None if t[i:i + 2] == "??" else t[i:i + 2] for i in range(0, len(t), 2)]
        return list(cards)

    def deal_hole(self, player: Any, cards: Any = None) -> None:
        """Deal ``player``'s two hole cards by hand (``None``/``'????'`` when unknown)."""
        self._legal = None
        if not (self.phase == DEALING and self._holes_pending):
            raise IllegalAction("no hole cards to deal now", self.legal_actions().describe(), "IFP 64")
        if not (isinstance(player, int) and 0 <= player < self.n) or self.holes[player] is not None:
            raise IllegalAction(f"player {player} cannot be dealt hole cards",
                                "players not yet dealt in", "IFP 64e")
        h = self._check_cards(self._card_items(cards, 2), 2)
        for c in h:
            if c is not None:
                self._used |= 1 << c
        self.holes[player] = h
        self._events.append((E_HOLE, player, h))
        self._holes_pending -= 1
        if not self._holes_pending:
            self._start_round()

    def deal_board(self, cards: Any, burn: Any = None, burns: Any = None) -> None:
        """Deal the next street's board cards by hand, after a burn card (unknown if not given);
        ``burns``: the burn cards when there were none or several (a board error ruled by
        IFP Appendix 1: no burn, or two burns)."""
        self._legal = None
        if not (self.phase == DEALING and not self._holes_pending):
            raise IllegalAction("no board cards to deal now", self.legal_actions().describe(), "IFP 64f")
        k = _BOARD_COUNTS[self.street]
        items = self._card_items(cards, k)
        cs: Any
        if burns is None:
            b = self._check_cards([burn], 1)[0] if burn is not None else None
            cs = self._check_cards(items, k)
            if b is not None and b in cs:
                raise IllegalAction(f"card {CARDS[b]} is both burned and dealt", "distinct cards",
                                    "IFP 63c")
            if None in cs:
                raise IllegalAction("board cards must be known", "the cards dealt", "IFP 58")
            for c in cs:
                self._used |= 1 << c
            if b is not None:
                self._used |= 1 << b
            self.burns.append(b)
            self._events.append((E_BURN, b))
        else:
            bs = list(self._check_cards(self._card_items(burns, len(burns)), len(burns)))
            cs = self._check_cards(items, k)
            for b in bs:
                if b is not None and (b in cs or bs.count(b) > 1):
                    raise IllegalAction(f"card {CARDS[b]} is both burned and dealt",
                                        "distinct cards", "IFP 63c")
            if None in cs:
                raise IllegalAction("board cards must be known", "the cards dealt", "IFP 58")
            for c in cs:
                self._used |= 1 << c
            for b in bs:
                if b is not None:
                    self._used |= 1 << b
                self.burns.append(b)
                self._events.append((E_BURN, b))
        self.board.extend(cs)
        self._events.append((E_BOARD, self.street, cs))
        self._start_round()

    # ------------------------------------------------------------------ showdown

    def _showdown(self) -> None:
        n = self.n
        status = self.status
        shown = self.shown
        if not self.faced_up and ALL_IN in status:
            self._face_up()                            # IFP 43 (TDA 16: all hands face up)
        # IFP 42: the last aggressor of the final round shows first; otherwise the first
        # player left of the button, and so on clockwise.
        a = self.aggressor
        start = a if a >= 0 else 0
        if self.auto_showdown and not self.manual:
            if not self.faced_up:
                # (Once hands are faced up, every live hand is shown: nobody is left to show.)
                holes = self.holes
                ev = self._events
                for k in range(start, start + n):
                    i = k if k < n else k - n
                    if status[i] != FOLDED and not shown[i]:
                        shown[i] = True
                        ev.append((E_SHOW, i, holes[i], "showdown"))
            self._award()
            return
        order = [k if k < n else k - n for k in range(start, start + n)]
        self._sd_order = [i for i in order if status[i] != FOLDED and not shown[i]]
        if self.auto_showdown:
            for i in self._sd_order:
                if self.holes[i] is None or None in self.holes[i]:
                    break
                shown[i] = True
                self._events.append((E_SHOW, i, self.holes[i], "showdown"))
            self._sd_order = [i for i in self._sd_order if not shown[i]]
        self._continue_showdown()

    def _unmucked(self) -> list[int]:
        return [i for i in range(self.n) if self.status[i] != FOLDED and not self.mucked[i]]

    def _continue_showdown(self) -> None:
        order = self._sd_order
        left = self._unmucked()
        if len(left) == 1 and not self.shown[left[0]]:
            w = left[0]
            if self.rules.winner_must_show and self.holes[w] is not None and None not in self.holes[w]:
                self.shown[w] = True                  # WPA 40: the winning hand must be shown
                self._events.append((E_SHOW, w, self.holes[w], "winner"))
            self._sd_order = []
            self._award()                             # IFP 44: the last live hand wins
            return
        # Hands tabled with unknown cards need their cards before anything can be decided.
        for i in left:
            if self.shown[i] and (self.holes[i] is None or None in self.holes[i]):
                self.phase = SHOWDOWN
                self.actor = i
                return
        while order and (self.shown[order[0]] or self.mucked[order[0]]):
            order.pop(0)
        if order:
            self.phase = SHOWDOWN
            self.actor = order[0]
            return
        self._award()

    def _may_muck(self, p: int) -> bool:
        if self.shown[p] or self.status[p] == ALL_IN:
            return False                              # IFP 43: all-in hands are face up
        # A muck may not leave a pot without a hand: the last live hand wins it (IFP 44).
        return len(self._unmucked()) > 1 and self._pots_keep_claimant(p)

    def _pots_keep_claimant(self, p: int) -> bool:
        for amount, elig in self._pots():
            if p in elig and not any(j != p and not self.mucked[j] for j in elig):
                return False
        return True

    def show(self, player: Any = None, cards: Any = None) -> None:
        """Table the hole cards at the showdown (cards speak, IFP 48). ``cards`` supplies hole
        cards that were dealt unknown (hand histories)."""
        self._legal = None
        if self.phase != SHOWDOWN:
            raise IllegalAction("no showdown now", self.legal_actions().describe(), "IFP 42")
        p = self.actor if player is None else player
        if p != self.actor:
            raise IllegalAction(f"player {p} cannot show now: player {self.actor} shows first",
                                self.legal_actions().describe(), "IFP 42")
        h: Any = self.holes[p]
        newh: Any
        unknown = h is None or None in h
        if cards is not None:
            given = self._card_items(cards, 2)
            if unknown:
                newh = self._check_cards(given, 2)
                if None in newh:
                    raise IllegalAction("shown cards must be known", "two cards", "IFP 45")
            else:
                newh = tuple(int(parse_card(c)) if isinstance(c, str) else int(c) for c in given)
                if sorted(newh) != sorted(h):
                    raise IllegalAction(f"player {p} holds {cards_text(h)}, not {cards_text(newh)}",
                                        f"show {cards_text(h)}", "IFP 48")
                newh = h
        elif unknown:
            raise IllegalAction(f"player {p}'s hole cards are unknown: give them to show",
                                "show with cards", "IFP 45")
        else:
            newh = h
        if unknown:
            for c in newh:
                self._used |= 1 << c
            self.holes[p] = newh
        self.shown[p] = True
        self._events.append((E_SHOW, p, newh, "showdown"))
        self._continue_showdown()

    def muck(self, player: Any = None) -> None:
        """Discard the hand unshown at the showdown; a mucked hand wins nothing (IFP 45)."""
        self._legal = None
        if self.phase != SHOWDOWN:
            raise IllegalAction("no showdown now", self.legal_actions().describe(), "IFP 42")
        p = self.actor if player is None else player
        if p != self.actor:
            raise IllegalAction(f"player {p} cannot muck now: player {self.actor} acts first",
                                self.legal_actions().describe(), "IFP 42")
        if not self._may_muck(p):
            rule = "IFP 43" if (self.shown[p] or self.status[p] == ALL_IN) else "IFP 44"
            raise IllegalAction(f"player {p} cannot muck: the hand is tabled or is the last live "
                                "hand for a pot", "show", rule)
        self.mucked[p] = True
        self._events.append((E_MUCK, p))
        self._continue_showdown()

    def _pots(self, live: list[int] | None = None) -> list[tuple[int, list[int]]]:
        """Main pot then side pots in creation order: (amount, eligible players). The antes
        (dead money) are in the main pot; side pots are built from the all-in amounts."""
        totals = self.totals
        if live is None:
            status = self.status
            live = [i for i in range(self.n) if status[i] != FOLDED]
        n = self.n
        # Each level (a live player's total) gathers, from every player, what they put in
        # between the previous level and it: the chips under a level are the sum of the totals
        # below it plus the level once per other player (sum(min(t, level)), without a call
        # per player and level: this runs at most showdowns of random play).
        ts = sorted(totals)
        pots: list[tuple[int, list[int]]] = []
        below = 0                                 # chips under the previous level
        j = 0                                     # ts[:j] are below the level ...
        under = 0                                 # ... and add up to this
        for lv in sorted({totals[i] for i in live}):
            while ts[j] < lv:                     # stops: lv is one of the totals
                under += ts[j]
                j += 1
            cum = under + lv * (n - j)
            amt = cum - below
            below = cum
            if amt or not pots:
                pots.append((amt, [i for i in live if totals[i] >= lv]))
        # The antes go to the main pot; chips of folded players above the last level (none
        # in practice: an uncalled bet is returned) to the last pot.
        rest = self.pot - below
        pots[0] = (pots[0][0] + self.dead, pots[0][1])
        rest -= self.dead
        if rest:
            pots[-1] = (pots[-1][0] + rest, pots[-1][1])
        return pots

    def _award(self) -> None:
        n = self.n
        status = self.status
        totals = self.totals
        live = [i for i in range(n) if status[i] != FOLDED]
        first = totals[live[0]]
        side_pots = False
        for i in live:
            if totals[i] != first:
                side_pots = True              # the live hands put in different amounts
                break
        if side_pots:
            indexed = list(enumerate(self._pots(live)))
            if self.rules.side_pot_order == "largest-stacks-first":
                # Gananda: Showdown 7: the pot of the players who started with the most chips first.
                st = self.starting
                indexed.sort(key=lambda e: (-min(st[i] for i in e[1][1]), -e[0]))
            else:
                indexed.reverse()                     # IFP 51: the most recent side pot first
        else:
            indexed = [(0, (self.pot, live))]
        mucked = self.mucked if True in self.mucked else None
        ev = self._events
        strengths: dict[int, int] = {}
        holes = self.holes
        board = tuple(self.board)
        stacks = self.stacks
        winnings = self.winnings
        for k, (amount, elig) in indexed:
            claim = elig if mucked is None else [i for i in elig if not mucked[i]]
            if len(claim) > 1:
                best = -1
                winners: list[int] = []
                for i in claim:
                    sv = strengths.get(i)
                    if sv is None:
                        # IFP 48: cards speak
                        sv = strengths[i] = evaluate(board + holes[i])
                    if sv > best:
                        best = sv
                        winners = [i]
                    elif sv == best:
                        winners.append(i)
            else:
                winners = claim
            if len(winners) == 1:
                w = winners[0]
                stacks[w] += amount
                winnings[w] += amount
                ev.append((E_AWARD, k, amount, (w,), (amount,)))
                continue
            shares = self._split(amount, winners)
            for i, x in zip(winners, shares):
                stacks[i] += x
                winnings[i] += x
            ev.append((E_AWARD, k, amount, tuple(winners), tuple(shares)))
        self.pot = 0
        self.phase = COMPLETE
        self.done = True
        self.actor = -1
        ev.append(_END_EVENT)

    def _split(self, amount: int, winners: list[int]) -> list[int]:
        """Split a pot among tied winners (in position order, i.e. clockwise from the button)."""
        k = len(winners)
        if k == 1:
            return [amount]
        # TDA 20 / Gananda: Ties 1: odd chips are broken down to the smallest denomination in
        # play; then given one per player clockwise from the button (IFP 50, Gananda: Ties 2),
        # or all of them to the first tied player left of the button (TDA 20-A: one seat is
        # named, even when a three-way split leaves two odd chips).
        unit = self.t.chip_unit if self.rules.odd_chip_smallest_denomination else 1
        units, loose = divmod(amount, unit)
        q, r = divmod(units, k)
        shares = [q * unit] * k
        if self.rules.odd_chips == "first-left-of-button":
            shares[0] += r * unit
        else:
            for j in range(r):
                shares[j] += unit
        shares[0] += loose
        return shares

    def _finish_uncontested(self) -> None:
        """IFP 44: everyone else folded; the last hand takes the pot without showing."""
        w = self.status.index(ACTIVE) if ACTIVE in self.status else self.status.index(ALL_IN)
        amount = self.pot
        self.stacks[w] += amount
        self.winnings[w] += amount
        self._events.append((E_AWARD, 0, amount, (w,), (amount,)))
        self.pot = 0
        self._complete()

    def _complete(self) -> None:
        self.phase = COMPLETE
        self.done = True
        self.actor = -1
        self._events.append(_END_EVENT)

    def finish_showdown(self) -> None:
        """Table every hand still to show, in showdown order (IFP 42)."""
        while self.phase == SHOWDOWN:
            self.show()

    # ------------------------------------------------------------------ views

    @property
    def holes(self) -> list[Any]:
        """Each player's hole cards as card indices (``None`` for a card not known)."""
        h = self._holes
        if h is None:
            d = self._deck
            n = self.n
            h = self._holes = list(zip(d[:n], d[n:2 * n]))
        return h

    @property
    def is_complete(self) -> bool:
        return self.done

    @property
    def player_to_act(self) -> int | None:
        return self.actor if self.actor >= 0 else None

    @property
    def finishing_stacks(self) -> list[int]:
        return list(self.stacks)

    @property
    def payoffs(self) -> list[int]:
        return [s - t for s, t in zip(self.stacks, self.starting)]

    @property
    def total_pot(self) -> int:
        return self.pot + sum(self.bets)

    def hole_cards(self, player: Any) -> tuple[Card, ...] | None:
        h = self.holes[player]
        if h is None:
            return None
        return tuple(CARDS[c] if c is not None else None for c in h)  # type: ignore[misc]

    def board_cards(self) -> tuple[Card, ...]:
        return tuple(CARDS[c] for c in self.board)

    def state(self) -> dict[str, Any]:
        """A plain snapshot of everything that defines the hand now (for comparisons)."""
        return {
            "phase": PHASES[self.phase], "street": STREETS[self.street],
            "actor": self.player_to_act, "stacks": list(self.stacks), "bets": list(self.bets),
            "totals": list(self.totals), "pot": self.pot,
            "status": [STATUS_NAMES[s] for s in self.status],
            "holes": [None if h is None else [None if c is None else str(CARDS[c]) for c in h]
                      for h in self.holes],
            "board": cards_text(self.board), "burns": len(self.burns),
            "shown": list(self.shown), "mucked": list(self.mucked),
            "current": self.current, "min_raise": self.min_raise,
            "full_raises": self.full_raises, "raises": self.raises, "aggressor": self.aggressor,
            "acted": list(self.acted), "winnings": list(self.winnings),
            "legal": self.legal_actions()._asdict(),
            # actions held out of turn (player: [action, raise-to]) and who may not raise
            "out_of_turn": ({} if self._oot is None else
                            {"held": {str(p): [v[0], v[1]] for p, v in self._oot.held.items()},
                             "no_raise": sorted(self._oot.limits)}),
        }

    def config(self) -> dict[str, Any]:
        """Everything needed to set the same hand up again (cards aside)."""
        t = self.t
        return {
            "stacks": list(self.starting), "blinds_or_straddles": list(t.blinds),
            "antes": list(t.ante_list), "bb_ante": t.bb_ante,
            "structure": STRUCTURES[self.structure], "min_bet": t.min_bet,
            "small_bet": t.small_bet, "big_bet": t.big_bet,
            "rules": self.rules.to_dict(), "heads_up_tournament": t.heads_up_tournament,
            "chip_unit": t.chip_unit, "auto_showdown": self.auto_showdown,
            "seats": None if self.seats is None else list(self.seats),
            "button_seat": self.button_seat, "missing_small_blind": t.missing_sb,
            "absent": list(self.absent),
        }

    def raw_events(self) -> list[tuple]:
        """The event log as the engine keeps it: plain tuples (see :mod:`.events`)."""
        return list(self._events)

    def events(self) -> list[dict[str, Any]]:
        """The event log as JSON-serialisable dictionaries."""
        from .events import to_dicts
        return to_dicts(self)

    @classmethod
    def replay(cls, events: Sequence[dict[str, Any]]) -> Hand:
        """Rebuild a hand from :meth:`events` output."""
        from .events import replay
        return replay(events)

    def __repr__(self) -> str:
        return (f"Hand({self.n} players, {STRUCTURES[self.structure]}, {PHASES[self.phase]}, "
                f"{STREETS[self.street]}, stacks={self.stacks})")
