// The lobby: games, a form to create a table, and the lists of tables.
import {api, botName, creatorKey, el, errorText, getLang, howtoUrl, langSwitch, leaderboardHref, playerName, profileHref, setLang, t, title} from "./common.js";

let lang = getLang();
let gamesList = [];
let created = null; // the answer to the last table creation
let lastError = "";

function seatChoices(game, index) {
  const opts = [];
  if (index === 0) opts.push(["me", t("me", lang)]);
  opts.push(["human", t("human", lang)]);
  if (!form.private) opts.push(["open", t("open_seat", lang)]);
  for (const b of game.bots) opts.push([`bot:${b}`, `${t("bot", lang)}: ${botName(b, lang)}`]);
  return opts;
}

function defaultSeat(game, index) {
  if (index === 0) return "me";
  for (const b of ["heuristic", "random"]) if (game.bots.includes(b)) return `bot:${b}`;
  return `bot:${game.bots[0] || "random"}`;
}

const form = {game: null, players: 0, seats: [], specs: [], options: {}, name: localStorage.getItem("railtable.name") || "",
  tableName: "", private: false, rated: true, spectatorChat: false,
  // the clock: none, live (seconds a move + minutes of reserve) or turn-based (hours + days)
  clock: "none", moveSeconds: 30, reserveMinutes: 5, moveHours: 24, reserveDays: 0, timeout: "bot"};
const ENDED = ["finished", "abandoned", "cancelled", "expired"];

function clockBody() {
  if (form.clock === "live") return {kind: "live", move: form.moveSeconds, reserve: Math.round(form.reserveMinutes * 60)};
  if (form.clock === "turn") return {kind: "turn", move: Math.round(form.moveHours * 3600), reserve: Math.round(form.reserveDays * 86400)};
  return null;
}

function numberInput(id, key, step) {
  return el("input", {type: "number", id, min: 0, step, value: form[key],
    onchange: (e) => { form[key] = parseFloat(e.target.value); }});
}

function renderClock(g) {
  const box = el("fieldset", {class: "clock", id: "clock"}, el("legend", {}, t("clock", lang)),
    el("label", {}, el("span", {}, t("clock", lang)),
      el("select", {id: "clock-kind", onchange: (e) => { form.clock = e.target.value; render(); }},
        ["none", "live", "turn"].map((k) => el("option", {value: k, selected: k === form.clock}, t("clock." + k, lang))))));
  if (form.clock === "live") {
    box.append(el("label", {}, el("span", {}, t("move_seconds", lang)), numberInput("clock-move", "moveSeconds", 1)),
      el("label", {}, el("span", {}, t("reserve_minutes", lang)), numberInput("clock-reserve", "reserveMinutes", "any")));
  } else if (form.clock === "turn") {
    box.append(el("label", {}, el("span", {}, t("move_hours", lang)), numberInput("clock-move", "moveHours", 1)),
      el("label", {}, el("span", {}, t("reserve_days", lang)), numberInput("clock-reserve", "reserveDays", "any")));
  }
  if (form.clock !== "none") {
    const choices = g.cooperative ? ["bot"] : ["bot", "drop"];
    if (!choices.includes(form.timeout)) form.timeout = "bot";
    box.append(el("label", {}, el("span", {}, t("timeout", lang)),
      el("select", {id: "timeout", onchange: (e) => { form.timeout = e.target.value; }},
        choices.map((k) => el("option", {value: k, selected: k === form.timeout}, t("timeout." + k, lang))))));
  }
  return box;
}

function selectGame(id) {
  const g = gamesList.find((x) => x.id === id) || gamesList[0];
  form.game = g.id;
  form.players = Math.min(Math.max(form.players || g.min_players, g.min_players), g.max_players);
  form.seats = Array.from({length: g.max_players}, (_, i) => form.seats[i] && form.seats[i].startsWith("bot:") && !g.bots.includes(form.seats[i].slice(4)) ? defaultSeat(g, i) : (form.seats[i] || defaultSeat(g, i)));
  form.specs = [];
  form.options = {};
  for (const [k, p] of Object.entries(g.options.properties || {})) form.options[k] = p.default;
}

function optionInput(name, prop) {
  const label = title(prop.title, lang) || name;
  let input;
  if (prop.type === "boolean") {
    input = el("input", {type: "checkbox", name, checked: !!form.options[name],
      onchange: (e) => { form.options[name] = e.target.checked; }});
  } else if (prop.enum) {
    input = el("select", {name, onchange: (e) => { form.options[name] = e.target.value; }},
      prop.enum.map((v) => el("option", {value: v, selected: v === form.options[name]},
        (prop["x-enum-titles"] && prop["x-enum-titles"][v] && prop["x-enum-titles"][v][lang]) || v)));
  } else if (prop.type === "integer" || prop.type === "number") {
    input = el("input", {type: "number", name, value: form.options[name], min: prop.minimum, max: prop.maximum,
      step: prop.type === "integer" ? 1 : "any",
      onchange: (e) => { form.options[name] = prop.type === "integer" ? parseInt(e.target.value, 10) : parseFloat(e.target.value); }});
  } else {
    input = el("input", {type: "text", name, value: form.options[name] ?? "",
      onchange: (e) => { form.options[name] = e.target.value; }});
  }
  // what the option does, from the game's catalogue (docs/i18n.md, "explain")
  const about = title(prop.description, lang) || null;
  return el("label", {class: "opt", title: about, "data-option": name}, el("span", {}, label), input);
}

function renderForm() {
  const g = gamesList.find((x) => x.id === form.game);
  const box = el("section", {class: "card new-table", id: "new-table"}, el("h2", {}, t("new_table", lang)));
  box.append(el("label", {}, el("span", {}, t("game", lang)),
    el("select", {id: "game-select", onchange: (e) => { selectGame(e.target.value); render(); }},
      gamesList.map((x) => el("option", {value: x.id, selected: x.id === form.game}, title(x.title, lang))))));
  if (g.description && title(g.description, lang)) box.append(el("p", {class: "desc"}, title(g.description, lang)));
  if (g.has_howto) {
    box.append(el("p", {}, el("a", {class: "howto-link", id: "howto-link", href: howtoUrl(g.id, lang), target: "_blank"},
      t("how_to_play", lang))));
  }
  box.append(el("label", {}, el("span", {}, t("your_name", lang)),
    el("input", {id: "name-input", type: "text", maxlength: 32, value: form.name,
      oninput: (e) => { form.name = e.target.value; localStorage.setItem("railtable.name", form.name); }})));
  box.append(el("label", {}, el("span", {}, t("table_name", lang)),
    el("input", {id: "table-name", type: "text", maxlength: 64, value: form.tableName,
      placeholder: form.name.trim() ? `${title(g.title, lang)} — ${form.name.trim()}` : title(g.title, lang),
      oninput: (e) => { form.tableName = e.target.value; }})));
  box.append(el("label", {class: "check"}, el("input", {id: "private", type: "checkbox", checked: form.private,
    onchange: (e) => { form.private = e.target.checked; render(); }}), el("span", {}, t("private_table", lang))));
  // rated (ratings.py): never with a bot seat, and then the box says why
  const bots = form.seats.slice(0, form.players).some((v) => v.startsWith("bot:"));
  box.append(el("label", {class: "check"}, el("input", {id: "rated", type: "checkbox", checked: form.rated && !bots,
    disabled: bots, onchange: (e) => { form.rated = e.target.checked; }}), el("span", {}, t("rated_table", lang))),
  bots ? el("p", {class: "muted", id: "rated-why"}, t("rated_needs_humans", lang)) : null);
  box.append(el("label", {class: "check"}, el("input", {id: "spectator-chat", type: "checkbox", checked: form.spectatorChat,
    onchange: (e) => { form.spectatorChat = e.target.checked; }}), el("span", {}, t("spectator_chat", lang))));
  const counts = [];
  for (let n = g.min_players; n <= g.max_players; n++) counts.push(n);
  box.append(el("label", {}, el("span", {}, t("players", lang)),
    el("select", {id: "players-select", onchange: (e) => { form.players = parseInt(e.target.value, 10); render(); }},
      counts.map((n) => el("option", {value: n, selected: n === form.players}, n)))));
  const seats = el("div", {class: "seats"});
  for (let i = 0; i < form.players; i++) {
    const isBot = form.seats[i].startsWith("bot:");
    // a bot seat's spec can carry parameters, e.g. mcts(ms=500)
    const spec = isBot ? el("input", {type: "text", class: "bot-spec", "data-seat": i, maxlength: 200,
      value: form.specs[i] || form.seats[i].slice(4), title: t("bot_spec", lang),
      onchange: (e) => { form.specs[i] = e.target.value.trim(); }}) : null;
    seats.append(el("label", {}, el("span", {}, `${t("seat", lang)} ${i + 1}`),
      el("select", {class: "seat-kind", "data-seat": i, onchange: (e) => {
        form.seats[i] = e.target.value; form.specs[i] = null; render();
      }}, seatChoices(g, i).map(([v, text]) => el("option", {value: v, selected: v === form.seats[i]}, text))), spec));
  }
  box.append(seats);
  const props = Object.entries(g.options.properties || {});
  if (props.length) {
    box.append(el("fieldset", {class: "options"}, el("legend", {}, t("options", lang)),
      props.map(([k, p]) => optionInput(k, p))));
  }
  box.append(renderClock(g));
  box.append(el("p", {class: "error", id: "form-error"}, lastError));
  box.append(el("button", {type: "button", id: "create", class: "primary", onclick: createTable}, t("create", lang)));
  return box;
}

// One click: me in the first seat, the game's default bot in every other, a name made up in
// my language, and straight to my seat.
function renderQuickStart() {
  const g = gamesList.find((x) => x.id === form.game);
  return el("section", {class: "card quick-start", id: "quick-start"},
    el("div", {class: "quick-row"},
      el("select", {id: "quick-game", "aria-label": t("game", lang), onchange: (e) => { selectGame(e.target.value); render(); }},
        gamesList.map((x) => el("option", {value: x.id, selected: x.id === form.game}, title(x.title, lang)))),
      el("button", {type: "button", id: "play-bots", class: "primary", onclick: () => playBots(g)}, t("play_bots", lang))),
    el("p", {class: "muted"}, t("play_bots_note", lang)),
    quickError ? el("p", {class: "error", id: "quick-error"}, quickError) : null);
}

let quickError = "";

async function playBots(g) {
  const name = form.name.trim() || (account && account.name) || t("guest", lang);
  const n = Math.max(form.players, g.min_players);
  const seats = [{kind: "human", name}];
  for (let i = 1; i < n; i++) seats.push({kind: "bot", bot: defaultSeat(g, i).slice(4)});
  const tableName = t("bots_table_name", lang).replace("{game}", title(g.title, lang)).replace("{name}", name);
  try {
    const c = await api("/api/tables", {game: g.id, seats, options: form.options, cookie: true, lang,
      name: tableName.slice(0, 64)});
    localStorage.setItem(creatorKey(c.id), c.creator);
    location.href = c.url;
  } catch (e) {
    quickError = errorText(e, lang);
    render();
  }
}

async function createTable() {
  const seats = [];
  for (let i = 0; i < form.players; i++) {
    const v = form.seats[i];
    if (v === "me") seats.push({kind: "human", name: form.name});
    else if (v === "human" || (v === "open" && form.private)) seats.push({kind: "human"});
    else if (v === "open") seats.push({kind: "human", open: true});
    else seats.push({kind: "bot", bot: form.specs[i] || v.slice(4)});
  }
  if (seats.some((s) => s.kind === "human" && s.name !== undefined) && !form.name.trim()) {
    lastError = t("name_needed", lang); render(); return;
  }
  try {
    // cookie: my seat's secret comes back as an HttpOnly cookie, never in the page
    const body = {game: form.game, seats, options: form.options, private: form.private, cookie: true, lang,
      rated: form.rated && !seats.some((s) => s.kind === "bot"), spectator_chat: form.spectatorChat};
    if (form.tableName.trim()) body.name = form.tableName.trim();
    const c = clockBody();
    if (c) Object.assign(body, {clock: c, timeout: form.timeout});
    created = await api("/api/tables", body);
    // the creator's secret, which cancels the table before it starts
    localStorage.setItem(creatorKey(created.id), created.creator);
    lastError = "";
  } catch (e) {
    lastError = errorText(e, lang);
  }
  render();
  refreshTables();
}

function renderCreated() {
  if (!created) return null;
  const box = el("section", {class: "card created", id: "created"}, el("h2", {}, t("links", lang)),
    el("p", {}, created.name), el("p", {class: "muted"}, t("links_note", lang)));
  const list = el("ul", {});
  for (const s of created.seats) {
    if (s.kind !== "human" || !s.url) continue;
    const url = new URL(s.url, location.href).href;
    list.append(el("li", {}, `${t("seat", lang)} ${s.seat + 1}${s.name ? " — " + s.name : ""}: `,
      el("a", {href: url, class: "seat-link", "data-seat": s.seat, rel: "noreferrer"}, url)));
  }
  box.append(list);
  const mine = created.seats.find((s) => s.mine);
  if (mine) box.append(el("a", {class: "button primary", id: "go-seat", href: created.url}, t("go_to_seat", lang)));
  else if (!created.private) box.append(el("a", {class: "button", id: "go-seat", href: created.url}, t("watch_table", lang)));
  if (created.status === "open") {
    box.append(" ", el("button", {type: "button", id: "cancel-created", onclick: async () => {
      if (!confirm(t("confirm_cancel", lang))) return;
      try {
        await api(`/api/tables/${encodeURIComponent(created.id)}/cancel`, {creator: created.creator});
        created.status = "cancelled";
      } catch (e) { lastError = errorText(e, lang); }
      render();
      refreshTables();
    }}, t("cancel_table", lang)));
  } else if (created.status === "cancelled") {
    box.append(el("p", {class: "muted", id: "created-cancelled"}, t("status.cancelled", lang)));
  }
  return box;
}

// The account box: sign up / sign in for a guest; sign out / change password once signed in.
let account = null; // {name} of the signed-in account, or null (a guest)
const acct = {name: "", password: "", old: "", fresh: "", error: "", note: ""};

function acctInput(id, key, type, label, autocomplete) {
  return el("label", {}, el("span", {}, t(label, lang)),
    el("input", {id, type, value: acct[key], autocomplete, maxlength: type === "password" ? 128 : 32,
      oninput: (e) => { acct[key] = e.target.value; }}));
}

async function accountCall(path, body) {
  try {
    const r = await api(path, body);
    account = r.account;
    acct.password = acct.old = acct.fresh = "";
    acct.error = "";
    if (account && !form.name.trim()) form.name = account.name;
    return true;
  } catch (e) {
    acct.error = errorText(e, lang);
    return false;
  } finally {
    render();
    refreshTables(); // the account's tables come first in the list
  }
}

function renderAccount() {
  const box = el("section", {class: "card account", id: "account", "data-signed-in": account ? "yes" : "no"},
    el("h2", {}, t("account", lang)));
  if (!account) {
    box.append(el("p", {class: "muted"}, t("guest_note", lang)),
      acctInput("account-name", "name", "text", "user_name", "username"),
      acctInput("account-password", "password", "password", "password", "current-password"),
      el("button", {type: "button", id: "sign-in", class: "primary", onclick: () => {
        acct.note = ""; accountCall("/api/account/signin", {name: acct.name, password: acct.password});
      }}, t("sign_in", lang)), " ",
      el("button", {type: "button", id: "sign-up", onclick: () => {
        acct.note = ""; accountCall("/api/account/signup", {name: acct.name, password: acct.password});
      }}, t("sign_up", lang)));
  } else {
    box.append(el("p", {}, t("signed_in_as", lang), " ", el("b", {id: "account-shown"}, account.name), " ",
      el("a", {class: "button", id: "my-profile", href: profileHref(account.name)}, t("my_profile", lang)), " ",
      el("button", {type: "button", id: "sign-out", onclick: () => {
        acct.note = ""; accountCall("/api/account/signout", {});
      }}, t("sign_out", lang))));
    box.append(el("details", {id: "password-box"}, el("summary", {}, t("change_password", lang)),
      acctInput("old-password", "old", "password", "old_password", "current-password"),
      acctInput("new-password", "fresh", "password", "new_password", "new-password"),
      el("button", {type: "button", id: "change-password", onclick: async () => {
        const ok = await accountCall("/api/account/password", {old: acct.old, new: acct.fresh});
        acct.note = ok ? t("password_changed", lang) : "";
        render();
      }}, t("change_password", lang))));
  }
  if (acct.note) box.append(el("p", {class: "muted", id: "account-note"}, acct.note));
  box.append(el("p", {class: "error", id: "account-error"}, acct.error));
  return box;
}

// The list of tables: one page at a time, filtered on the server; my tables come first.
const PAGE = 20;
const filter = {status: "", game: "", q: "", offset: 0};
let listing = {total: 0, offset: 0, limit: PAGE, tables: []};
let searchTimer = null;

async function refreshTables() {
  const q = new URLSearchParams({limit: PAGE, offset: filter.offset});
  if (filter.status) q.set("status", filter.status);
  if (filter.game) q.set("game", filter.game);
  if (filter.q.trim()) q.set("q", filter.q.trim());
  try {
    const page = await api(`/api/tables?${q}`);
    if (page.total && page.offset >= page.total) { // the last page emptied meanwhile
      filter.offset = Math.max(0, (Math.ceil(page.total / PAGE) - 1) * PAGE);
      return refreshTables();
    }
    listing = page;
    // the tables waiting for my move come first; the title counts them
    document.title = page.my_turn ? `(${page.my_turn}) Railtable` : "Railtable";
    renderTables();
    // what the list shows came from the server (tests wait for it; the first render is empty)
    document.getElementById("table-list")?.setAttribute("data-loaded", q.toString());
  } catch (e) { /* the next refresh will tell */ }
}

function statusText(s) {
  return t({open: "open_tables", running: "running_tables", finished: "finished_tables",
    abandoned: "abandoned_tables", cancelled: "cancelled_tables", expired: "expired_tables"}[s] || s, lang);
}

function tableRow(tb) {
  const game = title(tb.title, lang);
  const names = tb.seats.map((s) => playerName(s, lang)).join(", ");
  const mine = tb.my_seat !== undefined && tb.my_seat !== null;
  const row = el("li", {class: mine ? "table-row mine" : "table-row", "data-table": tb.id, "data-status": tb.status},
    el("b", {class: "table-name"}, tb.name || game), ` · ${game} · `,
    el("span", {class: "muted"}, statusText(tb.status)),
    mine ? el("span", {class: "badge"}, t("my_seat", lang)) : null,
    tb.my_turn ? el("span", {class: "badge your-move"}, t("your_move_badge", lang)) : null,
    tb.rated ? el("span", {class: "badge rated"}, t("rated_badge", lang)) : null,
    tb.private ? el("span", {class: "badge"}, t("private_badge", lang)) : null,
    el("br", {}), `${names} · ${tb.moves} ${t("moves", lang)} `);
  if (mine && !ENDED.includes(tb.status)) {
    row.append(el("a", {class: "button primary my-seat", href: `/table/${tb.id}`}, t("go_to_seat", lang)), " ");
  } else if (tb.status === "open" && tb.seats.some((s) => s.free)) {
    const input = el("input", {type: "text", maxlength: 32, placeholder: t("your_name", lang), value: form.name});
    row.append(input, el("button", {type: "button", class: "join", onclick: async () => {
      try {
        const r = await api(`/api/tables/${tb.id}/join`, {name: input.value, cookie: true});
        location.href = r.url;
      } catch (e) { alert(errorText(e, lang)); }
    }}, t("join", lang)), " ");
  }
  if (!ENDED.includes(tb.status) && !mine) row.append(el("a", {class: "button", href: `/table/${tb.id}`}, t("watch", lang)), " ");
  row.append(el("a", {class: "button", href: `/replay/${tb.id}`}, t("replay", lang)));
  if (tb.result) row.append(" · ", tb.result.scores.join(" : "));
  return row;
}

function renderFilters() {
  const states = [["", t("all_states", lang)], ["open", t("open_tables", lang)],
    ["running", t("running_tables", lang)], ...ENDED.map((s) => [s, statusText(s)])];
  const again = () => { filter.offset = 0; refreshTables(); };
  return el("div", {class: "filters"},
    el("select", {id: "filter-status", onchange: (e) => { filter.status = e.target.value; again(); }},
      states.map(([v, text]) => el("option", {value: v, selected: v === filter.status}, text))),
    el("select", {id: "filter-game", onchange: (e) => { filter.game = e.target.value; again(); }},
      [el("option", {value: "", selected: !filter.game}, t("all_games", lang))].concat(
        gamesList.map((g) => el("option", {value: g.id, selected: g.id === filter.game}, title(g.title, lang))))),
    el("input", {id: "search", type: "search", maxlength: 64, value: filter.q, placeholder: t("search", lang),
      oninput: (e) => { filter.q = e.target.value; clearTimeout(searchTimer); searchTimer = setTimeout(again, 250); }}));
}

function renderTables() {
  const box = document.getElementById("table-list");
  if (!box) return;
  const items = listing.tables;
  box.replaceChildren(items.length ? el("ul", {class: "tables"}, items.map(tableRow))
    : el("p", {class: "muted"}, t("no_tables", lang)));
  const from = listing.total ? listing.offset + 1 : 0;
  const to = listing.offset + items.length;
  document.getElementById("pager").replaceChildren(
    el("button", {type: "button", id: "prev-page", disabled: listing.offset === 0,
      onclick: () => { filter.offset = Math.max(0, filter.offset - PAGE); refreshTables(); }}, t("prev_page", lang)),
    el("span", {id: "page-info"}, t("page_of", lang).replace("{a}", from).replace("{b}", to).replace("{n}", listing.total)),
    el("button", {type: "button", id: "next-page", disabled: to >= listing.total,
      onclick: () => { filter.offset += PAGE; refreshTables(); }}, t("next_page", lang)));
}

// Every game's "how to play" page, in the page's language.
function renderRules() {
  const games = gamesList.filter((g) => g.has_howto);
  if (!games.length) return null;
  return el("section", {class: "card", id: "rules"}, el("h2", {}, t("rules", lang)),
    el("ul", {class: "rules"}, games.map((g) => el("li", {},
      el("a", {href: howtoUrl(g.id, lang), "data-game": g.id}, title(g.title, lang))))));
}

function render() {
  document.documentElement.lang = lang;
  const top = document.getElementById("top");
  top.replaceChildren(el("h1", {}, el("a", {href: "/"}, "Railtable")),
    el("a", {class: "nav", id: "leaderboards", href: leaderboardHref(form.game || "")}, t("leaderboards", lang)),
    langSwitch(lang, (l) => { lang = l; render(); }));
  const main = document.getElementById("main");
  main.replaceChildren(el("div", {class: "col"}, renderQuickStart(), renderAccount(), renderForm(), renderCreated(), renderRules()),
    el("section", {class: "card", id: "tables"}, el("h2", {}, t("tables", lang)), renderFilters(),
      el("div", {id: "table-list"}), el("div", {class: "pager", id: "pager"})));
  renderTables();
}

async function start() {
  setLang(lang);
  gamesList = await api("/api/games");
  account = (await api("/api/account")).account;
  if (account && !form.name.trim()) form.name = account.name; // a signed-in player's default name
  const preferred = new URLSearchParams(location.search).get("game");
  selectGame(preferred || (gamesList.find((g) => g.has_view) || gamesList[0]).id);
  render();
  refreshTables();
  setInterval(refreshTables, 5000);
}

start();
