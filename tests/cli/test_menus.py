"""The terminal's choices (Game.menu, railtable.menu): every legal action once, numbers that
keep their meaning while a turn goes on, and the numbers the games document."""

from __future__ import annotations

import random

import pytest

from railtable.engine.registry import get_game
from railtable.menu import check

MAP_GAMES = ("ticket_to_ride", "railways_of_the_world", "steamland", "switch_and_signal")


def positions(game, seed, steps):
    """A random game's positions, each with its seat to move."""
    s = game.new_state(game.min_players if game.id != "steamland" else 3, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            return
        yield s
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("game_id", MAP_GAMES)
def test_a_number_keeps_its_meaning_while_the_same_seat_decides(game_id):
    """Between two decisions of one seat in a row, an action still legal, with the same
    label, has the same number; the numbers are the same in both languages."""
    game = get_game(game_id)
    compared = 0
    for seed in (1, 2):
        before = None
        for s in positions(game, seed, 250):
            menu = game.menu(s, "en")
            check(menu, s.legal_actions())
            assert [c.number for c in game.menu(s, "ru")] == [c.number for c in menu]
            now = (s.current_player(), {c.action: (c.label, c.number) for c in menu})
            if before is not None and before[0] == now[0]:
                for a, (label, number) in now[1].items():
                    if a in before[1] and before[1][a][0] == label:
                        assert before[1][a][1] == number, (game_id, label)
                        compared += 1
            before = now
    assert compared > 20


def test_ticket_to_ride_numbers_are_the_slots_and_the_routes():
    from railtable.games.ticket_to_ride import actions as A
    game = get_game("ticket_to_ride")
    s = game.new_state(2, 3)
    while s.phase_name() == "initial_tickets":
        s.apply(s.legal_actions()[-1])
    first = {c.action: c for c in game.menu(s, "en")}
    for slot in range(5):
        if slot in first:
            assert first[slot].number == slot + 1 and first[slot].command == f"card {slot + 1}"
    assert first[A.TAKE_BLIND].number == 6 and first[A.DRAW_TICKETS].number == 7
    for a, c in first.items():
        if A.CLAIM_BASE <= a < A.PAY_BASE:
            assert c.number == a - A.CLAIM_BASE + 10  # as the map prints it
    # a face-up card that is not a locomotive, then the second card: the slots keep
    # their numbers (the taken slot refilled)
    slot = next(k for k in range(5) if s.observation(0)["face_up"][k] != "locomotive")
    s.apply(slot)
    assert s.phase_name() == "second_card"
    second = {c.action: c for c in game.menu(s, "en")}
    for a, c in second.items():
        assert c.number == (6 if a == A.TAKE_BLIND else a + 1)


def test_railways_numbers_the_actions_and_keeps_them_after_a_loan():
    from railtable.games.railways_of_the_world import actions as A
    game = get_game("railways_of_the_world")
    s = game.new_state(3, 1)
    while s.phase_name() != "choose_action":
        s.apply(s.legal_actions()[0])  # pass in the auction
    before = {c.action: c.number for c in game.menu(s, "en")}
    assert before[A.A_NOTE] == 0
    for a, n in before.items():
        if A.A_BUILD <= a <= A.A_PASS_TURN:
            assert n == a - A.A_BUILD + 1
    s.apply(A.A_NOTE)  # a loan: more money, the same numbers
    after = {c.action: c.number for c in game.menu(s, "en")}
    assert all(after[a] == n for a, n in before.items() if a in after)


def test_steamland_moves_are_their_directions_and_slots_their_last_digit():
    from railtable.games.steamland import actions as A
    game = get_game("steamland")
    seen = set()
    for s in positions(game, 4, 400):
        for c in game.menu(s, "en"):
            typ, key, v = A.decode(c.action)
            if typ == "move":
                assert c.number == v + 1
                seen.add(typ)
            elif typ in ("sell_item", "discard_item", "challenge", "offer"):
                assert c.number % 10 == v + 1 and c.command.endswith(str(v + 1))
                seen.add(typ)
            elif typ == "end":
                assert c.number == 0
    assert {"move", "sell_item", "discard_item"} <= seen


def test_switch_and_signal_trains_and_plays_have_fixed_numbers():
    from railtable.games.switch_and_signal import actions as A
    game = get_game("switch_and_signal")
    seen = set()
    for s in positions(game, 5, 400):
        for c in game.menu(s, "en"):
            a = c.action
            if A.TRAIN <= a < A.HOLD:
                assert c.number == a - A.TRAIN + 1
                seen.add("train")
            elif A.PLAY <= a < A.LOAD:
                purpose, slot = divmod(a - A.PLAY, 7)
                assert c.number == 10 * (purpose + 1) + slot
                seen.add("play")
            elif a == A.END:
                assert c.number == 0 and c.command == "end"
    assert seen == {"train", "play"}


def test_a_game_without_a_menu_numbers_its_legal_list():
    from railtable.sim.play import TerminalGame
    from tests.engine.toy_game import GAME
    tg = TerminalGame(GAME, ["human", "random"], 1)
    tg.state = GAME.new_state(2, 1)
    menu = tg.menu()
    assert [c.number for c in menu] == list(range(1, len(menu) + 1))
    assert [c.action for c in menu] == tg.state.legal_actions()
