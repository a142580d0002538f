// Railways of the World: the browser view. The hex map as SVG (terrain, ridges on hex
// edges, cities in their colours with their goods cubes and empty-city markers, every
// player's links and unfinished track in the player's colour), then the players' cash,
// notes, locomotive, income-track points and cards, the auction, and the operations cards.
// Clickable when a legal action matches: a hex to start building or to lay the next tile,
// a city to urbanize or to move a cube to, a cube to deliver, a card to take or play.
// The observation is described in docs/games/railways_of_the_world.md.

import {html as h, svg as s} from "/static/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 22;
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const DIR_NAMES = ["e", "ne", "nw", "w", "sw", "se"];
const TERRAIN = {plain: "#cfe3b0", water: "#9cc3e6", mountain: "#c9a77c"};
const CUBE = {red: "#d32f2f", yellow: "#f2c230", blue: "#1e63c8", black: "#222222",
              purple: "#7b3fa6", gray: "#9e9e9e"};
const SEAT = ["#e65100", "#2e7d32", "#1565c0", "#6a1b9a", "#c62828", "#00838f"];


// What a thing is, from the game's catalogue (ctx.explain; "" without one): for tooltips.
function why(ctx, kind, id) {
  return ctx.explain ? ctx.explain(kind, id) : "";
}

function tr(ctx, group, key) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key]) || key;
}

function money(v) {
  return "$" + Number(v).toLocaleString("en-US");
}

function px(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function corner(x, y, deg) {
  const a = Math.PI / 180 * deg;
  return [x + SIZE * Math.cos(a), y + SIZE * Math.sin(a)];
}

function hexPoints(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const [cx, cy] = corner(x, y, 60 * i - 30);
    pts.push(`${cx.toFixed(1)},${cy.toFixed(1)}`);
  }
  return pts.join(" ");
}

// the midpoint of the edge of hex (x, y) in direction d
function edgeMid(x, y, d) {
  const a = Math.PI / 180 * (-60 * d);
  const k = SIZE * Math.sqrt(3) / 2;
  return [x + k * Math.cos(a), y + k * Math.sin(a)];
}

function playerLabel(ctx, p) {
  const pl = ctx.players && ctx.players[p];
  const word = tr(ctx, "words", "player");
  return pl && pl.name ? pl.name : `${word} ${p + 1}`;
}

// index legal actions by what is clicked
function indexLegal(ctx) {
  const obs = ctx.observation;
  const idx = {hex: {}, city: {}, cube: {}, card: {}, other: []};
  const cityHex = {};
  for (const c of obs.cities) cityHex[c.key] = c.hex;
  let head = null;
  if (obs.building) {
    const tr_ = obs.building.track;
    head = tr_.length ? [tr_[tr_.length - 1][0], tr_[tr_.length - 1][1]]
                      : obs.cities[obs.building.start].hex;
  }
  for (const l of ctx.legal || []) {
    const a = l.action;
    if (a.type === "build_at") idx.hex[`${a.hex[0]},${a.hex[1]}`] = l;
    else if (a.type === "build_step" && head) {
      const [dq, dr] = DIRS[DIR_NAMES.indexOf(a.direction)];
      idx.hex[`${head[0] + dq},${head[1] + dr}`] = l;
    } else if (a.type === "urbanize_city" || a.type === "move") {
      (idx.city[a.city] = idx.city[a.city] || []).push(l);
    } else if (a.type === "cube") idx.cube[`${a.city}:${a.colour}`] = l;
    else if (a.type === "take_card" || a.type === "use_card") idx.card[a.card] = l;
    else idx.other.push(l);
  }
  return idx;
}

function clickable(el, l, ctx) {
  if (!l) return el;
  el.setAttribute("style", "cursor:pointer");
  el.setAttribute("data-legal-id", l.id);
  el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.act(l.id); });
  el.append(s("title", {}, l.label));
  return el;
}

function drawTrack(g, track, colour, cityAt, dashed) {
  for (const [q, r, ein, eout] of track) {
    const [x, y] = px(q, r);
    const [ax, ay] = edgeMid(x, y, ein);
    let d = `M${ax.toFixed(1)},${ay.toFixed(1)} `;
    if (eout >= 0) {
      const [bx, by] = edgeMid(x, y, eout);
      d += `Q${x.toFixed(1)},${y.toFixed(1)} ${bx.toFixed(1)},${by.toFixed(1)}`;
    } else {
      d += `L${x.toFixed(1)},${y.toFixed(1)}`;
    }
    g.append(s("path", {d, fill: "none", stroke: colour, "stroke-width": 4, "stroke-linecap": "round",
                        "stroke-dasharray": dashed ? "5 4" : null}));
    // the stub into a neighbouring city
    for (const e of [ein, eout]) {
      if (e < 0) continue;
      const nq = q + DIRS[e][0], nr = r + DIRS[e][1];
      if (cityAt[`${nq},${nr}`] === undefined) continue;
      const [cx, cy] = px(nq, nr);
      const [mx, my] = edgeMid(x, y, e);
      g.append(s("line", {x1: mx, y1: my, x2: cx, y2: cy, stroke: colour, "stroke-width": 4,
                          "stroke-dasharray": dashed ? "5 4" : null}));
    }
  }
}

function drawMap(ctx, idx) {
  const obs = ctx.observation;
  const board = obs.board;
  const cityAt = {};
  obs.cities.forEach((c) => { cityAt[`${c.hex[0]},${c.hex[1]}`] = c.id; });
  const pts = board.hexes.map(([q, r]) => px(q, r));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs) - SIZE * 1.5, y0 = Math.min(...ys) - SIZE * 1.5;
  const w = Math.max(...xs) - x0 + SIZE * 1.5, hh = Math.max(...ys) - y0 + SIZE * 1.5;
  const svg = s("svg", {viewBox: `${x0} ${y0} ${w} ${hh}`, width: "100%", style: "max-height:78vh",
                        class: "rotw-map"});
  const ground = s("g", {});
  for (const [q, r, terrain] of board.hexes) {
    const [x, y] = px(q, r);
    const l = idx.hex[`${q},${r}`];
    const poly = s("polygon", {points: hexPoints(x, y), fill: TERRAIN[terrain] || "#ddd",
                               stroke: l ? "#0d47a1" : "#8a8a8a", "stroke-width": l ? 3 : 0.6});
    const g = s("g", {}, poly, s("title", {}, `${tr(ctx, "terrain", terrain)} (${q},${r})\n${why(ctx, "terrain", terrain)}`));
    if (terrain === "mountain") g.append(s("circle", {cx: x, cy: y, r: 2.5, fill: "#fff"}));
    if (terrain === "water") g.append(s("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 10, fill: "#2a6db0"}, "≈"));
    // a city's hex is clicked through the city drawn on it
    ground.append(cityAt[`${q},${r}`] === undefined ? clickable(g, l, ctx) : g);
  }
  svg.append(ground);
  // ridges on hex edges
  for (const [q1, r1, q2, r2] of board.ridges) {
    const d = DIRS.findIndex(([dq, dr]) => dq === q2 - q1 && dr === r2 - r1);
    const [x, y] = px(q1, r1);
    const [ax, ay] = corner(x, y, -60 * d - 30);
    const [bx, by] = corner(x, y, -60 * d + 30);
    svg.append(s("line", {x1: ax, y1: ay, x2: bx, y2: by, stroke: "#5d3a1a", "stroke-width": 5,
                          "stroke-linecap": "round"}, s("title", {}, why(ctx, "pieces", "ridge"))));
  }
  const track = s("g", {});
  for (const ln of obs.links) drawTrack(track, ln.track, SEAT[ln.owner], cityAt, false);
  for (const u of obs.unfinished) drawTrack(track, u.track, SEAT[u.owner], cityAt, true);
  if (obs.building) drawTrack(track, obs.building.track, SEAT[obs.current_player], cityAt, true);
  svg.append(track);
  // delivery in progress
  if (obs.delivery) {
    const path = [obs.delivery.from].concat(obs.delivery.path.map((x) => x[0]));
    const xy = path.map((c) => px(...obs.cities[c].hex));
    svg.append(s("polyline", {points: xy.map((p) => p.join(",")).join(" "), fill: "none",
                              stroke: CUBE[obs.delivery.colour], "stroke-width": 3, "stroke-dasharray": "2 3"}));
  }
  for (const c of obs.cities) {
    const [x, y] = px(c.hex[0], c.hex[1]);
    const ls = idx.city[c.key] || [];
    const hexL = idx.hex[`${c.hex[0]},${c.hex[1]}`];
    const g = s("g", {});
    g.append(s("circle", {cx: x, cy: y, r: SIZE * 0.62, fill: CUBE[c.colour], stroke: ls.length || hexL ? "#0d47a1" : "#fff",
                          "stroke-width": ls.length || hexL ? 4 : 2}));
    g.append(s("text", {x, y: y - SIZE * 0.75, "text-anchor": "middle", "font-size": 9, "font-weight": "bold",
                        fill: "#111", "paint-order": "stroke", stroke: "#fff", "stroke-width": 2.5},
               tr(ctx, "cities", c.key)));
    g.append(s("title", {}, `${tr(ctx, "cities", c.key)} — ${tr(ctx, "colours", c.colour)}\n${why(ctx, "colours", c.colour)}` +
      (c.empty ? `\n${why(ctx, "pieces", "empty_marker")}` : "")));
    clickable(g, ls[0] || hexL, ctx);
    // cubes
    const cubes = [];
    c.cubes.forEach((n, k) => { for (let i = 0; i < n; i++) cubes.push(["red", "yellow", "blue", "black", "purple"][k]); });
    const n = cubes.length;
    cubes.forEach((col, i) => {
      const cx = x - (n * 7) / 2 + i * 7, cy = y + SIZE * 0.62 + 1;
      const l = idx.cube[`${c.key}:${col}`];
      const rect = s("rect", {x: cx, y: cy, width: 6, height: 6, fill: CUBE[col], stroke: l ? "#0d47a1" : "#fff",
                              "stroke-width": l ? 1.8 : 0.8});
      g.append(clickable(s("g", {}, rect), l, ctx));
    });
    if (c.empty) {
      g.append(s("text", {x, y: y + 4, "text-anchor": "middle", "font-size": 12, fill: "#fff", "font-weight": "bold"}, "∅"));
    }
    svg.append(g);
  }
  return svg;
}

function drawPlayers(ctx) {
  const obs = ctx.observation;
  const w = (k) => tr(ctx, "words", k);
  const rows = obs.players.map((p, i) => h("tr", {style: obs.current_player === i ? "font-weight:bold" : null},
    h("td", {}, h("span", {style: `display:inline-block;width:10px;height:10px;background:${SEAT[i]};margin-right:4px`}),
      playerLabel(ctx, i) + (obs.first_player === i ? " ★" : "")),
    h("td", {}, money(p.cash)), h("td", {}, String(p.notes)), h("td", {}, String(p.locomotive)),
    h("td", {}, String(p.points)), h("td", {}, money(p.income)), h("td", {}, String(p.links)),
    h("td", {}, p.cards.map((k, j) => h("span", {title: why(ctx, "cards", k), "data-card": k},
      `${j ? ", " : ""}${tr(ctx, "cards", k)}`)))));
  return h("table", {class: "rotw-players"},
    h("tr", {}, ...["player", "cash", "notes", "locomotive", "points", "income", "links", "cards"].map((k) => h("th", {}, w(k)))),
    ...rows);
}

function drawCards(ctx, idx) {
  const obs = ctx.observation;
  const w = (k) => tr(ctx, "words", k);
  const chips = obs.display.map((k) => {
    const l = idx.card[k];
    return h("button", {type: "button", class: "rotw-card", disabled: l ? null : "disabled", title: why(ctx, "cards", k), "data-card": k,
                        "data-legal-id": l ? l.id : null, onclick: () => l && ctx.act(l.id)},
             tr(ctx, "cards", k));
  });
  const mine = [];
  if (ctx.seat !== null && ctx.seat !== undefined) {
    for (const k of obs.players[ctx.seat].cards) {
      const l = idx.card[k];
      if (l) mine.push(h("button", {type: "button", class: "rotw-card", "data-legal-id": l.id, title: why(ctx, "cards", k),
                                    onclick: () => ctx.act(l.id)}, l.label));
    }
  }
  return h("div", {class: "rotw-cards"}, h("div", {}, `${w("display")} (${w("deck")} ${obs.deck}): `, ...chips),
           mine.length ? h("div", {}, ...mine) : null);
}

export function render(root, ctx) {
  const obs = ctx.observation;
  const idx = indexLegal(ctx);
  const w = (k) => tr(ctx, "words", k);
  const head = h("div", {class: "rotw-head"},
    `${w("round")} ${obs.round}, ${w("turn")} ${obs.turn}/3 — ${tr(ctx, "phases", obs.phase)} — ` +
    `${w("markers")}: ${obs.empty_markers}/${obs.markers_to_end}` +
    (obs.last_round ? ` — ${w("last_round")}: ${obs.last_round}` : ""));
  const auction = obs.auction ? h("div", {class: "rotw-auction"},
    `${w("bid")}: ${money(obs.auction.bid)}` + (obs.auction.bidder >= 0 ? ` (${playerLabel(ctx, obs.auction.bidder)})` : "")) : null;
  const buttons = h("div", {class: "rotw-actions"},
    ...idx.other.map((l) => h("button", {type: "button", onclick: () => ctx.act(l.id)}, l.label)));
  root.replaceChildren(h("div", {class: "rotw"}, head, drawMap(ctx, idx), auction, buttons,
                         drawPlayers(ctx), drawCards(ctx, idx)));
}
