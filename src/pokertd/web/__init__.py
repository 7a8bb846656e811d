"""The web application (FastAPI): the director's console, the room's clock and seats screens,
live by server-sent events. Start it with ``pokertd serve``; build it with
:func:`pokertd.web.app.create_app`."""
