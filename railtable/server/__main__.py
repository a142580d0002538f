"""python -m railtable.server [--host H] [--port P] [--db URL] [--bot-delay S] [--idle-minutes M]
[--workers N] [--broker redis://...] [--lease-seconds S] [--check-seconds S] [--open-hours H]
[--sweep-seconds S] [--bot-workers N] [--bot-max-ms MS] [--bot-max-iterations N]
[--bot-max-steps N] [--bot-max-jobs N] [--rate-tables RATE] [--rate-messages RATE] [--rate-signin RATE]
[--rate-chat RATE]
(limits also from RAILTABLE_BOT_MAX_MS etc.)"""

import argparse
import os

from railtable.server import run
from railtable.server.limits import LIMIT_FLAGS, Limits, limit_env


def main() -> None:
    p = argparse.ArgumentParser(prog="python -m railtable.server")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default=None, help="SQLAlchemy URL (default: a SQLite file in "
                   "the user's data directory)")
    p.add_argument("--bot-delay", type=float, default=0.6,
                   help="seconds a bot waits before it acts, so people can follow")
    p.add_argument("--idle-minutes", type=float, default=10.0,
                   help="a table nobody uses leaves memory after so many minutes and is "
                   "rebuilt from the database when needed (0: never)")
    p.add_argument("--workers", type=int, default=1,
                   help="worker processes on this socket (more than one needs --broker and "
                   "a PostgreSQL --db)")
    p.add_argument("--broker", default=None,
                   help="Redis URL that joins the workers of one site, e.g. "
                   "redis://127.0.0.1:6379/0")
    p.add_argument("--lease-seconds", type=float, default=10.0,
                   help="a worker's hold on a table's bots; a dead worker's bots move again "
                   "after about this long")
    p.add_argument("--check-seconds", type=float, default=2.0,
                   help="how often a worker compares its tables with the database")
    p.add_argument("--open-hours", type=float, default=24.0,
                   help="a table whose seats are not all taken within so many hours expires "
                   "(0: never)")
    p.add_argument("--sweep-seconds", type=float, default=1.0,
                   help="how often a worker looks for turns whose clock ran out")
    add_limit_options(p)
    a = p.parse_args()
    if a.idle_minutes < 0 or a.open_hours < 0:
        p.error("--idle-minutes and --open-hours must be 0 or more")
    if a.sweep_seconds <= 0:
        p.error("--sweep-seconds must be positive")
    if a.workers < 1 or a.lease_seconds <= 0 or a.check_seconds <= 0:
        p.error("--workers, --lease-seconds and --check-seconds must be positive")
    from railtable.server.cluster import SetupError
    try:
        limits = limits_from_args(a)
    except ValueError as e:
        p.error(str(e))
    try:
        run(a.host, a.port, a.db, bot_delay=a.bot_delay, idle_minutes=a.idle_minutes,
            workers=a.workers, broker=a.broker, lease_seconds=a.lease_seconds,
            check_seconds=a.check_seconds, bot_workers=a.bot_workers, limits=limits,
            open_hours=a.open_hours, sweep_seconds=a.sweep_seconds)
    except SetupError as e:
        p.error(str(e))


def add_limit_options(p: argparse.ArgumentParser) -> None:
    d = Limits()
    env = os.environ.get
    # (a default given as text is converted by argparse, which names a bad one clearly)
    p.add_argument("--bot-workers", type=int, default=env("RAILTABLE_BOT_WORKERS", "2"),
                   help="bot processes of a server worker, shared by all its tables")
    for flag, field, what in LIMIT_FLAGS:
        p.add_argument(flag, type=int, default=env(limit_env(flag), str(getattr(d, field))),
                       help=f"the most a client's bot may ask for: {what}")
    p.add_argument("--rate-tables", default=env("RAILTABLE_RATE_TABLES", d.create_rate),
                   help="tables one client address may create, e.g. 10/minute (none: no "
                   "limit); invitations it accepts and tables it cancels are counted apart "
                   "at this rate")
    p.add_argument("--rate-signin", default=env("RAILTABLE_RATE_SIGNIN", d.signin_rate),
                   help="sign-in attempts per client address and per user name (sign-ups "
                   "per address counted apart), e.g. 10/minute;100/day")
    p.add_argument("--rate-messages", default=env("RAILTABLE_RATE_MESSAGES", d.message_rate),
                   help="WebSocket messages one connection may send, e.g. 20/second;600/minute")
    p.add_argument("--rate-chat", default=env("RAILTABLE_RATE_CHAT", d.chat_rate),
                   help="chat messages per seat of a table (a spectator: per account or "
                   "client address), e.g. 5/10seconds;120/hour")


def limits_from_args(a) -> dict:
    if a.bot_workers < 1:
        raise ValueError("--bot-workers must be at least 1")
    out = {field: getattr(a, flag[2:].replace("-", "_")) for flag, field, _ in LIMIT_FLAGS}
    out.update(create_rate=a.rate_tables, message_rate=a.rate_messages,
               signin_rate=a.rate_signin, chat_rate=a.rate_chat)
    return Limits(**out).to_json()  # checked here, sent as JSON to the workers


if __name__ == "__main__":
    main()
