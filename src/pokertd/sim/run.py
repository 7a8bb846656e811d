"""A whole dealt tournament played by bots, to a winner.

:func:`simulate` registers ``players`` bots, starts the
:class:`~pokertd.tournament.director.Tournament` and plays it in rounds on a simulated clock:
in each round every table with two or more players deals one hand (positions from its
:class:`~pokertd.tournament.button.ButtonState`, blinds and antes from the level of the hand's
start time, IFP 23) through :class:`pokertd.engine.Hand`; bust-outs are eliminated after each
hand (or, during hand-for-hand play on the bubble, after the round: IFP 61, so that players out
at different tables in the same hand tie, IFP 57); then the tournament breaks and balances
tables or forms the final table, and the clock moves on ``seconds_per_hand``. A break jumps the
clock to the break's end after its chip race (IFP 56). Everything is seeded: the same seed and
the same arguments give the same tournament.

Only the tables are visited each round; the tournament's checks between rounds cost O(seats)
(see :meth:`Tournament.rearrange`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pokertd.bots import make_bot
import pokertd.engine as _engine
from pokertd.tournament.clock import FINAL_TABLE, TABLE_BROKEN
from pokertd.tournament.director import Bust, Tournament
from pokertd.tournament.house import TournamentConfig, config_preset, with_structure

# Any, not the engine's class: compiled (mypyc), this module works with the engine compiled or
# run from its source alike.
Hand: Any = _engine.Hand

__all__ = ["SimResult", "knockouts", "play_hand", "simulate"]

_E_AWARD = 9
_FOLDED = 2
# Hold'em by its PHH code: the fast engine plays it; the other games pokertd.sim.mixed.
_HOLDEM = {"NT": "no-limit", "FT": "fixed-limit", "PT": "pot-limit"}


def knockouts(hand: Any, busted: list[int]) -> dict[int, int]:
    """Who won each busted player's chips (positions): the player who won the most chips from
    the pots the busted player's chips went into; equal amounts (a split pot) credit the winner
    first clockwise from the button, as the odd chip goes (IFP 50; our choice: one knockout,
    not a shared one). A busted player whose hand was killed (IFP 8: an absent all-in hand)
    is credited to whoever won the pots holding his chips."""
    totals = hand.totals
    status = hand.status
    n = hand.n
    live = [i for i in range(n) if status[i] != _FOLDED]
    pots: list[int] = []          # each pot's lower level: it holds chips put in above it
    below = 0
    prev = 0
    for lv in sorted({totals[i] for i in live}):
        cum = sum(min(x, lv) for x in totals)
        amt = cum - below
        below = cum
        if amt or not pots:
            pots.append(prev)
        prev = lv
    won: dict[int, dict[int, int]] = {b: {} for b in busted}
    for e in hand.raw_events():
        if e[0] != _E_AWARD:
            continue
        k, _, winners, shares = e[1], e[2], e[3], e[4]
        low = pots[k] if k < len(pots) else 0
        for b in busted:
            if totals[b] > low:
                w = won[b]
                for i, x in zip(winners, shares):
                    w[i] = w.get(i, 0) + x
    out = {}
    for b in busted:
        w = won[b]
        if w:
            out[b] = min(w, key=lambda i: (-w[i], i))
    return out


def play_hand(setup: Any, rules: Any, bots: dict[str, Any], rng: random.Random,
              mixed_bots: Any = None, deal: Any = None) -> Any:
    """Deal and play one hand of a :class:`HandSetup` with the players' bots (a mixed
    game's hand, not hold'em, with ``mixed_bots``: pokertd.sim.mixed). ``deal``, when given,
    makes a hold'em hand from (stacks, blinds, rules, options) instead of dealing from ``rng``
    (a provably fair deal: :mod:`pokertd.engine.fair`)."""
    game = setup.game
    if game not in _HOLDEM:
        from pokertd.sim.mixed import play_mixed_hand
        return play_mixed_hand(setup, rules, mixed_bots, rng)
    pos = setup.positions
    level = setup.level
    opts: dict[str, Any] = {}
    n = len(setup.players)
    if n == 2 and not pos.heads_up:
        # Two dealt in at a table of more (the others wait, IFP 10): the small blind (if any)
        # and the big blind post as placed, the small blind acting first.
        sb, bb_amount = level.blinds
        opts["blinds_or_straddles"] = ((sb, bb_amount) if pos.small_blind is not None
                                       else (bb_amount, 0))
    elif pos.small_blind is None and n > 2:
        opts["single_big_blind"] = True                     # IFP 19
    if level.ante:
        opts["ante"] = level.ante
    if level.big_blind_ante:
        opts["bb_ante"] = level.big_blind_ante              # TDA RP-11
    if setup.chip_unit > 1:
        opts["chip_unit"] = setup.chip_unit                 # TDA 20
    if game != "NT":
        opts["structure"] = _HOLDEM[game]                   # limit: small bet the big blind
    absent = setup.absent if True in setup.absent else None
    if absent is not None:
        # IFP 8: an absent player's all-in hand (his blinds and antes took every chip) is
        # mucked automatically, before anything is dealt: it can win nothing and he is
        # eliminated. The engine's Hand(absent=...) is Hand.kill on each of them as the hand
        # is created, also when the forced bets leave no one to act (the hand then ends at
        # once); when every live hand would be killed none is (a pot needs a live hand, IFP 44).
        opts["absent"] = [i for i, a in enumerate(absent) if a]
    if deal is None:
        h = Hand(setup.stacks, level.blinds, rules=rules, rng=rng, **opts)
    else:
        h = deal(setup.stacks, level.blinds, rules, opts)
    players = setup.players
    bb = level.big_blind
    unit = setup.chip_unit
    while not h.done:
        p = h.actor
        if absent is not None and absent[p]:
            h.fold()                       # IFP 8; Gananda: Absent/Late Players: cards killed
        else:
            bots[players[p]].act(h, p, bb, unit)
    return h


@dataclass
class SimResult:
    players: int
    hands: int
    prize_pool: int
    results: list[dict[str, Any]]
    tournament: Tournament = field(repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {"players": self.players, "hands": self.hands, "prize_pool": self.prize_pool,
                "results": self.results}


class _FairDealer:
    """Makes one hand of :func:`play_hand` a :class:`~pokertd.engine.fair.FairDeal`: the
    commitment drawn from the simulation's generator (reproducible), one seed per player."""

    def __init__(self, name: str, players: Sequence[str], rng: random.Random) -> None:
        self.name = name
        self.players = players
        self.rng = rng
        self.deal_made: Any = None

    def __call__(self, stacks: Any, blinds: Any, rules: Any, opts: dict[str, Any]) -> Any:
        from pokertd.engine.fair import FairDeal
        d = FairDeal(self.name, stacks, blinds, rng=self.rng, rules=rules, **opts)
        for i, name in enumerate(self.players):
            d.add_seed(i, f"{name}:{self.rng.getrandbits(64):016x}")
        self.deal_made = d
        return d.deal()


def simulate(players: int, *, preset: str | TournamentConfig = "gananda", seed: int = 0,
             bot: str = "sensible", seconds_per_hand: float = 120,
             absent: int = 0, progress: Callable[[Tournament], None] | None = None,
             check: bool = False, hand_for_hand_seconds: float | None = None,
             clock_at: float = 0.0,
             watch: Callable[[Tournament, float], bool] | None = None,
             structure: str | None = None,
             fair: Callable[[dict[str, Any]], None] | None = None,
             hand_done: Callable[[Tournament, Any, Any, float], None] | None = None) -> SimResult:
    """Play a dealt freezeout of ``players`` bots to a winner. ``absent``: that many players
    (the last registered) are absent (IFP 8): dealt in, their cards killed, until their chips
    are removed (Gananda: level 3) or, under a structure that never removes them, until only
    absent players are left, when they arrive and play (two absent players folding to each
    other would never finish). ``progress`` is called after every round.
    ``check``: verify the chips after every hand and the floor after every rearrangement
    (for tests).

    Time (the structure designer's forecast, :mod:`pokertd.sim.forecast`): a round takes
    ``seconds_per_hand``, or during hand-for-hand play ``hand_for_hand_seconds`` when given
    (every table waits for the slowest before the next hand, IFP 61; the clock runs meanwhile,
    or under TDA RP-8 stands still with two minutes off it a hand). ``clock_at``: the clock
    has already run that many seconds at the start (the rest of a live event). ``watch`` is
    called after every round with the time the round ended; a true answer stops the run
    there (the result is then unfinished).
    ``fair``: deal every hold'em hand provably fairly (:mod:`pokertd.engine.fair`), each player
    mixing in a seed drawn from the deck's generator; ``fair`` gets each revealed hand.
    ``hand_done(tournament, setup, hand, now)`` is called after each hand is played, before
    it is recorded (the players still in the seats they played it from): hand histories."""
    if players < 2:
        raise ValueError(f"{players} player(s): a tournament needs two")
    config = config_preset(preset) if isinstance(preset, str) else preset
    if structure is not None:
        # A shipped structure preset in place of the config's (``horse``: the mixed games).
        config = with_structure(config, structure)
    width = len(str(players))
    names = [f"p{i:0{width}d}" for i in range(1, players + 1)]
    t = Tournament(config, seed=seed)
    for i, name in enumerate(names):
        t.register(name, absent=i >= players - absent)
    bots = {name: make_bot(bot, f"{seed}:{name}") for name in names}
    mixed_bots: Any = None
    if config.structure.mixed:
        from pokertd.bots.mixed import MixedBot
        mixed_bots = {name: MixedBot(f"{seed}:{name}") for name in names}
    deck = random.Random(f"{seed}:deck")
    rules = config.rules
    struct = config.structure
    now = 0.0
    t.start(-clock_at)
    fl = t.floor
    assert fl is not None
    total = sum(p.stack for p in t.players.values())
    paid: int | None = None
    while not t.finished:
        st = t.clock.status(now)
        if st.on_break:
            if t.clock.hand_for_hand:
                t.hand_for_hand(now, False)    # no hands on a break (TDA RP-8 stops the clock)
            assert st.break_number is not None
            brk = struct.breaks[st.break_number - 1]
            if brk.color_up:
                t.chip_up(brk.color_up)                    # IFP 56, WPA 14, TDA 24
                total = sum(p.stack for p in t.players.values())
            now += st.seconds_left or 1
            continue
        for e in t.advance(now):
            total -= getattr(e, "removed", 0)              # Gananda: absent stacks removed
        if t.finished:
            break
        if absent and t.alive <= absent:
            away = [p.name for p in t.players.values() if p.absent and not p.out]
            if len(away) == t.alive:
                for name in away:
                    t.arrive(name)
        if t.rearrange(now) and t.clock.pause_reason in (FINAL_TABLE, TABLE_BROKEN):
            t.resume(now)                      # Gananda: Final Table; WPA 4: seated, it runs
        if check:
            fl.check()
            seated = sum([t.players[str(p)].stack for p in fl.where])
            assert seated == total and total == t.chips
        if paid is None and t.payouts is not None:
            paid = sum(1 for a in t.payouts if a)
        hand_for_hand = (paid is not None and fl.table_count > 1      # IFP 61, on the bubble
                         and paid < t.alive <= paid + fl.table_count)
        if hand_for_hand != t.clock.hand_for_hand:
            t.hand_for_hand(now, hand_for_hand)
        pending: list[Bust] = []
        for tid in list(fl.tables):
            table = fl.tables.get(tid)
            if table is None or table.count < 2:
                continue
            setup = t.next_hand(tid, now)
            if fair is None or setup.game not in _HOLDEM:
                h = play_hand(setup, rules, bots, deck, mixed_bots)
            else:
                dealer = _FairDealer(f"table {tid} hand {t.hands + 1}", setup.players, deck)
                h = play_hand(setup, rules, bots, deck, mixed_bots, dealer)
                fair(dealer.deal_made.reveal())
            if hand_done is not None:
                hand_done(t, setup, h, now)
            end = h.stacks
            t.record_hand(setup, end, now)
            if 0 in end:
                out = [i for i, s in enumerate(end) if s == 0]
                if setup.game in _HOLDEM:
                    ko = knockouts(h, out)
                else:
                    from pokertd.sim.mixed import mixed_knockouts
                    ko = mixed_knockouts(h, out)
                busts = [Bust(setup.players[i], tid, setup.stacks[i],
                              setup.players[ko[i]] if i in ko else None) for i in out]
                if hand_for_hand:
                    pending.extend(busts)
                else:
                    t.eliminate(busts)
                    if t.finished:
                        break
        if pending:
            t.eliminate(pending)
        if hand_for_hand and not t.finished:
            t.hand_for_hand_hand_done(now)
        if progress is not None:
            progress(t)
        now += (hand_for_hand_seconds if hand_for_hand and hand_for_hand_seconds is not None
                else seconds_per_hand)
        if watch is not None and watch(t, now):
            break
    return SimResult(players, t.hands, t.prize_pool, t.results(), t)
