"""Steamland (Пароземелье), 2-6 players. See docs/games/steamland.md."""

from railtable.games.steamland.rules import SteamlandGame

GAME = SteamlandGame()
