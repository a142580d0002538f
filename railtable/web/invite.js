// An invitation link, /invite#t=<table>&k=<key>: the key is exchanged once for the seat's
// cookie, and the page goes on to /table/<table>. The key never reaches the server in an
// address (a fragment is not sent), and it leaves the address bar before anything else.
import {api, el, errorText, getLang, langSwitch, setLang, t} from "./common.js";

const KEY = "railtable.invite";
let lang = getLang();

function readInvitation() {
  const h = new URLSearchParams(location.hash.slice(1));
  if (h.get("t") && h.get("k")) {
    const inv = {table: h.get("t"), key: h.get("k")};
    // kept for this tab only, in case the exchange is interrupted and the page reloaded
    sessionStorage.setItem(KEY, JSON.stringify(inv));
    history.replaceState(null, "", "/invite");
    return inv;
  }
  try { return JSON.parse(sessionStorage.getItem(KEY)); } catch (e) { return null; }
}

const invitation = readInvitation();

function show(...children) {
  document.getElementById("invite").replaceChildren(...children);
}

function renderTop() {
  document.documentElement.lang = lang;
  document.getElementById("top").replaceChildren(el("h1", {}, el("a", {href: "/"}, "Railtable")),
    langSwitch(lang, (l) => { lang = l; renderTop(); }));
}

async function accept() {
  if (!invitation) {
    show(el("p", {class: "error", id: "invite-error"}, t("invite_missing", lang)),
      el("a", {class: "button", href: "/"}, t("back_to_lobby", lang)));
    return;
  }
  show(el("p", {id: "invite-status"}, t("invite_opening", lang)));
  try {
    const r = await api("/api/invitations/accept", {table: invitation.table, key: invitation.key, cookie: true});
    sessionStorage.removeItem(KEY);
    location.replace(r.url);
  } catch (e) {
    if (e.code !== "storage" && e.code !== "unavailable") sessionStorage.removeItem(KEY);
    show(el("p", {class: "error", id: "invite-error"}, errorText(e, lang)),
      e.code === "seat_held" ? el("a", {class: "button", href: `/table/${encodeURIComponent(invitation.table)}`}, t("go_to_seat", lang)) : "",
      " ", el("a", {class: "button", href: "/"}, t("back_to_lobby", lang)));
  }
}

setLang(lang);
renderTop();
accept();
