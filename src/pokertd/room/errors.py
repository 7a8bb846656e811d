"""The errors of the room's tables: a command or a download a table refuses. Each message says
what was wrong and what would be right; nothing was written."""

from __future__ import annotations

__all__ = ["HandNotOver", "NotDealtIn", "TableError", "UnknownHand", "UnknownTable"]


class TableError(ValueError):
    """A command the table refuses: the message says what was wrong and what would be right.
    Nothing was written."""


class UnknownTable(TableError, LookupError):
    def __init__(self, name: str) -> None:
        super().__init__(f"no table named {name!r}")


# A PHH download refused (phh_for): the hand is unknown, not the asker's, or not over yet.
class UnknownHand(TableError, LookupError):
    pass


class NotDealtIn(TableError, PermissionError):
    pass


class HandNotOver(TableError):
    pass
