"""Named and private tables, and invitations (issue #23): a table's name and its casefolded
form for the lobby's search, the private flag, and each seat's invitation key.

A free seat of an older database was reserved by its token, which was also its link: that
token becomes the seat's invitation, so the old link lets its holder in once and the seat
stays reserved for it (never taken from the lobby).

Revision ID: 0003_private
Revises: 0002_lifecycle
"""

import sqlalchemy as sa
from alembic import op

revision = "0003_private"
down_revision = "0002_lifecycle"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTERs, no batch: SQLite adds these columns in place, where a batch would rebuild
    # `tables`, and dropping the old table would cascade to the seats
    op.add_column("tables", sa.Column("name", sa.String(64), nullable=False,
                                      server_default=""))
    op.add_column("tables", sa.Column("name_key", sa.String(64), nullable=False,
                                      server_default=""))
    op.add_column("tables", sa.Column("private", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.create_index("ix_tables_name_key", "tables", ["name_key"])
    op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))
    op.execute("UPDATE seats SET invite_hash = token_hash, token_hash = NULL "
               "WHERE kind = 'human' AND name IS NULL")


def downgrade() -> None:
    # an unused invitation was a free seat's token before
    op.execute("UPDATE seats SET token_hash = invite_hash "
               "WHERE kind = 'human' AND name IS NULL AND invite_hash IS NOT NULL")
    op.drop_column("seats", "invite_hash")  # SQLite 3.35+ drops a column in place
    op.drop_index("ix_tables_name_key", "tables")
    for col in ("private", "name_key", "name"):
        op.drop_column("tables", col)
