"""python -m railtable.server [--host H] [--port P] [--db URL] [--bot-delay S]"""

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
    a = p.parse_args()
    run(a.host, a.port, a.db, bot_delay=a.bot_delay)


if __name__ == "__main__":
    main()
