"""The clock the live-tournament tests give the service: wall-clock seconds the test moves."""

from __future__ import annotations


class Clock:
    """Wall-clock seconds for the service, moved by the test."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
