"""Dealing irregularities, fouled decks, dead hands, the clock, penalties, action out of turn: the
floor's rulings (board errors: :mod:`pokertd.rules.board`, re-exported here; play at the table:
:mod:`pokertd.rules.play`; the catalogue of them all: :mod:`pokertd.rules.catalogue`).

Pure functions of the situation and a :class:`~pokertd.rules.RuleSet`, each returning a
:class:`Ruling` (the decision, the rule, its words, what to do next). The engine applies them
to its deck (``Hand.misdeal``, ``Hand.deal_error``, ``Hand.board_error``, ...); the CLI prints
them (``pokertd floor misdeal``, ``floor board``, ...).

Which book's procedures apply is a field of the rule set where the books disagree:
``dealing_irregularities`` (the misdeal list and the exposed, extra and boxed cards of the
initial deal: IFP 63-64, TDA 35-37, club rule 80 with the irregularities sheet, or the Gananda
Misdeals and Irregularities), ``board_errors`` (IFP Appendix 1, TDA 38-39 with RP-5, the
irregularities sheet 3-8, or the Gananda Holdem Irregularities 3-8), ``substantial_action``
(IFP 29 / TDA 36, or two players having acted: club 80.4, Gananda Misdeals 1),
``wrong_cards_after_sa``, ``clock_expiry``. A house book silent on a situation falls back to
IFP (the presets the houses are built on); where the preset's own book is silent, or leaves the
matter to the director (IFP 1, TDA 1), the ruling says so: decision ``director`` with the rule's
words, nothing guessed, and the reason in the ruling's ``note``. Every ``text`` is the cited
book's own words (tests/test_rule_quotes.py checks them against the books).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import RuleSet, get_rules
from .board import BOARD_ERRORS, board_ruling
from .ruling import (
    CLUB_1, IFP_1, TDA_1, Ruling, dealing_book, director, fallback as _fallback,
    substantial_action,
)

__all__ = [
    "BOARD_ERRORS", "DEAL_CAUSES", "DEAL_GAMES", "Ruling", "STUB_CASES", "board_ruling",
    "clock_ruling", "deal_ruling", "dealing_book", "fouled_deck_ruling", "killed_hand_ruling",
    "out_of_turn_ruling", "penalty_ruling", "seventh_street_ruling", "stub_ruling",
    "stud_premature_ruling", "substantial_action",
]

# --- misdeals and the initial deal ------------------------------------------------------------

#: The causes of the initial deal the floor rules on, with what happened.
DEAL_CAUSES: dict[str, str] = {
    "first-card-exposed": "the first or second card off the deck dealt face up or exposed by "
                          "the dealer",
    "exposed-card": "one hole card (not the first or second off the deck) exposed by the dealer",
    "two-exposed": "two or more hole cards exposed by the dealer",
    "boxed-card": "one card found face up in the deck",
    "two-boxed": "two or more cards found face up in the deck",
    "extra-card": "the first player dealt an extra card after every player had his hand",
    "extra-cards": "two or more extra cards dealt",
    "wrong-count": "a player dealt the wrong number of cards",
    "out-of-sequence": "a card dealt out of its proper sequence",
    "mixed-cards": "a player's initial card mixed with another player's card",
    "button-wrong": "the button in the wrong place",
    "first-card-wrong-seat": "the first card dealt to the wrong seat",
    "dealt-to-empty-seat": "cards dealt to an empty seat or a player not entitled to a hand",
    "player-dealt-out": "a player entitled to a hand dealt out",
    "button-short": "the button dealt one card too few",
    "non-standard-card": "a joker or another card not of the game found in a hand",
}

_M = "misdeal"
_REDEAL = ("every bet returned and the action voided; the same hand redealt with the button "
           "where it was, the same blinds and players")

# (book, cause) -> (decision, rule, text). Decisions before substantial action.
_DEAL: dict[tuple[str, str], tuple[str, str, str]] = {
    ("ifp-2012", "first-card-exposed"): (_M, "IFP 64a", "The first or second card of the hand are dealt up or exposed through dealer error."),
    ("ifp-2012", "two-exposed"): (_M, "IFP 64b", "Two or more hole cards have been exposed by the dealer."),
    ("ifp-2012", "exposed-card"): ("replace", "IFP 64f", "Any card is dealt out of its proper sequence (except an exposed card that may be used as the burn card)."),
    ("ifp-2012", "two-boxed"): (_M, "IFP 64c", "Two or more 'boxed' cards are found."),
    ("ifp-2012", "extra-cards"): (_M, "IFP 64d", "Two or more extra cards have been dealt."),
    ("ifp-2012", "extra-card"): (_M, "IFP 64e", "An incorrect number of cards have been dealt to a player."),
    ("ifp-2012", "wrong-count"): (_M, "IFP 64e", "An incorrect number of cards have been dealt to a player."),
    ("ifp-2012", "out-of-sequence"): (_M, "IFP 64f", "Any card is dealt out of its proper sequence (except an exposed card that may be used as the burn card)."),
    ("ifp-2012", "mixed-cards"): (_M, "IFP 64g", "A player's initial card has been mixed with another player's card."),
    ("ifp-2012", "button-wrong"): (_M, "IFP 64h", "The dealer button was at the wrong position."),
    ("ifp-2012", "first-card-wrong-seat"): (_M, "IFP 64i", "The first card is dealt to the wrong seat."),
    ("ifp-2012", "dealt-to-empty-seat"): (_M, "IFP 64j", "Cards have been dealt to an empty seat or to a player not entitled to a hand."),
    ("ifp-2012", "player-dealt-out"): (_M, "IFP 64k", "A player who is entitled to a hand has been dealt out."),

    ("tda-2024", "first-card-exposed"): (_M, "TDA 35-A7", "In flop games, if 1 of the first 2 cards dealt off the deck or any other 2 downcards are exposed by dealer error."),
    ("tda-2024", "two-exposed"): (_M, "TDA 35-A7", "In flop games, if 1 of the first 2 cards dealt off the deck or any other 2 downcards are exposed by dealer error."),
    ("tda-2024", "two-boxed"): (_M, "TDA 35-A1", "2 or more boxed cards on the initial deal"),
    ("tda-2024", "extra-card"): (_M, "TDA 35-A5", "the wrong number of cards is dealt to any player (except Rule 37)"),
    ("tda-2024", "extra-cards"): (_M, "TDA 35-A5", "the wrong number of cards is dealt to any player (except Rule 37)"),
    ("tda-2024", "wrong-count"): (_M, "TDA 35-A5", "the wrong number of cards is dealt to any player (except Rule 37)"),
    ("tda-2024", "first-card-wrong-seat"): (_M, "TDA 35-A2", "first card dealt to the wrong seat"),
    ("tda-2024", "dealt-to-empty-seat"): (_M, "TDA 35-A3", "cards dealt to a seat not entitled to a hand"),
    ("tda-2024", "player-dealt-out"): (_M, "TDA 35-A4", "a seat entitled to a hand is dealt out"),
    ("tda-2024", "button-wrong"): ("reset", "TDA 34-A", "If incorrect button movement is discovered before SA occurs, the error will be corrected. However, if SA has occurred, play will continue."),

    ("club", "first-card-exposed"): (_M, "club 80.3", "The first or second card of the hand has been dealt face up or exposed through dealer error."),
    ("club", "two-exposed"): (_M, "club 80.3", "Two or more cards have been exposed by the dealer."),
    ("club", "exposed-card"): ("replace", "club 80.3", "Any card is dealt out of the proper sequence (except an exposed card may be used as the burn card)."),
    ("club", "boxed-card"): ("scrap", "irregularities 10", "If a card is found face up in the deck it will be shown to all players and mucked. The next card will be used in its place."),
    ("club", "two-boxed"): (_M, "club 80.3", "Two or more improperly faced cards are found."),
    ("club", "extra-card"): ("burn", "irregularities 2", "If the dealer mistakenly deals the first player an extra card (after all players have received their starting hands), the card will be returned to the deck and used for the burncard."),
    ("club", "extra-cards"): (_M, "irregularities 2", "If the dealer mistakenly deals more than one extra card, it is a misdeal."),
    ("club", "wrong-count"): (_M, "club 80.3", "An incorrect number of cards have been dealt to a player, with the exception of the top card."),
    ("club", "out-of-sequence"): (_M, "club 80.3", "Any card is dealt out of the proper sequence (except an exposed card may be used as the burn card)."),
    ("club", "mixed-cards"): (_M, "club 80.3", "Anytime a player's initial card has been mixed with another player's card."),
    ("club", "button-wrong"): (_M, "club 80.3", "The dealer button was out of position and noticed before action has begun."),
    ("club", "first-card-wrong-seat"): (_M, "club 80.3", "The first card was dealt to the wrong position."),
    ("club", "dealt-to-empty-seat"): (_M, "club 80.3", "Cards have been dealt to an empty seat or a player not entitled to a hand."),
    ("club", "player-dealt-out"): (_M, "club 80.3", "A player has been dealt out who is entitled to a hand."),

    ("wpa", "first-card-exposed"): (_M, "WPA 30", "In flop games, exposure of one of the first two cards dealt is a misdeal."),
    ("wpa", "two-exposed"): (_M, "WPA 30", "In Hold'em and Stud games if two or more cards are exposed on the deal due to a dealer error, it is a misdeal."),
    ("wpa", "button-short"): ("complete", "WPA 30", "Players may be dealt two consecutive cards on the button."),
    ("ifp-2012", "button-short"): (_M, "IFP 64e", "An incorrect number of cards have been dealt to a player."),
    ("tda-2024", "button-short"): ("complete", "TDA 37", "A player on the button dealt too few cards should announce it immediately. Missing button cards may be replaced even after substantial action if permitted for the game type."),
    ("club", "button-short"): ("complete", "club 80.4", "Players may be dealt two consecutive cards on the button."),
    ("gananda", "button-short"): ("complete", "Gananda: Misdeals 2e", "An incorrect number of cards have been dealt to a player, except the top card may be dealt if it goes to the player in proper sequence."),
    ("gananda", "first-card-exposed"): (_M, "Gananda: Holdem Irregularities 1", "If the initial holecard dealt to the first or second player is exposed, a misdeal results."),
    ("gananda", "exposed-card"): ("replace", "Gananda: Holdem Irregularities 1", "If any other holecard is exposed due to a dealer error, the deal continues. The exposed card may not be kept. After completing the hand, the dealer replaces the card with the top card on the deck, and the exposed card is then used for the burncard."),
    ("gananda", "two-exposed"): (_M, "Gananda: Holdem Irregularities 1", "If more than one holecard is exposed, this is a misdeal and there must be a redeal."),
    ("gananda", "boxed-card"): ("scrap", "Gananda: Irregularities 7", "A card discovered faceup in the deck (boxed card) will be treated as a meaningless scrap of paper. A card being treated as a scrap of paper will be replaced by the next card below it in the deck"),
    ("gananda", "two-boxed"): (_M, "Gananda: Misdeals 2c", "Two or more boxed cards (improperly faced cards) are found."),
    ("gananda", "extra-card"): ("burn", "Gananda: Holdem Irregularities 2", "If the dealer mistakenly deals the first player an extra card (after all players have received their starting hands), the card will be returned to the deck and used for the burncard."),
    ("gananda", "extra-cards"): (_M, "Gananda: Holdem Irregularities 2", "If the dealer mistakenly deals more than one extra card, it is a misdeal."),
    ("gananda", "wrong-count"): (_M, "Gananda: Misdeals 2e", "An incorrect number of cards have been dealt to a player, except the top card may be dealt if it goes to the player in proper sequence."),
    ("gananda", "out-of-sequence"): (_M, "Gananda: Misdeals 2f", "Any card has been dealt out of the proper sequence (except an exposed card may be replaced by the burn card)."),
    ("gananda", "button-wrong"): (_M, "Gananda: Misdeals 2g", "The button was out of position."),
    ("gananda", "first-card-wrong-seat"): (_M, "Gananda: Misdeals 2h", "The first card was dealt to the wrong position."),
    ("gananda", "dealt-to-empty-seat"): (_M, "Gananda: Misdeals 2i", "Cards have been dealt to an empty seat or a player not entitled to a hand."),
    ("gananda", "player-dealt-out"): (_M, "Gananda: Misdeals 2j", "A player has been dealt out who is entitled to a hand."),
}

#: What the TDA leaves to the director among the deal's causes (TDA 35-A: "Misdeals include
#: but are not necessarily limited to"), and what IFP is silent on.
_DEAL_SILENT: dict[tuple[str, str], str] = {
    ("tda-2024", "exposed-card"): "TDA 35-A7 makes only 1 of the first 2 cards or any other 2 "
                                  "downcards a misdeal; what becomes of one other exposed "
                                  "downcard the TDA rules do not say",
    ("tda-2024", "boxed-card"): "TDA 35-A1 makes 2 or more boxed cards a misdeal; one boxed "
                                "card the TDA rules do not treat",
    ("tda-2024", "out-of-sequence"): "not among TDA 35-A's misdeals (which are 'not necessarily "
                                     "limited to' those listed)",
    ("tda-2024", "mixed-cards"): "not among TDA 35-A's misdeals (which are 'not necessarily "
                                 "limited to' those listed)",
    ("ifp-2012", "boxed-card"): "IFP 64c makes two or more boxed cards a misdeal; one boxed "
                                "card IFP does not treat",
}

#: The games a deal ruling is given for: ``flop`` (hold'em, Omaha), ``stud`` (stud, stud hi-lo,
#: razz: two downcards and an upcard), ``draw`` (deuce-to-seven draw).
DEAL_GAMES = ("flop", "stud", "draw")

_EXPOSURES = ("first-card-exposed", "exposed-card", "two-exposed")
_RP10A = ("upcard", "TDA RP-10-A", "A downcard exposed on the initial deal will be the player's "
          "upcard and 3rd street will be dealt down to that player. The player can be the bring-in.")
_CLUB_STUD = (_M, "club 80.3", "Stud games, during a deal, if any player's down cards are exposed.")
_TDA_DRAW = ("TDA 35-A makes exposed downcards a misdeal in flop games only: \"House rules apply "
             "for draw games (ex: lowball).\"")

# (game, book, cause) -> the ruling where a game's rule differs from the flop games'.
_GAME_DEAL: dict[tuple[str, str, str], tuple[str, str, str]] = {
    ("stud", "tda-2024", "first-card-exposed"): _RP10A,
    ("stud", "tda-2024", "exposed-card"): _RP10A,
    **{("stud", "club", c): _CLUB_STUD for c in _EXPOSURES},
}
_GAME_SILENT: dict[tuple[str, str, str], str] = {
    ("stud", "tda-2024", "two-exposed"): "TDA 35-A7 treats flop games and RP-10-A one exposed "
                                         "downcard; two downcards exposed in stud the TDA rules "
                                         "do not treat",
}
# Rulings of _DEAL written for some games only (the others fall back to IFP 64, whose list is
# not limited to a game): WPA 30 names flop games for the first two cards and "Hold'em and Stud
# games" for two exposed cards; the Gananda Holdem Irregularities and the hold'em dealing
# irregularities sheet (club irregularities 2) are hold'em's.
_DEAL_ONLY_IN: dict[tuple[str, str], tuple[str, ...]] = {
    ("wpa", "first-card-exposed"): ("flop",),
    ("wpa", "two-exposed"): ("flop", "stud"),
    ("tda-2024", "first-card-exposed"): ("flop",),
    ("tda-2024", "two-exposed"): ("flop",),
    ("club", "extra-card"): ("flop",),
    ("club", "extra-cards"): ("flop",),
    **{("gananda", c): ("flop",) for c in (*_EXPOSURES, "extra-card", "extra-cards")},
}
# A stud deal starts from seat 1, not from a button: the button's causes do not arise.
_NO_BUTTON = ("button-short", "button-wrong")

_JOKER = "the card is a scrap of paper, taken out of the hand; the next card takes its place"
_DEAL_PROCEDURE = {
    _M: _REDEAL,
    "replace": "the deal goes on; once every player has his cards the exposed card is replaced "
               "by the top card of the stub and then used as the burn card",
    "scrap": "the boxed card is shown and mucked, a scrap of paper; the next card takes its place "
             "(a boxed hole card is replaced once every other player has his cards)",
    "burn": "the extra card goes back on the deck as the burn card; the deal stands",
    "reset": "the button is corrected: " + _REDEAL,
    "complete": "the button is dealt his missing card, the top card of the stub",
    "upcard": "the exposed downcard is his upcard and his third-street upcard is dealt down to "
              "him; he can be the bring-in",
    "play-on": "the hand is played out; no misdeal can be declared",
}


def deal_ruling(rules: RuleSet | str | None, cause: str, *,
                actions: Sequence[str] = (), player_acted: bool = False,
                game: str = "flop") -> Ruling:
    """The ruling on an irregularity of the initial deal (``cause`` one of
    :data:`DEAL_CAUSES`), given the actions in turn taken so far: before substantial action the
    book's decision (a misdeal, or the exposed card replaced and used as the burn, ...); once
    substantial action has occurred no misdeal can be declared (IFP 64, TDA 35-D, club 80.4,
    Gananda Misdeals 1) and the hand is played out (a player with the wrong number of cards:
    ``wrong_cards_after_sa``). The button dealt too few cards (``button-short``) may be dealt
    his card even after substantial action under TDA 37, unless he has acted on his hand
    (``player_acted``): then it is dead. A joker or other card not of the game
    (``non-standard-card``): a misdeal before substantial action and a scrap of paper after it
    (TDA 35-A6, 35-D); a scrap replaced by the next card, unless its player acted on his hand
    first: then his hand is dead (Gananda Irregularities 8).

    ``game`` (:data:`DEAL_GAMES`) where the books differ by game: in stud one exposed downcard
    becomes the upcard under TDA RP-10-A (two: the TD's) and any exposed downcard is a misdeal
    under club 80.3; TDA 35-A leaves exposed cards in draw games to house rules; WPA 30's and
    the hold'em sheets' rulings are for the games they name, IFP 64 for the others. Actions in
    turn exclude the bring-in, a forced bet like the blinds (TDA 36; club 80.4: "two players
    after the forced bet")."""
    r = get_rules(rules)
    if cause not in DEAL_CAUSES:
        raise ValueError(f"unknown deal irregularity {cause!r} (one of {', '.join(DEAL_CAUSES)})")
    if game not in DEAL_GAMES:
        raise ValueError(f"unknown game {game!r} (one of {', '.join(DEAL_GAMES)})")
    if game == "stud" and cause in _NO_BUTTON:
        raise ValueError(f"{cause}: a stud hand is dealt from seat 1, without a button")
    book = dealing_book(r)
    sa, sa_rule = substantial_action(r, actions)
    if cause == "button-short" and book == "tda-2024":
        if player_acted:
            return Ruling(cause, "dead", "TDA 37", "However, if the button acts on a hand with too "
                          "few cards (by check or bet), the button's hand is dead.",
                          "the button's hand is dead")
        decision, rule, text = _DEAL[("tda-2024", "button-short")]
        return Ruling(cause, decision, rule, text, _DEAL_PROCEDURE[decision])
    if cause == "non-standard-card":
        if book == "tda-2024":
            if sa:
                return Ruling(cause, "scrap", "TDA 35-D", "Non-standard cards found after SA are "
                              "treated as scraps of paper", _JOKER)
            return Ruling(cause, _M, "TDA 35-A6", "Before SA, a non-standard card for the game type "
                          "is found (example: jokers, 2-3-4-5 in short deck)", _REDEAL)
        if book == "gananda":
            text = ("A joker that appears in a game where it is not used is treated as a scrap of "
                    "paper. Discovery of a joker does not cause a misdeal. If the joker is "
                    "discovered before a player acts on his or her hand, it is replaced as in the "
                    "previous rule. If the player does not call attention to the joker before "
                    "acting, then the player has a dead hand.")
            if player_acted:
                return Ruling(cause, "dead", "Gananda: Irregularities 8", text,
                              "his hand is dead")
            return Ruling(cause, "scrap", "Gananda: Irregularities 8", text, _JOKER)
        if book == "club":
            return _club_joker(cause, player_acted)
        return director(cause, IFP_1, "IFP 63 and 64 do not treat a card not of the game")
    if sa:
        if cause in ("wrong-count", "extra-card", "extra-cards", "button-short"):
            return killed_hand_ruling(r, "wrong-cards")
        lates = {"ifp-2012": ("IFP 64", "Once substantial action has occurred ... a misdeal cannot "
                              "be declared and the hand must be played out."),
                 "tda-2024": ("TDA 35-D", "Once substantial action occurs (see Rule 36) a misdeal "
                              "cannot be declared; the hand must proceed unless the deck is fouled."),
                 "club": ("club 80.4", "After the initial deal, a 'misdeal' will only be declared in "
                          "the event a 'fouled deck' is found. Once action has occurred, a "
                          "'misdeal' cannot be declared."),
                 "gananda": ("Gananda: Misdeals 1", "Once action begins, a misdeal cannot be called. "
                             "The deal will be played, and no money will be returned to any player "
                             "whose hand is fouled.")}
        late = lates.get(book, lates["ifp-2012"])
        if book == "tda-2024" and cause == "button-wrong":
            late = ("TDA 34-A", _DEAL[("tda-2024", "button-wrong")][2])
        return Ruling(cause, "play-on", late[0], late[1], _DEAL_PROCEDURE["play-on"],
                      note=f"substantial action: {sa_rule}")
    for b in _fallback(book, r):
        hit = _GAME_DEAL.get((game, b, cause))
        if hit is None and game in _DEAL_ONLY_IN.get((b, cause), DEAL_GAMES):
            hit = _DEAL.get((b, cause))
        if hit is not None:
            decision, rule, text = hit
            return Ruling(cause, decision, rule, text, _DEAL_PROCEDURE[decision])
        if (game, b) == ("draw", "tda-2024") and cause in _EXPOSURES:
            return Ruling(cause, "director", "TDA 35-A", "House rules apply for draw games (ex: "
                          "lowball).", "the house rules decide, or the TD (Rule 1)", note=_TDA_DRAW)
        silent = _GAME_SILENT.get((game, b, cause)) or _DEAL_SILENT.get((b, cause))
        if silent is not None:
            return director(cause, TDA_1 if b == "tda-2024" else IFP_1, silent)
    raise AssertionError(f"no ruling for {cause!r} in {book!r}")   # every cause is covered


def _club_joker(cause: str, player_acted: bool) -> Ruling:
    """The club books do not speak of a joker or any card not of the game: ruled as their closest
    rule, a card found face up in the deck (irregularities 10: mucked, the next card in its
    place); of a player who acted on a hand holding it they say nothing (the TD decides)."""
    silent = ("the club books do not speak of a joker or a card not of the game; ruled as their "
              "closest rule, a card found face up in the deck (irregularities 10)")
    if player_acted:
        return director(cause, CLUB_1, silent + ", which says nothing of a player who acted on "
                        "a hand holding it (Gananda Irregularities 8 makes that hand dead; TDA "
                        "35-A6 a misdeal before substantial action)")
    return Ruling(cause, "scrap", "irregularities 10", "If a card is found face up in the deck it "
                  "will be shown to all players and mucked. The next card will be used in its "
                  "place.", _JOKER, note=silent)


def fouled_deck_ruling(rules: RuleSet | str | None, defect: str = "duplicate",
                       where: str = "hand") -> Ruling:
    """A fouled deck: ``defect`` ``duplicate`` (two cards of the same suit and rank),
    ``count`` (too few or too many cards) or ``back`` (a card with a different back);
    ``where`` ``hand`` (in play) or ``stub`` (found in the deck stub). The hand is void and
    every chip goes back (IFP 63, TDA 35-E regardless of substantial action, Gananda
    Irregularities 3-4); a different back found in the stub lets the action stand (Gananda
    Irregularities 3); TDA 35-E names only duplicates (other conditions: local policy, the
    director); cards missing from the deck do not void a hand under Gananda (Irregularities 10)."""
    r = get_rules(rules)
    if defect not in ("duplicate", "count", "back") or where not in ("hand", "stub"):
        raise ValueError("a fouled deck: defect duplicate, count or back; where hand or stub")
    book = dealing_book(r)
    void = "the hand is void: every bet returned, every stack as it was at the start of the hand"
    if book == "tda-2024":
        if defect == "duplicate":
            return Ruling("fouled-deck", "void", "TDA 35-E", "If 2 or more cards of the same suit "
                          "and rank are found, the deck is fouled ... If a fouled deck is "
                          "discovered, regardless of SA, play will stop and all bets will be "
                          "returned.", void)
        return Ruling("fouled-deck", "director", "TDA 35-E", "Other fouled deck conditions may be "
                      "defined by local gaming regulations and house policy.", "house policy or "
                      "the TD decides (Rule 1)")
    if book == "gananda":
        if defect == "back":
            if where == "stub":
                return Ruling("fouled-deck", "stands", "Gananda: Irregularities 3", "If a card with "
                              "a different color back is discovered in the stub, all action "
                              "stands.", "the hand goes on; the deck is replaced after it")
            return Ruling("fouled-deck", "void", "Gananda: Irregularities 3", "If a card with a "
                          "different color back appears during a hand, all action is void and "
                          "all chips in the pot are returned to the respective bettors.", void)
        if defect == "duplicate":
            return Ruling("fouled-deck", "void", "Gananda: Irregularities 4", "If two cards of the "
                          "same rank and suit are found, all action is void, and all chips in the "
                          "pot are returned to the players who wagered them", void)
        return Ruling("fouled-deck", "stands", "Gananda: Irregularities 10", "One or more cards "
                      "missing from the deck does not invalidate the results of a hand.",
                      "the hand goes on")
    letter, item = {"count": ("a", "Too few or too many cards;"),
                    "back": ("b", "Cards with different colored backs;"),
                    "duplicate": ("c", "Two or more cards of the same suit and rank.")}[defect]
    ifp63 = ("The hand will be declared void if at any time during the hand, the deck is "
             f"discovered to have: ... {letter}. {item}")
    if book == "club":
        # club 80.4 makes a fouled deck the one misdeal after the deal; its list of what fouls
        # a deck (the index's rule 30) is not in the club's text: IFP 63's is.
        return Ruling("fouled-deck", "void", "club 80.4", "After the initial deal, a 'misdeal' "
                      "will only be declared in the event a 'fouled deck' is found.", void,
                      note=f"a misdeal returns every bet (club 80.2); what fouls a deck the "
                      f"club's text does not list (its rule 30 is not in the book): IFP 63{letter}")
    return Ruling("fouled-deck", "void", f"IFP 63{letter}", ifp63, void)


# --- a dropped stub ----------------------------------------------------------------------------

#: What became of a stub dropped while cards remain to be dealt (TDA RP-4).
STUB_CASES = {
    "reconstructable": "the stub can be put back in its original order",
    "stub-only": "the stub is disordered, not mixed with anything",
    "mixed": "the stub is mixed with the muck and/or the burn cards",
}


def stub_ruling(rules: RuleSet | str | None, case: str) -> Ruling:
    """The stub dropped and disordered while cards remain to be dealt: TDA RP-4 (put back in
    order if possible; else the stub alone scrambled, shuffled and cut; mixed with the muck or
    burns, all of them); Gananda Irregularities 17 (the deal is played out, the deck
    reconstituted "in as fair a way as possible": the TD's judgement); IFP is silent."""
    r = get_rules(rules)
    if case not in STUB_CASES:
        raise ValueError(f"unknown case {case!r} (one of {', '.join(STUB_CASES)})")
    book = dealing_book(r)
    if book == "tda-2024":
        n, decision, procedure = {
            "reconstructable": ("1", "reconstruct", "the stub put back in its original order"),
            "stub-only": ("2", "reshuffle", "a new stub from the stub cards only (not the muck and "
                                            "prior burns): scrambled, shuffled, cut"),
            "mixed": ("3", "reshuffle", "the mixed cards scrambled together, shuffled and cut: "
                                       "the new stub")}[case]
        return Ruling("stub-dropped", decision, f"TDA RP-4 {n}", "When cards remain to be dealt "
                      "on a hand and the stub is accidentally dropped and appears to be disordered: "
                      "1) first try to reconstruct the stub in its original order if possible; 2) "
                      "If not possible, create a new stub using only the stub cards (not the muck "
                      "and prior burns). These should be scrambled, shuffled, cut, and play proceeds "
                      "with the new stub; 3) If when dropped the stub is mixed in with the muck "
                      "and/or burns, then scramble the mixed cards together, shuffle, and cut.",
                      procedure)
    if book == "gananda":
        return Ruling("stub-dropped", "director", "Gananda: Irregularities 17", "If the deck stub "
                      "gets fouled for some reason, such as the dealer believing the deal is over "
                      "and dropping the deck, the deal must still be played out, and the deck "
                      "reconstituted in as fair a way as possible.", "the hand is played out; the "
                      "TD reconstitutes the deck")
    return director("stub-dropped", IFP_1, "IFP does not treat a dropped stub")


# --- stud: the seventh-street card --------------------------------------------------------------

_RP10B = ("A card exposed by the dealer on 7th street will be replaced if betting action remains "
          "on the hand. 7th street should be dealt down even if no betting action remains on the "
          "hand and in all-in situations the player(s) not at risk expose first.")


def seventh_street_ruling(rules: RuleSet | str | None, action_remains: bool) -> Ruling:
    """A stud player's seventh-street downcard exposed by the dealer. TDA RP-10-B: replaced
    (the next card of the stub, dealt down; the exposed card out of play) if betting action
    remains on the hand; otherwise it stands and plays, the players not at risk exposing their
    cards first. IFP, WPA and the Gananda rules (a hold'em league's) have no stud procedure:
    the TD decides."""
    r = get_rules(rules)
    if dealing_book(r) == "tda-2024":
        if action_remains:
            return Ruling("seventh-street-exposed", "replace", "TDA RP-10-B", _RP10B,
                          "the exposed card is out of play; the player is dealt the next card of "
                          "the stub, face down")
        return Ruling("seventh-street-exposed", "stands", "TDA RP-10-B", _RP10B,
                      "no betting remains: the card plays; the players not at risk (not all-in) "
                      "expose their hands first")
    return director("seventh-street-exposed", IFP_1, "the book has no procedure for a stud card "
                    "exposed on seventh street (TDA RP-10-B is the TDA's)")


def stud_premature_ruling(rules: RuleSet | str | None) -> Ruling:
    """The next stud street's card dealt before the betting is over. TDA RP-5-D: it goes back to
    the stub, the stub is reshuffled and the street dealt from it without another burn. IFP
    Appendix 1 treats board cards only; the Gananda rules say the cards "will not play"
    (Irregularities 15) without a procedure for the street; WPA is silent: the TD decides."""
    r = get_rules(rules)
    book = r.board_errors
    if book == "tda-2024":
        return Ruling("stud premature", "reshuffle", "TDA RP-5-D", "Premature card in stud: the "
                      "premature card is returned to the stub, the stub is re-shuffled (See RP-17, "
                      "reshuffling), and a new street is dealt from the newly shuffled stub without "
                      "another burn.", "the card back into the stub, the stub reshuffled face down "
                      "(TDA 39-D); the street dealt from it without another burn")
    if book == "gananda":
        return Ruling("stud premature", "director", "Gananda: Irregularities 15", "If the dealer "
                      "prematurely deals any cards before the betting is complete, those cards "
                      "will not play, even if a player who has not acted decides to fold.",
                      "the cards do not play; how the street is dealt the TD decides")
    return director("stud premature", IFP_1, "IFP Appendix 1 treats premature board cards; a "
                    "premature stud card the book does not treat")


# --- killed and dead hands -------------------------------------------------------------------

def killed_hand_ruling(rules: RuleSet | str | None, cause: str) -> Ruling:
    """A hand made dead: ``killed`` (the dealer killed it by mistake, or it was fouled: IFP 27,
    WPA 31, TDA 65-A: no redress, an uncalled bet or raise returned), ``wrong-cards`` (a
    player found with the wrong number of cards after substantial action: TDA 38 and
    Gananda Dead Hands 1c, dead, one burn per street; IFP and WPA are silent:
    ``wrong_cards_after_sa``)."""
    r = get_rules(rules)
    if cause == "killed":
        book = dealing_book(r)
        if book == "tda-2024":
            rule, text = "TDA 65-A", ("If the dealer kills a hand by mistake or if in TDs judgement a "
                                      "hand is fouled and cannot be identified to 100% certainty, the "
                                      "player has no redress and is not entitled to a refund of called "
                                      "bets. If the player initiated a bet or raise and hasn't been "
                                      "called, the uncalled amount will be returned.")
        elif r.name == "wpa":
            rule, text = "WPA 31", ("If a dealer kills an unprotected hand, the player will have no "
                                    "redress and will not be entitled to a refund of bets. However, if "
                                    "a player had raised and the raise had not yet been called, the "
                                    "raise will be returned to the player.")
        elif book == "gananda":
            rule, text = "Gananda: Irregularities 2", ("If you fail to protect your hand, you will "
                                                       "have no redress if it becomes fouled or the "
                                                       "dealer accidentally kills it.")
        else:
            rule, text = "IFP 27", ("If a dealer kills a hand by mistake, or a hand is fouled, the "
                                    "player will have no redress and is not entitled to a refund of "
                                    "bets. If the player initiated a bet or raise and has not been "
                                    "called, the uncalled bet or raise will be returned to the player.")
        return Ruling("killed", "dead", rule, text, "the hand is dead; its called bets stay in the "
                      "pot; an uncalled bet or raise is returned to him")
    if cause != "wrong-cards":
        raise ValueError(f"unknown dead-hand cause {cause!r} (killed or wrong-cards)")
    if r.wrong_cards_after_sa == "dead":
        if dealing_book(r) == "gananda":
            return Ruling("wrong-cards", "dead", "Gananda: Dead Hands 1c", "Your hand is declared "
                          "dead if: ... The hand does not contain the proper number of cards for "
                          "that particular game.", "the hand is dead; the deal is played")
        return Ruling("wrong-cards", "dead", "TDA 38", "If SA occurs and a hand is killed due to "
                      "the wrong number of cards, all cards of the killed hand are mucked ... one "
                      "and only one card is burned off the stub for each subsequent street.",
                      "the hand is dead, its cards mucked; one burn only before each street")
    return director("wrong-cards", TDA_1 if r.name == "tda-2024" else IFP_1, "after substantial "
                    "action no misdeal can be declared and the hand must be played out (IFP 64); "
                    "what becomes of a hand with the wrong number of cards the book does not say")


# --- the clock ---------------------------------------------------------------------------------

def clock_ruling(rules: RuleSet | str | None, facing_bet: bool) -> Ruling:
    """A clock called on the player to act: the time he has and the countdown (IFP 55: one
    minute and 10 seconds; WPA 26: after 2 minutes, one minute and 10 seconds; TDA 29: 25
    seconds and 5; Gananda No-Limit 11: one minute facing a bet, a ten-second warning), and
    what happens when it runs out (``clock_expiry``: the hand dead, or under TDA 29 dead
    facing a bet and checked otherwise)."""
    r = get_rules(rules)
    s, c = r.clock_seconds, r.clock_countdown_seconds
    after = f" once {r.clock_after_seconds} seconds have passed" if r.clock_after_seconds else ""
    checked = r.clock_expiry == "dead-facing-bet-else-checked" and not facing_bet
    decision = "checked" if checked else "dead"
    if r.name == "tda-2024":
        rule, text = "TDA 29", ("A player on the clock has up to 25 seconds plus a 5 second countdown "
                                "to act. If the player faces a bet and time expires, the hand is "
                                "dead; if not facing a bet, the hand is checked.")
    elif r.name == "wpa":
        rule, text = "WPA 26", ("Once a reasonable amount of time has passed (2 minutes) any player "
                                "at the table can ask for a clock, and a player will be given a "
                                "maximum of one minute ... a 10-second countdown. If a player does "
                                "not act by the time the countdown is over, the player's hand is dead.")
    elif dealing_book(r) == "gananda" and facing_bet:
        rule, text = "Gananda: No Limit 11", ("If the clock is put on you when you are facing a bet, "
                                              "you will have one additional minute to act on your "
                                              "hand. You will have a ten-second warning, after which "
                                              "your hand is dead if you have not acted.")
    else:
        rule, text = "IFP 55", ("the player to act will be given a maximum of one minute to make a "
                                "decision. If action has not been taken before time expires, there "
                                "will be a 10-second countdown ... If the player has not acted "
                                "before the declaration, the hand is dead.")
    return Ruling("clock", decision, rule, text,
                  f"{s} seconds to act{after}, then a {c}-second countdown; then the hand is "
                  + ("checked" if checked else "dead"))


# --- penalties ---------------------------------------------------------------------------------

#: The words of each book's penalty rule, by the penalty they give.
_PENALTY_WORDS: dict[str, dict[str, str]] = {
    "IFP 70": {
        "warning": "Penalties available to the tournament director include verbal warnings, "
                   "\"missed hand\" penalties, and disqualification.",
        "disqualification": "A player who is disqualified shall have his or her chips removed "
                            "from play.",
        "hands": "Tournament staff can assess a 1-hand penalty",
        "rounds": "The offender will miss one hand for every player, including the offender, who "
                  "is at the table when the penalty is given, multiplied by the number of rounds "
                  "specified in the penalty."},
    "WPA 41": {
        "warning": "Penalties available to the TD include verbal warnings and \"missed hand\" "
                   "penalties.",
        "disqualification": "Tournament staff can assess one-, two-, three-, or four-round "
                            "penalties or disqualification. A player who is disqualified shall "
                            "have his or her chips removed from play.",
        "hands": "",             # WPA 41 gives rounds only: refused before it is quoted
        "rounds": "the offender will miss one hand for every player, including the offender, who "
                  "is at the table when the penalty is given multiplied by the number of rounds "
                  "specified in the penalty"},
    "TDA 71": {
        "warning": "Enforcement options include but are not limited to verbal warnings, one or "
                   "more \"missed hand\" or \"missed round\" penalties, and disqualification.",
        "disqualification": "Chips of a disqualified player shall be removed from play.",
        "hands": "Enforcement options include ... one or more \"missed hand\" or \"missed round\" "
                 "penalties",
        "rounds": "For missed rounds, the offender will miss one hand for every player (including "
                  "him or her) at the table when the penalty is given multiplied by the number of "
                  "penalty rounds."},
}


def penalty_ruling(rules: RuleSet | str | None, penalty: str, *, players_at_table: int = 0,
                   rounds: int = 0, hands: int = 0) -> tuple[Ruling, int]:
    """A penalty and the hands the offender misses: ``warning``, ``hands`` (a one-hand penalty
    under IFP 70; TDA 71-A, "one or more missed hand" penalties), ``rounds`` (one hand for
    every player at the table when the penalty is given, the offender included, times the
    rounds: IFP 70 and WPA 41 up to 4, TDA 71-A any), ``disqualification`` (his chips removed
    from play). While on penalty he is away from the table, dealt in, his blinds and antes
    posted, his hand killed (IFP 70, TDA 71-C); the original deal and a misdeal's redeal count
    as one hand (TDA 35-C)."""
    r = get_rules(rules)
    rule = {"ifp-2012": "IFP 70", "wpa": "WPA 41", "tda-2024": "TDA 71"}.get(r.name, "IFP 70")
    if rule == "TDA 71":
        away = ("away from the table; dealt in, blinds and antes posted, the hand killed after "
                "the initial deal (TDA 71-C); a misdeal and its redeal count as one hand (TDA 35-C)")
    elif rule == "WPA 41":
        away = "away from the table (WPA 41)"
    else:
        away = ("away from the table but dealt in, blinds and antes posted (IFP 70; an absent "
                "player's hand as IFP 8 says)")
    words = _PENALTY_WORDS[rule]
    if penalty == "warning":
        return Ruling("penalty", "warning", rule, words["warning"],
                      "a verbal warning; repeat infractions escalate"), 0
    if penalty == "disqualification":
        return Ruling("penalty", "disqualification", rule, words["disqualification"],
                      "his chips are removed from play"), 0
    if penalty == "hands":
        if hands < 1:
            raise ValueError(f"a missed-hand penalty of {hands} hands: give 1 or more")
        if r.penalty_hands_max < 0:
            raise ValueError(f"{rule} has no missed-hand penalty, only rounds of 1 to "
                             f"{r.penalty_rounds_max}")
        if r.penalty_hands_max and hands > r.penalty_hands_max:
            raise ValueError(f"{rule} allows a missed-hand penalty of at most "
                             f"{r.penalty_hands_max} hand (otherwise rounds); got {hands}")
        return Ruling("penalty", "missed-hands", rule, words["hands"], f"{hands} hands {away}"
                      ), hands
    if penalty != "rounds":
        raise ValueError(f"unknown penalty {penalty!r}: warning, hands, rounds or disqualification")
    if rounds < 1 or (r.penalty_rounds_max and rounds > r.penalty_rounds_max):
        top = f"1 to {r.penalty_rounds_max}" if r.penalty_rounds_max else "1 or more"
        raise ValueError(f"{rule}: a penalty of {top} rounds, not {rounds}")
    if not 2 <= players_at_table <= 10:
        raise ValueError(f"players at the table when the penalty is given: 2 to 10, not "
                         f"{players_at_table}")
    missed = players_at_table * rounds
    return Ruling("penalty", "missed-rounds", rule, words["rounds"],
                  f"{missed} hands ({players_at_table} players x {rounds} rounds) {away}"), missed


# --- action out of turn (the engine's Hand.out_of_turn rules the same) -------------------------

def out_of_turn_ruling(rules: RuleSet | str | None, action: str, between: str = "none", *,
                       amount: int = 0, bet_between: int = 0, facing_bet: bool = True) -> Ruling:
    """A player acts out of turn (``action`` fold, check, call, bet/raise of ``amount``); the
    players he skipped then do ``between``: ``none``/``check``/``call``/``fold`` (the action
    to him does not change) or ``bet``/``raise`` (it changes; ``bet_between`` the amount).
    Ruled by ``out_of_turn`` (IFP 26, WPA 33, TDA 53-A, Gananda Betting 7, irregularities 13).
    ``facing_bet`` whether he faced a bet when he acted: a fold out of turn facing a bet is a
    dead hand under Gananda Dead Hands 1a; otherwise Betting 7 binds it unless a bet or raise
    changes the action to him (IFP 26, TDA 53-A: an out-of-turn fold binds)."""
    r = get_rules(rules)
    if action not in ("fold", "check", "call", "bet", "raise"):
        raise ValueError(f"unknown out-of-turn action {action!r}: fold, check, call, bet or raise")
    if between not in ("none", "check", "call", "fold", "bet", "raise"):
        raise ValueError(f"unknown action in between {between!r}: none, check, call, fold, bet "
                         "or raise")
    changed = between in ("bet", "raise")
    mode = r.out_of_turn
    if mode == "retract":
        if action in ("fold", "check", "call"):
            return director("out-of-turn", CLUB_1, "irregularities 13 says what happens to a bet "
                            "out of turn (retracted; the correct player acts; steps iii-v); of a "
                            "check, call or fold out of turn it says nothing", "the TD decides")
        if not changed:
            if between == "call":           # facing the bet called: call or fold, no raise
                return Ruling("out-of-turn", "no-raise", "irregularities 13 iii", "If the "
                              "correct player checks then the player betting out of turn must "
                              "check", "his bet is withdrawn (13 i); facing the same bet he "
                              "may call or fold")
            return Ruling("out-of-turn", "check", "irregularities 13 iii", "If the correct player "
                          "checks then the player betting out of turn must check", "his bet is "
                          "withdrawn (13 i); he checks")
        if bet_between and amount and bet_between <= amount:
            return Ruling("out-of-turn", "no-raise", "irregularities 13 iv", "If the player who "
                          "was to act first bets less or equal to, the out of turn players bet, then "
                          "the out of turn player can call or fold.", "his bet is withdrawn; he may "
                          "call or fold")
        return Ruling("out-of-turn", "released", "irregularities 13 v", "If the player to act first "
                      "bets more than the out of turn player bet, then the out of turn player may; "
                      "call, raise or fold.", "his bet is withdrawn; every option")
    book = "gananda" if mode != "binding-unless-action-changes" else r.name.split("+")[0]
    rule, binding, released, fold = _OOT_WORDS.get(book, _OOT_WORDS["ifp-2012"])
    if action == "fold":
        if book == "gananda" and facing_bet:
            return Ruling("out-of-turn", "binding", "Gananda: Dead Hands 1a", "Your hand is "
                          "declared dead if: a. You fold or announce that you are folding when "
                          "facing a bet or a raise.", "his hand is dead")
        if fold is not None:
            return Ruling("out-of-turn", "binding", *fold, "his hand is folded")
    if not changed:
        return Ruling("out-of-turn", "binding", rule, binding, f"his {action} stands when the "
                      "action reaches him")
    if action in ("check", "call") and book == "gananda":
        return Ruling("out-of-turn", "no-raise", rule, "A player who checks out of turn may not "
                      "bet or raise on the next turn to act. A player who has called out of turn "
                      "may not change his wager to a raise on the next turn to act.",
                      "his chips back; he may call or fold")
    return Ruling("out-of-turn", "released", rule, released,
                  "his chips back; every option" if action != "fold" else
                  "his hand is live again; every option")


#: Each book's out-of-turn rule: (rule, binding when the action has not changed, released when
#: it changed, the rule and words for a fold out of turn). WPA 33 says nothing of a fold out of
#: turn (the wpa preset keeps IFP 26's); Gananda Betting 7 binds any action "unless the action to
#: that player is subsequently changed by a bet or raise" (a fold facing a bet: Dead Hands 1a).
_OOT_WORDS: dict[str, tuple[str, str, str, tuple[str, str] | None]] = {
    "ifp-2012": ("IFP 26", "Action out of turn, whether the declaration is verbal or physical, "
                 "will be binding if the action to that player has not changed. A check, call or "
                 "fold is not considered action-changing.", "If a player acts out of turn and the "
                 "action changes, the person who acted out of turn may change his or her action by "
                 "calling, raising or folding and may have his/her chips returned.",
                 ("IFP 26", "An out-of-turn fold is binding.")),
    "wpa": ("WPA 33", "Action out of turn will be binding if the action to that player has not "
            "changed. A check, call, or fold is not considered action changing.", "Action out of "
            "turn will be binding if the action to that player has not changed.",
            ("IFP 26", "An out-of-turn fold is binding.")),
    "tda-2024": ("TDA 53-A", "The OOT action is subject to penalty and is binding if action to the "
                 "OOT player does not change. A check, call or fold by the correct player does not "
                 "change action.", "If action changes, the OOT action is not binding; any bet or "
                 "raise is returned to the OOT player who has all options: call, raise, or fold.",
                 ("TDA 53-A", "An OOT fold is binding.")),
    "gananda": ("Gananda: Betting 7", "An action or verbal declaration out of turn is binding "
                "unless the action to that player is subsequently changed by a bet or raise.",
                "An action or verbal declaration out of turn is binding unless the action to that "
                "player is subsequently changed by a bet or raise.", None),
}
