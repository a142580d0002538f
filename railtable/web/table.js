// The table page: one seat (or a spectator) at a live table over a WebSocket.
import {api, clockText, creatorKey, detailsTable, el, errorText, getLang, howtoUrl, langSwitch, playerName, profileHref, reasonText, setLang, t, title, tokenKey, withEvents} from "./common.js";
import {loadGame, safeRender} from "./gameview.js";
import {createChat} from "./chat.js";
import {announceTurn, notifyControl} from "./yourturn.js";
import {applyPatch} from "./patch.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let lang = getLang();
let ws = null;
let retry = 0;
let stopped = false;
let game = null; // {view, i18n}
let st = null; // the state as of the last message: v, seq, observation, legal, table, ...
let log = [];
let choices = []; // every legal choice sent whole since the last full state, in order
let resyncing = false; // a full state was asked for: patches wait for it
let players = [];
let spectators = 0; // on this server worker, announced at most every 0.25 s
let conn = "connecting";
let inbox = Promise.resolve();
let clockAt = 0; // performance.now() when the last clock came: the page counts down from it
const ENDED = ["finished", "abandoned", "cancelled", "expired"];

// The seat is this browser's HttpOnly cookie for the table: the page never sees its secret.
// A secret from an older Railtable (a #token= link, or one kept in localStorage) leaves the
// address bar at once and is exchanged for the cookie.
async function adoptOldToken() {
  const m = location.hash.match(/token=([A-Za-z0-9_-]+)/);
  if (m) history.replaceState(null, "", location.pathname);
  const old = m ? m[1] : localStorage.getItem(tokenKey(tableId));
  localStorage.removeItem(tokenKey(tableId));
  if (!old) return;
  try {
    await api("/api/invitations/accept", {table: tableId, key: old, cookie: true});
  } catch (e) { toast(errorText(e, lang)); }
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(id) {
  if (!st) return;
  send({type: "act", seq: st.seq, id});
}

const chat = createChat(document.getElementById("chat"), send);

function toast(text) {
  const box = document.getElementById("toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 4000);
}

function connect() {
  conn = "connecting";
  renderTop();
  const proto = location.protocol === "https:" ? "wss" : "ws";
  ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(tableId)}`);
  ws.onopen = () => {
    retry = 0;
    // after the first full state, the server sends patches (docs/server.md)
    ws.send(JSON.stringify({type: "hello", lang, patches: true}));
  };
  // one message at a time, in order (the first one waits for the game's view to load)
  ws.onmessage = (ev) => { inbox = inbox.then(() => onMessage(JSON.parse(ev.data))).catch(console.error); };
  ws.onclose = (ev) => {
    if (ev.code === 4404 || stopped) return;
    conn = "disconnected";
    renderTop();
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * 2 ** retry);
  };
}

async function onMessage(m) {
  if (m.type === "error") {
    toast(errorText(m, lang));
    return;
  }
  if (m.type === "pong") return;
  if (m.type === "chat") {
    chat.receive(m);
    return;
  }
  if (m.type === "players") {
    players = m.players;
    spectators = m.spectators || 0;
    renderPlayers();
    renderStatus();
    renderChat();
    return;
  }
  if (m.type === "state") {
    conn = "connected";
    if (!game) game = await loadGame(m.table.game);
    st = m;
    resyncing = false;
    choices = m.legal.slice();
    clockAt = performance.now();
    players = m.table.players;
    spectators = m.table.spectators || 0;
    log = m.log.slice();
  } else if (m.type === "patch") {
    if (!st || resyncing) return;
    const next = patched(m);
    if (!next) {
      resyncing = true;
      send({type: "resync"});
      return;
    }
    st = next;
    clockAt = performance.now();
    log.push(...(m.log || []));
  }
  renderAll();
}

// The state after a patch, or null when this page cannot follow it (it holds another
// version, the patch does not fit, a choice is named by a number it does not hold).
function patched(m) {
  if (m.base !== st.v) return null;
  let next;
  try {
    next = applyPatch(st, m.ops);
    if (next === st) next = Object.assign({}, st); // no operation: a new state all the same
  } catch (e) {
    console.error("patch", e);
    return null;
  }
  if (m.legal) {
    const legal = [];
    for (const c of m.legal) {
      if (typeof c === "number") { // a choice sent whole before: its number in the list
        if (!(c >= 0 && c < choices.length)) return null;
        legal.push(choices[c]);
      } else {
        choices.push(c);
        legal.push(c);
      }
    }
    next.legal = legal;
  }
  next.v = m.v;
  next.seq = m.seq;
  return next;
}

// Whose turn it is and the outcome: the observation's envelope, the same in every game
// (docs/developing.md, "The observation").
function turnOf() {
  const cur = st && st.observation ? st.observation.current_player : null;
  return cur === undefined ? null : cur;
}

function outcome() {
  return (st && st.observation && st.observation.result) || null;
}

function curName() {
  const cur = turnOf();
  return cur === null ? "" : playerName(players[cur], lang);
}

function renderTop() {
  const top = document.getElementById("top");
  const name = st ? title(st.table.title, lang) : "";
  top.replaceChildren(
    el("h1", {}, el("a", {href: "/"}, "Railtable"), name ? ` · ${name}` : ""),
    st ? el("a", {class: "replay-link howto-link", id: "howto-link", href: howtoUrl(st.table.game, lang), target: "_blank"}, t("how_to_play", lang)) : null,
    st ? el("a", {class: "replay-link", href: `/replay/${encodeURIComponent(tableId)}`, target: "_blank"}, t("replay", lang)) : null,
    el("span", {class: `conn ${conn}`, id: "conn"}, t(conn, lang)),
    langSwitch(lang, (l) => { lang = l; send({type: "lang", lang: l}); renderAll(); }));
}

function mySeat() {
  return st && st.seat !== null ? st.table.seats[st.seat] : null;
}

// It is this seat's move, and its player (not a bot) plays it.
function myMove() {
  const me = mySeat();
  return !!st && st.status === "running" && st.seat !== null && turnOf() === st.seat && !(me && me.state);
}

function renderStatus() {
  const box = document.getElementById("status");
  if (!st) { box.replaceChildren(); return; }
  const parts = [];
  const me = mySeat();
  if (st.seat === null) parts.push(el("div", {class: "muted"}, t("spectator", lang)));
  if (st.status === "open") parts.push(el("div", {class: "turn"}, t("not_started", lang)));
  else if (st.status === "running") {
    const mine = myMove();
    parts.push(el("div", {class: mine ? "turn mine" : "turn", id: "turn"},
      mine ? t("your_turn", lang) : `${t("turn_of", lang)} ${curName()}`));
  } else if (st.status === "finished") parts.push(el("div", {class: "turn"}, t("game_over", lang)));
  else parts.push(el("div", {class: "turn", id: "ended"}, t("status." + st.status, lang)));
  parts.push(ratedNote());
  if (st.seat !== null && !ENDED.includes(st.status)) parts.push(notifyControl(lang, renderStatus));
  parts.push(...lifecycleButtons(me));
  box.replaceChildren(...parts.filter(Boolean));
}

// Whether the table counts for ratings, and if not, why (the table's `unrated`).
function ratedNote() {
  const tb = st.table;
  if (!tb.rated) return el("div", {class: "muted", id: "rated", "data-rated": "no"}, t("unrated." + (tb.unrated || "unknown"), lang));
  const guests = players.some((p) => p.kind === "human" && !p.account);
  return el("div", {class: "rated", id: "rated", "data-rated": "yes"}, t("rated_note", lang),
    guests && !ENDED.includes(st.status) ? el("span", {class: "muted"}, ". ", t("rated_guests", lang)) : null);
}

// Resign (or leave the team), take the seat back from a bot, or cancel a table not started.
function lifecycleButtons(me) {
  const out = [];
  const coop = st.table.cooperative;
  if (me && st.status === "running" && me.state === "timeout") {
    out.push(el("p", {class: "muted", id: "bot-plays"}, t("bot_plays_you", lang)),
      el("button", {type: "button", class: "primary", id: "take-back",
        onclick: () => send({type: "take_back"})}, t("take_back", lang)));
  }
  if (me && st.status === "running" && !["resigned", "left", "dropped"].includes(me.state)) {
    out.push(" ", el("button", {type: "button", id: "resign", onclick: () => {
      if (confirm(t(coop ? "confirm_leave" : "confirm_resign", lang))) send({type: "resign"});
    }}, t(coop ? "leave_team" : "resign", lang)));
  }
  const secret = localStorage.getItem(creatorKey(tableId));
  if (secret && st.status === "open") {
    out.push(el("button", {type: "button", id: "cancel-table", onclick: async () => {
      if (!confirm(t("confirm_cancel", lang))) return;
      try {
        await api(`/api/tables/${encodeURIComponent(tableId)}/cancel`, {creator: secret});
      } catch (e) { toast(errorText(e, lang)); }
    }}, t("cancel_table", lang)));
  }
  return out.length ? [el("div", {class: "lifecycle"}, ...out)] : [];
}

// Seconds left on a seat's clock now: the seat to move counts down from its deadline.
function secondsLeft(i) {
  const c = st && st.clock;
  if (!c || !c.remaining || c.remaining[i] === null) return null;
  if (c.seat === i && c.deadline !== null && st.status === "running") {
    return c.deadline - (c.now + (performance.now() - clockAt) / 1000);
  }
  return c.remaining[i];
}

function tickClocks() {
  for (const node of document.querySelectorAll(".seat-clock")) {
    const left = secondsLeft(Number(node.dataset.seat));
    node.textContent = left === null ? "" : clockText(left);
    node.classList.toggle("low", left !== null && left < 10);
  }
}

function renderPlayers() {
  const box = document.getElementById("players");
  if (!st) return;
  box.replaceChildren(el("h3", {}, t("players", lang)), el("ol", {class: "players"},
    players.map((p, i) => el("li", {
      class: [i === turnOf() ? "current" : "", i === st.seat ? "me" : "", p.connected ? "" : "away"].join(" "),
      "data-seat": i,
    }, p.account ? el("a", {href: profileHref(p.account), class: "profile-link", title: p.account, target: "_blank"}, playerName(p, lang))
      : playerName(p, lang), p.connected ? "" : ` (${t("offline", lang)})`,
    st.clock ? el("span", {class: "seat-clock", "data-seat": i}) : ""))),
    ...(spectators ? [el("p", {class: "muted", id: "spectators"}, `${t("watching", lang)}: ${spectators}`)] : []));
  tickClocks();
}

function renderChoices() {
  const box = document.getElementById("choices");
  if (!st) return;
  const items = [];
  if (st.legal.length) {
    items.push(el("h3", {}, t("choices", lang)));
    items.push(el("ul", {class: "choices", id: "choice-list"}, st.legal.map((c) =>
      el("li", {}, el("button", {type: "button", class: "choice", "data-id": c.id,
        onclick: () => act(c.id)}, c.label)))));
  }
  if (st.can_undo) {
    items.push(el("button", {type: "button", id: "undo", onclick: () => send({type: "undo", seq: st.seq})}, t("undo", lang)));
  }
  box.replaceChildren(...items);
}

function renderLog() {
  const box = document.getElementById("log");
  const lines = withEvents(log, st && st.table.events, players, lang);
  const list = el("ol", {class: "log", id: "log-list"}, lines.map((e) =>
    el("li", {"data-seq": e.seq, class: e.kind ? "event" : "", "data-event": e.kind || null}, e.text)));
  box.replaceChildren(el("h3", {}, t("log", lang)), list);
  list.scrollTop = list.scrollHeight;
}

function renderResult() {
  const box = document.getElementById("result");
  const r = outcome();
  if (!r) { box.hidden = true; box.replaceChildren(); return; }
  const i18n = (game && game.i18n && game.i18n[lang]) || {};
  // the table's standing: forfeited seats (resigned, dropped) below everyone
  const standing = (st && st.standing) || null;
  const order = standing ? standing.order : r.scores.map((s, i) => i).sort((a, b) => r.scores[b] - r.scores[a]);
  const winners = standing ? standing.winners : r.winners;
  const forfeited = standing ? standing.forfeited : [];
  box.replaceChildren(el("div", {class: "card result", id: "result-card"},
    el("h2", {}, t("game_over", lang)),
    el("p", {}, `${winners.length > 1 ? t("winners", lang) : t("winner", lang)}: `,
      el("b", {id: "winners"}, winners.map((w) => playerName(players[w], lang)).join(", ") || "—")),
    el("table", {class: "scores"}, el("tr", {}, el("th", {}, t("players", lang)), el("th", {}, t("score", lang))),
      order.map((i) => el("tr", {class: winners.includes(i) ? "winner" : (forfeited.includes(i) ? "forfeited" : ""), "data-seat": i},
        el("td", {}, playerName(players[i], lang)), el("td", {}, r.scores[i])))),
    el("p", {class: "muted", id: "result-reason"}, `${t("reason", lang)}: ${reasonText(i18n, r.reason, lang)}`),
    detailsTable(i18n, r.details, r.scores.map((s, i) => playerName(players[i], lang)), lang),
    el("p", {}, el("a", {class: "button", href: `/replay/${tableId}`}, t("replay", lang)), " ",
      el("a", {class: "button", href: "/"}, t("back_to_lobby", lang)),
      " ", el("button", {type: "button", onclick: () => { box.hidden = true; }}, "×"))));
  box.hidden = false;
}

// A spectator of a table that waits for players may take a free seat here.
function renderJoin() {
  const box = document.getElementById("join");
  const free = st && st.seat === null && st.status === "open" && st.table.seats.some((x) => x.free);
  if (!free) { box.hidden = true; box.replaceChildren(); return; }
  if (!box.hidden && box.childElementCount) return; // keep what is being typed
  const input = el("input", {type: "text", id: "join-name", maxlength: 32,
    value: localStorage.getItem("railtable.name") || "", placeholder: t("your_name", lang)});
  box.replaceChildren(input, " ", el("button", {type: "button", class: "primary", id: "join-button", onclick: async () => {
    try {
      localStorage.setItem("railtable.name", input.value);
      await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {name: input.value, cookie: true});
      if (ws) ws.close(); // reconnects as the seat, by its new cookie
    } catch (e) { toast(errorText(e, lang)); }
  }}, t("join", lang)));
  box.hidden = false;
}

function renderClaim() {
  const box = document.getElementById("claim");
  // my seat (an invitation accepted) still without a name
  if (!st || st.seat === null || !players[st.seat] || players[st.seat].name) { box.hidden = true; return; }
  const input = el("input", {type: "text", id: "claim-name", maxlength: 32,
    value: localStorage.getItem("railtable.name") || "", placeholder: t("your_name", lang)});
  box.replaceChildren(el("div", {class: "card"}, el("h2", {}, t("claim_title", lang)), input,
    el("button", {type: "button", class: "primary", id: "claim-button", onclick: async () => {
      try {
        localStorage.setItem("railtable.name", input.value);
        await api(`/api/tables/${encodeURIComponent(tableId)}/join`, {name: input.value, cookie: true});
        box.hidden = true;
      } catch (e) { toast(errorText(e, lang)); }
    }}, t("claim", lang))));
  box.hidden = false;
}

function renderView() {
  if (!st || !game) return;
  const root = document.getElementById("view");
  safeRender(game.view, root, {
    observation: st.observation, seat: st.seat, legal: st.legal, lang,
    i18n: (game.i18n && game.i18n[lang]) || {}, players: players.map((p) => ({name: playerName(p, lang), bot: p.kind === "bot"})),
    act, current: turnOf(), status: st.status,
    events: log.filter((e) => e.event).map((e) => ({seq: e.seq, event: e.event})),
  });
}

function renderChat() {
  if (st) chat.update({lang, seat: st.seat, open: !!st.table.spectator_chat, players});
}

function renderAll() {
  document.documentElement.lang = lang;
  if (st) {
    document.body.dataset.seq = st.seq;
    document.body.dataset.status = st.status;
    document.body.dataset.myMove = myMove() ? "yes" : "no";
    announceTurn(myMove(), lang, title(st.table.title, lang), tableId);
  }
  renderTop();
  renderStatus();
  renderPlayers();
  renderClaim();
  renderJoin();
  renderView();
  renderChoices();
  renderLog();
  renderResult();
  renderChat();
}

setLang(lang);
renderTop();
adoptOldToken().then(connect);
setInterval(tickClocks, 250);
window.addEventListener("pagehide", () => { stopped = true; if (ws) ws.close(); });
