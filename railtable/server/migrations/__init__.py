"""Alembic migrations of the server's database (see railtable.server.storage.Store)."""
