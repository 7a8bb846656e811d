"""Reading configuration as plain data: a mapping, a ``.toml``/``.json`` file, or the name of a
preset shipped in ``pokertd/tournament/presets/`` (``<name>-<kind>.toml``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

_PRESETS = Path(__file__).resolve().parent / "presets"


def read_config(source: str | Path | Mapping[str, Any], kind: str, what: str,
                error: type[Exception]) -> Mapping[str, Any]:
    """The data of ``source``; a missing preset or unreadable file raises ``error``.

    ``kind`` is the preset file suffix (``chips``, ``payouts``), ``what`` its name in messages.
    """
    if isinstance(source, Mapping):
        return source
    import tomllib                # here: only a command that reads a file pays for the parser
    path = Path(source)
    if not path.suffix:
        # The package's own files (importlib.resources would cost every command ~5 ms).
        preset = _PRESETS / f"{source}-{kind}.toml"
        if not preset.is_file():
            raise error(f"no {what} preset named {str(source)!r} (presets: gananda)")
        return tomllib.loads(preset.read_text(encoding="utf-8"))
    text = path.read_text(encoding="utf-8")
    try:
        return tomllib.loads(text) if path.suffix == ".toml" else json.loads(text)
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise error(f"{path}: {exc}") from None
