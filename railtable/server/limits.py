"""What one client may ask of the server: bot strength, and how often it may create tables
or send WebSocket messages. Each refusal names the limit and the option that sets it.

Bot specs come from strangers: `mcts(ms=1000000000)` would hold a bot process for eleven
days, `mcts(jobs=64)` would start 64 processes, `ms=nan` compares false with every bound.
`check_bot` refuses them; a search bounded only by iterations or steps also gets the time
limit, so no move holds the shared bot pool longer than `bot_ms`.

Rates are counted by the `limits` library: table creation and chat messages (per author) per
client address (in Redis when
the server runs with a broker, so all workers count together; else in memory), messages per
WebSocket connection (in memory: a connection lives in one worker, and counting per address
would throttle every player behind one NAT together).
"""

from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass

from railtable.bots.spec import SpecError, parse_spec
from railtable.server.protocol import ActionError

log = logging.getLogger("railtable.server")

# Parameters whose cost the server bounds with its own settings; every other numeric bot
# parameter (weights, samples, horizons, look-ahead) is at most OTHER_MAX.
OTHER_MAX = 100
UNLIMITED = ("", "none", "unlimited", "0")


@dataclass(frozen=True)
class Limits:
    """The server's limits (see docs/server.md, "Limits"); `railtable serve` sets them."""

    bot_ms: int = 5000  # thinking time of a bot's move, milliseconds
    bot_iterations: int = 100_000  # search iterations of a move
    bot_steps: int = 10_000_000  # decisions simulated by a search in a move
    bot_jobs: int = 1  # search processes of one bot (beyond the shared pool)
    create_rate: str = "10/minute"  # tables created per client address
    message_rate: str = "20/second;600/minute"  # WebSocket messages per connection
    # sign-in attempts (and sign-ups) per client address, and sign-in attempts per user name
    signin_rate: str = "10/minute;100/day"
    # chat messages per seat of a table (a spectator: per account, or per client address)
    chat_rate: str = "5/10seconds;120/hour"

    def __post_init__(self) -> None:
        for name in ("bot_ms", "bot_iterations", "bot_steps", "bot_jobs"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ValueError(f"{name} must be a whole number of at least 1, not {v!r}")
        for name in ("create_rate", "message_rate", "signin_rate", "chat_rate"):
            parse_rates(getattr(self, name), name)

    @classmethod
    def coerce(cls, value) -> "Limits":
        if value is None:
            return cls()
        if isinstance(value, dict):
            return cls(**value)
        return value

    def to_json(self) -> dict:
        return asdict(self)


# command-line options of the bot limits: (flag, Limits field, what it bounds)
LIMIT_FLAGS = [
    ("--bot-max-ms", "bot_ms", "thinking time a move, in milliseconds"),
    ("--bot-max-iterations", "bot_iterations", "search iterations a move"),
    ("--bot-max-steps", "bot_steps", "decisions a search simulates in a move"),
    ("--bot-max-jobs", "bot_jobs", "search processes (mcts jobs=N)"),
]


def limit_env(flag: str) -> str:
    """--bot-max-ms -> RAILTABLE_BOT_MAX_MS"""
    return "RAILTABLE_" + flag[2:].replace("-", "_").upper()


def parse_rates(text: str, what: str = "rate"):
    """"10/minute;100/hour" -> the limits library's items; [] for unlimited."""
    from limits import parse_many
    if text.strip().lower() in UNLIMITED:
        return []
    try:
        return parse_many(text)
    except ValueError:
        raise ValueError(f"{what} {text!r} is not a rate such as 10/minute or "
                         "20/second;600/minute (or none)") from None


# -- bot specs ----------------------------------------------------------------------------

def _number(name: str, v, spec: str):
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return None
    if isinstance(v, float) and not math.isfinite(v):
        raise ActionError("bad_bot", f"bot {spec}: {name}={v} is not a finite number")
    return v


def _whole(name: str, v, spec: str, limit: int, option: str, what: str) -> None:
    if isinstance(v, bool) or not isinstance(v, int):
        raise ActionError("bad_bot", f"bot {spec}: {name}={v!r} must be a whole number of "
                          f"{what}")
    if v < 1:
        raise ActionError("bad_bot", f"bot {spec}: {name}={v} must be at least 1")
    if v > limit:
        raise ActionError("bot_limit", f"bot {spec}: {name}={v} is over this server's limit "
                          f"of {limit} {what} ({option})")


def _check_policy(path, shown: str) -> None:
    """A client names a trained policy by one of the server's policy names, never by a
    path (railtable.rl.policy.resolve)."""
    if not isinstance(path, str):
        raise ActionError("bad_bot", f"bot {shown}: policy needs path=NAME, one of this "
                          "server's policies")
    try:
        from railtable.rl.policy import PolicyError, resolve, server_roots
    except ImportError:
        raise ActionError("bad_bot", "this server has no policy bots (the rl extra is not "
                          "installed)") from None
    try:
        resolve(path, server_roots())
    except PolicyError as e:
        raise ActionError("bad_bot", f"bot {shown}: {e}") from None


def check_bot(text: str, limits: Limits) -> str:
    """The spec to store for a client's bot spec, or ActionError naming what is wrong or
    which limit it exceeds. A search bounded only by iterations or steps gets ms=bot_ms."""
    try:
        spec = parse_spec(text)
    except SpecError as e:
        raise ActionError("bad_bot", str(e)) from None
    shown = text.strip()[:80]
    p = spec.params
    if spec.name == "policy":
        _check_policy(p.get("path"), shown)
    for name, v in p.items():
        n = _number(name, v, shown)
        if n is None or name in ("ms", "iterations", "steps", "jobs"):
            continue
        if abs(n) > OTHER_MAX:
            raise ActionError("bot_limit", f"bot {shown}: {name}={v} is over this server's "
                              f"limit of {OTHER_MAX} for bot parameters")
    if "ms" in p:
        ms = _number("ms", p["ms"], shown)
        if ms is None:
            raise ActionError("bad_bot", f"bot {shown}: ms={p['ms']!r} must be a number of "
                              "milliseconds")
        if ms <= 0:
            raise ActionError("bad_bot", f"bot {shown}: ms={ms} must be more than 0")
        if ms > limits.bot_ms:
            raise ActionError("bot_limit", f"bot {shown}: ms={ms} is over this server's limit "
                              f"of {limits.bot_ms} ms a move (--bot-max-ms)")
    if "iterations" in p:
        _whole("iterations", p["iterations"], shown, limits.bot_iterations,
               "--bot-max-iterations", "iterations")
    if "steps" in p:
        _whole("steps", p["steps"], shown, limits.bot_steps, "--bot-max-steps",
               "decisions")
    if "jobs" in p:
        _whole("jobs", p["jobs"], shown, limits.bot_jobs, "--bot-max-jobs",
               "search processes")
    out = text.strip()
    if ("iterations" in p or "steps" in p) and "ms" not in p:
        # bounded by work alone, a move could take minutes in a long game: add the clock
        out = out[:-1] + f",ms={limits.bot_ms})"
    return out


# -- rates --------------------------------------------------------------------------------

class RateLimiter:
    """The `limits` library's windows: table creation (and, counted apart, accepted
    invitations and cancels) per client address (a moving window), messages per connection
    (a sliding window counter: two counters a connection). `redis_url`: count the per-address
    rates in Redis (all workers of a site together; `site`: the site id, which keeps sites
    sharing a Redis apart). If Redis cannot be reached, a request is
    let through (and logged) rather than refused."""

    def __init__(self, limits: Limits, redis_url: str | None = None,
                 site: str = "") -> None:
        from limits.aio.storage import MemoryStorage, RedisStorage
        from limits.aio.strategies import (MovingWindowRateLimiter,
                                           SlidingWindowCounterRateLimiter)
        self.create_items = parse_rates(limits.create_rate, "create_rate")
        self.message_items = parse_rates(limits.message_rate, "message_rate")
        self.signin_items = parse_rates(limits.signin_rate, "signin_rate")
        self.signin_text = limits.signin_rate
        self.chat_items = parse_rates(limits.chat_rate, "chat_rate")
        self.chat_text = limits.chat_rate
        self.create_text = limits.create_rate
        self.message_text = limits.message_rate
        shared = MemoryStorage()
        if redis_url:
            uri = "async+" + redis_url if not redis_url.startswith("async+") else redis_url
            # per site, like the broker's channel: sites may share one Redis
            prefix = f"railtable-rate-{site}" if site else "railtable-rate"
            shared = RedisStorage(uri, implementation="redispy", key_prefix=prefix)
        self.create_limiter = MovingWindowRateLimiter(shared)
        # two counters a connection (a moving window would keep a time per message)
        self.message_limiter = SlidingWindowCounterRateLimiter(MemoryStorage())

    async def _hit(self, limiter, items, *key: str) -> bool:
        for item in items:
            try:
                if not await limiter.hit(item, *key):
                    return False
            except Exception:  # noqa: BLE001 - no Redis for a moment: let the request in
                log.warning("rate limit storage unavailable; %s not counted", key,
                            exc_info=True)
                return True
        return True

    async def create(self, client: str) -> None:
        if not await self._hit(self.create_limiter, self.create_items, "create", client):
            raise ActionError("rate_limited", f"too many new tables from your address: at most "
                              f"{self.create_text} (--rate-tables); try again later", 429)

    async def request(self, what: str, client: str) -> None:
        """Accepting an invitation, cancelling a table: each counted apart per client
        address at the rate of table creation (--rate-tables)."""
        if not await self._hit(self.create_limiter, self.create_items, what, client):
            raise ActionError("rate_limited", f"too many requests from your address: at most "
                              f"{self.create_text} (--rate-tables) of this kind; try again "
                              "later", 429)

    async def signin(self, what: str, client: str, name_key: str | None = None) -> None:
        """A sign-in attempt (`what`: signin, or signup, counted apart): per client address,
        and a sign-in per user name too (one name guessed at from many addresses)."""
        if not await self._hit(self.create_limiter, self.signin_items, what, client):
            raise ActionError("rate_limited", f"too many attempts from your address: at most "
                              f"{self.signin_text} (--rate-signin); try again later", 429)
        if name_key is not None and not await self._hit(
                self.create_limiter, self.signin_items, what + "-name", name_key):
            raise ActionError("rate_limited", f"too many sign-in attempts for this user name: "
                              f"at most {self.signin_text} (--rate-signin); try again later",
                              429)

    async def chat(self, author: str) -> None:
        """A chat message of one author (a seat of a table, an account, an address),
        counted for the whole site like table creation."""
        if not await self._hit(self.create_limiter, self.chat_items, "chat", author):
            raise ActionError("rate_limited", f"too many chat messages: at most "
                              f"{self.chat_text} (--rate-chat); wait a little", 429)

    async def message(self, conn_id: str) -> ActionError | None:
        if not await self._hit(self.message_limiter, self.message_items, "message", conn_id):
            return ActionError("rate_limited", f"too many messages: at most "
                               f"{self.message_text} on one connection (--rate-messages); "
                               "this one was ignored", 429)
        return None
