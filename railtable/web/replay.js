// The replay page: step through a game as a spectator saw it, rebuilt by the server.
import {api, el, getLang, howtoUrl, langSwitch, playerName, reasonText, setLang, t, title, withEvents} from "./common.js";
import {loadGame, safeRender} from "./gameview.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
let lang = getLang();
let game = null;
let data = null;
let step = null;

async function load(k) {
  const q = k === null ? "" : `upto=${k}&`;
  data = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${q}lang=${lang}`);
  step = data.seq;
  if (!game) game = await loadGame(data.table.game);
  render();
}

function go(k) { load(Math.max(0, Math.min(k, data.total))); }

function render() {
  document.documentElement.lang = lang;
  const tbl = data.table;
  document.getElementById("top").replaceChildren(
    el("h1", {}, el("a", {href: "/"}, "Railtable"), ` · ${title(tbl.title, lang)} · ${t("replay", lang)}`),
    el("a", {class: "replay-link howto-link", id: "howto-link", href: howtoUrl(tbl.game, lang), target: "_blank"}, t("how_to_play", lang)),
    langSwitch(lang, (l) => { lang = l; load(step); }));
  document.getElementById("controls").replaceChildren(el("div", {class: "replay-controls"},
    el("button", {type: "button", id: "r-start", onclick: () => go(0)}, "« " + t("start", lang)),
    el("button", {type: "button", id: "r-prev", onclick: () => go(step - 1)}, "◀ " + t("prev", lang)),
    el("input", {type: "range", id: "r-range", min: 0, max: data.total, value: step,
      onchange: (e) => go(parseInt(e.target.value, 10))}),
    el("button", {type: "button", id: "r-next", onclick: () => go(step + 1)}, t("next", lang) + " ▶"),
    el("button", {type: "button", id: "r-end", onclick: () => go(data.total)}, t("end", lang) + " »"),
    el("span", {id: "r-step"}, `${t("step", lang)} ${step} / ${data.total}`)));
  const players = tbl.seats.map((s) => ({...s}));
  // whose turn it is and the outcome: the observation's envelope (docs/developing.md)
  const cur = data.observation.current_player ?? null, res = data.observation.result ?? null;
  document.getElementById("status").replaceChildren(res
    ? el("div", {class: "turn", id: "replay-result"}, `${t("game_over", lang)} · ${res.scores.join(" : ")} · ${reasonText((game.i18n && game.i18n[lang]) || {}, res.reason, lang)}`)
    : el("div", {class: "turn"}, cur === null ? "" : `${t("turn_of", lang)} ${playerName(players[cur], lang)}`));
  document.getElementById("players").replaceChildren(el("h3", {}, t("players", lang)),
    el("ol", {class: "players"}, players.map((p, i) => el("li", {class: i === cur ? "current" : ""}, playerName(p, lang)))));
  const lines = withEvents(data.log, tbl.events, players, lang, step);
  const list = el("ol", {class: "log", id: "replay-log"}, lines.map((e) =>
    el("li", {class: [e.seq === step ? "new" : "", e.kind ? "event" : ""].join(" "), "data-event": e.kind || null}, e.text)));
  document.getElementById("log").replaceChildren(el("h3", {}, t("log", lang)), list);
  list.scrollTop = list.scrollHeight;
  safeRender(game.view, document.getElementById("view"), {
    observation: data.observation, seat: null, legal: [], lang,
    i18n: (game.i18n && game.i18n[lang]) || {}, players: players.map((p) => ({name: playerName(p, lang), bot: p.kind === "bot"})),
    act: () => {}, current: cur, status: res ? "finished" : "running",
    events: data.log.filter((e) => e.event).map((e) => ({seq: e.seq, event: e.event})),
  });
}

document.addEventListener("keydown", (e) => {
  if (!data) return;
  if (e.key === "ArrowLeft") go(step - 1);
  if (e.key === "ArrowRight") go(step + 1);
});

setLang(lang);
load(null).then(() => { if (data.observation.result) go(0); });
