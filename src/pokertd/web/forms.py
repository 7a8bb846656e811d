"""The console's requests, validated (Pydantic) before any service is called.

Each model refuses what the CLI refuses, with the CLI's words: a bad request is a 4xx answer
naming what was wrong and what would be right, and nothing is written.

Every command that changes an event (each model here but the deal's preview) takes an optional
``command_id`` (:class:`Command`): the client's id for it, so that a request sent again after its
answer was lost is not applied twice (:mod:`pokertd.services.tournaments`).
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

PRESETS = ("gananda", "ifp-2012", "wpa", "tda-2024")

_STRICT = ConfigDict(extra="forbid", str_strip_whitespace=False)


#: As :data:`pokertd.services.tournaments.COMMAND_ID` (not imported: a form is checked first).
COMMAND_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


class Command(BaseModel):
    """A command that changes an event: ``command_id``, chosen by the client (a UUID), the
    same when the client sends the command again; a command whose id the event's log holds is
    answered with the first one's outcome, ``"already_done": true``, and not applied again."""

    model_config = _STRICT

    command_id: str | None = None

    @field_validator("command_id")
    @classmethod
    def _command_id(cls, v: str | None) -> str | None:
        if v is not None and COMMAND_ID.fullmatch(v) is None:
            shown = repr(v) if len(v) <= 70 else repr(v[:70]) + "..."
            raise ValueError(f"{shown} is not a command id: give 8 to 64 letters, digits, "
                             "'-' or '_' (a UUID, for instance), the same when the command "
                             "is sent again")
        return v


def check_player_name(p: str) -> str:
    # As `tournament register`: the other commands name players in lists (--agree Ann,Bob;
    # --stacks Ann=30000): a name holding ',' or '=', or spaces around it, could never be
    # named there again.
    if not p.strip():
        raise ValueError("a player's name may not be empty: type his name")
    if "," in p or "=" in p or p != p.strip():
        raise ValueError(f"player {p!r}: a name may not contain ',' or '=' nor start or end "
                         "with a space (the commands' lists: --agree Ann,Bob, --stacks "
                         "Ann=30000)")
    if len(p) > 100:
        raise ValueError(f"player {p[:20]!r}...: at most 100 characters")
    return p


class CreateEvent(Command):
    model_config = _STRICT

    name: str = Field(min_length=1, max_length=200)
    preset: Literal["gananda", "ifp-2012", "wpa", "tda-2024"] = "gananda"
    buy_in: int | None = Field(default=None, ge=0, le=1_000_000)
    to_prize_pool: int | None = Field(default=None, ge=0, le=1_000_000)
    seats: int | None = Field(default=None, ge=2, le=10_000)
    payouts: Literal["gananda", "generated"] | None = None
    seed: int | None = None
    structure: dict[str, Any] | None = None
    """The levels and breaks as edited (Structure.to_dict's form); None: the preset's."""

    @field_validator("name")
    @classmethod
    def _name(cls, v: str) -> str:
        if v != v.strip() or "/" in v:
            raise ValueError(f"event name {v!r}: no '/' and no spaces around it")
        return v


class Register(Command):
    model_config = _STRICT

    players: list[str] = Field(min_length=1, max_length=500)
    absent: bool = False

    @field_validator("players")
    @classmethod
    def _players(cls, v: list[str]) -> list[str]:
        return [check_player_name(p) for p in v]


class Pause(Command):
    model_config = _STRICT

    reason: str = Field(default="director", min_length=1, max_length=100)


class Player(Command):
    model_config = _STRICT

    player: str = Field(min_length=1, max_length=100)


class Bust(Command):
    """One bust-out, or several in one hand (then each one's stack at the start of the hand,
    IFP 57); ``by``: who won the chips, one name or one per player out; ``buttons``: the
    dealer buttons now, table -> seat (IFP 11a; WPA 5)."""

    model_config = _STRICT

    players: list[str] = Field(min_length=1, max_length=50)
    by: str | dict[str, str] | None = None
    stacks: dict[str, int] | None = None
    buttons: dict[int, int] | None = None

    @field_validator("by")
    @classmethod
    def _by(cls, v: str | dict[str, str] | None) -> str | dict[str, str] | None:
        if v == "" or v == {}:
            return None
        return v


class Buttons(Command):
    model_config = _STRICT

    buttons: dict[int, int] = Field(min_length=1)


class HandForHand(Command):
    model_config = _STRICT

    action: Literal["start", "hand-done", "stop"]


class Deal(Command):
    model_config = _STRICT

    kind: Literal["icm", "chip-chop", "chip-chop-lowest-locked", "custom"]
    agree: list[str] = Field(min_length=1)
    stacks: dict[str, int] | None = None
    amounts: dict[str, int] | None = None
    left_to_play_for: int = Field(default=0, ge=0)


class DealPreview(BaseModel):
    model_config = _STRICT

    kind: Literal["icm", "chip-chop", "chip-chop-lowest-locked", "custom"]
    stacks: dict[str, int]
    amounts: dict[str, int] | None = None
    left_to_play_for: int = Field(default=0, ge=0)


class LastHands(Command):
    model_config = _STRICT

    hands: int | None = Field(default=None, ge=1, le=20)


class ChipRace(Command):
    model_config = _STRICT

    table: int = Field(ge=1)
    stacks: dict[str, int] = Field(min_length=1)
    correction: str | None = Field(default=None, max_length=500)
    """The last table's count short of the chips in play: the director's reason to record
    the difference (TDA 1); None: a short count is refused."""


class Revert(Command):
    """An undo or a redo: ``expected`` the batch the console showed (another is refused);
    ``dry_run``: what it would change, nothing written."""

    model_config = _STRICT

    expected: int | None = None
    dry_run: bool = False


class Announce(Command):
    model_config = _STRICT

    spoken: bool


class MoveDone(Command):
    """A seat move to make (its key, as the snapshot's ``moves`` give it) carried out, or not."""

    model_config = _STRICT

    move: str = Field(min_length=1, max_length=1000)
    done: bool = True


class ClockSet(Command):
    """The director sets the clock: ``next`` or ``previous`` level (or break), ``add`` or
    ``subtract`` ``seconds``, or ``set`` the time left to ``seconds`` (IFP 1 / TDA 1)."""

    model_config = _STRICT

    action: Literal["next", "previous", "add", "subtract", "set"]
    seconds: float = Field(default=0, ge=0, le=24 * 3600)


class Levels(Command):
    """The levels and breaks still to come, from period index ``first`` on (as the snapshot's
    ``levels`` give them): each ``{"kind": "level", "minutes", "small_blind", "big_blind",
    "ante", "big_blind_ante"}`` or ``{"kind": "break", "minutes", "color_up": [...]}``."""

    model_config = _STRICT

    first: int = Field(ge=1)
    periods: list[dict[str, Any]] = Field(min_length=1, max_length=200)


class Players(Command):
    model_config = _STRICT

    players: list[str] = Field(min_length=1, max_length=500)


class Penalty(Command):
    """A penalty (IFP 70, WPA 41, TDA 71): a warning, ``hands`` or ``rounds`` missed, or a
    disqualification."""

    model_config = _STRICT

    player: str = Field(min_length=1, max_length=100)
    penalty: Literal["warning", "hands", "rounds", "disqualification"]
    hands: int = Field(default=0, ge=0, le=1000)
    rounds: int = Field(default=0, ge=0, le=100)
