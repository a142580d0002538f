"""The schema of Railtable before Alembic: tables, seats, actions, meta.

Revision ID: 0001_initial
Revises:
"""

from alembic import op

from railtable.server.migrations.schema_0001 import schema

revision = "0001_initial"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    schema().create_all(op.get_bind())


def downgrade() -> None:
    schema().drop_all(op.get_bind())
