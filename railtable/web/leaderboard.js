// A game's leaderboard: the accounts rated in it, the best rating first, each name linking
// to its profile; for a cooperative game, the game's own rating at each setup teams played.
import {api, el, errorText, getLang, langSwitch, leaderboardHref, profileHref, ratingText, setLang, t, title} from "./common.js";

const game = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const PAGE = 20;
let lang = getLang();
let games = [];
let board = null;
let offset = 0;
let failure = "";

async function load() {
  try {
    board = await api(`/api/leaderboard/${encodeURIComponent(game)}?limit=${PAGE}&offset=${offset}`);
    failure = "";
  } catch (e) {
    board = null;
    failure = errorText(e, lang);
  }
  render();
}

// The options of a setup that differ from the game's defaults, with their labels.
function setupText(g, options) {
  const props = (g && g.options && g.options.properties) || {};
  const parts = Object.entries(options || {}).filter(([k, v]) => props[k] && props[k].default !== v)
    .map(([k, v]) => `${title(props[k].title, lang) || k}: ${typeof v === "boolean" ? t(v ? "yes" : "no", lang) : v}`);
  return parts.join("; ") || "—";
}

function players() {
  if (!board.players.length) return el("p", {class: "muted", id: "no-ratings"}, t("no_ratings", lang));
  return el("table", {class: "board", id: "ranking"},
    el("tr", {}, el("th", {class: "num"}, t("rank", lang)), el("th", {}, t("player", lang)),
      el("th", {class: "num"}, t("rating", lang)), el("th", {class: "num"}, t("games_count", lang))),
    board.players.map((p) => el("tr", {"data-name": p.name},
      el("td", {class: "num"}, p.rank),
      el("td", {}, el("a", {href: profileHref(p.name), class: "profile-link"}, p.name)),
      el("td", {class: "num"}, ratingText(p)),
      el("td", {class: "num"}, p.games))));
}

function pager() {
  const to = board.offset + board.players.length;
  return el("div", {class: "pager"},
    el("button", {type: "button", id: "prev-page", disabled: board.offset === 0,
      onclick: () => { offset = Math.max(0, offset - PAGE); load(); }}, t("prev_page", lang)),
    el("span", {}, t("page_of", lang).replace("{a}", board.total ? board.offset + 1 : 0).replace("{b}", to).replace("{n}", board.total)),
    el("button", {type: "button", id: "next-page", disabled: to >= board.total,
      onclick: () => { offset += PAGE; load(); }}, t("next_page", lang)));
}

function opponents(g) {
  if (!board.opponents) return null;
  return el("section", {class: "card", id: "opponents"}, el("h2", {}, t("opponents", lang)),
    el("p", {class: "muted"}, t("opponents_note", lang)),
    board.opponents.length ? el("table", {class: "board"},
      el("tr", {}, el("th", {}, t("difficulty", lang)), el("th", {}, t("options", lang)),
        el("th", {class: "num"}, t("players", lang)), el("th", {class: "num"}, t("mu_sigma", lang)),
        el("th", {class: "num"}, t("games_count", lang))),
      board.opponents.map((o) => el("tr", {"data-level": o.level || ""},
        el("td", {}, o.level ? t("level." + o.level, lang) : t("level.other", lang)),
        el("td", {}, setupText(g, o.options)),
        el("td", {class: "num"}, o.players),
        el("td", {class: "num"}, `${o.mu.toFixed(1)} ± ${o.sigma.toFixed(1)}`),
        el("td", {class: "num"}, o.games)))) : el("p", {class: "muted"}, t("no_setups", lang)));
}

function render() {
  document.documentElement.lang = lang;
  const g = games.find((x) => x.id === game);
  const name = g ? title(g.title, lang) : game;
  document.title = `${t("leaderboard", lang)} · ${name} · Railtable`;
  document.getElementById("top").replaceChildren(
    el("h1", {}, el("a", {href: "/"}, "Railtable"), ` · ${t("leaderboard", lang)}`),
    langSwitch(lang, (l) => { lang = l; render(); }));
  const chooser = el("select", {id: "board-game", onchange: (e) => { location.href = leaderboardHref(e.target.value); }},
    games.map((x) => el("option", {value: x.id, selected: x.id === game}, title(x.title, lang))));
  const main = document.getElementById("main");
  const card = el("section", {class: "card", id: "leaderboard", "data-game": game},
    el("h2", {}, `${t("leaderboard", lang)}: ${name}`),
    el("label", {}, el("span", {}, t("game", lang)), chooser),
    el("p", {class: "muted"}, t("rating_note", lang)));
  if (failure) card.append(el("p", {class: "error", id: "board-error"}, failure));
  if (board) card.append(players(), pager());
  main.replaceChildren(...[card, board ? opponents(g) : null].filter(Boolean));
  if (board) main.dataset.loaded = "yes";
}

setLang(lang);
api("/api/games").then((g) => { games = g; }).catch(() => {}).finally(load);
