"""``pokertd floor``: the floor's rulings for what happened at a live table.

``pokertd floor bet`` rules a bet made with chips and words (pokertd.rules.declarations)::

    pokertd floor bet --rules tda-2024 --to-call 1100 --last-raise 600 --behind 20000 \\
        --chips 1000,100,100,100,100,100 --format json
    {"action": "raise", "total": 1700, "returned": 0, "owed": 200, "rule": "TDA 45-B"}

Impossible input (a negative amount, a chip not in the preset's chip set, a declared amount
above the stack) prints ``Error: ...`` and exits 2. A bet the book leaves to the director
(TDA 40-A) prints ``"action": "director"`` with the rule and its text.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from .app import OutputFormat, app, fail
from .output import Console, Table

floor_app = typer.Typer(name="floor", help="The floor's rulings at a live table: bets made with "
                                           "chips and words, decided by the rule preset, the "
                                           "rule cited.", no_args_is_help=True)
app.add_typer(floor_app, name="floor")


@floor_app.callback()
def floor() -> None:
    """The floor's rulings at a live table: bets made with chips and words, decided by the rule
    preset, the rule cited."""

PRESETS = ("ifp-2012", "wpa", "tda-2024", "gananda")


def _rules(name: str) -> tuple[Any, tuple[int, ...] | None]:
    """The RuleSet and, for the Gananda house, its chip set (Gananda: Tournament Structure)."""
    if name == "gananda":
        from ..tournament.house import GANANDA_RULES
        from ..tournament.chips import GANANDA_CHIPS
        return GANANDA_RULES, tuple(GANANDA_CHIPS.values)
    from ..rules import RuleSet
    try:
        return RuleSet.preset(name), None
    except ValueError:
        raise fail(f"unknown rules preset {name!r} (presets: {', '.join(PRESETS)})") from None


def _chip_list(text: str) -> list[int]:
    if not text.strip():
        return []
    out = []
    for part in text.split(","):
        try:
            out.append(int(part.strip()))
        except ValueError:
            raise fail(f"--chips: {part.strip()!r} is not a chip value (give e.g. 1000,500,100)") \
                from None
    return out


@floor_app.command("bet")
def bet_cmd(
    to_call: Annotated[int, typer.Option("--to-call", help="The street's total bet he faces (0: none).")],
    last_raise: Annotated[int, typer.Option("--last-raise", help="The largest prior full bet or raise of the street (the minimum raise increment).")],
    behind: Annotated[int, typer.Option("--behind", help="What he has left after pushing these chips (0: his last chips).")],
    chips: Annotated[str, typer.Option("--chips", help="The chips pushed in one motion, e.g. 1000,500,100.")] = "",
    rules: Annotated[str, typer.Option("--rules", help="Rules preset: ifp-2012, wpa, tda-2024 or gananda.")] = "ifp-2012",
    in_front: Annotated[int, typer.Option("--in-front", help="His chips already out on this street, left alone.")] = 0,
    declared: Annotated[str | None, typer.Option("--declared", help="What he said before the chips landed: call, raise, all-in, an amount, or 'raise AMOUNT'.")] = None,
    pulled_back: Annotated[int, typer.Option("--pulled-back", help="Prior-bet chips he pulled back (TDA 46).")] = 0,
    pot: Annotated[int | None, typer.Option("--pot", help="The pot before the bet (an unclear amount under TDA 57).")] = None,
    undercall_binds: Annotated[bool, typer.Option("--undercall-binds", help="Heads-up or facing the opening bet: an undercall is a full call (TDA 51-B).")] = False,
    output: Annotated[OutputFormat, typer.Option("--format", help="table or json.")] = OutputFormat.table,
) -> None:
    """Rule a bet made with chips and words: the action, his total, chips returned or owed, the rule."""
    from ..rules.declarations import ImpossibleBet, LeftToDirector, rule_bet

    rule_set, chip_set = _rules(rules)
    try:
        ruling = rule_bet(rule_set, to_call=to_call, last_raise=last_raise, in_front=in_front,
                          behind=behind, chips=_chip_list(chips), declared=declared,
                          chip_set=chip_set, pulled_back=pulled_back, pot=pot,
                          undercall_binds=undercall_binds)
        result: dict[str, Any] = ruling.to_dict()
    except ImpossibleBet as e:
        raise fail(str(e)) from None
    except LeftToDirector as e:
        result = {"action": "director", "rule": e.rule, "text": e.text}
    if output is OutputFormat.json:
        typer.echo(json.dumps(result))
        return
    table = Table(title=f"floor bet ({rule_set.name})")
    table.add_column("ruling")
    table.add_column("")
    for key, value in result.items():
        table.add_row(key, str(value))
    Console().print(table)
