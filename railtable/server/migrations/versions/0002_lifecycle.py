"""Table lifecycle: clocks and deadlines, seat states (resigned, a bot in the seat), the
creator's secret, and the table's lifecycle events.

Revision ID: 0002_lifecycle
Revises: 0001_initial
"""

import sqlalchemy as sa
from alembic import op

revision = "0002_lifecycle"
down_revision = "0001_initial"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as b:
        b.add_column(sa.Column("clock", sa.JSON, nullable=True))
        b.add_column(sa.Column("timeout", sa.String(8), nullable=True))
        b.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
        b.add_column(sa.Column("deadline", sa.Float, nullable=True))
        b.add_column(sa.Column("turn_seat", sa.Integer, nullable=True))
        b.add_column(sa.Column("turn_start", sa.Float, nullable=True))
        b.create_index("ix_tables_deadline", ["deadline"])
    with op.batch_alter_table("seats") as b:
        b.add_column(sa.Column("state", sa.String(16), nullable=True))
        b.add_column(sa.Column("reserve", sa.Float, nullable=True))
    op.create_table(
        "table_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False, index=True),
        sa.Column("moves", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("time", sa.Float, nullable=False))


def downgrade() -> None:
    op.drop_table("table_events")
    with op.batch_alter_table("seats") as b:
        b.drop_column("reserve")
        b.drop_column("state")
    with op.batch_alter_table("tables") as b:
        b.drop_index("ix_tables_deadline")
        for col in ("turn_start", "turn_seat", "deadline", "creator_hash", "timeout", "clock"):
            b.drop_column(col)
