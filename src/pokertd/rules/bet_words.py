"""The words of every rule a bet ruling cites (``BetRuling.text``, ``pokertd floor bet``).

Each entry is the cited book's own text under that rule number ("..." where words are left
out); ``tests/test_rule_quotes.py`` checks every one against the books. A rule id not here (none
the code cites today) gives no words rather than another book's.
"""

from __future__ import annotations

__all__ = ["BET_WORDS", "bet_words"]

_IFP37 = ("A raise must be at least the size of the largest previous bet or raise of the current "
          "betting round. If a player puts in an amount of chips that is 150% or more of the "
          "previous bet, then he or she will be required to make a full minimum raise.")
_TDA43A = ("A raise must be at least equal to the largest prior full bet or raise of the current "
           "betting round. A player who raises 50% or more of the largest prior bet but less than a "
           "minimum raise must make a full minimum raise. If less than 50% it is a call unless "
           "\"raise\" is first declared or the player is all-in (Rule 45-B).")
_TDA45B = ("If every chip is not needed to make the call; i.e. removing just one of the smallest "
           "chips leaves the call amount or more: 1) if the player has chips remaining, the 50% "
           "standard in Rule 43 governs the bet. 2) A bet of a player's last chip(s) is an all-in "
           "bet whether reaching the 50% threshold or not.")
_TDA46C = ("If new chip(s) are added silently and the bet is unclear to the house, the call and "
           "raise rules 41-45 apply as follows: ")
_GANANDA_B1 = ("The minimum bring-in and allowable raise sizes for the opener are specified by the "
               "blind amounts set for a game. They remain the same even when the player in the "
               "blind does not have enough chips to post the full amount.")

BET_WORDS: dict[str, str] = {
    "IFP 25": "Verbal declarations of action or physical declarations of action made with an "
              "intentional movement of chips are binding.",
    "IFP 31": "A bet can be announced verbally or made physically, with a movement of chips. In "
              "the event of a player making a verbal and a physical declaration, whichever occurs "
              "first will be binding.",
    "IFP 32a": "In no-limit or pot-limit, a raise must be made by: ... Placing the full amount in "
               "the pot in one motion",
    "IFP 32b": "In no-limit or pot-limit, a raise must be made by: ... Verbally declaring the full "
               "amount prior to the initial placement of chips into the pot",
    "IFP 32c": "Verbally declaring \"raise\" prior to the placement of the amount to call into "
               "the pot and then completing the action with one additional motion.",
    "IFP 33": "In limit events there will be a limit to one bet and three raises, even when "
              "heads-up, until the tournament is down to 2 players.",
    "IFP 34": "Anytime when facing a bet or blind, placing a single oversized chip in the pot is a "
              "call if a raise isn't first verbally declared. ... If raise is declared (but no "
              "amount), the raise is the maximum allowable for that chip. When not facing a bet, "
              "placing an oversized chip in the pot without declaration is a bet of the maximum "
              "for the chip.",
    "IFP 35": "When facing a bet, unless a raise is first declared, multiple same-denomination "
              "chips is a call if removing one chip leaves less than the call amount. ... Placing "
              "mixed denomination chips in the pot is governed by the RAISE REQUIREMENTS rule, #37.",
    "IFP 36": "Chips placed in the pot in multiple movements, without a prior verbal declaration, "
              "will be considered a string bet, and only the chips committed in the first movement "
              "will be allowable and will follow the raising and betting minimum value rules.",
    "IFP 37": _IFP37,
    "IFP 37a": "An all-in bet of less than a full raise does not reopen the betting to a player "
               "who has already acted in that same betting round.",
    "IFP 38": "whenever the size of a declared bet can have multiple meanings, it will be ruled as "
              "having the smallest legitimate value.",
    "IFP 39": "Players are entitled to be informed of the pot size in pot-limit games only.",
    "IFP 41": "An all-in bet commits a player's entire chip stack to the hand.",
    "WPA 20": "If a player puts in a raise of 50% or more of the previous bet but less than the "
              "minimum raise, he or she will be required to make a full raise. The raise will be "
              "exactly the minimum raise allowed. In no-limit and pot limit, an all-in bet of less "
              "than a full raise does not reopen the betting to a player who has already acted.",
    "WPA 21": "A single oversized chip will be considered a call if the player does not announce "
              "a raise. If a player puts an oversized chip into the pot and states raise but does "
              "not state the amount, the raise will be the maximum allowable up to the size of "
              "that chip.",
    "WPA 22": "A raise must be at least the size of the previous raise. In limit events, there "
              "will be a limit of three raises even when heads-up until the tournament is down to "
              "two players.",
    "WPA 23": "In no-limit or pot-limit a raise must be made by (1) placing the full amount in the "
              "pot in one motion or (2) verbally declaring the full amount prior to the initial "
              "placement of chips into the pot or (3) verbally declaring \"raise\" prior to the "
              "placement of the amount to call into the pot and then completing the action with "
              "one additional motion.",
    "WPA 24": "A raise must be first announced or must be made by moving all of the chips forward "
              "in a single motion. Going back to the chip stack for more chips when raising "
              "without announcing raise first is prohibited as a string raise/bet.",
    "TDA 40-A": "Bets are by verbal declaration and/or pushing out chips. If a player does both, "
                "whichever is first defines the bet. ... In unclear situations or where verbal and "
                "chips are contradictory, the TD will determine the bet based on the circumstances "
                "and Rule 1.",
    "TDA 40-C": "For all betting rules, declaring a specific amount only is the same as silently "
                "pushing out an equal amount.",
    "TDA 42": "In no-limit or pot-limit, a raise must be made by A) pushing out the full amount in "
              "one motion or B) verbally declaring the full amount prior to pushing out chips. ... "
              "Note: 2-motion raises eliminated in 2019.",
    "TDA 43": _TDA43A,
    "TDA 43-A": _TDA43A,
    "TDA 43-B": "Without other clarifying information, declaring raise and an amount is the total "
                "bet.",
    "TDA 43 (with TDA 51-B)": "A raise must be at least equal to the largest prior full bet or "
                              "raise of the current betting round. ... In blind games the posted "
                              "BB is the pre-flop opener.",
    "TDA 43 Addendum example 2": "Pre-flop A is under the gun and goes all-in for a total of 150 "
                                 "(an increase in the bet of 50). ... The 100 is still the "
                                 "\"largest bet or raise of the current round\", so if B wants to "
                                 "re-raise he must raise at least 100 for a total of 250.",
    "TDA 44": "If facing a bet or blind, pushing out a single oversized chip (including your last "
              "chip) is a call if raise isn't first declared. ... If raise is declared but no "
              "amount is stated, the raise is the maximum allowable for the chip. If not facing a "
              "bet, pushing out an overchip silently (no declaration) is a bet of the maximum for "
              "the chip.",
    "TDA 45": "If facing a bet, unless raise or all-in is declared first, a multiple-chip bet "
              "(including a bet of your last chips) is a call if every chip is needed to make the "
              "call; i.e. removal of just one of the smallest chips leaves less than the call "
              "amount.",
    "TDA 45-A": "If facing a bet, unless raise or all-in is declared first, a multiple-chip bet "
                "(including a bet of your last chips) is a call if every chip is needed to make "
                "the call; i.e. removal of just one of the smallest chips leaves less than the "
                "call amount.",
    "TDA 45-B": _TDA45B,
    "TDA 46-C (situation 1)": _TDA46C + "1) If prior chips don't cover the call AND are either "
                              "left alone OR fully pulled back, an overchip is a call and multiple "
                              "new chips are subject to the 50% raise standard (Rule 43).",
    "TDA 46-C (situation 2)": _TDA46C + "1) If prior chips don't cover the call AND are either "
                              "left alone OR fully pulled back, an overchip is a call and multiple "
                              "new chips are subject to the 50% raise standard (Rule 43).",
    "TDA 46-C (situation 3)": _TDA46C + "... 2) If prior chips are partly pulled back OR if prior "
                              "chip(s) cover the call, the combined final chip bet is a raise if "
                              "reaching the 50% standard (Rules 43 and 45), if less it is a call.",
    "TDA 46-C (situation 4)": _TDA46C + "... 2) If prior chips are partly pulled back OR if prior "
                              "chip(s) cover the call, the combined final chip bet is a raise if "
                              "reaching the 50% standard (Rules 43 and 45), if less it is a call.",
    "TDA 47": "In no-limit and pot limit, an all-in wager (or cumulative multiple short all-ins) "
              "totaling less than a full bet or raise will not reopen betting for players who have "
              "already acted and are not facing at least a full bet or raise when the action "
              "returns to them.",
    "TDA 48": "In limit play, there is a limit to raises even when heads-up until the event is "
              "down to 2 players; the house limit applies.",
    "TDA 51-A": "General verbal declarations in turn (such as \"call\" or \"raise\") commit a "
                "player to the full current action.",
    "TDA 51-B": "An undercall is a mandatory full call if made in turn facing 1) any bet heads-up "
                "or 2) the opening bet on any round multi-way. In other situations, TD's "
                "discretion applies.",
    "TDA 52-A": "In limit and no-limit, opening or raising less than the minimum legal amount is "
                "corrected anywhere on the current street",
    "TDA 54": "Pre-flop a dead or short all-in blind will not affect pot calculation. ... Post-"
              "flop, bets are based on actual pot size.",
    "TDA 55-A": "If a player faces no bet and: A) declares \"call\", it is a check;",
    "TDA 55-B": "If a player faces no bet and: ... B) declares \"raise\", the player must make at "
                "least a minimum bet.",
    "TDA 56": "String bets and raises are not allowed. Such wagers involve multiple movements "
              "whereby a player puts out a bet then returns to their stack for more chips to add "
              "to the bet.",
    "TDA 57": "if a declared bet can legally have multiple meanings, it will be ruled the highest "
              "reasonable amount that is less than or equal to the pot size* before the bet.",
    "Gananda: Betting 7": "A player who checks out of turn may not bet or raise on the next turn "
                          "to act. A player who has called out of turn may not change his wager "
                          "to a raise on the next turn to act.",
    "Gananda: Betting 10": "String raises are not allowed. ... Putting a full bet plus a half-bet "
                           "or more into the pot is considered to be the same as announcing a "
                           "raise, and the raise must be completed. (This does not apply in the "
                           "use of a single chip of greater value.)",
    "Gananda: Betting 11": "If you put a single chip in the pot that is larger than the bet, but "
                           "do not announce a raise, you are assumed to have only called.",
    "Gananda: Blinds 1": _GANANDA_B1,
    "irregularities 13 iv": "If the player who was to act first bets less or equal to, the out of "
                            "turn players bet, then the out of turn player can call or fold.",
    "irregularities 13 iii": "If the correct player checks then the player betting out of turn "
                             "must check",
}


def bet_words(rule: str) -> str:
    """The words of ``rule`` as a bet ruling quotes them ("" for a rule without an entry)."""
    return BET_WORDS.get(rule, "")
