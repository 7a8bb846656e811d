"""``pokertd floor``: the floor's rulings for what happened at a live table.

``pokertd floor bet`` rules a bet made with chips and words (pokertd.rules.declarations)::

    pokertd floor bet --rules tda-2024 --to-call 1100 --last-raise 600 --behind 20000 \\
        --chips 1000,100,100,100,100,100 --format json
    {"action": "raise", "total": 1700, "returned": 0, "owed": 200, "rule": "TDA 45-B"}

Impossible input (a negative amount, a chip not in the preset's chip set, a declared amount
above the stack) prints ``Error: ...`` and exits 2. A bet the book leaves to the director
(TDA 40-A) prints ``"action": "director"`` with the rule and its text.

The other families print the ruling of :mod:`pokertd.rules.irregularities` and what to do next
(``{"situation", "decision", "rule", "text", "procedure"}``; ``decision`` ``director`` when the
book leaves it to the TD)::

    pokertd floor rules --rules tda-2024            # every situation, its rule and text
    pokertd floor misdeal --cause exposed-card --actions fold,call
    pokertd floor misdeal --cause exposed-card --game stud --rules tda-2024
    pokertd floor seventh-street --rules tda-2024 --no-action-remains
    pokertd floor board --street turn --error premature
    pokertd floor out-of-turn --action bet --amount 500 --between raise --bet-between 1000
    pokertd floor penalty --penalty rounds --players 9 --rounds 2
    pokertd floor clock --facing-bet
    pokertd floor dead --cause killed
    pokertd floor bet --to-call 400 --last-raise 400 --behind 9000 --chips 400 --then 800
    pokertd floor misdeal --cause non-standard-card --player-acted --rules gananda
    pokertd floor play-the-board --thrown-away --declared --rules club
    pokertd floor damaged-card --kind marked
    pokertd floor exposed-cards --rules wpa --intentional
    pokertd floor skipped --actions call,fold --rules tda-2024
    pokertd floor button-corrected --rules gananda
    pokertd floor misunderstood --bet 1200 --put-in 300 --rules gananda

``--rules club`` is the club rulebook with its hold'em irregularities sheet on IFP
(:data:`pokertd.rules.CLUB_RULES`). Every ruling carries its rule's own words (``text``) and,
where pokertd says why in its own words, a ``note``.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from .app import OutputFormat, app, fail
from .output import Console, Table

floor_app = typer.Typer(name="floor", help="The floor's rulings at a live table: bets made with "
                                           "chips and words, misdeals, board errors, action out "
                                           "of turn, dead hands, the clock, penalties, showdown "
                                           "and exposed cards; decided by the rule preset, the "
                                           "rule cited in its book's words.",
                        no_args_is_help=True)
app.add_typer(floor_app, name="floor")


@floor_app.callback()
def floor() -> None:
    """The floor's rulings at a live table: bets made with chips and words, misdeals, board
    errors, action out of turn, dead hands, the clock, penalties; decided by the rule preset,
    the rule cited."""

PRESETS = ("ifp-2012", "wpa", "tda-2024", "gananda", "club")


def _rules(name: str) -> tuple[Any, tuple[int, ...] | None]:
    """The RuleSet and, for the Gananda house, its chip set (Gananda: Tournament Structure);
    ``club``: the club rulebook and its irregularities sheet on top of IFP (CLUB_RULES)."""
    if name == "gananda":
        from ..tournament.house import GANANDA_RULES
        from ..tournament.chips import GANANDA_CHIPS
        return GANANDA_RULES, tuple(GANANDA_CHIPS.values)
    from ..rules import CLUB_RULES, RuleSet
    if name == "club":
        return CLUB_RULES, None
    try:
        return RuleSet.preset(name), None
    except ValueError:
        raise fail(f"unknown rules preset {name!r} (presets: {', '.join(PRESETS)})") from None


def _chip_list(text: str, option: str = "--chips") -> list[int]:
    if not text.strip():
        if option != "--chips":
            raise fail(f"{option}: give the chips of the motion, e.g. 500,500")
        return []
    out = []
    for part in text.split(","):
        try:
            out.append(int(part.strip()))
        except ValueError:
            raise fail(f"{option}: {part.strip()!r} is not a chip value (give e.g. 1000,500,100)") \
                from None
    return out


@floor_app.command("bet")
def bet_cmd(
    to_call: Annotated[int, typer.Option("--to-call", help="The street's total bet he faces (0: none).")],
    last_raise: Annotated[int, typer.Option("--last-raise", help="The largest prior full bet or raise of the street (the minimum raise increment).")],
    behind: Annotated[int, typer.Option("--behind", help="What he has left after pushing these chips (0: his last chips).")],
    chips: Annotated[str, typer.Option("--chips", help="The chips pushed in one motion, e.g. 1000,500,100.")] = "",
    rules: Annotated[str, typer.Option("--rules", help="Rules preset: ifp-2012, wpa, tda-2024, gananda or club.")] = "ifp-2012",
    then: Annotated[list[str] | None, typer.Option("--then", help="Chips added in a later motion, e.g. 500,500 (repeat for each motion): a string bet (IFP 36, TDA 56), or after a declared 'raise' the one more motion of a two-motion raise (IFP 32c, WPA 23; abolished by TDA 42).")] = None,
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
                          undercall_binds=undercall_binds,
                          later_motions=[_chip_list(m, "--then") for m in then or ()])
        result: dict[str, Any] = ruling.to_dict()
    except ImpossibleBet as e:
        raise fail(str(e)) from None
    except LeftToDirector as e:
        result = {"action": "director", "rule": e.rule, "text": e.text}
        if e.note:
            result["note"] = e.note
    if output is OutputFormat.json:
        typer.echo(json.dumps(result))
        return
    table = Table(title=f"floor bet ({rule_set.name})")
    table.add_column("ruling")
    table.add_column("")
    for key, value in result.items():
        table.add_row(key, str(value))
    Console().print(table)


Rules = Annotated[str, typer.Option("--rules", help="Rules preset: ifp-2012, wpa, tda-2024, gananda or club.")]
Format = Annotated[OutputFormat, typer.Option("--format", help="table or json.")]


def _print(ruling: Any, output: OutputFormat, title: str, **extra: Any) -> None:
    result = {**ruling.to_dict(), **extra}
    if output is OutputFormat.json:
        typer.echo(json.dumps(result))
        return
    table = Table(title=title)
    table.add_column("ruling")
    table.add_column("")
    for key, value in result.items():
        table.add_row(key, str(value))
    Console().print(table)


def _actions(text: str) -> list[str]:
    return [a.strip() for a in text.split(",") if a.strip()]


@floor_app.command("rules")
def rules_cmd(
    rules: Rules = "ifp-2012",
    family: Annotated[str | None, typer.Option("--family", help="Only one family: bet, misdeal, board, stud, hand, out-of-turn, clock, penalty, showdown, cards or button.")] = None,
    output: Format = OutputFormat.table,
) -> None:
    """Every situation the floor rules on, with the preset's ruling, its rule and text."""
    from ..rules.catalogue import situations

    rule_set, _ = _rules(rules)
    rows = situations(rule_set)
    families = sorted({r["family"] for r in rows})
    if family is not None:
        if family not in families:
            raise fail(f"--family: unknown family {family!r} (one of {', '.join(families)})")
        rows = [r for r in rows if r["family"] == family]
    if output is OutputFormat.json:
        typer.echo(json.dumps({"rules": rule_set.name, "situations": rows}))
        return
    table = Table(title=f"floor rules ({rule_set.name})")
    for col in ("family", "situation", "case", "decision", "rule", "procedure"):
        table.add_column(col)
    for r in rows:
        table.add_row(r["family"], r["situation"], r["case"], r["decision"], r["rule"],
                      r["procedure"])
    Console().print(table)


@floor_app.command("misdeal")
def misdeal_cmd(
    cause: Annotated[str, typer.Option("--cause", help="What happened in the deal: first-card-exposed, exposed-card, two-exposed, boxed-card, two-boxed, extra-card, extra-cards, wrong-count, out-of-sequence, mixed-cards, button-wrong, first-card-wrong-seat, dealt-to-empty-seat, player-dealt-out, button-short, non-standard-card, fouled-deck, stub-dropped.")],
    rules: Rules = "ifp-2012",
    actions: Annotated[str, typer.Option("--actions", help="The actions in turn taken so far, e.g. fold,call (blinds are not actions).")] = "",
    defect: Annotated[str, typer.Option("--defect", help="A fouled deck: duplicate, count or back.")] = "duplicate",
    where: Annotated[str, typer.Option("--where", help="A fouled deck: the card found in the hand or in the stub.")] = "hand",
    case: Annotated[str, typer.Option("--case", help="A dropped stub: reconstructable, stub-only or mixed (with the muck or burns).")] = "stub-only",
    game: Annotated[str, typer.Option("--game", help="flop (hold'em, Omaha), stud (stud, stud hi-lo, razz: the bring-in is not an action) or draw.")] = "flop",
    player_acted: Annotated[bool, typer.Option("--player-acted", help="The player holding the card acted on his hand before it was seen (a joker: Gananda Irregularities 8; the button short: TDA 37).")] = False,
    output: Format = OutputFormat.table,
) -> None:
    """Rule an irregularity of the deal: a misdeal (redeal, button where it was), the card
    replaced, or play on after substantial action; by game where the books differ (stud: TDA
    RP-10-A, club 80.3; draw: TDA 35-A's house rules)."""
    from ..rules.irregularities import (
        deal_ruling, fouled_deck_ruling, stub_ruling, substantial_action,
    )

    rule_set, _ = _rules(rules)
    try:
        done = _actions(actions)
        sa, sa_rule = substantial_action(rule_set, done)
        if cause == "fouled-deck":
            ruling = fouled_deck_ruling(rule_set, defect, where)
        elif cause == "stub-dropped":
            ruling = stub_ruling(rule_set, case)
        else:
            ruling = deal_ruling(rule_set, cause, actions=done, game=game,
                                 player_acted=player_acted)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor misdeal ({rule_set.name})", substantial_action=sa,
           substantial_action_rule=sa_rule)


@floor_app.command("seventh-street")
def seventh_street_cmd(
    rules: Rules = "ifp-2012",
    action_remains: Annotated[bool, typer.Option("--action-remains/--no-action-remains", help="Whether betting action remains on the hand (not everyone all-in).")] = True,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a stud player's seventh-street downcard exposed by the dealer (TDA RP-10-B)."""
    from ..rules.irregularities import seventh_street_ruling

    rule_set, _ = _rules(rules)
    _print(seventh_street_ruling(rule_set, action_remains), output,
           f"floor seventh-street ({rule_set.name})")


@floor_app.command("board")
def board_cmd(
    street: Annotated[str, typer.Option("--street", help="flop, turn or river (for premature: the street turned too soon).")],
    error: Annotated[str, typer.Option("--error", help="premature, no-burn, extra-burn or extra-card.")],
    rules: Rules = "ifp-2012",
    acted: Annotated[bool, typer.Option("--acted/--no-action", help="Whether a player has acted on the street's cards.")] = False,
    identifiable: Annotated[bool, typer.Option("--identifiable/--not-identifiable", help="Whether the correct card is 100% identifiable (IFP Appendix 1).")] = True,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a board error: the book's procedure for the cards, the burns and the stub."""
    from ..rules.irregularities import board_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = board_ruling(rule_set, street, error, acted=acted, identifiable=identifiable)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor board ({rule_set.name})")


@floor_app.command("out-of-turn")
def out_of_turn_cmd(
    action: Annotated[str, typer.Option("--action", help="What he did out of turn: fold, check, call, bet or raise.")],
    rules: Rules = "ifp-2012",
    between: Annotated[str, typer.Option("--between", help="What the skipped players then did: none, check, call, fold, bet or raise.")] = "none",
    amount: Annotated[int, typer.Option("--amount", help="His bet out of turn (irregularities 13 iv).")] = 0,
    bet_between: Annotated[int, typer.Option("--bet-between", help="The bet made in between.")] = 0,
    output: Format = OutputFormat.table,
) -> None:
    """Rule an action out of turn when the action reaches him."""
    from ..rules.irregularities import out_of_turn_ruling

    rule_set, _ = _rules(rules)
    if amount < 0 or bet_between < 0:
        raise fail("--amount and --bet-between are chips: 0 or more")
    try:
        ruling = out_of_turn_ruling(rule_set, action, between, amount=amount,
                                    bet_between=bet_between)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor out-of-turn ({rule_set.name})")


@floor_app.command("penalty")
def penalty_cmd(
    penalty: Annotated[str, typer.Option("--penalty", help="warning, hands, rounds or disqualification.")],
    rules: Rules = "ifp-2012",
    players: Annotated[int, typer.Option("--players", help="Players at the table when the penalty is given, the offender included.")] = 0,
    rounds: Annotated[int, typer.Option("--rounds", help="Rounds of a missed-round penalty.")] = 0,
    hands: Annotated[int, typer.Option("--hands", help="Hands of a missed-hand penalty.")] = 0,
    output: Format = OutputFormat.table,
) -> None:
    """A penalty and the hands the offender misses (one per player at the table per round)."""
    from ..rules.irregularities import penalty_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling, missed = penalty_ruling(rule_set, penalty, players_at_table=players,
                                        rounds=rounds, hands=hands)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor penalty ({rule_set.name})", hands_missed=missed)


@floor_app.command("clock")
def clock_cmd(
    rules: Rules = "ifp-2012",
    facing_bet: Annotated[bool, typer.Option("--facing-bet/--no-bet", help="Whether the player on the clock faces a bet.")] = True,
    output: Format = OutputFormat.table,
) -> None:
    """The clock called: the time and countdown, and what happens when it runs out."""
    from ..rules.irregularities import clock_ruling

    rule_set, _ = _rules(rules)
    _print(clock_ruling(rule_set, facing_bet), output, f"floor clock ({rule_set.name})",
           seconds=rule_set.clock_seconds, countdown=rule_set.clock_countdown_seconds)


@floor_app.command("dead")
def dead_cmd(
    cause: Annotated[str, typer.Option("--cause", help="killed (the dealer killed it, or it was fouled) or wrong-cards (found after substantial action).")],
    rules: Rules = "ifp-2012",
    output: Format = OutputFormat.table,
) -> None:
    """A hand killed by the dealer or found with the wrong number of cards."""
    from ..rules.irregularities import killed_hand_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = killed_hand_ruling(rule_set, cause)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor dead ({rule_set.name})")


# --- play at the table (pokertd.rules.play) ----------------------------------------------------

@floor_app.command("play-the-board")
def play_the_board_cmd(
    rules: Rules = "ifp-2012",
    declared: Annotated[bool, typer.Option("--declared/--not-declared", help="He said he plays the board before letting go of his cards.")] = False,
    kept: Annotated[bool, typer.Option("--kept/--thrown-away", help="He still holds his cards (not thrown into the muck).")] = True,
    shown: Annotated[bool, typer.Option("--shown/--not-shown", help="Every hole card tabled.")] = False,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a player playing the board at showdown (IFP 45, WPA 39, TDA 19; irregularities 9;
    Gananda Holdem Irregularities 9)."""
    from ..rules.play import board_play_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = board_play_ruling(rule_set, declared=declared, kept=kept, shown=shown)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor play-the-board ({rule_set.name})")


@floor_app.command("damaged-card")
def damaged_card_cmd(
    rules: Rules = "ifp-2012",
    kind: Annotated[str, typer.Option("--kind", help="damaged or marked.")] = "damaged",
    output: Format = OutputFormat.table,
) -> None:
    """Rule a damaged or marked card found in play (irregularities 12, IFP 54, TDA 26)."""
    from ..rules.play import damaged_card_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = damaged_card_ruling(rule_set, kind)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor damaged-card ({rule_set.name})")


@floor_app.command("exposed-cards")
def exposed_cards_cmd(
    rules: Rules = "ifp-2012",
    intentional: Annotated[bool, typer.Option("--intentional", help="He opened his hand on purpose without a declaration (WPA 34).")] = False,
    to_one_player: Annotated[bool, typer.Option("--to-one-player", help="Shown to one active player only (Gananda Showdown 6).")] = False,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a player exposing his cards with action pending (IFP 67, WPA 34, TDA 68)."""
    from ..rules.play import exposed_cards_ruling

    rule_set, _ = _rules(rules)
    _print(exposed_cards_ruling(rule_set, intentional=intentional, to_one_player=to_one_player),
           output, f"floor exposed-cards ({rule_set.name})")


@floor_app.command("skipped")
def skipped_cmd(
    actions: Annotated[str, typer.Option("--actions", help="The actions out of turn to his left since he was skipped, e.g. call,fold.")],
    rules: Rules = "ifp-2012",
    spoke_up: Annotated[bool, typer.Option("--spoke-up", help="He claimed his turn before these actions were over.")] = False,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a player skipped by action out of turn who stayed silent (TDA 53-B, Gananda
    Betting 8)."""
    from ..rules.play import skipped_player_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = skipped_player_ruling(rule_set, _actions(actions), spoke_up=spoke_up)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor skipped ({rule_set.name})")


@floor_app.command("button-corrected")
def button_corrected_cmd(rules: Rules = "ifp-2012", output: Format = OutputFormat.table) -> None:
    """Rule last hand's button found placed wrongly (Gananda Irregularities 1, TDA 34-A)."""
    from ..rules.play import button_corrected_ruling

    rule_set, _ = _rules(rules)
    _print(button_corrected_ruling(rule_set), output, f"floor button-corrected ({rule_set.name})")


@floor_app.command("misunderstood")
def misunderstood_cmd(
    bet: Annotated[int, typer.Option("--bet", help="The bet he called.")],
    put_in: Annotated[int, typer.Option("--put-in", help="The chips he put in saying call.")],
    rules: Rules = "ifp-2012",
    damage: Annotated[bool, typer.Option("--damage", help="His action caused damage (another player acted on it).")] = False,
    output: Format = OutputFormat.table,
) -> None:
    """Rule a call made on a gross misunderstanding of the amount bet (Gananda No Limit 10: the
    TD's decision, the facts recorded; IFP 30, TDA 49: the call stands)."""
    from ..rules.play import misunderstood_bet_ruling

    rule_set, _ = _rules(rules)
    try:
        ruling = misunderstood_bet_ruling(rule_set, bet=bet, put_in=put_in, damage=damage)
    except ValueError as e:
        raise fail(str(e)) from None
    _print(ruling, output, f"floor misunderstood ({rule_set.name})")
