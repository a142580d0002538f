// "Your move" at a table: the page's title says so, and, when the move arrives while the
// tab is hidden, a browser notification (the Notification API), only once the player has
// allowed it with the button (a browser asks for the permission only after a click).
import {el, t} from "./common.js";

let wasMine = null; // null: not known yet (the page just opened: no notification)

// The title, and a notification when it becomes my move in a hidden tab.
export function announceTurn(mine, lang, tableTitle, tableId) {
  const base = tableTitle ? `${tableTitle} · Railtable` : "Railtable";
  document.title = mine ? `● ${t("your_turn", lang)} · ${base}` : base;
  if (mine && wasMine === false && document.hidden && "Notification" in window
      && Notification.permission === "granted") {
    const n = new Notification(`${t("your_turn", lang)} · ${tableTitle}`, {
      body: t("notify_body", lang), tag: `railtable-${tableId}`, lang});
    n.onclick = () => { window.focus(); n.close(); };
  }
  wasMine = mine;
}

// The button that asks for the permission (or what the browser has decided); null where
// the browser has no notifications.
export function notifyControl(lang, redraw) {
  if (!("Notification" in window)) return null;
  if (Notification.permission === "granted") return el("p", {class: "muted", id: "notify-on"}, t("notify_on", lang));
  if (Notification.permission === "denied") return el("p", {class: "muted", id: "notify-denied"}, t("notify_denied", lang));
  return el("button", {type: "button", id: "notify", onclick: async () => {
    await Notification.requestPermission();
    redraw();
  }}, t("notify", lang));
}
