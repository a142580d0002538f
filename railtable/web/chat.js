// The table's chat (docs/server.md, "Chat"): each message is a person's text and the
// author's name, always shown with textContent (dom.js builds text nodes), never as HTML.
// A reader may mute an author: this browser then hides that name's messages at every table
// (kept in localStorage; nothing is sent, the others still read them).
import {el, playerName, t} from "./common.js";

const MAX_TEXT = 500; // the server's chat.MAX_TEXT
const KEPT = 200; // messages this page keeps
const MUTED_KEY = "railtable.chat.muted";
const MUTED_MAX = 200; // names kept muted, the latest

function mutedNames() {
  try {
    const v = JSON.parse(localStorage.getItem(MUTED_KEY) || "[]");
    return Array.isArray(v) ? v.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

function setMuted(name, on) {
  const names = mutedNames().filter((x) => x !== name);
  if (on) names.push(name);
  try {
    localStorage.setItem(MUTED_KEY, JSON.stringify(names.slice(-MUTED_MAX)));
  } catch {
    // storage full or refused: the mute cannot be kept, and the chat goes on unchanged
  }
}

// chat = createChat(box, send): box is the chat's element, send(msg) sends on the socket.
// chat.receive(m) takes a {type: "chat"} message; chat.update(ctx) redraws for
// ctx = {lang, seat, open (spectators may write), players}.
export function createChat(box, send) {
  let messages = [];
  let ctx = {lang: "en", seat: null, open: false, players: []};
  const heading = el("h3", {});
  const list = el("ol", {class: "chat-list", id: "chat-list"});
  const input = el("input", {type: "text", id: "chat-input", maxlength: MAX_TEXT, autocomplete: "off"});
  const button = el("button", {type: "button", id: "chat-send"});
  const note = el("p", {class: "muted", id: "chat-note"});
  const hidden = el("p", {class: "muted", id: "chat-hidden"});

  function submit() {
    const text = input.value.trim();
    if (!text) return;
    send({type: "chat", text});
    input.value = "";
  }
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
  button.addEventListener("click", submit);
  box.replaceChildren(heading, list, hidden, el("div", {class: "chat-form"}, input, " ", button), note);

  function author(m) {
    if (m.seat !== null && m.seat !== undefined) return m.name || playerName(ctx.players[m.seat], ctx.lang);
    return m.name ? `${m.name} (${t("spectator_name", ctx.lang).toLowerCase()})` : t("spectator_name", ctx.lang);
  }

  // who a mute is for, the same in either language: a seat's name; a spectator's account
  // name, or none for every guest spectator
  function muteKey(m) {
    if (m.seat !== null && m.seat !== undefined) return m.name || playerName(ctx.players[m.seat], "en");
    return `spectator:${m.name || ""}`;
  }

  function toggle(key, on) {
    setMuted(key, on);
    draw();
  }

  function draw() {
    const muted = new Set(mutedNames());
    const shown = [];
    const silenced = new Map(); // muted key -> [author as shown, their messages here]
    for (const m of messages) {
      const k = muteKey(m);
      if (muted.has(k)) silenced.set(k, [author(m), (silenced.get(k)?.[1] || 0) + 1]);
      else shown.push([m, k]);
    }
    list.replaceChildren(...shown.map(([m, k]) => el("li", {"data-id": m.id, "data-seat": m.seat ?? "spectator"},
      el("b", {class: "chat-author"}, author(m)), ": ", el("span", {class: "chat-text"}, m.text),
      // one's own seat is not offered
      m.seat !== null && m.seat === ctx.seat ? null : el("button", {
        type: "button", class: "chat-mute", title: t("chat_mute_title", ctx.lang),
        onclick: () => toggle(k, true)}, t("chat_mute", ctx.lang)))));
    hidden.replaceChildren(...(silenced.size ? [t("chat_hidden", ctx.lang), " "] : []),
      ...[...silenced].map(([k, [a, n]]) => el("button", {
        type: "button", class: "chat-unmute", title: t("chat_unmute_title", ctx.lang),
        onclick: () => toggle(k, false)}, `${a} (${n}) ×`)));
    list.scrollTop = list.scrollHeight;
  }

  return {
    receive(m) {
      if (m.history) messages = m.messages.slice();
      else for (const x of m.messages) if (!messages.some((y) => y.id === x.id)) messages.push(x);
      messages = messages.slice(-KEPT);
      draw();
    },
    update(next) {
      ctx = next;
      heading.textContent = t("chat", ctx.lang);
      input.placeholder = t("chat_placeholder", ctx.lang);
      button.textContent = t("chat_send", ctx.lang);
      const may = ctx.seat !== null || ctx.open;
      input.disabled = button.disabled = !may;
      note.textContent = may ? "" : t("chat_players_only", ctx.lang);
      draw();
    },
  };
}
