"""A table's settings (:class:`TableConfig`), its seats (:class:`Seat`) and their tokens: a
person seated gets a token that acts for his seat; only its hash is stored (:func:`hash_token`).
A bot seat has no token; its player is one of :data:`BOT_KINDS`."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import asdict, dataclass, fields
from typing import Any

from pokertd.bots import make_bot

from .errors import TableError

__all__ = ["BOT_KINDS", "Seat", "TableConfig", "bot_player", "hash_token", "new_token"]

BOT_KINDS = ("sensible", "random", "calling")


def bot_player(kind: str, seed: str) -> Any:
    """The player of a bot seat: the project's bots, or ``calling``, a calling station (it
    checks or calls every bet and never folds or raises: a practice table's easy opponent,
    and one that takes every all-in to a showdown)."""
    if kind == "calling":
        from pokertd.bots import RandomBot
        return RandomBot(seed, fold_p=0.0, raise_p=0.0)
    return make_bot(kind, seed)


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Only the hash of a seat's token is stored: the log never holds what acts for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class TableConfig:
    """A table's settings. ``act_seconds``: the time to act; ``time_bank``: each player's extra
    seconds, used once the time to act is over, given back ``bank_refill`` seconds at a time
    (never above ``time_bank``) every ``bank_refill_hands`` hands at a cash table, at each new
    level at a tournament's (a house rule: :mod:`pokertd.room.turns`); ``bot_delay``: a bot acts
    after 0.5 to 1.5 times this many seconds (a human pace); ``pause_seconds`` between hands
    (the showdown stays on screen); ``fair``: every hand dealt so that its players can check
    it (a commitment before it, their seeds, the reveal after it: :mod:`pokertd.room.fair_deal`).
    """

    seats: int = 6
    small_blind: int = 5
    big_blind: int = 10
    ante: int = 0
    structure: str = "no-limit"
    rules: str = "ifp-2012"
    min_buy_in: int = 0          # 0: 20 big blinds
    max_buy_in: int = 0          # 0: 200 big blinds
    act_seconds: float = 20.0
    time_bank: float = 30.0
    bot_delay: float = 1.0
    pause_seconds: float = 3.0
    fair: bool = False
    bank_refill: float = 10.0
    bank_refill_hands: int = 20

    def __post_init__(self) -> None:
        if not 2 <= self.seats <= 10:
            raise TableError(f"seats={self.seats}: a table has 2 to 10 seats")
        if not 0 < self.small_blind <= self.big_blind:
            raise TableError(f"blinds {self.small_blind}/{self.big_blind}: give whole chips, "
                             "0 < small blind <= big blind")
        if self.ante < 0:
            raise TableError(f"ante={self.ante}: an ante is 0 or more chips")
        if self.structure not in ("no-limit", "pot-limit", "fixed-limit"):
            raise TableError(f"structure={self.structure!r}: no-limit, pot-limit or fixed-limit")
        from pokertd.rules import PRESETS
        if self.rules not in PRESETS:
            raise TableError(f"rules={self.rules!r}: one of {', '.join(sorted(PRESETS))}")
        if self.min_buy_in < 0 or self.max_buy_in < 0 or (
                self.max_buy_in and self.buy_in[0] > self.max_buy_in):
            raise TableError(f"buy-in {self.min_buy_in}..{self.max_buy_in}: 0 <= minimum <= maximum")
        if isinstance(self.bank_refill_hands, bool) or not isinstance(
                self.bank_refill_hands, int) or not 0 <= self.bank_refill_hands <= 10_000:
            raise TableError(f"bank_refill_hands={self.bank_refill_hands}: a whole number of "
                             "hands, 0 (never) to 10000")
        for f in ("act_seconds", "time_bank", "bot_delay", "pause_seconds", "bank_refill"):
            v = getattr(self, f)
            if not 0 <= v <= 3600:
                raise TableError(f"{f}={v}: 0 to 3600 seconds")
        if self.act_seconds <= 0:
            raise TableError("act_seconds must be more than 0: a player needs time to act")
        if not isinstance(self.fair, bool):
            raise TableError(f"fair={self.fair!r}: true (a verifiable deal) or false")

    @property
    def buy_in(self) -> tuple[int, int]:
        return (self.min_buy_in or 20 * self.big_blind, self.max_buy_in or 200 * self.big_blind)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TableConfig:
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise TableError(f"unknown table setting(s) {', '.join(unknown)}: "
                             f"{', '.join(sorted(known))}")
        return cls(**data)


@dataclass
class Seat:
    name: str
    stack: int
    bot: str | None = None
    token: str | None = None      # hash of the seat's token
    away: bool = False            # IFP 8: dealt in, blinds posted, cards killed
    leaving: bool = False
    bank: float = 0.0             # time bank left (seconds)
    bot_player: Any = None
