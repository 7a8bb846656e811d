"""Rich for the commands' output, imported on first use.

Rich costs a noticeable part of a short command's start-up, and a command that prints JSON
never needs it. The command modules call these instead of the Rich classes; each builds the
Rich object on the call, so a command pays for Rich only when it prints with it.
"""

from __future__ import annotations

from typing import Any


def Console(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - stands in for the Rich class
    from rich.console import Console as RichConsole
    return RichConsole(*args, **kwargs)


def Table(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - stands in for the Rich class
    from rich.table import Table as RichTable
    return RichTable(*args, **kwargs)


def Text(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - stands in for the Rich class
    from rich.text import Text as RichText
    return RichText(*args, **kwargs)
