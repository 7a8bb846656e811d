"""Alembic migrations of the pokertd schema; run by :func:`pokertd.storage.open_store`."""
