"""The player database: the people who play the club's events (issue 9's console).

Each person has a name (what the events register him as), and optionally a nickname and a
contact (a telephone number, an e-mail address: free text). The database is one event stream of
kind ``players`` named ``players``, one ``player_added`` event per person (DESIGN: "State changes
are events"; both backends of the store read and write it alike, no table of its own). Names are
unique without regard to case, as registration matches them ("ann" is Ann).

A CSV import (header ``name,nickname,contact``; only ``name`` is required, the columns in any
order) checks every row and reports every problem with its row and column (the header is row
1); with any problem nothing is added. An import appends all of its people in one transaction::

    directory = PlayerDirectory(store)
    directory.add("Ann Lee", nickname="Annie", contact="555-0101")
    directory.import_csv(open("members.csv").read())
    directory.search("an")      # Ann Lee, ... (names, then nicknames, matching)
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass

from pokertd.storage import NewEvent, Store

__all__ = ["ADDED", "COLUMNS", "KIND", "CsvRefused", "Person", "PlayerDirectory",
           "PlayerDirectoryError", "check_name", "parse_csv"]

KIND = "players"
STREAM = "players"
ADDED = "player_added"
COLUMNS = ("name", "nickname", "contact")

NAME_LENGTH = 100
NICKNAME_LENGTH = 100
CONTACT_LENGTH = 200


class PlayerDirectoryError(ValueError):
    """A person who cannot be added as asked; nothing was written."""


class CsvRefused(PlayerDirectoryError):
    """An import with problems, each one ``row N, column C: ...``; nothing was written."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("nothing imported: " + "; ".join(problems))
        self.problems = problems


@dataclass(frozen=True, slots=True)
class Person:
    name: str
    nickname: str | None = None
    contact: str | None = None

    def to_dict(self) -> dict[str, str | None]:
        return asdict(self)


def check_name(name: object) -> str:
    """A player's name as registration takes it (``tournament register``): the commands name
    players in lists (``--agree Ann,Bob``, ``--stacks Ann=30000``), so no ``,`` or ``=`` and no
    space around it."""
    if not isinstance(name, str) or not name.strip():
        raise PlayerDirectoryError("a player needs a name")
    if "," in name or "=" in name or name != name.strip():
        raise PlayerDirectoryError(
            f"player {name!r}: a name may not contain ',' or '=' nor start or end with a space "
            "(the commands' lists: --agree Ann,Bob, --stacks Ann=30000)")
    if len(name) > NAME_LENGTH:
        raise PlayerDirectoryError(f"player {name[:20]!r}...: at most {NAME_LENGTH} characters")
    return name


def _optional(value: object, what: str, length: int) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise PlayerDirectoryError(f"the {what} must be text, not {value!r}")
    value = value.strip()
    if len(value) > length:
        raise PlayerDirectoryError(f"the {what} {value[:20]!r}...: at most {length} characters")
    if any(c < " " for c in value):
        raise PlayerDirectoryError(f"the {what} {value!r}: no line breaks or control characters")
    return value or None


def _person(name: object, nickname: object = None, contact: object = None) -> Person:
    return Person(check_name(name), _optional(nickname, "nickname", NICKNAME_LENGTH),
                  _optional(contact, "contact", CONTACT_LENGTH))


class PlayerDirectory:
    """The player database of one store (see the module docstring)."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def people(self) -> list[Person]:
        """Everyone in the database, alphabetically (without regard to case)."""
        info = self.store.find_stream(KIND, STREAM)
        if info is None:
            return []
        out = [Person(r.payload["name"], r.payload.get("nickname"), r.payload.get("contact"))
               for r in self.store.read(info.id) if r.type == ADDED]
        return sorted(out, key=lambda p: (p.name.casefold(), p.name))

    def add(self, name: str, nickname: str | None = None,
            contact: str | None = None) -> Person:
        """One new person; a name already there (in any case) is refused."""
        person = _person(name, nickname, contact)
        self._append([(None, person)])
        return person

    def import_csv(self, text: str) -> list[Person]:
        """Everyone of a CSV file (see the module docstring), all or (one problem) none."""
        rows = _rows(text)
        self._append(rows)
        return [p for _, p in rows]

    def search(self, query: str, *, registered: Iterable[str] = (),
               limit: int = 20) -> list[dict[str, object]]:
        """The people whose name or nickname holds ``query`` (without regard to case): names
        starting with it first, then names holding it, then nicknames; each alphabetically.
        ``registered``: names known from the events (anyone ever registered), offered after
        the database's own people, marked ``in_database: False``."""
        q = query.strip().casefold()
        people = {p.name.casefold(): p for p in self.people()}
        for n in registered:
            people.setdefault(n.casefold(), Person(n))
        known = {p.name.casefold() for p in self.people()}

        def rank(p: Person) -> int | None:
            name = p.name.casefold()
            if name.startswith(q):
                return 0
            if q in name:
                return 1
            if p.nickname and q in p.nickname.casefold():
                return 2
            return None

        found = [(r, p) for p in people.values() if (r := rank(p)) is not None]
        found.sort(key=lambda x: (x[0], x[1].name.casefold(), x[1].name))
        return [{**p.to_dict(), "in_database": p.name.casefold() in known}
                for _, p in found[:limit]]

    def _append(self, people: Sequence[tuple[int | None, Person]]) -> None:
        """Append people (each with his CSV row, or None) in one transaction, or none."""
        with self.store.transaction() as log:
            info = log.find_stream(KIND, STREAM)
            if info is None:
                info = log.create_stream(KIND, STREAM, {})
                taken: dict[str, str] = {}
                head = 0
            else:
                recorded = log.read(info.id)
                taken = {r.payload["name"].casefold(): r.payload["name"]
                         for r in recorded if r.type == ADDED}
                head = recorded[-1].seq if recorded else 0
            problems = []
            for line, p in people:
                other = taken.get(p.name.casefold())
                if other is not None:
                    where = "" if line is None else f"row {line}, column name: "
                    problems.append(f"{where}{p.name} is already in the player database"
                                    + (f" as {other}" if other != p.name else ""))
            if problems:
                if people[0][0] is None:
                    raise PlayerDirectoryError(problems[0])
                raise CsvRefused(problems)
            log.append(info.id, head, [NewEvent(ADDED, p.to_dict()) for _, p in people])


def parse_csv(text: str) -> list[Person]:
    """The people of a CSV text, every row checked (see the module docstring)."""
    return [p for _, p in _rows(text)]


def _rows(text: str) -> list[tuple[int, Person]]:
    """The people of a CSV text with their row numbers (the header is row 1)."""
    if text.startswith("\ufeff"):
        text = text[1:]         # the byte-order mark a spreadsheet writes
    rows = list(csv.reader(io.StringIO(text)))
    while rows and not any(c.strip() for c in rows[-1]):
        rows.pop()
    if not rows:
        raise CsvRefused(["row 1: the file is empty; the first row names the columns: "
                          + ",".join(COLUMNS)])
    header = [c.strip().casefold() for c in rows[0]]
    problems = []
    unknown = [c for c in header if c not in COLUMNS]
    if unknown:
        problems.append(f"row 1: unknown column(s) {', '.join(map(repr, unknown))} (the "
                        f"columns: {', '.join(COLUMNS)}; name is required)")
    twice = sorted({c for c in header if header.count(c) > 1})
    if twice:
        problems.append(f"row 1: column(s) {', '.join(twice)} named twice")
    if "name" not in header:
        problems.append("row 1: no name column (the columns: name, nickname, contact)")
    if problems:
        raise CsvRefused(problems)
    people: list[tuple[int, Person]] = []
    seen: dict[str, int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not any(c.strip() for c in row):
            continue
        if len(row) > len(header):
            problems.append(f"row {line}: {len(row)} values for {len(header)} columns")
            continue
        values = dict(zip(header, row))
        bad = False
        for column in COLUMNS:
            try:
                if column == "name":
                    check_name(values.get("name", ""))
                else:
                    _optional(values.get(column), column, CONTACT_LENGTH if column == "contact"
                              else NICKNAME_LENGTH)
            except PlayerDirectoryError as exc:
                problems.append(f"row {line}, column {column}: {exc}")
                bad = True
        if bad:
            continue
        person = _person(values["name"], values.get("nickname"), values.get("contact"))
        first = seen.get(person.name.casefold())
        if first is not None:
            problems.append(f"row {line}, column name: {person.name} is also on row {first}")
            continue
        seen[person.name.casefold()] = line
        people.append((line, person))
    if problems:
        raise CsvRefused(problems)
    if not people:
        raise CsvRefused(["no players: the file has only its header row"])
    return people
