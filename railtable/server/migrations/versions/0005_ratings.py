"""Ratings (issue #24): each account's OpenSkill rating per game, its history (one row per
account and rated table), and whether a table counts for ratings. Tables from before are
unrated: whether undo was used on them is not known.

Revision ID: 0005_ratings
Revises: 0004_accounts
"""

import sqlalchemy as sa
from alembic import op

revision = "0005_ratings"
down_revision = "0004_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("tables", sa.Column("rated", sa.Boolean, nullable=False,
                                      server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_game_ordinal", "ratings", ["game", "ordinal"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("time", sa.Float, nullable=False),
        sa.UniqueConstraint("account_id", "table_id", name="uq_rating_history_account_table"),
    )
    op.create_index("ix_rating_history_table_id", "rating_history", ["table_id"])
    op.create_index("ix_rating_history_account_game", "rating_history",
                    ["account_id", "game", "time"])


def downgrade() -> None:
    op.drop_table("rating_history")
    op.drop_table("ratings")
    # a plain ALTER, as 0004's: batch mode would rebuild `tables` (and, with foreign keys
    # on, cascade to the seats)
    op.drop_column("tables", "rated")
