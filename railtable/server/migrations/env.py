"""Alembic's environment: always given a connection by railtable.server.storage.Store
(which holds the PostgreSQL advisory lock on it), never run from a command line."""

from alembic import context

from railtable.server.storage import metadata

connection = context.config.attributes["connection"]
# batch mode: SQLite rebuilds a table for the ALTERs it lacks
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
