"""The demo that ``make run`` serves: a Gananda event of 27 players, seated and with its
clock running, and a director with a random password."""

from __future__ import annotations

import secrets

from pokertd.services.tournaments import TournamentService
from pokertd.storage import Store, UserStore
from pokertd.tournament.house import config_preset

DEMO_EVENT = "Gananda Friday"
DEMO_SEED = 2026
DEMO_PLAYERS = [
    "Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon", "Kim", "Lou", "Mia",
    "Ned", "Ona", "Pat", "Quin", "Rex", "Sue", "Tom", "Uma", "Vic", "Wes", "Xia", "Yul", "Zoe",
    "Abe",
]


def seed_demo(store: Store) -> tuple[str, str]:
    """Create the demo event (if the store has none by its name) and a director ``demo``
    with a fresh random password; returns (user, password)."""
    service = TournamentService(store)
    if DEMO_EVENT not in service.names():
        service.create(DEMO_EVENT, config_preset("gananda"), seed=DEMO_SEED)
        service.register(DEMO_EVENT, DEMO_PLAYERS)
        service.start(DEMO_EVENT)
    users = UserStore(store)
    name = "demo"
    while any(u.name == name for u in users.names()):
        name = f"demo-{secrets.token_hex(2)}"
    password = secrets.token_urlsafe(12)
    users.add(name, "director", password)
    return name, password
