// Railways of the World: the browser view. The hex map as SVG (terrain with drawn marks for
// water and mountains, ridges on hex edges, cities in their colours with the colour's
// symbol, their goods cubes and empty-city markers, every player's links and unfinished
// track in the player's colour with the player's mark), beside a panel with the round, the
// turn's choices, the players and the operations cards. The map fits the window (names at
// least 11 CSS pixels on a desktop screen). What the other players did since this seat's
// last turn (track laid, a city urbanized, a delivery) is highlighted.
// Clickable when a legal action matches: a hex to start building, the next hex (or the
// edge towards it) to lay a tile, a city to urbanize, a goods cube to deliver, a city or the
// link's track to move the cube along, a card to take or play; the turn's choices are
// buttons in the panel, and the shell's list stays as a fallback.
// The observation is described in docs/games/railways_of_the_world.md.

import {html as h, svg as s} from "/static/dom.js";
import {colourBadge, colourSymbol, fitWidth, placeLabels, recentEvents, seatBadge, seatMark, zoomable} from "/static/board.js";

const SIZE = 22;
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const DIR_NAMES = ["e", "ne", "nw", "w", "sw", "se"];
const TERRAIN = {plain: "#d5e8b8", water: "#a9cdeb", mountain: "#cfae84"};
const CUBE = {red: "#d32f2f", yellow: "#f2c230", blue: "#1e63c8", black: "#222222",
              purple: "#8e44b5", gray: "#9e9e9e"};
const CUBES = ["red", "yellow", "blue", "black", "purple"];
const SEAT = ["#e65100", "#2e7d32", "#1565c0", "#6a1b9a", "#c62828", "#00838f"];
const LABEL = 13;                    // city names, in SVG units
const FONT = "700 13px sans-serif";
const DISC = SIZE * 0.55;            // a city's disc
// The map's width on screen: the window's height less the header and margins, never under
// LEAST pixels where the window allows (13 units at 690/800: 11.2 px).
const RESERVE = 96, LEAST = 690;

const STYLE = `
.rotw { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; font-size: 14px; }
.rotw-board { flex: none; max-width: 100%; }
.rotw-board svg.rotw-map { width: 100%; }
.rotw-panel { flex: 1 1 250px; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.rotw-head { font-weight: 600; }
.rotw-head .muted { font-weight: 400; }
.rotw-actions { display: flex; flex-wrap: wrap; gap: 4px; }
.rotw-actions button { font-size: 14px; }
.rotw-actions .colour { display: inline-flex; gap: 4px; align-items: center; }
.rotw-player { border-left: 5px solid var(--c); padding: 2px 6px; background: #fbf7ef; border-radius: 4px; }
.rotw-player.current { box-shadow: 0 0 0 2px var(--accent); }
.rotw-player .name { font-weight: 700; display: flex; gap: 4px; align-items: center; }
.rotw-player .facts { font-size: 13px; color: #4a3d31; }
.rotw-cards { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.rotw-cards button { font-size: 13px; }
.rotw-legend { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 12px; }
.rotw-legend span { display: inline-flex; gap: 3px; align-items: center; }
.rotw-map .can { cursor: pointer; }
.rotw-map .can:hover polygon, .rotw-map .can:hover circle.disc { filter: brightness(1.12); }
.rotw-map .can:hover .edge { stroke-width: 7; }
`;

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

function hexPoints(x, y, k = 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + k * SIZE * Math.cos(a)).toFixed(1)},${(y + k * SIZE * Math.sin(a)).toFixed(1)}`);
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
  const idx = {hex: {}, step: [], city: {}, cube: {}, card: {}, colour: [], link: [], other: []};
  let head = null;
  if (obs.building) {
    const tr_ = obs.building.track;
    head = tr_.length ? [tr_[tr_.length - 1][0], tr_[tr_.length - 1][1]]
                      : obs.cities[obs.building.start].hex;
  }
  idx.head = head;
  for (const l of ctx.legal || []) {
    const a = l.action;
    if (a.type === "build_at") idx.hex[`${a.hex[0]},${a.hex[1]}`] = l;
    else if (a.type === "build_step" && head) {
      const d = DIR_NAMES.indexOf(a.direction);
      const to = [head[0] + DIRS[d][0], head[1] + DIRS[d][1]];
      idx.hex[`${to[0]},${to[1]}`] = l;
      idx.step.push({l, d, to});
    } else if (a.type === "urbanize_city" || a.type === "move") {
      (idx.city[a.city] = idx.city[a.city] || []).push(l);
      if (a.type === "move") idx.link.push(l);
    } else if (a.type === "cube") idx.cube[`${a.city}:${a.colour}`] = l;
    else if (a.type === "take_card" || a.type === "use_card") idx.card[a.card] = l;
    else if (a.type === "new_city_colour") idx.colour.push(l);
    else idx.other.push(l);
  }
  return idx;
}

function clickable(el, l, ctx) {
  if (!l) return el;
  el.classList.add("can");
  el.setAttribute("data-legal-id", l.id);
  el.addEventListener("click", (ev) => { ev.stopPropagation(); ctx.act(l.id); });
  el.append(s("title", {}, l.label));
  return el;
}

// The SVG path of a run of track tiles ([q, r, edge in, edge out]), with the stubs into
// neighbouring cities.
function trackPaths(track, cityAt) {
  const out = [];
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
    for (const e of [ein, eout]) {
      if (e < 0) continue;
      const nq = q + DIRS[e][0], nr = r + DIRS[e][1];
      if (cityAt[`${nq},${nr}`] === undefined) continue;
      const [cx, cy] = px(nq, nr);
      const [mx, my] = edgeMid(x, y, e);
      d += ` M${mx.toFixed(1)},${my.toFixed(1)} L${cx.toFixed(1)},${cy.toFixed(1)}`;
    }
    out.push(d);
  }
  return out.join(" ");
}

function drawTrack(g, track, owner, cityAt, dashed, attrs = {}) {
  const d = trackPaths(track, cityAt);
  const t = s("g", {class: dashed ? "track unfinished" : "track", "data-owner": owner, ...attrs},
    s("path", {d, fill: "none", stroke: "#fff", "stroke-width": 7, "stroke-linecap": "round", opacity: 0.8}),
    s("path", {d, fill: "none", stroke: SEAT[owner], "stroke-width": 4.5, "stroke-linecap": "round",
               "stroke-dasharray": dashed ? "6 4" : null}));
  // the owner's mark on the middle tile, for players who cannot tell the colours apart
  if (track.length) {
    const [q, r] = track[Math.floor((track.length - 1) / 2)];
    const [x, y] = px(q, r);
    t.append(seatMark(owner, x, y, 4.2));
  }
  g.append(t);
  return t;
}

// What the last move changed on the map: hexes, cities, links and a delivery's route.
function lastMove(ctx) {
  const obs = ctx.observation;
  const out = {hexes: new Set(), cities: new Set(), links: [], route: null};
  for (const e of recentEvents(ctx)) {
    if ((e.type === "build_start" || e.type === "build_step") && e.hex) out.hexes.add(`${e.hex[0]},${e.hex[1]}`);
    else if (e.type === "urbanize") out.cities.add(e.city);
    else if (e.type === "link") out.links.push([e.player, e.cities[0], e.cities[1]]);
    else if (e.type === "delivery") out.route = e;
  }
  // a city where the last move built is lit as a city
  for (const c of obs.cities) if (out.hexes.has(`${c.hex[0]},${c.hex[1]}`)) out.cities.add(c.id);
  return out;
}

function drawMap(ctx, idx) {
  const obs = ctx.observation;
  const board = obs.board;
  const cityAt = {};
  obs.cities.forEach((c) => { cityAt[`${c.hex[0]},${c.hex[1]}`] = c.id; });
  const last = lastMove(ctx);
  const pts = board.hexes.map(([q, r]) => px(q, r));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  // city names: above the disc, else below its cubes, else beside it
  const names = obs.cities.map((c) => {
    const [x, y] = px(c.hex[0], c.hex[1]);
    return {x, y, text: tr(ctx, "cities", c.key)};
  });
  const labels = placeLabels(names, {
    size: LABEL, font: FONT, near: SIZE * 6, lineWeight: 0,
    places: [[0, -DISC - 4, "middle"], [0, DISC + 21, "middle"], [DISC + 3, 5, "start"], [-DISC - 3, 5, "end"]],
    boxes: names.map(({x, y}) => [x - DISC, y - DISC, x + DISC, y + DISC + 10]),
  });
  let x0 = Math.min(...xs) - SIZE * 1.1, y0 = Math.min(...ys) - SIZE * 1.1;
  let x1 = Math.max(...xs) + SIZE * 1.1, y1 = Math.max(...ys) + SIZE * 1.1;
  for (const l of labels) {
    x0 = Math.min(x0, l.box[0] - 3); y0 = Math.min(y0, l.box[1] - 3);
    x1 = Math.max(x1, l.box[2] + 3); y1 = Math.max(y1, l.box[3] + 3);
  }
  const w = x1 - x0, hh = y1 - y0;
  const svg = s("svg", {viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`,
                        class: "rotw-map board-svg", role: "img", "data-aspect": (w / hh).toFixed(4)});
  const ground = s("g", {class: "ground"});
  for (const [q, r, terrain] of board.hexes) {
    const [x, y] = px(q, r);
    const key = `${q},${r}`;
    const l = cityAt[key] === undefined ? idx.hex[key] : null;  // a city's hex is clicked through its city
    const g = s("g", {class: "hex", "data-hex": key},
      s("polygon", {points: hexPoints(x, y), fill: TERRAIN[terrain] || "#ddd", stroke: "#8a8a8a", "stroke-width": 0.6}),
      s("title", {}, `${tr(ctx, "terrain", terrain)} (${q},${r})\n${why(ctx, "terrain", terrain)}`));
    if (terrain === "mountain") {
      g.append(s("path", {d: `M${x - 8},${y + 5} L${x - 3},${y - 4} L${x + 1},${y + 1} L${x + 4},${y - 3} L${x + 9},${y + 5} Z`,
                          fill: "#8d6a45", stroke: "#fff", "stroke-width": 0.8, "stroke-linejoin": "round"}));
    } else if (terrain === "water") {
      g.append(s("path", {d: `M${x - 8},${y - 2} q2,-3 4,0 t4,0 t4,0 t4,0 M${x - 8},${y + 4} q2,-3 4,0 t4,0 t4,0 t4,0`,
                          fill: "none", stroke: "#3f7fbf", "stroke-width": 1.2}));
    }
    ground.append(clickable(g, l, ctx));
  }
  svg.append(ground);
  // ridges on hex edges
  for (const [q1, r1, q2, r2] of board.ridges) {
    const d = DIRS.findIndex(([dq, dr]) => dq === q2 - q1 && dr === r2 - r1);
    const [x, y] = px(q1, r1);
    const [ax, ay] = corner(x, y, -60 * d - 30);
    const [bx, by] = corner(x, y, -60 * d + 30);
    // a zigzag, so that a ridge is never taken for track
    const nx = (ay - by) / SIZE, ny = (bx - ax) / SIZE;
    const zig = [[ax, ay]];
    for (let k = 1; k < 8; k++) {
      const t = k / 8, o = k % 2 ? 3 : -3;
      zig.push([ax + (bx - ax) * t + nx * o, ay + (by - ay) * t + ny * o]);
    }
    zig.push([bx, by]);
    svg.append(s("polyline", {points: zig.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" "), fill: "none",
                              stroke: "#5d3a1a", "stroke-width": 2.2, "stroke-linejoin": "round", class: "ridge"},
                            s("title", {}, why(ctx, "pieces", "ridge"))));
  }
  // the last move's hexes and links, under the track
  const halo = s("g", {class: "last-move"});
  for (const key of last.hexes) {
    const [q, r] = key.split(",").map(Number);
    const [x, y] = px(q, r);
    halo.append(s("polygon", {points: hexPoints(x, y, 0.86), class: "last-move-halo", "stroke-width": 5}));
  }
  svg.append(halo);
  const track = s("g", {class: "tracks"});
  const moves = new Map();  // "city:owner" -> the legal move along that link
  for (const l of idx.link) moves.set(`${l.action.city}:${l.action.owner}`, l);
  const here = obs.delivery ? obs.delivery.at : null;
  const keyOf = (id) => obs.cities[id].key;
  for (const ln of obs.links) {
    const fresh = last.links.some(([p, a, b]) => p === ln.owner && ((a === ln.cities[0] && b === ln.cities[1]) || (a === ln.cities[1] && b === ln.cities[0])));
    if (fresh) {
      track.append(s("path", {d: trackPaths(ln.track, cityAt), class: "last-move-halo", "stroke-width": 14,
                              "stroke-linecap": "round"}));
    }
    const t = drawTrack(track, ln.track, ln.owner, cityAt, false, {"data-cities": ln.cities.join(",")});
    // a delivery moves on along a link: the link is clicked
    if (here !== null && ln.cities.includes(here)) {
      const other = ln.cities[0] === here ? ln.cities[1] : ln.cities[0];
      clickable(t, moves.get(`${keyOf(other)}:${ln.owner}`), ctx);
    }
  }
  for (const u of obs.unfinished) drawTrack(track, u.track, u.owner, cityAt, true);
  if (obs.building) drawTrack(track, obs.building.track, obs.current_player, cityAt, true);
  svg.append(track);
  // the next tile's choices: the target hex outlined, and a mark on the edge it is laid across
  if (idx.head && idx.step.length) {
    const [hx, hy] = px(...idx.head);
    for (const {l, d, to} of idx.step) {
      const [tx, ty] = px(...to);
      const [mx, my] = edgeMid(hx, hy, d);
      const g = s("g", {class: "step", "data-dir": DIR_NAMES[d]},
        s("polygon", {points: hexPoints(tx, ty, 0.9), fill: "rgba(13,71,161,.12)", stroke: "#0d47a1", "stroke-width": 2.5}),
        s("line", {x1: hx, y1: hy, x2: tx, y2: ty, stroke: "#0d47a1", "stroke-width": 3, "stroke-dasharray": "4 3", class: "edge"}),
        s("circle", {cx: mx, cy: my, r: 5, fill: "#0d47a1", stroke: "#fff", "stroke-width": 1.5}));
      svg.append(clickable(g, l, ctx));
    }
  }
  // hexes to start building from (not cities: those are clicked as cities below)
  for (const [key, l] of Object.entries(idx.hex)) {
    if (l.action.type !== "build_at" || cityAt[key] !== undefined) continue;
    const [q, r] = key.split(",").map(Number);
    const [x, y] = px(q, r);
    svg.append(clickable(s("g", {class: "start"}, s("polygon", {points: hexPoints(x, y, 0.9), fill: "rgba(13,71,161,.12)",
      stroke: "#0d47a1", "stroke-width": 2.5})), l, ctx));
  }
  // delivery in progress, or the last delivery
  const route = obs.delivery ? {colour: obs.delivery.colour, cities: [obs.delivery.from].concat(obs.delivery.path.map((x) => x[0]))}
    : last.route ? {colour: CUBES[last.route.colour] || last.route.colour, cities: last.route.cities, last: true} : null;
  if (route && route.cities.length > 1) {
    const xy = route.cities.map((c) => px(...obs.cities[c].hex));
    const pts_ = xy.map((p) => p.map((v) => v.toFixed(1)).join(",")).join(" ");
    if (route.last) svg.append(s("polyline", {points: pts_, class: "last-move-halo", "stroke-width": 12, "stroke-linecap": "round", "stroke-linejoin": "round"}));
    svg.append(s("polyline", {points: pts_, fill: "none", stroke: CUBE[route.colour], "stroke-width": 3.5,
                              "stroke-dasharray": "3 3", class: "delivery"}));
  }
  for (const c of obs.cities) svg.append(drawCity(ctx, idx, c, labels[c.id], last));
  return svg;
}

function drawCity(ctx, idx, c, label, last) {
  const [x, y] = px(c.hex[0], c.hex[1]);
  const ls = idx.city[c.key] || [];
  const hexL = idx.hex[`${c.hex[0]},${c.hex[1]}`];
  const can = ls.length || hexL;
  const g = s("g", {class: "city", "data-city": c.key});
  if (last.cities.has(c.id)) g.append(s("circle", {cx: x, cy: y, r: DISC + 6, class: "last-move-halo", "stroke-width": 6}));
  g.append(s("circle", {cx: x, cy: y, r: DISC, fill: CUBE[c.colour], class: "disc",
                        stroke: can ? "#0d47a1" : "#fff", "stroke-width": can ? 3.5 : 2}));
  g.append(colourSymbol(c.colour, x, y, DISC * 0.45));
  if (c.empty) {  // the empty-city marker: a ring crossed out
    g.append(s("circle", {cx: x, cy: y, r: DISC * 0.8, fill: "#fff", stroke: "#111", "stroke-width": 1.5, class: "empty-marker"}),
             s("line", {x1: x - DISC * 0.55, y1: y + DISC * 0.55, x2: x + DISC * 0.55, y2: y - DISC * 0.55, stroke: "#111", "stroke-width": 2}));
  }
  g.append(s("text", {x: label.x, y: label.y, "text-anchor": label.anchor, "font-size": LABEL, "font-weight": 700,
                      "font-family": "sans-serif", fill: "#111", "paint-order": "stroke", stroke: "#fff",
                      "stroke-width": 3, "stroke-linejoin": "round", class: "city-label"}, tr(ctx, "cities", c.key)));
  g.append(s("title", {}, `${tr(ctx, "cities", c.key)} — ${tr(ctx, "colours", c.colour)}\n${why(ctx, "colours", c.colour)}` +
    (c.empty ? `\n${why(ctx, "pieces", "empty_marker")}` : "")));
  clickable(g, ls.length === 1 ? ls[0] : (ls.length ? null : hexL), ctx);
  // goods cubes, below the disc
  const cubes = [];
  c.cubes.forEach((n, k) => { for (let i = 0; i < n; i++) cubes.push(CUBES[k]); });
  const size = 9, step = 10;
  cubes.forEach((col, i) => {
    const cx = x - (cubes.length * step) / 2 + i * step + (step - size) / 2, cy = y + DISC - 1;
    const l = idx.cube[`${c.key}:${col}`];
    const cube = s("g", {class: "cube", "data-colour": col},
      s("rect", {x: cx, y: cy, width: size, height: size, rx: 1, fill: CUBE[col], stroke: l ? "#0d47a1" : "#fff",
                 "stroke-width": l ? 2 : 0.8}),
      colourSymbol(col, cx + size / 2, cy + size / 2, 2.8));
    g.append(clickable(cube, l, ctx));
  });
  return g;
}

function drawHead(ctx, obs) {
  const w = (k) => tr(ctx, "words", k);
  return h("div", {class: "rotw-head"},
    `${w("round")} ${obs.round}, ${w("turn")} ${obs.turn}/3 — ${tr(ctx, "phases", obs.phase)}`,
    h("div", {class: "muted"}, `${w("markers")}: ${obs.empty_markers}/${obs.markers_to_end}` +
      (obs.last_round ? ` — ${w("last_round")}: ${obs.last_round}` : "")));
}

function drawActions(ctx, obs, idx) {
  const w = (k) => tr(ctx, "words", k);
  const auction = obs.auction ? h("div", {class: "rotw-auction"},
    `${w("bid")}: ${money(obs.auction.bid)}` + (obs.auction.bidder >= 0 ? ` (${playerLabel(ctx, obs.auction.bidder)})` : "")) : null;
  const colours = idx.colour.map((l) => h("button", {type: "button", class: "colour", "data-legal-id": l.id,
    onclick: () => ctx.act(l.id)}, colourBadge(l.action.colour, CUBE[l.action.colour], 16), l.label));
  const buttons = idx.other.map((l) => h("button", {type: "button", "data-legal-id": l.id, onclick: () => ctx.act(l.id)}, l.label));
  if (!auction && !colours.length && !buttons.length) return null;
  return h("div", {class: "rotw-turn"}, auction, h("div", {class: "rotw-actions"}, ...colours, ...buttons));
}

function drawPlayers(ctx) {
  const obs = ctx.observation;
  const w = (k) => tr(ctx, "words", k);
  return h("div", {class: "rotw-players"}, obs.players.map((p, i) =>
    h("div", {class: "rotw-player" + (obs.current_player === i ? " current" : ""), "data-seat": i, style: {"--c": SEAT[i]}},
      h("div", {class: "name"}, seatBadge(i, SEAT[i], 16), playerLabel(ctx, i) + (obs.first_player === i ? " ★" : "")),
      h("div", {class: "facts"},
        h("span", {"data-fact": "cash"}, `${w("cash")} ${money(p.cash)}`), " · ",
        h("span", {"data-fact": "notes"}, `${w("notes")} ${p.notes}`), " · ",
        h("span", {"data-fact": "locomotive"}, `${w("locomotive")} ${p.locomotive}`), " · ",
        h("span", {"data-fact": "points"}, `${w("points")} ${p.points}`), " · ",
        h("span", {"data-fact": "income"}, `${w("income")} ${money(p.income)}`), " · ",
        h("span", {"data-fact": "links"}, `${w("links")} ${p.links}`)),
      p.cards.length ? h("div", {class: "facts"}, `${w("cards")}: `,
        ...p.cards.map((k, j) => h("span", {title: why(ctx, "cards", k), "data-card": k},
                                   `${j ? ", " : ""}${tr(ctx, "cards", k)}`))) : null)));
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
  return h("div", {}, h("div", {class: "muted"}, `${w("display")} (${w("deck")} ${obs.deck})`),
    h("div", {class: "rotw-cards"}, ...chips), mine.length ? h("div", {class: "rotw-cards"}, ...mine) : null);
}

function legend(ctx) {
  return h("div", {class: "rotw-legend"}, CUBES.map((k) =>
    h("span", {"data-colour": k}, colourBadge(k, CUBE[k], 16), tr(ctx, "colours", k))));
}

export function render(root, ctx) {
  const obs = ctx.observation;
  const idx = indexLegal(ctx);
  const panel = h("div", {class: "rotw-panel"}, drawHead(ctx, obs), drawActions(ctx, obs, idx),
    drawPlayers(ctx), drawCards(ctx, idx), legend(ctx));
  const map = drawMap(ctx, idx);
  // the map's box has the width; the panel takes what is left beside it, or goes below
  const board = h("div", {class: "rotw-board", style: {width: fitWidth(Number(map.dataset.aspect), RESERVE, LEAST)}},
    zoomable(map, ctx.lang));
  root.replaceChildren(h("style", {}, STYLE), h("div", {class: "rotw"}, board, panel));
}
