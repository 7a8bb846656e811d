"""Board errors: the floor's procedures for premature cards, missed and double burns and too
many board cards, by the preset's ``board_errors`` book (IFP Appendix 1, TDA 38-39 with RP-5,
the irregularities sheet 3-8, the Gananda Holdem Irregularities 3-8). Pure: the ruling and, given
the deck from the street's burn on, the cards the procedure burns, deals, sets aside and leaves
in the stub (the engine applies them: ``Hand.board_error``).

Procedures work on ``cards``: the deck from the position of the street's burn card on (for a
premature street, the burn of the street dealt too soon), in the order the deck holds them; the
ruling returns the cards burned and dealt on that street, the cards set aside, the stub after it,
and the number of burns before each street still to come. Reshuffles use ``rng``
(``random.Random``; the operating system's generator by default).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import RuleSet, get_rules
from .ruling import IFP_1, TDA_1, Ruling, director, fallback

__all__ = ["BOARD_ERRORS", "STREETS", "board_ruling"]

# --- board errors ------------------------------------------------------------------------------

#: The board errors the floor rules on.
BOARD_ERRORS: dict[str, str] = {
    "premature": "the street's cards turned before the betting round before it was complete",
    "no-burn": "the street dealt without a burn card",
    "extra-burn": "two burn cards before the street",
    "extra-card": "too many cards turned (four on the flop, two on the turn or river)",
}

_K = {"flop": 3, "turn": 1, "river": 1}


def _shuffled(cards: Sequence[int], rng: Any) -> list[int]:
    out = list(cards)
    rng.shuffle(out)
    return out


class _Cards:
    """The result of a procedure on the cards ``seq`` (see :func:`board_ruling`)."""

    def __init__(self, burns: Sequence[int], board: Sequence[int], stub: Sequence[int],
                 next_burns: Sequence[int] = (1,), aside: Sequence[int] = ()) -> None:
        self.burns, self.board, self.stub = tuple(burns), tuple(board), tuple(stub)
        self.next_burns, self.aside = tuple(next_burns), tuple(aside)


_Proc = Any   # (seq, k, rng) -> _Cards


def _board_table() -> dict[tuple[str, str, str, str], tuple[str, str, str, str, _Proc]]:
    """(book, street, error, case) -> (decision, rule, text, procedure, cards). ``case``:
    ``any``, ``before-action``/``after-action``, ``identifiable``/``not-identifiable`` or both
    joined (``before-action,identifiable``)."""
    def normal(s, k, g):                      # the correct deal: burn, then the cards
        return _Cards(s[:1], s[1:1 + k], s[1 + k:])

    t: dict[tuple[str, str, str, str], tuple[str, str, str, str, _Proc]] = {}
    ifp = "IFP Appendix 1"
    # IFP Appendix 1 i: the flop.
    t["ifp-2012", "flop", "premature", "any"] = (
        "redeal", f"{ifp} i", "All flopped cards and burn card(s), excluding discards, will be "
        "returned to the deck. The cards will be reshuffled. After betting round is completed, the "
        "dealer will shuffle the cards, cut the deck, burn a card, and deal a new flop.",
        "the flop and its burn back into the stub, reshuffled; after the betting: burn and a new flop",
        lambda s, k, g: _Cards((), (), _shuffled(s, g)))
    t["ifp-2012", "flop", "no-burn", "before-action,identifiable"] = (
        "reset", f"{ifp} i", "The TD will try to reset the flop "
        "in the correct way", "the flop reset: the first card is the burn, the flop the next three",
        normal)
    t["ifp-2012", "flop", "no-burn", "before-action,not-identifiable"] = (
        "redeal", f"{ifp} i", "The TD will try to reset the flop in the correct way, if this is "
        "not possible, all "
        "flopped cards will be returned to the deck, excluding discards. The cards will be "
        "reshuffled. The dealer will cut the deck, burn a card, and deal a new flop.",
        "the flop back into the stub, reshuffled, cut; burn and a new flop",
        lambda s, k, g: normal(_shuffled(s, g), k, g))
    t["ifp-2012", "flop", "no-burn", "after-action"] = (
        "stands", f"{ifp} i", "The flopped cards must "
        "stand; and betting continues. ... The dealer will burn two consecutive cards before "
        "dealing the turn.", "the flop stands; two burns before the turn",
        lambda s, k, g: _Cards((), s[:k], s[k:], (2,)))
    t["ifp-2012", "flop", "extra-burn", "before-action"] = (
        "redeal", f"{ifp} i", "All flopped cards will be "
        "returned to the deck. The deck, excluding discards, will be reshuffled. The dealer will "
        "cut the deck, burn a card, and deal a new flop.",
        "the flop back into the stub, reshuffled, cut; burn and a new flop",
        lambda s, k, g: (lambda r: _Cards(s[:2] + r[:1], r[1:1 + k], r[1 + k:]))(
            _shuffled(s[2:], g)))
    t["ifp-2012", "flop", "extra-burn", "after-action"] = (
        "stands", f"{ifp} i", "The flopped "
        "cards must stand; and betting continues. ... The dealer will deal the turn without "
        "burning a card.", "the flop stands; the turn without a burn",
        lambda s, k, g: _Cards(s[:2], s[2:2 + k], s[2 + k:], (0,)))
    t["ifp-2012", "flop", "extra-card", "before-action,identifiable"] = (
        "burn", f"{ifp} i", "If the dealer accidentally deals four cards on the flop and the "
        "additional card is 100% identifiable, the additional card will be deemed an exposed burn "
        "card and play will continue. After the betting round is completed, the dealer will deal "
        "the turn card without burning a card.", "the extra card is the turn's burn; the turn "
        "without another burn",
        lambda s, k, g: _Cards(s[:1] + s[4:5], s[1:4], s[5:], (0,)))
    t["ifp-2012", "flop", "extra-card", "before-action,not-identifiable"] = (
        "scramble", f"{ifp} i", "If the flop cards are not 100% identifiable, all four flopped cards "
        "will be turned face down and shuffled among themselves. A new flop will be dealt using "
        "three of the four exposed cards, the additional card will be treated as an exposed burn "
        "card", "the four cards scrambled: three the flop, one the turn's burn; the turn without "
        "another burn",
        lambda s, k, g: (lambda f: _Cards(s[:1] + f[3:], f[:3], s[5:], (0,)))(_shuffled(s[1:5], g)))
    # IFP Appendix 1 ii: the turn.
    t["ifp-2012", "turn", "premature", "any"] = (
        "set-aside", f"{ifp} ii", "The exposed card will be put to one side and once the betting "
        "round is be completed, the dealer will shuffle the remaining deck with the exposed turn "
        "card and deal a new turn card.", "the card set aside; after the betting it is shuffled "
        "back into the stub and a new turn card dealt (the burn stands)",
        lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))
    t["ifp-2012", "turn", "no-burn", "before-action"] = (
        "reset", f"{ifp} ii", "The turned card will be deemed an "
        "exposed card and used as the burn card. The subsequent cards will be used as if no mistake "
        "had been made.", "the turned card is the burn; the next card the turn", normal)
    t["ifp-2012", "turn", "no-burn", "after-action"] = (
        "stands", f"{ifp} ii", "The turn card must "
        "stand. The dealer will burn two consecutive cards before dealing the river.",
        "the turn stands; two burns before the river", lambda s, k, g: _Cards((), s[:1], s[1:], (2,)))
    t["ifp-2012", "turn", "extra-burn", "before-action,identifiable"] = (
        "reset", f"{ifp} ii", "If the correct turn card is "
        "100% identifiable, then that should be replaced for the exposed card. After the betting "
        "round is complete, the dealer will deal the river without burning a card.",
        "the correct turn (the second burn) replaces the turned card; the river without a burn",
        lambda s, k, g: _Cards((s[0], s[2]), s[1:2], s[3:], (0,)))
    for case, words in (
            ("before-action,not-identifiable", "If the turn card is not 100% identifiable, then the "
             "burn cards and exposed card will stand."),
            ("after-action", "The burn cards and turn card must stand.")):
        t["ifp-2012", "turn", "extra-burn", case] = (
            "stands", f"{ifp} ii", words + " After the betting round is complete, the dealer will "
            "deal the river without burning a card.", "the burns and the turn stand; the river "
            "without a burn", lambda s, k, g: _Cards(s[:2], s[2:3], s[3:], (0,)))
    for act, then in (("before-action", "completed, the dealer will deal the river card without "
                       "burning a card."),
                      ("after-action", "completed; the dealer will deal the river card without "
                       "burning a prior card.")):
        t["ifp-2012", "turn", "extra-card", act + ",identifiable"] = (
            "burn", f"{ifp} ii", "If the correct turn card is 100% identifiable, then that should "
            "be used; the exposed extra card will be used as the burn card for the river. After the "
            "betting round is " + then, "the correct turn stays; the extra card is the "
            "river's burn; the river without another burn",
            lambda s, k, g: _Cards((s[0], s[2]), s[1:2], s[3:], (0,)))
        t["ifp-2012", "turn", "extra-card", act + ",not-identifiable"] = (
            "redeal", f"{ifp} ii", "If the correct turn card is not 100% identifiable, the exposed "
            "turn cards will be shuffled with the deck and a new turn card will be dealt without "
            "burning another card.", "both cards shuffled into the stub; a new turn without a burn",
            lambda s, k, g: (lambda r: _Cards(s[:1], r[:1], r[1:]))(_shuffled(s[1:], g)))
    # IFP Appendix 1 iii: the river.
    t["ifp-2012", "river", "premature", "any"] = (
        "set-aside", f"{ifp} iii", "The exposed river card will be taken out of play and betting "
        "completed. After the betting round is completed, the dealer will reshuffle the deck, "
        "including the exposed river card but excluding burn cards and discards. The dealer will "
        "then cut the deck and deal a new river card without burning a card.",
        "the card out of play; after the betting it is reshuffled into the stub and a new river "
        "dealt without a burn", lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))
    t["ifp-2012", "river", "no-burn", "before-action"] = (
        "reset", f"{ifp} iii", "The exposed card will be used as "
        "the burn card. A new river card will be turned.", "the turned card is the burn; the next "
        "card the river", normal)
    t["ifp-2012", "river", "no-burn", "after-action"] = (
        "stands", f"{ifp} iii", "The river card must "
        "stand", "the river stands", lambda s, k, g: _Cards((), s[:1], s[1:], ()))
    for err in ("extra-burn", "extra-card"):
        acts = ("before-action",) if err == "extra-burn" else ("before-action", "after-action")
        for act in acts:
            t["ifp-2012", "river", err, act + ",identifiable"] = (
                "reset", f"{ifp} iii", "If the correct river card is 100% identifiable, it will be "
                "revealed and the incorrectly turned river card will be deemed an exposed card and "
                "discarded.", "the correct river revealed; the wrong card discarded",
                lambda s, k, g: _Cards(s[:1], s[1:2], s[3:], (), s[2:3]))
    t["ifp-2012", "river", "extra-burn", "before-action,not-identifiable"] = (
        "stands", f"{ifp} iii", "If the correct river card is not 100% identifiable, the burn cards "
        "and river will stand.", "the burns and the river stand",
        lambda s, k, g: _Cards(s[:2], s[2:3], s[3:], ()))
    t["ifp-2012", "river", "extra-burn", "after-action"] = (
        "stands", f"{ifp} iii", "The burn cards "
        "and river will stand.", "the burns and the river stand",
        lambda s, k, g: _Cards(s[:2], s[2:3], s[3:], ()))
    for act in ("before-action", "after-action"):
        t["ifp-2012", "river", "extra-card", act + ",not-identifiable"] = (
            "redeal", f"{ifp} iii", "If the correct river card is not 100% identifiable, the dealer "
            "will reshuffle the deck, including the exposed river cards, but excluding the burn "
            "cards and discards. The dealer then cuts the deck, burns a card and deals the river "
            "card.", "both cards reshuffled into the stub, cut; burn and a new river",
            lambda s, k, g: (lambda r: _Cards(s[:1] + r[:1], r[1:2], r[2:], ()))(_shuffled(s[1:], g)))

    # TDA 38, 39 and RP-5.
    for street, letter, what, cards in (
            ("flop", "A", "Premature flop,", "board cards"),
            ("turn", "B", "A premature turn card:", "turn card"),
            ("river", "C", "A premature river card:", "river card")):
        t["tda-2024", street, "premature", "any"] = (
            "redeal", f"TDA RP-5-{letter}", f"{what} leave the {street} burn card as the burn. "
            f"Return the premature {cards} to the deck stub and reshuffle the entire stub. Re-deal "
            f"the {street} (without another burn) from the newly shuffled stub",
            f"the burn stands; the cards back into the stub, reshuffled; after the betting the "
            f"{street} without another burn",
            lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))
    t["tda-2024", "flop", "extra-card", "any"] = (
        "scramble", "TDA 39-A", "If the flop has 4 rather than 3 cards, exposed or not, and "
        "regardless of whether the door card is presumed known, the floor will be called. The dealer "
        "then scrambles the 4 cards face down, the floor randomly selects 1 as the next burn card "
        "and the other 3 are the flop", "the four cards scrambled: three the flop, one the turn's "
        "burn; the turn without another burn",
        lambda s, k, g: (lambda f: _Cards(s[:1] + f[3:], f[:3], s[5:], (0,)))(_shuffled(s[1:5], g)))
    t["tda-2024", "flop", "no-burn", "before-action"] = (
        "scramble", "TDA 39-B", "If there was no burn on a 3-card flop ... if no action has "
        "occurred, the 3 cards are scrambled face down, one chosen as the burn. The flop will be the "
        "other 2 cards plus the next card off the stub.", "the three scrambled: one the burn, two "
        "the flop with the next card off the stub",
        lambda s, k, g: (lambda f: _Cards(f[2:], f[:2] + list(s[3:4]), s[4:]))(_shuffled(s[:3], g)))
    t["tda-2024", "flop", "no-burn", "after-action"] = (
        "stands", "TDA 39-B", "If any action (even one check) has occurred, play proceeds with the "
        "initial 3 cards. Only one card is burned for the turn.", "the flop stands; one burn before "
        "the turn", lambda s, k, g: _Cards((), s[:3], s[3:]))

    # holdem-dealing-irregularities 3-8 (club rules).
    def club_redeal(first_burns):
        # irregularities 7: board cards mixed with the stub, the burn card(s) stay; shuffle, cut,
        # a new flop without a burn.
        def proc(s, k, g):
            r = _shuffled(s[first_burns:], g)
            return _Cards(s[:first_burns], r[:3], r[3:])
        return proc
    irr7 = ("... If the flop needs to be redealt for any reason, the boardcards are mixed with the "
            "remainder of the deck. The burncard remains on the table. After shuffling, the dealer "
            "cuts the deck and deals a new flop without burning a card.")
    t["irregularities", "flop", "premature", "any"] = (
        "redeal", "irregularities 6, 7", "If the dealer burns and turns before a betting round is "
        "complete, the card(s) may not be used ... " + irr7, "the burn stays; the cards mixed into "
        "the stub, shuffled, cut; after the betting a new flop without a burn",
        lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))
    t["irregularities", "flop", "extra-card", "any"] = (
        "redeal", "irregularities 3, 7", "If the flop contains too many cards, it must be redealt. "
        "(This applies even if it were possible to know which card was the extra one.) " + irr7,
        "the burn stays; the cards mixed into the stub, shuffled, cut; a new flop without a burn",
        club_redeal(1))
    t["irregularities", "flop", "no-burn", "before-action"] = (
        "redeal", "irregularities 4, 7", "If before dealing the flop, the dealer failed to burn a "
        "card, or burned two cards ... The deck must be reshuffled if any cards were exposed. "
        + irr7, "the flop mixed into the stub, shuffled, cut; a new flop without a burn",
        club_redeal(0))
    t["irregularities", "flop", "extra-burn", "before-action"] = (
        "redeal", "irregularities 4, 7", "If before dealing the flop, the dealer failed to burn a "
        "card, or burned two cards ... The deck must be reshuffled if any cards were exposed. "
        + irr7, "the burns stay; the flop mixed into the stub, shuffled, cut; a new flop without "
        "a burn", club_redeal(2))
    irr5 = ("If the dealer fails to burn a card or burns more than one card, the error should be "
            "corrected if discovered before betting action has started for that round. Once action "
            "has been taken on a boardcard, the card must stand. Whether the error is able to be "
            "corrected or not, subsequent cards dealt should be those that would have come if no "
            "error had occurred.")
    g6 = irr5.replace("Once action has been taken on a boardcard", "Once action has been taken on "
                      "a boardcard by any player")
    for book, rule5, rule8, text8 in (
            ("irregularities", "irregularities 5", "irregularities 8",
             "A dealing error for the fourth boardcard is rectified ... The dealer burns and deals "
             "what would have been the fifth card in the fourth card's place. After this round of "
             "betting, the dealer reshuffles the deck, including the card that was taken out of "
             "play, but not including the burncards or discards. The dealer then cuts the deck and "
             "deals the final card without burning a card."),
            ("gananda", "Gananda: Holdem Irregularities 6", "Gananda: Holdem Irregularities 8",
             "If the dealer prematurely exposes the fourth board card before the betting is "
             "complete, the exposed board card is returned to the stub (the burn cards and muck "
             "remain on the table), the stub is shuffled and cut and a new fourth card is turned.")):
        text5 = irr5 if book == "irregularities" else g6
        for street in ("flop", "turn", "river") if book == "irregularities" else ("turn", "river"):
            t[book, street, "no-burn", "after-action"] = (
                "stands", rule5, text5, f"the {street} stands; the next street after two burns",
                lambda s, k, g: _Cards((), s[:k], s[k:], (2,)))
            t[book, street, "extra-burn", "after-action"] = (
                "stands", rule5, text5, f"the {street} stands; the next street without a burn",
                lambda s, k, g: _Cards(s[:2], s[2:2 + k], s[2 + k:], (0,)))
        for street in ("turn", "river"):
            t[book, street, "no-burn", "before-action"] = (
                "reset", rule5, text5, "corrected: the turned card is the burn, the next card the "
                f"{street}", normal)
            t[book, street, "extra-burn", "before-action"] = (
                "reset", rule5, text5 + " For example, if two cards were burned, one of the cards "
                "should be put back on the deck and used for the burncard on the next round.",
                f"corrected: the second burn is the {street}; the turned card goes back on the "
                "deck as the next burn", lambda s, k, g: _Cards(s[:1], s[1:2], s[2:]))
        if book == "irregularities":
            t[book, "turn", "premature", "any"] = (
                "set-aside", rule8, text8, "the card out of play; burn and the card that would "
                "have been the river as the turn; after the betting the stub reshuffled with the "
                "card set aside, cut, the river without a burn",
                lambda s, k, g: _Cards(s[:1], (), list(s[2:4]) + _shuffled(list(s[4:]) + list(s[1:2]), g),
                                       (1, 0)))
        else:
            t[book, "turn", "premature", "any"] = (
                "redeal", rule8, text8, "the burn stays; the card back into the stub, shuffled, "
                "cut; after the betting a new turn card without a burn",
                lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))
        t[book, "river", "premature", "any"] = (
            "redeal", rule8, "If the fifth card is turned up prematurely, the deck is reshuffled "
            "and dealt in the same manner.", "the burn stays; the card back into the stub, "
            "shuffled, cut; after the betting a new river without a burn",
            lambda s, k, g: _Cards(s[:1], (), _shuffled(s[1:], g), (0,)))

    # Gananda Holdem Irregularities 3-8 (the flop).
    g7 = ("... If the flop needs to be redealt for any reason, the boardcards are mixed with the "
          "remainder of the deck and the burncard(s). After shuffling, the dealer cuts the deck, "
          "burns a card and deals a new flop.")
    t["gananda", "flop", "premature", "any"] = (
        "redeal", "Gananda: Holdem Irregularities 3, 7", "If the cards are flopped before the "
        "betting is complete, or if the flop contains too many cards, it must be redealt. " + g7,
        "the flop and burn mixed into the stub, shuffled, cut; after the betting burn and a new flop",
        lambda s, k, g: _Cards((), (), _shuffled(s, g)))
    for err, rule, text in (
            ("extra-card", "Gananda: Holdem Irregularities 3, 7", "If the cards are flopped before "
             "the betting is complete, or if the flop contains too many cards, it must be redealt. "
             "(This applies even if it were possible to know which card was the extra one.) " + g7),
            ("no-burn", "Gananda: Holdem Irregularities 4, 7", "If the dealer failed to burn a card "
             "before dealing the flop, or burned two cards ... The deck must be reshuffled if any "
             "boardcards were exposed. " + g7),
            ("extra-burn", "Gananda: Holdem Irregularities 4, 7", "If the dealer failed to burn a "
             "card before dealing the flop, or burned two cards ... The deck must be reshuffled if "
             "any boardcards were exposed. " + g7)):
        t["gananda", "flop", err, "before-action" if err != "extra-card" else "any"] = (
            "redeal", rule, text, "the flop and burns mixed into the stub, shuffled, cut; burn and "
            "a new flop", lambda s, k, g: normal(_shuffled(s, g), k, g))
    t["gananda", "flop", "no-burn", "after-action"] = (
        "stands", "Gananda: Holdem Irregularities 6", g6, "the flop stands; two burns before the "
        "turn", lambda s, k, g: _Cards((), s[:3], s[3:], (2,)))
    t["gananda", "flop", "extra-burn", "after-action"] = (
        "stands", "Gananda: Holdem Irregularities 6", g6, "the flop stands; the turn without a "
        "burn", lambda s, k, g: _Cards(s[:2], s[2:5], s[5:], (0,)))
    return t


_BOARD = _board_table()


def board_ruling(rules: RuleSet | str | None, street: str, error: str, *, acted: bool = False,
                 identifiable: bool = True, cards: Sequence[int] | None = None,
                 rng: Any = None) -> Ruling:
    """The ruling on a board error on ``street`` (flop, turn, river; for ``premature`` the
    street turned too soon): ``error`` one of :data:`BOARD_ERRORS`; ``acted`` whether a player
    has acted on the street's cards; ``identifiable`` whether the correct card is 100%
    identifiable (IFP Appendix 1). With ``cards`` (the deck from the street's burn position on,
    as it was dealt from) the ruling carries the cards of the procedure."""
    r = get_rules(rules)
    if street not in _K:
        raise ValueError(f"unknown street {street!r}: flop, turn or river")
    if error not in BOARD_ERRORS:
        raise ValueError(f"unknown board error {error!r} (one of {', '.join(BOARD_ERRORS)})")
    book = r.board_errors
    act = "after-action" if acted else "before-action"
    ident = "identifiable" if identifiable else "not-identifiable"
    hit = None
    for b in fallback(book):
        for case in ("any", act, f"{act},{ident}"):
            hit = _BOARD.get((b, street, error, case))
            if hit is not None:
                break
        if hit is not None:
            break
    if hit is None:
        what = ("TDA 38 and 39 say only that the burn is one card per street and how a 4-card or "
                "burnless flop is fixed" if book == "tda-2024" else "IFP Appendix 1 gives no "
                "procedure for this case" + ("" if book == "ifp-2012" else
                                             f" and the {book} book none either"))
        return director(f"{street} {error}", TDA_1 if book == "tda-2024" else IFP_1, what)
    decision, rule, text, procedure, proc = hit
    if cards is None:
        return Ruling(f"{street} {error}", decision, rule, text, procedure)
    if rng is None:
        import random
        rng = random.SystemRandom()
    k = _K[street]
    seq = list(cards)
    if len(seq) < 8:
        raise ValueError(f"{len(seq)} cards from the street's burn on; the procedures need 8")
    out = proc(seq, k, rng)
    return Ruling(f"{street} {error}", decision, rule, text, procedure, out.burns, out.board,
                  out.aside, out.stub, out.next_burns)


STREETS = _K
