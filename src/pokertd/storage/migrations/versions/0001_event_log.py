"""The event log: streams and their append-only events.

Revision ID: 0001
Revises:
Create Date: 2026-11-29
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_SQLITE_TRIGGERS = {
    "events_append_only_update": "UPDATE",
    "events_append_only_delete": "DELETE",
}


def upgrade() -> None:
    op.create_table(
        "streams",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("kind", sa.String(length=50), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_streams")),
        sa.UniqueConstraint("kind", "name", name=op.f("uq_streams_kind_name")),
    )
    op.create_table(
        "events",
        sa.Column("stream_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("type", sa.String(length=100), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["stream_id"], ["streams.id"], name=op.f("fk_events_stream_id_streams")
        ),
        sa.PrimaryKeyConstraint("stream_id", "seq", name=op.f("pk_events")),
    )
    # Append-only in the database itself, whatever client writes to it.
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            """
            CREATE FUNCTION pokertd_events_append_only() RETURNS trigger
            LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'events are append-only: % refused', TG_OP;
            END
            $$
            """
        )
        op.execute(
            "CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events "
            "FOR EACH ROW EXECUTE FUNCTION pokertd_events_append_only()"
        )
        op.execute(
            "CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events "
            "FOR EACH STATEMENT EXECUTE FUNCTION pokertd_events_append_only()"
        )
    else:
        for name, verb in _SQLITE_TRIGGERS.items():
            op.execute(
                f"CREATE TRIGGER {name} BEFORE {verb} ON events BEGIN "
                f"SELECT RAISE(ABORT, 'events are append-only: {verb} refused'); END"
            )


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER events_no_truncate ON events")
        op.execute("DROP TRIGGER events_append_only ON events")
        op.execute("DROP FUNCTION pokertd_events_append_only()")
    else:
        for name in _SQLITE_TRIGGERS:
            op.execute(f"DROP TRIGGER {name}")
    op.drop_table("events")
    op.drop_table("streams")
