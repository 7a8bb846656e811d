"""The hand histories of a simulated tournament, written as the hands are played.

:class:`HandHistories` is the ``hand_done`` hook of :func:`pokertd.sim.simulate`: each hand
goes into a folder as PHH (one ``NNNNNN.phh`` file a hand) or as PokerStars text (one file,
``HH pokertd T<tournament>.txt``, the hands in the order they were played, as a PokerStars
client writes a tournament's hands), with the players' names, their seats and the table's
size, the button, the level and the hand's time on the simulated clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

FORMATS = ("phh", "pokerstars")


class HandHistories:
    """Writes each hand of a simulated tournament into ``folder`` in ``fmt`` (phh or pokerstars)."""

    def __init__(self, folder: Path, fmt: str = "phh", tournament: int = 1,
                 start: datetime | None = None) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"hand-history format {fmt!r}: one of {', '.join(FORMATS)}")
        self.folder = Path(folder)
        self.fmt = fmt
        self.tournament = tournament
        self.start = start if start is not None else datetime.now(timezone.utc).replace(microsecond=0)
        self.count = 0
        self.path = self.folder / f"HH pokertd T{tournament}.txt"
        if fmt == "pokerstars":
            self.path.write_text("", encoding="utf-8")

    def __call__(self, t: Any, setup: Any, hand: Any, now: float) -> None:
        self.count += 1
        floor = t.floor
        seats = [floor.where[name][1] for name in setup.players]
        when = self.start + timedelta(seconds=now)
        if self.fmt == "phh":
            self._phh(setup, hand, seats, floor.max_seats, when)
            return
        from ..formats.pokerstars import write_hand
        text = write_hand(hand, names=list(setup.players), seats=seats, max_seats=floor.max_seats,
                          hand_id=self.count, table=f"{self.tournament} {setup.table}", when=when,
                          tournament=self.tournament, level=setup.level_number,
                          button_seat=setup.positions.button, stakes=self._stakes(setup))
        with self.path.open("a", encoding="utf-8") as out:
            out.write(("\n\n" if self.count > 1 else "") + text)

    @staticmethod
    def _stakes(setup: Any) -> tuple[int, int]:
        """The header's stakes: the level's blinds; limit games bet the big blind and twice
        it (the small and the big bet: pokertd.engine.games)."""
        lv = setup.level
        if setup.game[0] == "F":
            return lv.big_blind, 2 * lv.big_blind
        return lv.small_blind, lv.big_blind

    def _phh(self, setup: Any, hand: Any, seats: list[int], max_seats: int, when: datetime) -> None:
        from ..formats.phh import dumps, export_hand
        extra = dict(players=list(setup.players), seats=seats, seat_count=max_seats,
                     table=setup.table, level=setup.level_number,
                     _tournament=self.tournament, year=when.year, month=when.month, day=when.day,
                     time=when.strftime("%H:%M:%S"), time_zone="UTC")
        if setup.game in ("NT", "FT"):
            data = export_hand(hand, **extra)
        else:
            from ..formats.phh_mixed import export_mixed
            data = export_mixed(hand, **extra)
        data["hand"] = self.count
        (self.folder / f"{self.count:06d}.phh").write_text(dumps(data), encoding="utf-8")
