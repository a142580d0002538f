"""Colt Express's encoding (docs/games/colt_express.md, "RL encoding"): the train and its
loot, every bandit (by character), the seat's own hand, the cards played this round as far
as the seat may see them, and the round card."""

from __future__ import annotations

from railtable.games.colt_express.rules import BANDITS, EVENTS, KINDS, PHASE_NAMES, TURN_KINDS
from railtable.rl.encoding import Encoder

MAX_CARS = 7  # the locomotive and up to six wagons
CARD_KINDS = KINDS + ("bullet",)
# A card's bandit: one of the six, or none (one bandit a seat, or the marshal's bullet).
CARD_BANDITS = len(BANDITS) + 1


class ColtExpressEncoder(Encoder):
    phases = PHASE_NAMES

    def __init__(self, game, num_players, options) -> None:
        super().__init__(game, num_players, options)
        n, B = num_players, len(BANDITS)
        self.bandit = {b: i for i, b in enumerate(BANDITS)}
        self.kind = {k: i for i, k in enumerate(CARD_KINDS)}
        self.turn_kind = {k: i for i, k in enumerate(TURN_KINDS)}
        self.event = {e: i for i, e in enumerate(EVENTS)}
        self.max_turns = max(len(t) for t in game.card_turns)
        # one card a player a turn, two in a speed-up turn
        plays = max(len(t) + t.count(TURN_KINDS.index("speed_up")) for t in game.card_turns)
        self.pile_len = 2 * n * plays
        self.slice("options", 3)
        self.slice("rounds", 1)
        self.slice("round_cards_face_down", 1)
        self.slice("first_player", n)
        self.slice("round_event", len(EVENTS))
        self.slice("round_turns", self.max_turns, len(TURN_KINDS))
        self.slice("turn", 1)
        self.slice("speed_up_second_play", 1)
        self.slice("cars", 1)
        self.slice("marshal", MAX_CARS)
        self.slice("neutral_bullets", 1)
        self.slice("second_strongbox_waiting", 1)
        self.slice("bandit_seat", B, n)
        self.slice("bandit_car", B, MAX_CARS)
        self.slice("bandit_stats", B, 8)
        self.slice("loot", MAX_CARS, 2, 4)
        self.slice("players", n, 6)
        self.slice("hand", len(CARD_KINDS), CARD_BANDITS)
        self.slice("discard_pile", len(CARD_KINDS), CARD_BANDITS)
        self.slice("pile", self.pile_len, n + 4 + len(CARD_KINDS) + CARD_BANDITS)
        self.slice("pending", 2, B)
        self.slice("pending_purse", 1)
        self.slice("draft", B)
        self.slice("hidden_chosen", n)
        self.slice("hidden_yours", B)

    def _cards(self, cards: list | None) -> list:
        v = [0] * (len(CARD_KINDS) * CARD_BANDITS)
        for c in cards or ():
            v[self.kind[c["kind"]] * CARD_BANDITS + self._card_bandit(c)] += 1
        return v

    def _card_bandit(self, card: dict) -> int:
        b = card.get("bandit") or card.get("from")
        return len(BANDITS) if b is None else self.bandit[b]

    def fill(self, obs: dict, seat: int, out: list) -> None:
        n, B = self.num_players, len(BANDITS)
        order = self.seats(seat)
        out += [int(obs["two_bandits"]), int(obs["expert"]), int(obs["station_cards"])]
        out.append(obs["rounds"])
        out.append(obs["round_cards_face_down"])
        first = [0] * n
        if obs["first_player"] is not None:
            first[(obs["first_player"] - seat) % n] = 1
        out += first
        event = [0] * len(EVENTS)
        turns = [0] * (self.max_turns * len(TURN_KINDS))
        if obs["round_cards"]:
            card = obs["round_cards"][-1]  # the round being played (or the last one)
            if card["event"] is not None:
                event[self.event[card["event"]]] = 1
            for i, t in enumerate(card["turns"]):
                turns[i * len(TURN_KINDS) + self.turn_kind[t]] = 1
        out += event
        out += turns
        out.append(-1 if obs["turn"] is None else obs["turn"])
        out.append(int(obs["speed_up_second_play"]))
        out.append(obs["train"]["cars"])
        marshal = [0] * MAX_CARS
        marshal[obs["marshal"]] = 1
        out += marshal
        out.append(obs["neutral_bullets"])
        out.append(int(obs["second_strongbox"] == "beside_train"))
        bseat = [0] * (B * n)
        bcar = [0] * (B * MAX_CARS)
        stats = [0] * (B * 8)
        for b in obs["bandits"]:
            i = self.bandit[b["bandit"]]
            bseat[i * n + (b["seat"] - seat) % n] = 1
            if b["car"] is not None:
                bcar[i * MAX_CARS + b["car"]] = 1
            known = [p["value"] for p in b["purses"] if p["value"] is not None]
            stats[i * 8:i * 8 + 8] = [1, int(b["roof"]), b["bullets_left"], len(b["purses"]),
                                      sum(known), b["jewels"], b["strongboxes"], b["ransom"]]
        out += bseat
        out += bcar
        out += stats
        loot = [0] * (MAX_CARS * 2 * 4)
        for spot in obs["loot"]:
            i = (spot["car"] * 2 + int(spot["roof"])) * 4
            known = [p["value"] for p in spot["purses"] if p["value"] is not None]
            loot[i:i + 4] = [len(spot["purses"]), sum(known), spot["jewels"],
                             spot["strongboxes"]]
        out += loot
        players = obs["players"]
        for q in order:
            p = players[q]
            out += [p["hand"], p["deck"], p["discard"], len(p["discard_face_up"]),
                    p["bullets_received"], p["bullets_fired"]]
        out += self._cards(obs["hand"])
        out += self._cards(obs["discard_pile"])
        width = n + 4 + len(CARD_KINDS) + CARD_BANDITS
        pile = [0] * (self.pile_len * width)
        for i, e in enumerate(obs["pile"][:self.pile_len]):
            k = i * width
            pile[k + (e["seat"] - seat) % n] = 1
            k += n
            card = e["card"]
            pile[k:k + 4] = [int(e["face_down"]), int(e["resolved"]), int(e["chained"]),
                             int(card is not None)]
            if card is not None:
                k += 4
                pile[k + self.kind[card["kind"]]] = 1
                pile[k + len(CARD_KINDS) + self._card_bandit(card)] = 1
        out += pile
        pending = [0] * (2 * B)
        purse = 0
        pend = obs["pending"]
        if pend is not None:
            pending[self.bandit[pend["bandit"]]] = 1
            if "target" in pend:
                pending[B + self.bandit[pend["target"]]] = 1
            purse = int(pend.get("purse") is not None)
        out += pending
        out.append(purse)
        draft = [0] * B
        for b in obs["draft"] or ():
            draft[self.bandit[b]] = 1
        out += draft
        chosen = [0] * n
        yours = [0] * B
        hidden = obs["hidden"]
        if hidden is not None:
            chosen = [int(hidden["chosen"][q]) for q in order]
            if hidden["yours"] is not None:
                yours[self.bandit[hidden["yours"]]] = 1
        out += chosen
        out += yours


ENCODER = ColtExpressEncoder
