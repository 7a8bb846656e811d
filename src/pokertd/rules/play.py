"""Rulings on play at the table the deal and board rulings do not cover: playing the board at
showdown, a damaged or marked card, cards exposed with action pending, a player skipped by action
out of turn who stays silent, last hand's button placed wrongly, a bet amount grossly
misunderstood.

Pure functions of the situation and a :class:`~pokertd.rules.RuleSet`, each returning a
:class:`~pokertd.rules.ruling.Ruling` whose ``text`` is the cited book's own words (checked
against the books by tests/test_rule_quotes.py). The book is the preset's: the club books
(``dealing_irregularities="club"``: the irregularities sheet), the Gananda rules, TDA 2024, WPA
(IFP where WPA is silent), IFP 2012; a house book silent on a case falls back to IFP, and where
the preset's own book is silent the ruling is ``director`` (IFP 1, TDA 1, the sheet's closing
paragraph) with the reason as a note. ``pokertd floor play-the-board | damaged-card |
exposed-cards | skipped | button-corrected | misunderstood`` print them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from . import RuleSet, get_rules
from .ruling import CLUB_1, IFP_1, TDA_1, Ruling, director, substantial_action

__all__ = ["PLAY_SITUATIONS", "board_play_ruling", "button_corrected_ruling",
           "damaged_card_ruling", "every_ruling", "exposed_cards_ruling", "house",
           "misunderstood_bet_ruling", "skipped_player_ruling"]

#: The situations of this module: (family, situation, what happened).
PLAY_SITUATIONS: tuple[tuple[str, str, str], ...] = (
    ("showdown", "play-the-board", "a player plays the board at showdown"),
    ("cards", "damaged-card", "a damaged or marked card found in play"),
    ("cards", "exposed-cards", "a player exposes his cards with action pending"),
    ("out-of-turn", "skipped", "a player skipped by action out of turn stays silent"),
    ("button", "button-corrected", "last hand's button was placed wrongly"),
    ("bet", "misunderstood", "a call made on a gross misunderstanding of the amount bet"),
)


def house(rules: RuleSet) -> str:
    """Whose book rules: ``club``, ``gananda`` (the house books, by their deal field),
    ``tda-2024``, ``wpa`` or ``ifp-2012`` (a house on a preset: the preset's)."""
    if rules.dealing_irregularities in ("club", "gananda"):
        return rules.dealing_irregularities
    base = rules.name.split("+")[0]
    return base if base in ("tda-2024", "wpa") else "ifp-2012"


def _silent(book: str) -> tuple[str, str]:
    return {"tda-2024": TDA_1, "club": CLUB_1}.get(book, IFP_1)


# --- playing the board ---------------------------------------------------------------------------

_IFP45 = ("IFP 45", "A player must show all hole cards when playing the board in order to get part "
                    "of the pot.")
_SHOW = {"ifp-2012": _IFP45,
         "wpa": ("WPA 39", "A player must show both cards face up on the table when playing the "
                           "board in order to get part of the pot."),
         "tda-2024": ("TDA 19", "To play the board, players must table all hole cards to get part "
                                "of the pot (See Rule 13-A)."),
         "gananda": ("Gananda: Showdown 1", "To win any part of a pot, a player must show all of "
                     "his cards faceup on the table, whether they were used in the final hand "
                     "played or not.")}


def board_play_ruling(rules: RuleSet | str | None, *, declared: bool, kept: bool,
                      shown: bool) -> Ruling:
    """A player plays the board at showdown: ``declared`` whether he said so before letting go
    of his cards, ``kept`` whether he still holds them (not thrown away), ``shown`` whether he
    tabled every hole card. IFP 45, WPA 39, TDA 19: he shares the pot once all his hole cards are
    tabled; thrown away unshown, he has no part. The irregularities sheet 9 (club): he must
    declare before throwing his cards away, "Otherwise, you relinquish all claim to the pot"; the
    Gananda Holdem Irregularities 9: declare, and keep the hand to show it (Showdown 1)."""
    r = get_rules(rules)
    if shown and not kept:
        raise ValueError("shown and thrown away: a hand tabled is kept (give --kept with --shown)")
    book = house(r)
    situation = "play-the-board"
    if book == "club" and not kept:
        words = ("You must declare that you are playing the board before you throw your cards "
                 "away. Otherwise, you relinquish all claim to the pot.")
        if declared:
            return Ruling(situation, "shares", "irregularities 9", words, "he declared before "
                          "throwing his cards away: he shares the pot with the board's hand")
        return Ruling(situation, "no-claim", "irregularities 9", words, "he threw his cards away "
                      "without declaring: he has no claim to the pot")
    if book == "gananda" and not (declared and kept):
        return Ruling(situation, "no-claim", "Gananda: Holdem Irregularities 9", "You must declare "
                      "that you are playing the board, otherwise, you relinquish all claim to the "
                      "pot. You must retain your hand and show it if asked, in order to win part of "
                      "the pot.", ("he did not declare" if not declared else "he did not keep "
                                   "his hand to show it") + ": he has no claim to the pot")
    rule, words = _SHOW.get(book, _IFP45)
    if shown:
        return Ruling(situation, "shares", rule, words, "every hole card tabled: he shares the pot "
                      "with the board's hand")
    if kept:
        return Ruling(situation, "must-show", rule, words, "he must table all his hole cards to get "
                      "part of the pot")
    return Ruling(situation, "no-claim", rule, words, "his cards are gone unshown: he gets no "
                  "part of the pot", note="a declaration alone does not share the pot under this "
                  "book: the cards must be shown")


# --- a damaged or marked card ----------------------------------------------------------------------

def damaged_card_ruling(rules: RuleSet | str | None, kind: str = "damaged") -> Ruling:
    """A damaged (``kind`` damaged) or marked (``marked``) card found in play. The irregularities
    sheet 12 (club): a damaged card is replaced from a spare deck by the TD after the hand, in
    front of the players. IFP 54 (and WPA, the Gananda rules and the club's marked card, silent,
    with it): players may ask for a deck change when they find damaged or marked cards; neither
    is among IFP 63's fouled-deck causes, so the hand is not void. TDA 26: players may not ask
    for a deck change; a damaged card the TDA rules do not treat: the house or the TD."""
    r = get_rules(rules)
    if kind not in ("damaged", "marked"):
        raise ValueError(f"unknown card defect {kind!r}: damaged or marked")
    book = house(r)
    situation = f"{kind}-card"
    if book == "club" and kind == "damaged":
        return Ruling(situation, "replace-after-hand", "irregularities 12", "A damaged card will be "
                      "replaced by the Tournament Director using a card from a spare deck. The card "
                      "will be exchanged after the completion of the hand, on the table and in front "
                      "of the players.", "the hand plays on; after it the TD replaces the card from "
                      "a spare deck, on the table in front of the players")
    if book == "tda-2024":
        return Ruling(situation, "director", "TDA 26", "Deck changes will be on the dealer push or "
                      "level changes or as prescribed by the house. Players may not ask for deck "
                      "changes.", "the house policy, or the TD (Rule 1), decides",
                      note=f"a {kind} card the TDA rules do not treat; not a fouled deck (TDA 35-E "
                      "names duplicate cards)")
    note = f"a {kind} card is not among IFP 63's fouled-deck causes: the hand in play is not void"
    if book == "club":
        note += "; the club's sheet (12) treats a damaged card, not a marked one"
    return Ruling(situation, "deck-change", "IFP 54", "Players may not ask for deck changes unless "
                  "they find cards that have been damaged or marked.", "a player may ask for the "
                  "deck to be changed, and it is changed", note=note)


# --- cards exposed with action pending --------------------------------------------------------------

def exposed_cards_ruling(rules: RuleSet | str | None, *, intentional: bool = False,
                         to_one_player: bool = False) -> Ruling:
    """A player exposes his cards with action pending. IFP 67, TDA 68: he may be penalised
    (from the end of the hand), his hand stays live; WPA 34: he "will incur a penalty", and a
    hand opened intentionally without declaration (``intentional``) is dead at the TD's
    judgement. The Gananda rules (Showdown 6, show one, show all): cards shown to one active
    player (``to_one_player``) are shown at once to every other player."""
    r = get_rules(rules)
    book = house(r)
    situation = "exposed-cards"
    if book == "gananda" and to_one_player:
        return Ruling(situation, "show-all", "Gananda: Showdown 6", "Show one, show all. ... "
                      "During a deal, cards that were shown to an active player who might have a "
                      "further wagering decision on that betting round must immediately be shown to "
                      "all the other players.", "the cards are shown at once to every player; his "
                      "hand stays live (IFP 67)")
    if book == "wpa":
        words = ("A player who exposes his cards with action pending will incur a penalty, but will "
                 "not have a dead hand. The penalty will begin at the end of the hand. If a player "
                 "intentionally opens his hand without declaration it will be ruled a dead hand. It "
                 "will be up to the tournament director's judgment when to enforce the rule.")
        if intentional:
            return Ruling(situation, "dead", "WPA 34", words, "opened intentionally without a "
                          "declaration: his hand is dead (when to enforce: the TD's judgement)")
        return Ruling(situation, "penalty", "WPA 34", words, "his hand stays live; he incurs a "
                      "penalty beginning at the end of the hand")
    if book == "tda-2024":
        return Ruling(situation, "live", "TDA 68", "Exposing cards with action pending, including "
                      "the current player when last to act, may result in a penalty but not a dead "
                      "hand. Any penalty begins at the end of the hand.", "his hand stays live; a "
                      "penalty may be given, beginning at the end of the hand (TDA 71-B)")
    return Ruling(situation, "live", "IFP 67", "A player who exposes his or her cards with action "
                  "pending may incur a penalty, but will not have a dead hand. The penalty will "
                  "begin at the end of the hand.", "his hand stays live; a penalty may be given, "
                  "beginning at the end of the hand")


# --- a skipped player who stays silent -------------------------------------------------------------

_ACTIONS = ("check", "call", "bet", "raise", "fold")
_SKIPPED_SILENT = {
    "ifp-2012": ("IFP 26", "Action out of turn, whether the declaration is verbal or physical, will "
                 "be binding if the action to that player has not changed.", "IFP 26"),
    "wpa": ("WPA 33", "Action out of turn will be binding if the action to that player has not "
            "changed.", "WPA 33"),
    "club": ("irregularities 13 ii", "The correct player to act makes his decision (check, bet or "
             "fold)", "irregularities 13"),
}


def skipped_player_ruling(rules: RuleSet | str | None, actions_behind: Sequence[str],
                          spoke_up: bool = False) -> Ruling:
    """A player skipped by action out of turn: ``actions_behind`` the actions out of turn taken
    to his left since (check, call, bet, raise, fold), ``spoke_up`` whether he claimed his turn
    before them. TDA 53-B: silent with reasonable time until substantial action out of turn
    (TDA 36) occurred after him, the actions out of turn bind and the floor rules on his hand
    (dead, or limited to non-aggressive action); else the action backs up to him (TDA 53-A).
    Gananda Betting 8: three or more players acting behind him before he stopped the action
    "may cause you to lose the right to act" (the TD's decision). IFP, WPA and the club sheet
    have no such rule: he keeps his turn and each action out of turn is ruled when the action
    reaches its player (IFP 26, WPA 33, irregularities 13)."""
    r = get_rules(rules)
    book = house(r)
    acts = tuple(actions_behind)
    for a in acts:
        if a not in _ACTIONS:
            raise ValueError(f"not an action in turn: {a!r} (one of {', '.join(_ACTIONS)})")
    if not acts:
        raise ValueError("no action out of turn behind him: nobody skipped him (give e.g. "
                         "--actions call,fold)")
    situation = "skipped"
    if book == "tda-2024":
        sa, _ = substantial_action(r, acts)         # TDA 36: posted blinds do not count
        if sa and not spoke_up:
            return Ruling(situation, "binding", "TDA 53-B", "If a skipped player had reasonable "
                          "time and does not speak up before substantial action (Rule 36) OOT occurs "
                          "after the player, the OOT action is binding. Action backs up and the floor "
                          "will rule on how to treat the skipped hand given the circumstances, "
                          "including ruling the hand dead or limiting the player to non-aggressive "
                          "action.", "the actions out of turn stand; the action backs up to him and "
                          "the floor rules on his hand (dead, or no bet or raise)",
                          note="substantial action out of turn (TDA 36) before he spoke up")
        return Ruling(situation, "backed-up", "TDA 53-A", "Any action out of turn (check, call, or "
                      "raise) will be backed up to the correct player in order.", "the action backs "
                      "up to him; each action out of turn is ruled by TDA 53-A when the action "
                      "reaches its player", note="he spoke up" if spoke_up else "no substantial "
                      "action out of turn yet (TDA 36)")
    if book == "gananda":
        words = ("To retain the right to act, a player must stop the action by calling \"time\" (or "
                 "an equivalent word). Failure to stop the action before three or more players have "
                 "acted behind you may cause you to lose the right to act.")
        if len(acts) >= 3 and not spoke_up:
            return Ruling(situation, "director", "Gananda: Betting 8", words, "the TD decides "
                          "whether he has lost the right to act", note=f"{len(acts)} players acted "
                          "behind him before he stopped the action")
        return Ruling(situation, "backed-up", "Gananda: Betting 8", words, "he keeps his right to "
                      "act; the actions out of turn are ruled by Gananda Betting 7")
    rule, words, ruled_by = _SKIPPED_SILENT[book]
    return Ruling(situation, "backed-up", rule, words, "he keeps his turn; each action out of turn "
                  f"is ruled by {ruled_by} when the action reaches its player", note="the book has no rule taking the turn of a skipped "
                  "player who stays silent (TDA 53-B's substantial action out of turn)")


# --- last hand's button placed wrongly ----------------------------------------------------------

def button_corrected_ruling(rules: RuleSet | str | None) -> Ruling:
    """The button was placed wrongly on the previous hand, found before the next. Gananda
    Irregularities 1: button and blinds corrected for the new hand so that every player gets
    each position once in the round, if possible. TDA 34-A: once substantial action occurred the
    error stands, "the button will not be backed-up on the next hand". IFP (64h: a misdeal of the
    hand being dealt), WPA and the club books (80.3: before action) treat only the current hand:
    the TD decides."""
    r = get_rules(rules)
    book = house(r)
    situation = "button-corrected"
    if book == "gananda":
        return Ruling(situation, "corrected", "Gananda: Irregularities 1", "In button games, if it "
                      "is discovered that the button was placed incorrectly on the previous hand, "
                      "the button and blinds will be corrected for the new hand in a manner that "
                      "gives every player one chance for each position on the round (if possible).",
                      "the next hand's button and blinds placed so that every player has each "
                      "position once in the round")
    if book == "tda-2024":
        return Ruling(situation, "stands", "TDA 34-A", "If incorrect button movement is discovered "
                      "before SA occurs, the error will be corrected. However, if SA has occurred, "
                      "play will continue. Ex: If the button is moved twice and SA occurs the error "
                      "will stand, the button will not be backed-up on the next hand.", "the error "
                      "stands; the button moves on from where it was")
    what = ("club 80.3 makes a button out of position a misdeal when noticed before action begins"
            if book == "club" else "IFP 64h makes a button at the wrong position a misdeal of the "
            "hand being dealt")
    return director(situation, _silent(book), what + "; of a wrong button found once the hand is "
                    "over the book says nothing")


# --- a bet amount grossly misunderstood ----------------------------------------------------------

def misunderstood_bet_ruling(rules: RuleSet | str | None, *, bet: int, put_in: int,
                             damage: bool = False) -> Ruling:
    """A player called (``put_in`` chips, saying "call") a bet of ``bet`` he grossly
    misunderstood. Gananda No Limit 10: the TD's decision, with "considerable discretion": the
    call may be ruled not binding if no damage was caused (``damage``), and the rule of thumb
    disallows the claim at 80% or more of the bet put in; the facts are recorded with the
    ruling. IFP 30 (and WPA, the club books with it), TDA 49: the caller is responsible for the
    amount; the call stands for the full bet (Rule 1 at the TD's discretion)."""
    r = get_rules(rules)
    for name, value in (("--bet", bet), ("--put-in", put_in)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number of chips, 0 or more, not {value!r}")
    if bet == 0:
        raise ValueError("--bet: the bet he called must be more than 0")
    if put_in >= bet:
        raise ValueError(f"he put in {put_in} of a {bet} bet: the full amount, nothing "
                         "misunderstood (give --put-in below --bet)")
    percent = 100 * put_in // bet
    facts = (("bet", bet), ("put_in", put_in), ("percent", percent), ("damage", damage))
    situation = "misunderstood"
    book = house(r)
    if book == "gananda":
        thumb = percent >= 80
        note = (f"he put in {put_in} of {bet} ({percent}%); "
                + ("the rule of thumb disallows his claim (80% or more)" if thumb
                   else "under 80%: the rule of thumb lets his claim be heard")
                + ("; his action caused damage" if damage else "; no damage caused by his action"))
        return Ruling(situation, "director", "Gananda: No Limit 10", "a player who has taken "
                      "action based on a gross misunderstanding of the amount wagered may receive "
                      "some protection by the decision-maker. A \"call\" or \"raise\" may be ruled "
                      "not binding if it is obvious that the player grossly misunderstood the amount "
                      "wagered, provided no damage has been caused by that action. ... The "
                      "decision-maker is allowed considerable discretion in ruling on this type of "
                      "situation. A possible rule-of-thumb is to disallow any claim of not "
                      "understanding the amount wagered if the caller has put eighty percent or more "
                      "of that amount into the pot.", "the TD decides: the call ruled not binding "
                      "(his chips back, he reconsiders) or completed to the full bet",
                      note=note, facts=facts)
    if book == "tda-2024":
        rule, words = "TDA 49", ("It is the caller's responsibility to determine the correct "
                                 "amount of an opponent's bet before calling, regardless of what is "
                                 "stated by others. ... As with all situations, Rule 1 may apply at "
                                 "TD's discretion.")
    else:
        rule, words = "IFP 30", ("It is the caller's responsibility to determine the correct amount "
                                 "of an opponent's bet before calling, regardless of what is stated "
                                 "by the dealer or players. ... As with all tournament situations, "
                                 "Rule 1 may apply at the TD's discretion.")
    return Ruling(situation, "binding", rule, words, f"his call stands: he completes it to {bet} "
                  "(or is all-in)", facts=facts)


def every_ruling(rules: RuleSet | str | None) -> Iterator[tuple[str, Ruling]]:
    """Every ruling of this module under ``rules``, each option taken: (what was asked, ruling)."""
    for declared in (False, True):
        for kept, shown in ((False, False), (True, False), (True, True)):
            yield (f"play the board declared={declared} kept={kept} shown={shown}",
                   board_play_ruling(rules, declared=declared, kept=kept, shown=shown))
    for kind in ("damaged", "marked"):
        yield f"{kind} card", damaged_card_ruling(rules, kind)
    for intentional in (False, True):
        for one in (False, True):
            yield (f"exposed cards intentional={intentional} to one={one}",
                   exposed_cards_ruling(rules, intentional=intentional, to_one_player=one))
    for acts in (("fold",), ("call", "fold"), ("check", "check"), ("fold", "fold", "fold")):
        for spoke in (False, True):
            yield (f"skipped {acts} spoke={spoke}",
                   skipped_player_ruling(rules, acts, spoke_up=spoke))
    yield "button corrected", button_corrected_ruling(rules)
    for put_in, damage in ((300, False), (900, False), (300, True)):
        yield (f"misunderstood 1000 put {put_in} damage={damage}",
               misunderstood_bet_ruling(rules, bet=1000, put_in=put_in, damage=damage))
