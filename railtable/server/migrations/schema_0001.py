"""The schema of revision 0001, frozen: what Railtable created before Alembic (with the
`version` column it added by hand). Used by that revision and to bring a database of a
Railtable without Alembic up to it before stamping."""

from sqlalchemy import (JSON, BigInteger, Boolean, Column, Float, ForeignKey, Integer, MetaData,
                        String, Table, UniqueConstraint)


def schema() -> MetaData:
    md = MetaData()
    Table("tables", md,
          Column("id", String(32), primary_key=True),
          Column("game", String(64), nullable=False),
          Column("options", JSON, nullable=False),
          Column("seed", BigInteger, nullable=False),
          Column("num_players", Integer, nullable=False),
          Column("status", String(16), nullable=False, index=True),
          Column("rules_version", String(32), nullable=False),
          Column("created", Float, nullable=False),
          Column("updated", Float, nullable=False),
          Column("moves", Integer, nullable=False),
          Column("result", JSON, nullable=True),
          Column("version", Integer, nullable=False, server_default="0"))
    Table("seats", md,
          Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
                 primary_key=True),
          Column("seat", Integer, primary_key=True),
          Column("kind", String(8), nullable=False),
          Column("bot", String(200), nullable=True),
          Column("name", String(64), nullable=True),
          Column("token_hash", String(64), nullable=True))
    Table("actions", md,
          Column("id", Integer, primary_key=True, autoincrement=True),
          Column("table_id", String(32), ForeignKey("tables.id", ondelete="CASCADE"),
                 nullable=False),
          Column("seq", Integer, nullable=False),
          Column("seat", Integer, nullable=False),
          Column("action", JSON, nullable=False),
          Column("barrier", Boolean, nullable=False),
          Column("time", Float, nullable=False),
          UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"))
    Table("meta", md,
          Column("key", String(32), primary_key=True),
          Column("value", String(200), nullable=False))
    return md
