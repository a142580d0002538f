// TEMPLATE: the browser view, an ES module served as-is (no build step). render(root, ctx) is
// called on every update; draw the position from ctx.observation as SVG and make board
// elements clickable when a legal action (ctx.legal: [{id, action, label}]) matches them.
// Whose turn it is and the result come from the envelope (observation.current_player,
// observation.result); the shell also shows them, the log and every legal choice as a list.

import {html as h, svg as s} from "/static/dom.js";

const SEAT = ["#1e40af", "#b91c1c", "#15803d", "#ca8a04"];

export function render(root, ctx) {
  const obs = ctx.observation;
  const w = (k) => (ctx.i18n.words && ctx.i18n.words[k]) || k;
  const gap = 40, rows = obs.positions.length;
  const track = s("svg", {class: "tpl-track", viewBox: `0 0 ${gap * obs.stations + 20} ${rows * 30 + 10}`,
                          width: gap * obs.stations + 20, height: rows * 30 + 10},
    ...obs.positions.map((x, p) => s("g", {"data-seat": p},
      s("line", {x1: 20, y1: 20 + p * 30, x2: gap * (obs.stations - 1) + 20, y2: 20 + p * 30, stroke: "#9ca3af"}),
      s("circle", {cx: 20 + gap * x, cy: 20 + p * 30, r: 9, fill: SEAT[p],
                   stroke: obs.current_player === p ? "#111" : "none", "stroke-width": 3}))));
  const cards = (ctx.legal || []).map((l) =>
    h("button", {class: "tpl-card", "data-id": l.id, onclick: () => ctx.act(l.id)}, l.label));
  root.replaceChildren(h("div", {class: "tpl"}, track,
    obs.hand ? h("p", {}, `${w("hand")}: ${obs.hand.join(", ")} · ${w("deck")}: ${obs.deck}`) : null,
    h("div", {}, cards)));
}
