"""python -m railtable.server [--host H] [--port P] [--db URL] [--bot-delay S] [--idle-minutes M]"""

import argparse

from railtable.server import run


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
    a = p.parse_args()
    if a.idle_minutes < 0:
        p.error("--idle-minutes must be 0 or more")
    run(a.host, a.port, a.db, bot_delay=a.bot_delay, idle_minutes=a.idle_minutes)


if __name__ == "__main__":
    main()
