"""The error a hand raises for an action the rules do not allow."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. The hand's state is unchanged.

    ``what`` says what was wrong, ``legal`` what was legal instead, ``rule`` the rule (or
    rules) that decide, for example ``"IFP 37"``.
    """

    def __init__(self, what: str, legal: str, rule: str, index: int | None = None) -> None:
        self.what = what
        self.legal = legal
        self.rule = rule
        self.index = index
        super().__init__(f"{what}; legal: {legal} ({rule})")
