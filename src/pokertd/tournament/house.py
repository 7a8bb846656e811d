"""Tournament configuration: money, structure, rules and chips in one value, with the Gananda
house preset on top of ``ifp-2012``.

:class:`TournamentConfig` is what :class:`pokertd.tournament.director.Tournament` runs on:

- money (integer units, dollars by default): ``buy_in`` of which ``to_prize_pool`` goes to the
  prize pool and the rest is the fee (Gananda: $25 = $20 to the weekly payout + $5 to the
  Tournament of Champions pool);
- the :class:`~pokertd.tournament.structure.Structure` (levels, breaks, stacks, rebuys,
  add-ons, late registration, table size, absent players);
- the :class:`~pokertd.rules.RuleSet` (a preset, or a house on top of one);
- the :class:`~pokertd.tournament.chips.ChipSet` in play;
- the payout structure: ``"gananda"`` (the league's table, Gananda: Payout; fields above the
  table's 54 entrants use the generated structure) or ``"generated"``.

:func:`gananda` is the Gananda league's house settings (RULESETS.md, last paragraph) as a
preset on top of ``ifp-2012``: up to 10 players a table spread as evenly as possible, seat 1
deals first (``button_start = "seat-1"``), absent players dealt in with their chips removed at
the start of level 3, no rebuys or add-ons, same-hand bust-outs ranked by starting stack with
equal stacks tied (Gananda: Winning the Tournament), side pots of the largest stacks settled
first (Gananda: Showdown 7), the clock stopped while the final table forms (Gananda: Final
Table), the Gananda structure, chip set and payout table.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from pokertd.records import Record, record
from pokertd.rules import RuleSet, get_rules
from pokertd.tournament.chips import ChipSet, gananda_chips
from pokertd.tournament.payouts import PayoutTable
from pokertd.tournament.structure import Structure, load_preset

__all__ = ["GANANDA_RULES", "HOUSE_PRESETS", "TournamentConfig", "config_preset", "gananda",
           "seated_for", "with_structure"]

#: Gananda house rules on top of ifp-2012 (RULESETS.md; Gananda: Seating, Winning the
#: Tournament, Showdown 7).
GANANDA_RULES: RuleSet = get_rules("ifp-2012").override(
    name="gananda",
    button_start="seat-1",                                          # Gananda: Seating
    same_hand_bustouts="higher-start-stack-higher-equal-stacks-tie",  # Gananda: Winning the Tournament
    side_pot_order="largest-stacks-first",                          # Gananda: Showdown 7
    absent_hand="killed-at-deal",                                   # Gananda: Absent/Late Players
    multiple_chips="threshold-only",                                # Gananda: Betting 10
    out_of_turn="binding-unless-action-changes; check or call may not raise",  # Gananda: Betting 7
    substantial_action="two-players-acted",                         # Gananda: Misdeals 1
    dealing_irregularities="gananda",                               # Gananda: Misdeals, Irregularities
    board_errors="gananda",                                         # Gananda: Holdem Irregularities
    wrong_cards_after_sa="dead",                                    # Gananda: Dead Hands 1c
)

#: The bust-out rankings by preset (RuleSet.same_hand_bustouts):
#: "by-table"   lower starting stack finishes lower at one table, tie across tables (IFP 57);
#: "by-stack"   higher starting stack finishes higher, wherever (Gananda);
#: "by-stack-split-across-tables"  the same (WPA 8, first sentence), but players in the money
#:              out at different tables when play is not hand-for-hand split their combined
#:              prize money evenly (WPA 8, second sentence);
#: "share"      during hand-for-hand play everyone busted in the hand shares the places
#:              (TDA RP-8-A); otherwise, TDA being silent, as IFP 57 ("by-table").
BUSTOUT_RANKING = {
    "lower-start-stack-lower-same-table-tie-across": "by-table",
    "higher-start-stack-higher; split prize across tables": "by-stack-split-across-tables",
    "higher-start-stack-higher-equal-stacks-tie": "by-stack",
    "share-places-on-hand-for-hand": "share",
}


@record
class TournamentConfig(Record):
    """Everything a tournament is configured with (plain data: :meth:`to_dict`/:meth:`from_dict`)."""

    structure: Structure
    rules: RuleSet = field(default_factory=get_rules)
    rules_base: str = "ifp-2012"          # the preset a house sits on (chip race rounding)
    chip_set: ChipSet = field(default_factory=gananda_chips)
    buy_in: int = 25
    to_prize_pool: int = 20
    payout: str = "generated"             # "gananda" or "generated"
    unit: int = 1                         # money rounding unit
    name: str = "tournament"
    final_table_stops_clock: bool = False  # Gananda: Final Table: the timer stops meanwhile
    seats: int | None = None
    """The seats for sale, each laid out with a starting stack (a satellite's or a card room's
    fixed field): registration stops when they are sold, and at the close of registration
    every unsold seat's starting stack is removed and its chips taken out of play (IFP 9).
    None: no fixed number of seats (only the players registered have stacks)."""
    payout_table: PayoutTable | None = None
    """A payout table of the event's own (percentages of the pool by field size, validated as
    :class:`~pokertd.tournament.payouts.PayoutTable`): it replaces ``payout`` for the fields it
    covers; larger fields use the generated structure, as the Gananda table does."""

    def __post_init__(self) -> None:
        if self.buy_in < 0 or not 0 <= self.to_prize_pool <= self.buy_in:
            raise ValueError(f"buy-in {self.buy_in} with {self.to_prize_pool} to the prize pool: "
                             "the prize-pool share is between 0 and the buy-in")
        if self.payout not in ("gananda", "generated"):
            raise ValueError(f"unknown payout structure {self.payout!r}: 'gananda' or 'generated'")
        if self.seats is not None and (isinstance(self.seats, bool)
                                       or not isinstance(self.seats, int) or self.seats < 2):
            raise ValueError(f"{self.seats!r} seats for sale: a tournament needs at least two")
        if self.payout_table is not None and not isinstance(self.payout_table, PayoutTable):
            raise ValueError(f"a payout table must be a PayoutTable, got {self.payout_table!r}")
        if self.rules.same_hand_bustouts not in BUSTOUT_RANKING:
            raise ValueError(f"unknown same-hand bust-out rule {self.rules.same_hand_bustouts!r}")
        self._check_chip_ups()

    def _check_chip_ups(self) -> None:
        """Each chip-up break takes out the smallest colours then in play (IFP 56: the chips
        change "to the next higher denomination in play"), one at least staying: a structure
        that breaks it is refused here, before any race would fail mid-event."""
        in_play = list(self.chip_set.values)
        breaks = 0
        for period in self.structure.periods:
            if period.kind != "break":
                continue
            breaks += 1
            going = sorted(period.color_up)
            if not going:
                continue
            if going != in_play[:len(going)] or len(going) >= len(in_play):
                raise ValueError(
                    f"break {breaks}: chip-up {going} is not the smallest colours in play "
                    f"(IFP 56): the chips in play then are {in_play}, so it takes out "
                    f"{in_play[:1]} (or the smallest few), and one colour must stay")
            del in_play[:len(going)]

    @property
    def bustout_ranking(self) -> str:
        return BUSTOUT_RANKING[self.rules.same_hand_bustouts]

    def to_dict(self) -> dict[str, Any]:
        return {"structure": self.structure.to_dict(), "rules": self.rules.to_dict(),
                "rules_base": self.rules_base, "chip_set": self.chip_set.to_dict(),
                "buy_in": self.buy_in, "to_prize_pool": self.to_prize_pool,
                "payout": self.payout, "unit": self.unit, "name": self.name,
                "final_table_stops_clock": self.final_table_stops_clock, "seats": self.seats,
                "payout_table": None if self.payout_table is None else self.payout_table.to_dict()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentConfig:
        return cls(structure=Structure.from_dict(data["structure"]),
                   rules=RuleSet.from_dict(data["rules"]), rules_base=data["rules_base"],
                   chip_set=ChipSet.from_dict(data["chip_set"]), buy_in=data["buy_in"],
                   to_prize_pool=data["to_prize_pool"], payout=data["payout"],
                   unit=data["unit"], name=data["name"],
                   final_table_stops_clock=data.get("final_table_stops_clock", False),
                   seats=data.get("seats"),
                   payout_table=None if data.get("payout_table") is None
                   else PayoutTable.from_dict(data["payout_table"]))


def gananda() -> TournamentConfig:
    """The Gananda league's house settings on top of ``ifp-2012`` (RULESETS.md)."""
    return TournamentConfig(structure=load_preset("gananda"), rules=GANANDA_RULES,
                            rules_base="ifp-2012", chip_set=gananda_chips(), buy_in=25,
                            to_prize_pool=20, payout="gananda", unit=1, name="gananda",
                            final_table_stops_clock=True)


#: Players a table by rule preset, where the book sets it: WPA 2, "all limit, pot limit and
#: no limit events shall be played 9-handed" (IFP and TDA 2024 leave it to the event).
TABLE_SIZE = {"wpa": 9}


def seated_for(rules: str, structure: Structure, *, stated: bool = False) -> Structure:
    """``structure`` seating the preset's players a table (WPA 2: nine, and a final table of
    nine) unless it ``stated`` a table size of its own (a structure file that sets
    ``max_players_per_table``)."""
    size = TABLE_SIZE.get(rules)
    if size is None or stated or structure.max_players_per_table == size:
        return structure
    data = structure.to_dict()
    data["max_players_per_table"] = size
    data["final_table_size"] = min(data.get("final_table_size", size), size)
    return Structure.from_dict(data)


def with_structure(config: TournamentConfig, name: str) -> TournamentConfig:
    """``config`` with a shipped structure preset (``gananda``, ``horse``) in place of its
    own; the structure's table size stands (WPA 2: stud eight-handed)."""
    from dataclasses import replace

    return replace(config, structure=load_preset(name))


def _plain(rules: str) -> TournamentConfig:
    # The Gananda structure seats ten (Gananda: Seating), a house rule: the preset's own
    # table size applies over it (WPA 2).
    return TournamentConfig(structure=seated_for(rules, load_preset("gananda")),
                            rules=get_rules(rules), rules_base=rules, payout="generated",
                            name=rules)


HOUSE_PRESETS = {"gananda": gananda, "ifp-2012": lambda: _plain("ifp-2012"),
                 "wpa": lambda: _plain("wpa"), "tda-2024": lambda: _plain("tda-2024")}


def config_preset(name: str) -> TournamentConfig:
    """A configuration by name: ``gananda`` (the house), or a rule preset over the Gananda
    structure and chips with generated payouts."""
    try:
        return HOUSE_PRESETS[name]()
    except KeyError:
        raise ValueError(f"unknown tournament preset {name!r} (presets: "
                         f"{', '.join(HOUSE_PRESETS)})") from None
