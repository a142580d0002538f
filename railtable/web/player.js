// A player's profile: finished tables played and won per game, each rated game's rating
// over time (ratingplot.js), and the player's tables, latest first, linked to their replays.
import {api, el, errorText, getLang, langSwitch, leaderboardHref, playerName, profileHref, ratingText, setLang, t, title} from "./common.js";
import {ratingPlot} from "./ratingplot.js";

const who = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const PAGE = 20;
let lang = getLang();
let data = null;
let offset = 0;
let failure = "";

async function load() {
  try {
    data = await api(`/api/players/${encodeURIComponent(who)}?limit=${PAGE}&offset=${offset}`);
    failure = "";
  } catch (e) {
    data = null;
    failure = errorText(e, lang);
  }
  render();
}

const date = (s) => new Date(s * 1000).toLocaleDateString(lang);

function gamesTable() {
  if (!data.games.length) return el("p", {class: "muted", id: "no-games"}, t("no_games", lang));
  return el("table", {class: "board", id: "games"},
    el("tr", {}, el("th", {}, t("game", lang)), el("th", {class: "num"}, t("played", lang)),
      el("th", {class: "num"}, t("won", lang)), el("th", {class: "num"}, t("rating", lang))),
    data.games.map((g) => el("tr", {"data-game": g.game},
      el("td", {}, el("a", {href: leaderboardHref(g.game)}, title(g.title, lang))),
      el("td", {class: "num played"}, g.played),
      el("td", {class: "num won"}, g.won),
      el("td", {class: "num rating"}, g.rating ? ratingText(g.rating) : "—"))));
}

function plots() {
  const boxes = data.games.filter((g) => data.history[g.game]).map((g) => {
    const h = data.history[g.game];
    const name = title(g.title, lang);
    return el("div", {class: "plot", "data-game": g.game}, el("h3", {}, name),
      ratingPlot(h, lang, `${t("rating_history", lang)}: ${name}`),
      h.complete ? null : el("p", {class: "muted"}, t("history_partial", lang)));
  });
  if (!boxes.length) return null;
  return el("section", {class: "card", id: "rating-history"}, el("h2", {}, t("rating_history", lang)),
    el("div", {class: "plots"}, boxes));
}

function outcome(tb) {
  if (tb.status === "running") return t("outcome.running", lang);
  if (tb.status === "abandoned") return t("outcome.abandoned", lang);
  return t(tb.won ? "outcome.won" : "outcome.lost", lang);
}

function tablesList() {
  const box = el("section", {class: "card", id: "recent"}, el("h2", {}, t("recent_games", lang)));
  if (!data.tables.length) {
    box.append(el("p", {class: "muted"}, t("no_games", lang)));
    return box;
  }
  box.append(el("table", {class: "board", id: "recent-tables"},
    el("tr", {}, el("th", {}, t("date", lang)), el("th", {}, t("game", lang)), el("th", {}, t("players", lang)),
      el("th", {}, t("outcome", lang)), el("th", {class: "num"}, t("rating_after", lang)), el("th", {}, "")),
    data.tables.map((tb) => el("tr", {"data-table": tb.id, class: tb.won ? "won" : ""},
      el("td", {}, date(tb.updated)),
      el("td", {}, title(tb.title, lang), tb.name ? el("div", {class: "muted"}, tb.name) : null),
      el("td", {}, tb.players.flatMap((p, i) => [i ? ", " : "",
        p.account ? el("a", {href: profileHref(p.account), class: "profile-link"}, playerName(p, lang)) : playerName(p, lang)])),
      el("td", {class: "outcome"}, outcome(tb)),
      el("td", {class: "num"}, tb.rating ? `${tb.rating.mu.toFixed(1)} ± ${tb.rating.sigma.toFixed(1)}` : "—"),
      el("td", {}, el("a", {class: "button replay", href: tb.url}, t("replay", lang)))))));
  const to = data.offset + data.tables.length;
  box.append(el("div", {class: "pager"},
    el("button", {type: "button", id: "prev-page", disabled: data.offset === 0,
      onclick: () => { offset = Math.max(0, offset - PAGE); load(); }}, t("prev_page", lang)),
    el("span", {}, t("page_of", lang).replace("{a}", data.total ? data.offset + 1 : 0).replace("{b}", to).replace("{n}", data.total)),
    el("button", {type: "button", id: "next-page", disabled: to >= data.total,
      onclick: () => { offset += PAGE; load(); }}, t("next_page", lang))));
  return box;
}

function render() {
  document.documentElement.lang = lang;
  document.title = `${data ? data.name : who} · ${t("profile", lang)} · Railtable`;
  document.getElementById("top").replaceChildren(
    el("h1", {}, el("a", {href: "/"}, "Railtable"), ` · ${t("profile", lang)}`),
    langSwitch(lang, (l) => { lang = l; render(); }));
  const main = document.getElementById("main");
  if (!data) {
    main.replaceChildren(el("section", {class: "card"}, el("p", {class: "error", id: "profile-error"}, failure)));
    return;
  }
  main.replaceChildren(...[
    el("section", {class: "card", id: "profile", "data-name": data.name}, el("h2", {id: "profile-name"}, data.name),
      el("p", {class: "muted"}, `${t("playing_since", lang)} ${date(data.created)}`), gamesTable()),
    plots(), tablesList()].filter(Boolean));
  main.dataset.loaded = "yes";
}

setLang(lang);
load();
