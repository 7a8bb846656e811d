"""A table's commands (composed into :class:`~pokertd.room.tables.Table`): seating and
standing up, away and back (IFP 8), dealing a hand, acting, and the clock's ticks (bots, absent
players, time run out: TDA 29). Each checks everything first, then appends its events through
:meth:`Table._commit <pokertd.room.tables.Table._commit>`: a refusal writes nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pokertd.cards import CARDS
from pokertd.engine import Hand, IllegalAction
from pokertd.tournament.button import ButtonState, HandPositions, start_button

from . import fair_deal, seeds
from .errors import TableError
from .seats import BOT_KINDS, bot_player, hash_token, new_token
from .turns import bank_refill, check_turn, scoped_id

__all__ = ["TableCommands"]


class TableCommands:
    """The commands of a :class:`~pokertd.room.tables.Table` (its state, replay and reading
    are the Table's own)."""

    def join(self, name: str, seat: int, stack: int, *, bot: str | None = None) -> str | None:
        """Sit ``name`` in ``seat`` with ``stack`` chips (within the buy-in); a person gets
        the seat's token (only its hash is stored), a bot none."""
        name = " ".join(str(name).split())
        if not 1 <= len(name) <= 40:
            raise TableError("give a name of 1 to 40 characters")
        if self.hand_source is not None:
            raise TableError(f"table {self.name!r} belongs to the event {self.event!r}: "
                             "enter the event instead")
        if not isinstance(seat, int) or not 1 <= seat <= self.config.seats:
            raise TableError(f"seat {seat}: the seats are 1 to {self.config.seats}")
        if self.seats[seat - 1] is not None:
            free = [k + 1 for k, s in enumerate(self.seats) if s is None]
            raise TableError(f"seat {seat} is taken; free seats: "
                             f"{', '.join(map(str, free)) or 'none'}")
        if any(s is not None and s.name.casefold() == name.casefold() for s in self.seats):
            raise TableError(f"{name!r} is already at this table: choose another name")
        lo, hi = self.config.buy_in
        if not isinstance(stack, int) or not lo <= stack <= hi:
            raise TableError(f"stack {stack}: the buy-in is {lo} to {hi} chips")
        if bot is not None and bot not in BOT_KINDS:
            raise TableError(f"bot {bot!r}: one of {', '.join(BOT_KINDS)}")
        token = None if bot is not None else new_token()
        self._commit([("joined", {"seat": seat, "name": name, "stack": stack, "bot": bot,
                                  "token": None if token is None else hash_token(token)})])
        if self.hand is None and self.ended_at is None:
            self.ended_at = self.clock()
        return token

    def leave(self, seat: int) -> None:
        self._seat(seat)
        if self.hand_source is not None:
            raise TableError("a tournament player keeps his seat: say you are away instead "
                             "(IFP 8: dealt in, his blinds posted, his cards killed)")
        self._commit([("left", {"seat": seat})])

    def set_away(self, seat: int, away: bool) -> None:
        s = self._seat(seat)
        if s.away != away:
            self._commit([("away" if away else "back", {"seat": seat, "rule": "IFP 8"})])

    def start_hand(self, now: float, setup: Any = None) -> None:
        """Deal the next hand: button and blinds moved on (IFP 17 dead button, IFP 18
        heads-up, IFP 19 single big blind: :class:`ButtonState`), a shuffled deck (the system
        CSPRNG; a seeded table's derived from its seed, :mod:`pokertd.room.seeds`), absent players dealt in with
        their cards to be killed (IFP 8). ``setup``: a tournament director's
        :class:`~pokertd.tournament.director.HandSetup`."""
        events: list[tuple[str, dict[str, Any]]] = []
        c = self.config
        if setup is None:
            seats = [None if s is None or s.stack == 0 else s.name for s in self.seats]
            if self.button is None:
                first = start_button(seats, rng=self.rng if self.seed is None else seeds.rng(
                    self.seed, "button", self.name, None, self.hands + 1))
                events.append(("button", {"first": first.first_button, "rule": "IFP 16"}))
                bs = ButtonState(c.seats, first.first_button)
            else:
                bs = self.button
            pos = bs.peek(seats)
            order = _position_order(pos, seats)
            names = [seats[k - 1] for k in order]
            stacks = [self._seat(k).stack for k in order]
            blinds, ante, bb_ante, unit, level = (c.small_blind, c.big_blind), c.ante, 0, 1, None
        else:
            pos = setup.positions
            names = list(setup.players)
            by_name = {s.name: k + 1 for k, s in enumerate(self.seats) if s is not None}
            order = [by_name[n] for n in names]
            stacks = list(setup.stacks)
            lv = setup.level
            blinds, ante, bb_ante, unit, level = (lv.blinds, lv.ante, lv.big_blind_ante,
                                                  setup.chip_unit, setup.level_number)
        opts: dict[str, Any] = {"structure": c.structure}
        n = len(names)
        if n == 2 and not pos.heads_up:
            # Two dealt in at a table of more (the others wait, IFP 10): the blinds post as
            # placed, the small blind acting first.
            opts["blinds_or_straddles"] = (blinds if pos.small_blind is not None
                                           else (blinds[1], 0))
        elif pos.small_blind is None and n > 2:
            opts["single_big_blind"] = True                       # IFP 19
        if ante:
            opts["ante"] = ante
        if bb_ante:
            opts["bb_ante"] = bb_ante                             # TDA RP-11
        if unit > 1:
            opts["chip_unit"] = unit                              # TDA 20
        absent = [i for i, k in enumerate(order) if self._seat(k).away or self._seat(k).leaving]
        if absent:
            opts["absent"] = absent                               # IFP 8
        number = self.hands + 1
        refill = bank_refill(time_bank=c.time_bank, refill=c.bank_refill,
                             every_hands=c.bank_refill_hands, number=number, level=level,
                             last_level=self.history[0].level if self.history else None)
        after: list[tuple[str, dict[str, Any]]] = []
        if c.fair:      # the committed order mixed with the players' seeds
            deck, before, after = fair_deal.deal(self, number)
            events += before
        elif self.seed is None:
            deck = list(range(52))
            self.rng.shuffle(deck)
        else:
            deck = seeds.deck(self.seed, self.event or self.name, self.table_id, number)
        h = Hand(stacks, blinds, rules=self.rules or c.rules, deck=deck, seats=order, button_seat=pos.button,
                 **opts)
        events.append(("hand_started", {
            "hand": number, "seats": order, "names": names, "level": level,
            "tokens": [self._seat(k).token for k in order],
            "blinds": list(blinds),
            "positions": {"hand": pos.hand, "button": pos.button, "button_dead": pos.button_dead,
                          "small_blind": pos.small_blind, "big_blind": pos.big_blind,
                          "waiting": list(pos.waiting), "heads_up": pos.heads_up},
            "deck": [str(CARDS[d]) for d in deck]}))
        if refill:      # the house's time-bank rule (pokertd.room.turns; TDA 29, RP-19)
            events[-1][1]["bank_refill"] = refill
        events += [("hand", {"hand": number, "event": e}) for e in h.events()]
        self._commit(events + after)
        if self.played is not None:       # (None: the hand ended as it was dealt)
            self.hand = h
        self.turn_started = now
        self._schedule_bot(now)
        self.ended_at = None
        if h.done:
            self._ended(now)

    def act(self, seat: int, action: str, amount: int | None = None, *,
            action_id: str | None = None, now: float | None = None,
            turn: dict[str, int] | None = None) -> bool:
        """The player in ``seat`` acts: ``fold``, ``check``, ``call``, ``raise`` (``amount``:
        the raise-to total), ``all_in``. The engine decides; its refusal
        (:class:`IllegalAction`: what, what is legal, the rule) writes nothing. An
        ``action_id`` this seat's player already sent acts once: False, nothing done (another
        player's ids are his own, :func:`~pokertd.room.turns.scoped_id`). ``turn``: the turn
        the act answers (its ``legal``'s); another than the one in play is refused."""
        if action_id is not None:
            s = self.seats[seat - 1] if 1 <= seat <= len(self.seats) else None
            action_id = scoped_id(None if s is None else s.token, seat, action_id)
            if action_id in self.ids:
                return False
        if turn is not None:
            why = check_turn(turn, self.turn())
            if why is not None:
                raise TableError(why)
        now = self.clock() if now is None else now
        h = self.hand
        if h is None or h.done:
            raise TableError("no hand in progress: wait for the next deal")
        if self.actor_seat() != seat:
            actor = self.actor_seat()
            raise TableError(f"it is not seat {seat}'s turn"
                             + (f": seat {actor} acts" if actor is not None else ""))
        if action not in ("fold", "check", "call", "raise", "bet", "all_in"):
            raise TableError(f"action {action!r}: fold, check, call, raise (with an amount) "
                             "or all_in")
        if action in ("raise", "bet") and (amount is None or isinstance(amount, bool)
                                           or not isinstance(amount, int)):
            raise TableError(f"{action} needs an amount: the raise-to total in whole chips")
        self._apply_action(lambda: h.act(action, amount), now, action_id)
        return True

    def _apply_action(self, act: Callable[[], None], now: float, action_id: str | None = None) -> None:
        h = self.hand
        assert h is not None and self.played is not None
        seat = self.actor_seat()
        assert seat is not None
        s = self._seat(seat)
        raw = len(h._events)
        act()                      # IllegalAction: the hand is unchanged
        new = _new_events(h, raw, len(self.played.events))
        extra: dict[str, Any] = {}
        if s.bot is None:
            used = max(0.0, now - self.turn_started - self.config.act_seconds)
            extra["bank"] = round(max(0.0, s.bank - used), 3)
        out: list[tuple[str, dict[str, Any]]] = []
        for k, e in enumerate(new):
            p: dict[str, Any] = {"hand": self.played.number, "event": e}
            if k == 0:
                if action_id is not None:
                    p["id"] = action_id
                p.update(extra)
            out.append(("hand", p))
        try:
            self._commit(out)
        except Exception:
            # The store refused: the state is the log's again.
            self.hand = None
            self._rebuild_hand()
            raise
        self.turn_started = now
        self._schedule_bot(now)
        if h.done:
            self._ended(now)

    def _ended(self, now: float) -> None:
        self.ended_at = now
        if self.on_hand_end is not None:
            self.on_hand_end(self)

    def _schedule_bot(self, now: float) -> None:
        """A bot to act acts after 0.5 to 1.5 times the bot delay (drawn only for a bot: the
        system CSPRNG is a system call)."""
        d = self.config.bot_delay
        seat = self.actor_seat()
        s = None if seat is None else self.seats[seat - 1]
        self.bot_due = now + (d * (0.5 + self.rng.random()) if d and s is not None
                              and s.bot is not None else 0.0)

    def tick(self, now: float) -> bool:
        """Do the one thing due at ``now``, if any: a bot's action, an absent player's fold
        (IFP 8), a player out of time (TDA 29: checked if he can, otherwise his hand is dead;
        then he is away, IFP 8), the next deal. True when something changed (the runner calls
        again at once: each change reaches the clients on its own)."""
        seat = self.actor_seat()
        h = self.hand
        if seat is not None and h is not None:
            s = self._seat(seat)
            pos = h.actor
            if s.bot is not None:
                if now < self.bot_due:
                    return False
                bb = max(h.t.blinds) or self.config.big_blind
                player = s.bot_player
                if self.seed is not None and self.played is not None:
                    # each decision its own seed: the same after a reload (seeds.bot_seed)
                    player = bot_player(s.bot, seeds.bot_seed(
                        self.seed, self.event or self.name, self.table_id, self.played.number,
                        len(self.played.events)))

                def bot_acts() -> None:
                    try:
                        player.act(h, pos, bb, h.t.chip_unit)
                    except IllegalAction:
                        h.check_call()     # a bot's mistake must not stop the table
                self._apply_action(bot_acts, now)
            elif s.away or s.leaving:
                self._apply_action(h.fold, now)             # IFP 8: cards killed
            else:
                due = self.deadline()
                if due is None or now < due:
                    return False
                la = h.legal_actions()
                self._apply_action(h.check if la.check else h.fold, now)   # TDA 29
                self.set_away(seat, True)                   # IFP 8 until he comes back
            return True
        if self.hand is None and self.can_deal() and now >= (
                (self.ended_at or 0.0) + self.config.pause_seconds):
            self.start_hand(now)
            return True
        return False


def _new_events(h: Hand, start: int, converted: int) -> list[dict[str, Any]]:
    """The engine's events from its ``start``-th raw event on, in their JSON form (as
    :func:`pokertd.engine.events.to_dicts` gives them, the ``converted`` older ones not
    converted again at every action)."""
    from pokertd.engine.events import event_to_dict, to_dicts
    from pokertd.engine.hand import E_HOLES

    new = h._events[start:]
    if any(e[0] == E_HOLES for e in new):      # the deal (one raw event, a dict per player)
        return to_dicts(h)[converted:]
    return [event_to_dict(h, e) for e in new]


def _position_order(pos: HandPositions, seats: Sequence[str | None]) -> list[int]:
    """The seats dealt in, in position order: first left of the button, the button last;
    heads-up the big blind first (as the director's next_hand); waiting players out (IFP 10)."""
    n = len(seats)
    if pos.heads_up:
        return [pos.big_blind, pos.button]
    first = pos.small_blind if pos.small_blind is not None else pos.big_blind
    out = []
    for d in range(n):
        k = (first - 1 + d) % n + 1
        if seats[k - 1] is not None and k not in pos.waiting:
            out.append(k)
    return out
