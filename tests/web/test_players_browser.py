"""In Chromium (issue #24's acceptance): two people sign up in two browsers, play a rated
two-player table of Branch Line to its end through the page, and both ratings move the right
way; both profiles show the game, with its rating plot, and link to its replay, which loads;
one of them signs in from a fresh browser and finds the table in the lobby. And the table's
chat (escaped, players only unless the table allows spectators) and "your move" (the title,
and a notification while the tab is hidden, once allowed)."""

import pytest

pytestmark = pytest.mark.browser

PASSWORD = "пароль-для-теста"
GAME = "branch_line"  # the project's own small game: 4 rounds of 2 players are 8 decisions


def account_form(page, name, password, button):
    page.wait_for_selector("#account[data-signed-in='no']")
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.click(button)
    page.wait_for_selector("#account[data-signed-in='yes']")


def row(page, tid):
    return f"li.table-row[data-table='{tid}']"


def api(page, path):
    return page.evaluate("p => fetch(p).then((r) => r.json())", path)


def play_to_the_end(pages, picks):
    """Click a legal choice (the shell's list of choices; picks[i] says which of n for
    pages[i]) on whichever page's move it is, until the results show. Returns the
    decisions made."""
    made, first = 0, pages[0]
    while True:
        seq = first.evaluate("Number(document.body.dataset.seq)")
        first.wait_for_function("() => document.querySelector('#result-card') ||"
                                " document.body.dataset.myMove")
        if first.locator("#result-card").count():
            break
        # two players: if it is not the first page's move, it is the other's
        i = 0 if first.evaluate("document.body.dataset.myMove") == "yes" else 1
        mover = pages[i]
        mover.wait_for_function(
            "s => Number(document.body.dataset.seq) === s && document.body.dataset.myMove"
            " === 'yes' && document.querySelector('#choice-list button')", arg=seq)
        buttons = mover.locator("#choice-list button")
        buttons.nth(picks[i](buttons.count())).click()
        made += 1
        for p in pages:
            p.wait_for_function("s => Number(document.body.dataset.seq) > s", arg=seq)
    for p in pages:
        p.wait_for_selector("#result-card")
    return made


def test_two_accounts_play_a_rated_table_and_their_profiles_show_it(server, new_context):
    ann, bob = new_context(), new_context("en-US")
    ann.goto(f"{server.url}/?game={GAME}")
    account_form(ann, "Анна", PASSWORD, "#sign-up")
    bob.goto(server.url + "/")
    account_form(bob, "Bob", PASSWORD + "!", "#sign-up")

    # Ann creates a rated table: her seat and one open to anyone, the shortest game
    ann.select_option(".seat-kind[data-seat='1']", "open")
    assert ann.is_checked("#rated") and not ann.locator("#rated-why").count()
    ann.fill("input[name='rounds']", "4")
    ann.dispatch_event("input[name='rounds']", "change")
    ann.click("#create")
    ann.click("#go-seat")
    ann.wait_for_selector("#rated[data-rated='yes']")
    tid = ann.url.rsplit("/", 1)[1]

    # Bob finds it in his lobby, marked rated, and takes the open seat
    bob.reload()
    bob.wait_for_selector(f"{row(bob, tid)} .badge.rated")
    bob.click(f"{row(bob, tid)} button.join")
    bob.wait_for_url(f"**/table/{tid}")
    bob.wait_for_selector("#rated[data-rated='yes']")
    # both names link to their profiles at the table
    for page in (ann, bob):
        page.wait_for_function("() => document.querySelectorAll('ol.players a.profile-link')"
                               ".length === 2")
    assert ann.locator("ol.players a.profile-link").nth(1).get_attribute("href") == \
        "/player/Bob"

    made = play_to_the_end([ann, bob], [lambda n: 0, lambda n: n - 1])
    assert made == 8
    table = api(ann, f"/api/tables/{tid}")
    assert table["status"] == "finished" and table["rated"] is True
    winners = table["standing"]["winners"]
    rated = {name: {r["game"]: r for r in api(page, "/api/account")["account"]["ratings"]}[GAME]
             for name, page in (("Анна", ann), ("Bob", bob))}
    start = 25.0  # OpenSkill's first rating
    if len(winners) == 1:
        winner, loser = ("Анна", "Bob") if winners == [0] else ("Bob", "Анна")
        assert rated[winner]["mu"] > start > rated[loser]["mu"]
    else:  # a tie between equals moves neither
        assert rated["Анна"]["mu"] == pytest.approx(rated["Bob"]["mu"])
    assert all(r["sigma"] < 25 / 3 and r["games"] == 1 for r in rated.values())

    # both profiles: the game played (and won or not), the rating plot, the replay's link
    for name, page in (("Анна", ann), ("Bob", bob)):
        page.goto(f"{server.url}/player/{name}")
        page.wait_for_selector("#main[data-loaded]")
        game_row = page.locator(f"#games tr[data-game='{GAME}']")
        assert game_row.locator(".played").inner_text() == "1"
        won = (winners == [0]) == (name == "Анна") and len(winners) == 1
        assert game_row.locator(".won").inner_text() == ("1" if won else "0")
        plot = page.locator(f".plot[data-game='{GAME}'] svg.rating-plot")
        assert plot.get_attribute("data-points") == "2"  # before and after the game
        assert plot.locator("polygon.band").count() == 1
        page.click(f"#recent-tables tr[data-table='{tid}'] a.replay")
        page.wait_for_url(f"**/replay/{tid}")
        page.wait_for_selector("#r-step")
        page.wait_for_function("() => /\\/ 8$/.test(document.querySelector('#r-step')"
                               ".textContent)")
    # the leaderboard lists both, the winner first, names linking to profiles
    bob.goto(f"{server.url}/leaderboard/{GAME}")
    bob.wait_for_selector("#ranking")
    names = bob.eval_on_selector_all("#ranking tr[data-name]", "rs => rs.map(r => r.dataset.name)")
    assert sorted(names) == ["Bob", "Анна"]
    if len(winners) == 1:
        assert names[0] == ("Анна" if winners == [0] else "Bob")

    # Ann on a fresh browser: signs in and finds the table in her lobby, first
    laptop = new_context()
    laptop.goto(server.url + "/")
    account_form(laptop, "анна", PASSWORD, "#sign-in")
    laptop.wait_for_selector(f"{row(laptop, tid)}.mine")
    listed = laptop.eval_on_selector_all("li.table-row", "rs => rs.map(r => r.dataset.table)")
    assert listed[0] == tid


FAKE_NOTIFICATIONS = """
// A tab the test can hide, and notifications the test can read: the page's own code runs
// unchanged against them (headless Chromium shows no notifications, and never hides a tab).
window.__hidden = false;
Object.defineProperty(document, "hidden", {get: () => window.__hidden});
window.__shown = [];
class FakeNotification {
  constructor(title, options) { window.__shown.push({title, body: options.body}); }
  close() {}
  static requestPermission() {
    FakeNotification.permission = "granted";
    return Promise.resolve("granted");
  }
}
FakeNotification.permission = "default";
window.Notification = FakeNotification;
"""


def test_chat_is_text_for_players_and_your_move_is_announced(server, new_context):
    ann, bob, watcher = new_context(), new_context("en-US"), new_context()
    bob.add_init_script(FAKE_NOTIFICATIONS)
    ann.goto(f"{server.url}/?game={GAME}")
    ann.fill("#name-input", "Аня")
    ann.select_option(".seat-kind[data-seat='1']", "open")
    ann.click("#create")
    ann.click("#go-seat")
    ann.wait_for_selector("#chat-input")
    tid = ann.url.rsplit("/", 1)[1]
    bob.goto(f"{server.url}/table/{tid}")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    bob.wait_for_function("() => document.body.dataset.status === 'running'")
    # a guest's table is no rated game, and the page says why it may not count
    bob.wait_for_selector("#rated[data-rated='yes']")
    assert "signed-in" in bob.locator("#rated").inner_text()
    watcher.goto(f"{server.url}/table/{tid}")
    watcher.wait_for_selector("#chat-input[disabled]")
    assert watcher.locator("#chat-note").inner_text() == "В чат этого стола пишут только игроки."

    # Bob allows notifications, then hides his tab; Ann moves: his move is announced
    bob.click("#notify")
    bob.wait_for_selector("#notify-on")
    assert not bob.title().startswith("●")
    bob.evaluate("window.__hidden = true")
    ann.wait_for_selector("#choice-list button")
    ann.locator("#choice-list button").first.click()
    bob.wait_for_function("() => document.body.dataset.myMove === 'yes'")
    assert bob.title().startswith("● Your turn")
    assert bob.evaluate("window.__shown") == [{"title": "Your turn · Branch Line",
                                                "body": "It is your move."}]
    # Ann's page hears of her move on its own socket, maybe after Bob's: wait for it
    ann.wait_for_function("() => document.body.dataset.myMove === 'no'")
    assert not ann.title().startswith("●")

    # the chat: markup is shown as the text it is, to the players and the spectator
    evil = '<img src=x onerror="window.__pwned=1"><b>привет</b> & bye'
    ann.fill("#chat-input", evil)
    ann.press("#chat-input", "Enter")
    for page in (ann, bob, watcher):
        page.wait_for_selector("#chat-list li .chat-text")
        assert page.locator("#chat-list li .chat-text").inner_text() == evil
        assert page.locator("#chat-list li .chat-author").inner_text() == "Аня"
        assert page.locator("#chat-list img, #chat-list b b").count() == 0
        assert page.evaluate("window.__pwned") is None
    # a message longer than the limit is refused with its text in the page's language
    bob.evaluate("() => { document.querySelector('#chat-input').removeAttribute('maxlength'); }")
    bob.fill("#chat-input", "x" * 501)
    bob.press("#chat-input", "Enter")
    bob.wait_for_selector("#toast:not([hidden])")
    assert "500 characters at most" in bob.locator("#toast").inner_text()
    # joining later, the last messages come with the table
    late = new_context()
    late.goto(f"{server.url}/table/{tid}")
    late.wait_for_selector("#chat-list li .chat-text")
    assert late.locator("#chat-list li .chat-text").inner_text() == evil

    # muting: Bob hides Аня's messages in his browser (at every table, after a reload too);
    # she and the others still read them, and he can show them again
    assert ann.locator("#chat-list li .chat-mute").count() == 0  # not offered for oneself
    bob.locator("#chat-list li .chat-mute").click()
    bob.wait_for_selector("#chat-list li", state="detached")
    assert bob.locator("#chat-hidden .chat-unmute").inner_text() == "Аня (1) ×"
    assert bob.locator("#chat-hidden").inner_text().startswith("Muted:")
    ann.fill("#chat-input", "второе")
    ann.press("#chat-input", "Enter")
    watcher.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 2")
    bob.wait_for_function(
        "() => document.querySelector('#chat-hidden .chat-unmute').textContent === 'Аня (2) ×'")
    assert bob.locator("#chat-list li").count() == 0
    bob.reload()
    bob.wait_for_selector("#chat-hidden .chat-unmute")
    assert bob.locator("#chat-list li").count() == 0
    bob.locator("#chat-hidden .chat-unmute").click()
    bob.wait_for_function("() => document.querySelectorAll('#chat-list li').length === 2")
    assert bob.locator("#chat-list li .chat-text").all_inner_texts() == [evil, "второе"]
    assert bob.locator("#chat-hidden").inner_text() == ""
