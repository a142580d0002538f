// Branch Line (Ветка): the browser view. The map as SVG: towns as circles, links as lines in
// their builder's colour (free links dashed grey, with their length in rails). When this seat
// may build a link, the link is drawn thick and clickable. Beside the map: each company's
// points, rails and contracts, this seat's own contracts (their towns ringed on the map), and
// buttons for stocking up and drawing a contract. The observation is described in
// docs/games/branch_line.md; whose turn it is and the result come from the envelope.

import {html as h, svg as s} from "/static/dom.js";

const SEAT = ["#1e40af", "#b91c1c", "#15803d", "#ca8a04"];
const W = 760, H = 390;

function tr(ctx, group, key, fallback) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key]) || fallback || key;
}

function townName(ctx, town) {
  return tr(ctx, "towns", town.key);
}

function seatName(ctx, p) {
  const pl = ctx.players && ctx.players[p];
  return (pl && pl.name) || tr(ctx, "words", "player", "Player {n}").replace("{n}", p + 1);
}

function legalOf(ctx, type) {
  const out = {};
  for (const l of ctx.legal || []) if (l.action.type === type) out[type === "build" ? l.action.link : type] = l;
  return out;
}

function drawMap(ctx, mine) {
  const obs = ctx.observation;
  const towns = obs.map.towns;
  const builds = legalOf(ctx, "build");
  const links = obs.map.links.map((link) => {
    const a = towns[link.a], b = towns[link.b];
    const owner = obs.owners[link.id];
    const act = builds[link.id];
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    const g = s("g", {class: `bl-link${act ? " legal" : ""}`, "data-link": link.id,
                      style: act ? "cursor:pointer" : null,
                      onclick: act ? () => ctx.act(act.id) : null},
      s("title", {}, act ? act.label : `${townName(ctx, a)}–${townName(ctx, b)} (${link.length})`),
      // a wide transparent stroke makes the link easy to hit
      act ? s("line", {x1: a.x, y1: a.y, x2: b.x, y2: b.y, stroke: "#fde68a", "stroke-width": 16,
                       "stroke-linecap": "round", opacity: 0.9}) : null,
      s("line", {x1: a.x, y1: a.y, x2: b.x, y2: b.y,
                 stroke: owner === null ? "#9ca3af" : SEAT[owner],
                 "stroke-width": owner === null ? 3 : 7,
                 "stroke-dasharray": owner === null ? "8 6" : null, "stroke-linecap": "round"}),
      s("circle", {cx: mx, cy: my, r: 10, fill: "#fff", stroke: "#6b7280"}),
      s("text", {x: mx, y: my + 4, "text-anchor": "middle", "font-size": 12}, String(link.length)));
    return g;
  });
  const nodes = towns.map((t) => s("g", {class: "bl-town", "data-town": t.id},
    mine.has(t.id) ? s("circle", {cx: t.x, cy: t.y, r: 17, fill: "none", stroke: "#f59e0b", "stroke-width": 4}) : null,
    s("circle", {cx: t.x, cy: t.y, r: 11, fill: "#f8fafc", stroke: "#111827", "stroke-width": 2}),
    s("text", {x: t.x, y: t.y - 18, "text-anchor": "middle", "font-size": 13, "font-weight": 600,
               "paint-order": "stroke", stroke: "#fff", "stroke-width": 4}, townName(ctx, t))));
  return s("svg", {class: "bl-map", viewBox: `0 0 ${W} ${H}`, width: W, height: H,
                   style: "max-width:100%;height:auto;background:#ecfccb;border-radius:8px"},
    ...links, ...nodes);
}

function contractLine(ctx, c, doneWord) {
  const towns = ctx.observation.map.towns;
  return h("li", {class: "bl-contract", "data-contract": c.id,
                  style: c.completed ? "color:#15803d" : null},
    `${townName(ctx, towns[c.a])}–${townName(ctx, towns[c.b])} (${c.points})`,
    c.completed ? ` ✓ ${tr(ctx, "words", "completed")}` : doneWord ? ` ✗ ${doneWord}` : "");
}

export function render(root, ctx) {
  const obs = ctx.observation;
  const w = (k) => tr(ctx, "words", k);
  const mine = new Set();
  for (const c of obs.contracts || []) if (!c.completed) { mine.add(c.a); mine.add(c.b); }

  const rows = obs.rails.map((rails, p) => h("tr", {"data-seat": p,
      style: obs.current_player === p ? "font-weight:bold;background:#fff6cc" : null},
    h("td", {style: `color:${SEAT[p]}`}, seatName(ctx, p) + (p === obs.seat ? ` (${w("you")})` : "")),
    h("td", {}, String(obs.result ? obs.result.scores[p] : obs.scores[p])),
    h("td", {}, String(rails)), h("td", {}, String(obs.contract_counts[p]))));
  const side = [
    h("div", {class: "bl-round"}, `${w("round")} ${obs.round}/${obs.rounds} · ${w("deck")}: ${obs.deck}`),
    h("table", {class: "bl-players"},
      h("tr", {}, h("th", {}, ""), h("th", {}, w("points")), h("th", {}, w("rails")), h("th", {}, w("contracts"))),
      ...rows),
  ];
  if (obs.contracts) {
    side.push(h("h4", {}, w("your_contracts")),
      h("ul", {class: "bl-mine"}, obs.contracts.map((c) => contractLine(ctx, c, obs.result ? w("failed") : ""))));
  }
  const extra = {...legalOf(ctx, "stock_up"), ...legalOf(ctx, "draw_contract")};
  const buttons = Object.entries(extra).map(([type, l]) =>
    h("button", {class: `bl-${type}`, "data-id": l.id, onclick: () => ctx.act(l.id)}, l.label));
  if (buttons.length) side.push(h("div", {class: "bl-buttons", style: "display:flex;gap:6px;margin-top:6px"}, buttons));
  if (obs.revealed) {
    obs.revealed.forEach((hand, p) => side.push(
      h("div", {class: "bl-final", "data-seat": p}, h("b", {style: `color:${SEAT[p]}`}, seatName(ctx, p)),
        h("ul", {}, hand.map((c) => contractLine(ctx, c, w("failed")))))));
  }
  root.replaceChildren(h("div", {class: "bl", style: "display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start"},
    h("div", {style: "flex:3 1 560px"}, drawMap(ctx, mine)),
    h("div", {style: "flex:1 1 220px"}, side)));
}
