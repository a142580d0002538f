// Switch & Signal: the browser view. The network is drawn from the observation's map
// (nodes at real longitude/latitude, each line as its row of track sections), with signal
// fields (green when a disc lies on them), the open branches of every junction, trains, goods
// and the team's table (clock, departure pile and card, every hand, helpers). Board elements
// are clickable when a legal action matches them: signal fields (lift / place a disc),
// junctions (switch card), trains (move, station master, load), lines leaving the moving
// train's city (route) and starting points (coupler). Everything else stays in the shell's list.

import {html as h, svg as s} from "/static/dom.js";

const TRAIN = {black: "#1f1f1f", brown: "#8b5a2b", gray: "#9aa0a6"};
const GOOD = {yellow: "#f2c230", blue: "#2563eb", red: "#d62828", white: "#f4f4f4"};
const W = 1000, PAD = 40;


function tr(ctx, group, key) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key]) || key;
}

// legal actions whose JSON form matches every given field
function find(ctx, want) {
  return (ctx.legal || []).filter((l) =>
    Object.entries(want).every(([k, v]) => l.action && l.action[k] === v));
}

function clickable(ctx, el, matches, title) {
  if (matches.length === 1) {
    el.setAttribute("class", (el.getAttribute("class") || "") + " ss-pick");
    el.style.cursor = "pointer";
    el.addEventListener("click", () => ctx.act(matches[0].id));
    el.append(s("title", {}, matches[0].label));
  } else if (title) {
    el.append(s("title", {}, title));
  }
  return el;
}

function projector(nodes) {
  const lat0 = nodes.reduce((a, n) => a + n.lat, 0) / nodes.length;
  const k = Math.cos(lat0 * Math.PI / 180);
  const xs = nodes.map((n) => n.lon * k), ys = nodes.map((n) => -n.lat);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const scale = (W - 2 * PAD) / Math.max(x1 - x0, 1e-6);
  const height = Math.round((y1 - y0) * scale + 2 * PAD);
  return {height, at: (n) => [PAD + (n.lon * k - x0) * scale, PAD + (-n.lat - y0) * scale]};
}

// What a thing is, from the game's catalogue (ctx.explain; "" without one): for tooltips.
function why(ctx, kind, id) {
  return ctx.explain ? ctx.explain(kind, id) : "";
}

function tip(name, text) {
  return text ? `${name}\n${text}` : name;
}

export function render(root, ctx) {
  const obs = ctx.observation;
  const map = obs.map;
  const proj = projector(map.nodes);
  const pos = {};
  for (const n of map.nodes) pos[n.id] = proj.at(n);
  const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
  const onLine = (li, t) => lerp(pos[map.lines[li].a], pos[map.lines[li].b], t);
  const green = new Set(obs.signals);
  const svg = s("svg", {class: "ss-map", viewBox: `0 0 ${W} ${proj.height}`, width: "100%",
                        style: "background:#f7f4ea;max-height:80vh"});
  svg.append(s("style", {}, ".ss-pick{filter:drop-shadow(0 0 4px #f59e0b)}"));

  // lines and their sections; a line is clickable when the moving train may leave along it
  map.lines.forEach((ln, li) => {
    const a = pos[ln.a], b = pos[ln.b];
    const g = s("g", {class: "ss-line", "data-line": li});
    g.append(s("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#6b5b45",
                        "stroke-width": 5, "stroke-linecap": "round"}));
    for (let k = 1; k < ln.length; k++) {
      const p = lerp(a, b, k / ln.length);
      g.append(s("circle", {cx: p[0], cy: p[1], r: 2.2, fill: "#f7f4ea"}));
    }
    const routes = find(ctx, {type: "route", line: li});
    svg.append(clickable(ctx, g, routes));
  });

  // junctions with their open branches
  for (const n of map.nodes.filter((n) => n.kind === "junction")) {
    const p = pos[n.id];
    const g = s("g", {class: "ss-junction", "data-junction": n.id});
    for (const other of obs.switches[n.id] || []) {
      const q = lerp(p, pos[other], 0.22);
      g.append(s("line", {x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: "#f59e0b",
                          "stroke-width": 4}));
    }
    g.append(s("circle", {cx: p[0], cy: p[1], r: 5, fill: "#444"}));
    svg.append(clickable(ctx, g, find(ctx, {type: "junction", junction: n.id}),
                         tip(tr(ctx, "nodes", n.id), why(ctx, "places", "junction"))));
  }

  // cities, ports and starting points
  for (const n of map.nodes.filter((n) => n.kind !== "junction")) {
    const [x, y] = pos[n.id];
    const g = s("g", {class: "ss-node", "data-node": n.id});
    if (n.kind === "start") {
      g.append(s("rect", {x: x - 11, y: y - 11, width: 22, height: 22, fill: "#fff",
                          stroke: "#333"}));
      g.append(s("text", {x, y: y + 5, "text-anchor": "middle", "font-size": 13},
                 String(obs.starting_numbers[n.id])));
      clickable(ctx, g, find(ctx, {type: "coupler", starting_point: n.id}),
                tip(tr(ctx, "nodes", n.id), why(ctx, "places", "start")));
    } else {
      g.append(s("title", {}, tip(tr(ctx, "nodes", n.id), why(ctx, "places", n.kind))));
      g.append(s("circle", {cx: x, cy: y, r: 15, fill: n.kind === "port" ? "#bfdbfe" : "#fde68a",
                            stroke: "#333", "stroke-width": 2}));
      const goods = obs.goods[n.id];
      if (goods) {
        for (let i = 0; i < goods.count; i++) {
          g.append(s("rect", {x: x - 12 + i * 9, y: y + 17, width: 7, height: 7,
                              fill: GOOD[goods.colour], stroke: "#333"}));
        }
      }
      const port = obs.delivered.find((d) => d.port === n.id);
      if (port) {
        let i = 0;
        for (const [c, k] of Object.entries(port.goods)) {
          for (let j = 0; j < k; j++, i++) {
            g.append(s("rect", {x: x - 18 + i * 9, y: y + 17, width: 7, height: 7,
                                fill: GOOD[c], stroke: "#333"}));
          }
        }
      }
    }
    g.append(s("text", {x, y: y - 17, "text-anchor": "middle", "font-size": 12,
                        "pointer-events": "none",
                        "font-weight": n.kind === "start" ? "normal" : "bold"},
               tr(ctx, "nodes", n.id)));
    svg.append(g);
  }

  // trains
  const atNode = {};
  for (const t of obs.trains) {
    if (t.where === "depot") continue;
    let x, y;
    if (t.where === "track") {
      const ln = map.lines[t.line];
      [x, y] = onLine(t.line, (t.section + 0.5) / ln.length);
    } else {
      [x, y] = pos[t.node];
      const k = (atNode[t.node] = (atNode[t.node] || 0) + 1);
      x += 14 * (k - 1);
    }
    const g = s("g", {class: "ss-train", "data-train": t.id});
    g.append(s("rect", {x: x - 9, y: y - 6, width: 18, height: 12, rx: 3,
                        fill: TRAIN[t.colour], stroke: "#fff", "stroke-width": 1.5}));
    if (t.good) g.append(s("rect", {x: x - 4, y: y - 4, width: 8, height: 8, fill: GOOD[t.good]}));
    const m = find(ctx, {type: "train", train: t.id})
      .concat(find(ctx, {type: "station_master", train: t.id}));
    const loads = find(ctx, {type: "load", train: t.id});
    clickable(ctx, g, m.length ? m : loads.slice(0, 1),
              tip(`${tr(ctx, "train_colours", t.colour)} ${t.id % 3 + 1}`, why(ctx, "train_colours", t.colour)));
    svg.append(g);
  }

  // signal fields: green with a disc, red without
  map.fields.forEach((f, fi) => {
    const ln = map.lines[f.line];
    let t = f.at / ln.length;
    if (f.city) t = f.city === ln.a ? 0.16 : 0.84;  // a city's field, just outside it
    const [x, y] = onLine(f.line, t);
    const on = green.has(fi);
    const el = s("circle", {cx: x, cy: y, r: 6, fill: on ? "#16a34a" : "#dc2626",
                            stroke: "#fff", "stroke-width": 1.5, class: "ss-field",
                            "data-field": fi, "data-green": on ? "1" : "0"});
    const m = find(ctx, {type: on ? "signal_from" : "signal_to", field: fi});
    svg.append(clickable(ctx, el, m, why(ctx, "pieces", on ? "signal_green" : "signal_red")));
  });

  // the team's table
  const words = (k) => tr(ctx, "words", k);
  const card = obs.departure_card;
  const describeCard = (c) => `${c.deploy ? "▼".repeat(c.deploy) + " " : ""}` +
    c.moves.map((m) => m === "any" ? tr(ctx, "view", "any_colour")
      : m === "all" ? tr(ctx, "view", "all_trains") : tr(ctx, "train_colours", m)).join(", ");
  const cardText = !card ? "—" : card.id === "start" ? words("start_card") : describeCard(card);
  // the card the Switchman put under the pile is public (the team saw it)
  const bottom = obs.departure_pile_bottom || [];
  const panel = h("div", {style: "display:flex;flex-wrap:wrap;gap:1.2em;margin:.4em 0;font-size:14px"},
    h("span", {title: why(ctx, "pieces", "clock")}, `${words("clock")}: ${"●".repeat(obs.time_tokens)}${"○".repeat(obs.clock - obs.time_tokens)}`),
    h("span", {title: why(ctx, "pieces", "departure_pile")}, `${words("pile")}: ${obs.departure_pile}`),
    bottom.length ? h("span", {}, `${words("pile_bottom")}: ${bottom.map(describeCard).join("; ")}`) : null,
    h("span", {title: card ? why(ctx, "departure", card.id) : null, "data-departure": card ? card.id : null},
      `${words("departure_card")}: ${cardText}`),
    h("span", {}, `${words("delivered")}: ${obs.delivered.map((d) =>
      Object.values(d.goods).reduce((a, b) => a + b, 0)).join(" + ")}`),
    h("span", {}, Object.entries(obs.helpers).map(([k, used]) =>
      h("span", {title: why(ctx, "helpers", k), "data-helper": k, style: "margin-right:.6em"},
        `${used ? "✗" : "✓"} ${tr(ctx, "helpers", k)}`))));
  const hands = h("div", {style: "display:flex;flex-wrap:wrap;gap:1.2em;font-size:13px"},
    obs.hands.map((hand, p) => h("span", {style: p === obs.current_player ? "font-weight:bold" : ""},
      `${(ctx.players && ctx.players[p] && ctx.players[p].name) || "P" + (p + 1)}: ` +
      Object.entries(hand).map(([k, v], i) => h("span", {title: why(ctx, "cards", k)},
        `${i ? ", " : ""}${tr(ctx, "cards", k)} ×${v}`)))));
  root.replaceChildren(panel, hands, svg);
}
