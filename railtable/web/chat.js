// The table's chat (docs/server.md, "Chat"): each message is a person's text and the
// author's name, always shown with textContent (dom.js builds text nodes), never as HTML.
import {el, playerName, t} from "./common.js";

const MAX_TEXT = 500; // the server's chat.MAX_TEXT
const KEPT = 200; // messages this page keeps

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

  function submit() {
    const text = input.value.trim();
    if (!text) return;
    send({type: "chat", text});
    input.value = "";
  }
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
  button.addEventListener("click", submit);
  box.replaceChildren(heading, list, el("div", {class: "chat-form"}, input, " ", button), note);

  function author(m) {
    if (m.seat !== null && m.seat !== undefined) return m.name || playerName(ctx.players[m.seat], ctx.lang);
    return m.name ? `${m.name} (${t("spectator_name", ctx.lang).toLowerCase()})` : t("spectator_name", ctx.lang);
  }

  function draw() {
    list.replaceChildren(...messages.map((m) => el("li", {"data-id": m.id, "data-seat": m.seat ?? "spectator"},
      el("b", {class: "chat-author"}, author(m)), ": ", el("span", {class: "chat-text"}, m.text))));
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
