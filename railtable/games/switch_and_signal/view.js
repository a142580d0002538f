// Switch & Signal: the browser view, drawn only from the observation and the legal actions.
//
// Above the map, the team's table (turn, clock, departure card and pile, goods in the port,
// helpers); the network as SVG (nodes at their longitude/latitude, spread apart where they
// crowd; every line as its row of track sections; signal fields, switch discs, trains and
// goods); below it the depots, every hand and a legend. Each label is placed once per board
// where it covers the fewest lines, discs and other labels, and the SVG's viewBox holds them
// all, so it scales to the window without clipping anything.
//
// A board element is clickable when legal actions belong to it (one action: a click sends
// it; several: a small menu of them opens where it was clicked): a signal field (lift or
// place a disc), a junction (switch card) and, once chosen, the little pictures of its
// settings beside it, a train (move it, the station master, load it, keep or reroll its
// roll, stop in a city), a line leaving the moving train's city (route), a starting point
// (coupler), the departure card (carry it out or the switchman), a depot (colour of a train
// to deploy or to move, the conductor) and a card of the active hand (play it). The shell's
// list of choices stays for everything. What changed with the last update is ringed with
// a dashed violet line; every colour also has a letter or a shape for colour-blind players.

import {html as h, svg as s} from "/static/dom.js";
import {previousObservation} from "/static/board.js";

const TRAIN = {black: "#1f1f1f", brown: "#8b5a2b", gray: "#a3a8ad"};
const TRAIN_INK = {black: "#fff", brown: "#fff", gray: "#111"};
const GOOD = {yellow: "#f2c230", blue: "#2f6fd6", red: "#d62828", white: "#fafafa"};
const GOOD_INK = {yellow: "#111", blue: "#fff", red: "#fff", white: "#111"};
const GOOD_TINT = {yellow: "#fbe7a1", blue: "#bcd3f5", red: "#f3b5b5", white: "#ffffff"};
const COLOURS = ["black", "brown", "gray"];
const GOODS = ["yellow", "blue", "red", "white"];
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
// sizes in the SVG's units: the map is about 1000 wide and is drawn at 0.85-1 of that at
// 1366x768, so every text is at least 13 units (11 CSS px)
const W = 1000, PAD = 30;
const R_CITY = 17, R_PORT = 20, START = 13, R_JUNCTION = 6;
const F_CITY = 16, F_START = 13.5, F_JUNCTION = 13, F_SMALL = 13;
const CUBE = 17;
const LAST = "#7c3aed";  // the last move's dashed ring
const PICK = "#f59e0b";  // what may be clicked

const STYLE = `
.ss-view{position:relative;font-size:14px}
.ss-bar{display:flex;flex-wrap:wrap;gap:.35rem .9rem;align-items:center;margin:0 0 .4rem}
.ss-chip{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.3rem;padding:.1rem .45rem;border:1px solid #d9cbb6;border-radius:6px;background:#fffaf0}
.ss-chip > *{white-space:nowrap}
.ss-chip b{font-weight:600}
.ss-chip.ss-used{text-decoration:line-through;color:#8a7d70;background:#f1ebe1}
.ss-chip.ss-pick{cursor:pointer;border-color:${PICK};box-shadow:0 0 0 2px ${PICK}88;background:#fff3d6}
.ss-chip.ss-pick:hover{background:#ffe7ad}
.ss-chip.ss-last,.ss-hand.ss-last{outline:2px dashed ${LAST};outline-offset:1px}
.ss-token{display:inline-block;width:.8em;height:.8em;border-radius:50%;border:1.5px solid #5b4a3a;margin-right:1px;vertical-align:-1px}
.ss-token.on{background:#5b4a3a}
.ss-cube{display:inline-flex;align-items:center;justify-content:center;min-width:1.35em;height:1.35em;padding:0 .15em;border:1px solid #333;border-radius:3px;font-size:12px;font-weight:700}
.ss-loco{display:inline-flex;align-items:center;justify-content:center;min-width:2.1em;height:1.35em;padding:0 .2em;border-radius:4px;font-size:12px;font-weight:700;border:1px solid #fff;box-shadow:0 0 0 1px #555}
.ss-mapwrap{overflow:auto;max-width:100%}
.ss-map{display:block;width:100%;height:auto;max-height:calc(100vh - 125px);background:#f7f3e8;border-radius:6px;font-family:${FONT}}
.ss-mapwrap.ss-zoomed .ss-map{width:max(200%,1100px);max-width:none;max-height:none}
.ss-tray{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;margin-top:.45rem;align-items:flex-start}
.ss-hand{display:flex;flex-wrap:wrap;gap:.3rem;align-items:center;padding:.1rem .2rem;border-radius:6px}
.ss-hand.ss-active{background:#eef6ee}
.ss-legend{display:flex;flex-wrap:wrap;gap:.2rem .9rem;color:#6b5b4b;font-size:13px;margin-top:.4rem}
.ss-legend svg{vertical-align:middle}
.ss-menu{position:absolute;z-index:20;background:#fffdf8;border:1px solid #b9a58c;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:.3rem;display:flex;flex-direction:column;gap:.25rem;min-width:12rem;max-width:min(22rem,90vw)}
.ss-menu button{text-align:left}
.ss-mapbox{position:relative}
.ss-zoom{position:absolute;top:6px;right:6px;opacity:.9;font-size:13px;padding:.15rem .5rem}
.ss-map .ss-pick{cursor:pointer}
.ss-map .ss-pick .ss-halo{stroke:${PICK};stroke-width:4;fill:${PICK}33}
.ss-map .ss-pick:hover .ss-halo{fill:${PICK}77}
.ss-map .ss-line.ss-pick .ss-halo{stroke:${PICK}99;stroke-width:16;fill:none}
.ss-map .ss-line.ss-pick:hover .ss-halo{stroke:${PICK}}
.ss-map .ss-last{fill:none;stroke:${LAST};stroke-width:3;stroke-dasharray:6 4;pointer-events:none}
.ss-map text{paint-order:stroke;stroke-linejoin:round}
`;

function installStyle() {
  if (document.getElementById("ss-style")) return;
  document.head.append(h("style", {id: "ss-style"}, STYLE));
}

function tr(ctx, group, key) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key] !== undefined) ? t[key] : key;
}

function fill(template, fields) {
  return String(template).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? fields[k] : m));
}

// legal actions whose JSON form matches every given field
function find(ctx, want) {
  return (ctx.legal || []).filter((l) =>
    Object.entries(want).every(([k, v]) => l.action && l.action[k] === v));
}

// ---------------------------------------------------------------- the last move
// (compared with board.js's previousObservation)

function trainPlace(t) {
  return t.where === "track" ? `t${t.line}:${t.section}` : t.where === "depot" ? "depot" : `n${t.node}`;
}

function changes(obs, before) {
  const out = {trains: new Set(), fields: new Set(), junctions: new Set(), goods: new Set(),
               ports: new Set(), depot: new Set(), tokens: 0, card: false, hands: new Set(),
               helpers: new Set()};
  if (!before || before.board !== obs.board) return out;
  obs.trains.forEach((t, i) => {
    const b = before.trains[i];
    if (!b || trainPlace(b) !== trainPlace(t) || b.good !== t.good) {
      out.trains.add(t.id);
      if (t.where === "depot" || (b && b.where === "depot")) out.depot.add(t.colour);
    }
  });
  const was = new Set(before.signals), now = new Set(obs.signals);
  for (const f of now) if (!was.has(f)) out.fields.add(f);
  for (const f of was) if (!now.has(f)) out.fields.add(f);
  for (const [j, open] of Object.entries(obs.switches)) {
    if (JSON.stringify(open) !== JSON.stringify(before.switches[j])) out.junctions.add(j);
  }
  for (const [city, g] of Object.entries(obs.goods)) {
    if (!before.goods[city] || before.goods[city].count !== g.count) out.goods.add(city);
  }
  obs.delivered.forEach((d, i) => {
    if (JSON.stringify(d.goods) !== JSON.stringify((before.delivered[i] || {}).goods)) out.ports.add(d.port);
  });
  out.tokens = before.time_tokens - obs.time_tokens;
  out.card = JSON.stringify(before.departure_card) !== JSON.stringify(obs.departure_card);
  obs.hands.forEach((hd, p) => {
    if (JSON.stringify(hd) !== JSON.stringify(before.hands[p])) out.hands.add(p);
  });
  for (const [k, used] of Object.entries(obs.helpers)) if (before.helpers[k] !== used) out.helpers.add(k);
  return out;
}

// ---------------------------------------------------------------- the layout of a board

let measureCtx = null;
function textWidth(str, size, weight = 400) {
  if (!measureCtx) measureCtx = document.createElement("canvas").getContext("2d");
  measureCtx.font = `${weight} ${size}px ${FONT}`;
  return measureCtx.measureText(str).width;
}

function project(nodes, width) {
  const lat0 = nodes.reduce((a, n) => a + n.lat, 0) / nodes.length;
  const k = Math.cos(lat0 * Math.PI / 180);
  const xs = nodes.map((n) => n.lon * k), ys = nodes.map((n) => -n.lat);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys);
  const scale = (width - 2 * PAD) / Math.max(x1 - x0, 1e-6);
  const pos = {};
  for (const n of nodes) pos[n.id] = [PAD + (n.lon * k - x0) * scale, PAD + (-n.lat - y0) * scale];
  return pos;
}

function segDist(p, a, b) {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const l2 = dx * dx + dy * dy || 1;
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / l2));
  const q = [a[0] + t * dx, a[1] + t * dy];
  return [Math.hypot(p[0] - q[0], p[1] - q[1]), q];
}

// Spread nodes that real geography puts too close (a port next to its junction, Tours by
// Paris): push apart pairs closer than the room their discs and labels need, lines shorter
// than their sections need, and nodes lying on a line they do not belong to; a weak pull
// keeps each node near its real place. Deterministic, so every seat sees the same map.
function relax(map, pos) {
  const nodes = map.nodes, ids = nodes.map((n) => n.id);
  const home = {};
  for (const id of ids) home[id] = pos[id].slice();
  const big = (n) => n.kind !== "junction";
  const push = (id, dx, dy) => { pos[id][0] += dx; pos[id][1] += dy; };
  for (let it = 0; it < 300; it++) {
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) {
        const a = pos[ids[i]], b = pos[ids[j]];
        let dx = b[0] - a[0], dy = b[1] - a[1];
        let d = Math.hypot(dx, dy);
        if (d < 1e-6) { dx = 1 + i * 0.01; dy = 0.5; d = Math.hypot(dx, dy); }
        const want = big(nodes[i]) && big(nodes[j]) ? 86 : big(nodes[i]) || big(nodes[j]) ? 70 : 56;
        if (d < want) {
          const f = (want - d) / d * 0.25;
          push(ids[i], -dx * f, -dy * f);
          push(ids[j], dx * f, dy * f);
        }
      }
    }
    for (const ln of map.lines) {
      const a = pos[ln.a], b = pos[ln.b];
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const d = Math.hypot(dx, dy) || 1;
      const want = Math.max(60, ln.length * 48);
      if (d < want) {
        const f = (want - d) / d * 0.2;
        push(ln.a, -dx * f, -dy * f);
        push(ln.b, dx * f, dy * f);
      }
      for (const n of nodes) {
        if (n.id === ln.a || n.id === ln.b) continue;
        const [dd, q] = segDist(pos[n.id], a, b);
        const want2 = big(n) ? 30 : 20;
        if (dd < want2) {
          const ux = (pos[n.id][0] - q[0]) / (dd || 1), uy = (pos[n.id][1] - q[1]) / (dd || 1);
          const f = (want2 - dd) * 0.3;
          push(n.id, ux * f, uy * f);
          push(ln.a, -ux * f / 2, -uy * f / 2);
          push(ln.b, -ux * f / 2, -uy * f / 2);
        }
      }
    }
    for (const id of ids) {
      pos[id][0] += (home[id][0] - pos[id][0]) * 0.008;
      pos[id][1] += (home[id][1] - pos[id][1]) * 0.008;
    }
  }
}

function radius(n) {
  return n.kind === "junction" ? R_JUNCTION : n.kind === "start" ? START : n.kind === "port" ? R_PORT : R_CITY;
}

// the centre of signal field f: a city's field just outside the city, a track field where
// the rulebook's board has it, between two sections
function fieldPoint(map, pos, byId, f) {
  const ln = map.lines[f.line];
  const a = pos[ln.a], b = pos[ln.b];
  const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  if (f.city) {
    const from = f.city === ln.a ? a : b, to = f.city === ln.a ? b : a;
    const k = (radius(byId[f.city]) + 12) / d;
    return [from[0] + (to[0] - from[0]) * k, from[1] + (to[1] - from[1]) * k];
  }
  // a field at either end of its line stays clear of the junction there
  const room = (n) => radius(n) + (n.kind === "junction" ? 19 : 13);
  const lo = room(byId[ln.a]) / d, hi = 1 - room(byId[ln.b]) / d;
  const t = Math.max(lo, Math.min(hi, f.at / ln.length));
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}

// how much a box {x, y, w, h} collides with what is already on the map
function boxCost(box, obstacles) {
  let cost = 0;
  const x1 = box.x + box.w, y1 = box.y + box.h;
  for (const c of obstacles.circles) {
    const dx = Math.max(box.x - c[0], 0, c[0] - x1), dy = Math.max(box.y - c[1], 0, c[1] - y1);
    const d = Math.hypot(dx, dy);
    if (d < c[2]) cost += c[3] + (c[2] - d) * 20;
  }
  for (const sg of obstacles.segments) cost += clipLength(sg, box) * 2.5;
  for (const b of obstacles.boxes) {
    const ox = Math.min(x1, b.x + b.w) - Math.max(box.x, b.x);
    const oy = Math.min(y1, b.y + b.h) - Math.max(box.y, b.y);
    if (ox > -3 && oy > -3) cost += 400 + (ox + 3) * (oy + 3);
  }
  return cost;
}

// the length of segment [x1, y1, x2, y2, halfWidth] inside the box grown by halfWidth
function clipLength(sg, box) {
  const [ax, ay, bx, by, hw] = sg;
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  const edges = [[-dx, ax - (box.x - hw)], [dx, box.x + box.w + hw - ax],
                 [-dy, ay - (box.y - hw)], [dy, box.y + box.h + hw - ay]];
  for (const [p, q] of edges) {
    if (p === 0) { if (q < 0) return 0; continue; }
    const r = q / p;
    if (p < 0) { if (r > t1) return 0; if (r > t0) t0 = r; }
    else { if (r < t0) return 0; if (r < t1) t1 = r; }
  }
  return (t1 - t0) * Math.hypot(dx, dy);
}

// the best of sixteen places around a centre for a box of w x h: eight directions, right
// beside the centre's disc or a little further out
function place(cx, cy, r, w, hgt, obstacles, bias = 0) {
  const angles = [-90, 0, 180, 90, -45, -135, 45, 135, -22, -158, 22, 158, -68, -112, 68, 112];
  let best = null;
  for (const [gap, extra] of [[3, 0], [13, 60], [26, 150]]) {
    angles.forEach((deg, i) => {
      const a = deg * Math.PI / 180, dx = Math.cos(a), dy = Math.sin(a);
      const px = cx + dx * (r + gap), py = cy + dy * (r + gap);
      const box = {x: dx > 0.3 ? px : dx < -0.3 ? px - w : px - w / 2,
                   y: dy > 0.3 ? py : dy < -0.3 ? py - hgt : py - hgt / 2, w, h: hgt};
      const cost = boxCost(box, obstacles) + i * (0.5 + bias) + (i >= 8 ? 20 : 0) + extra;
      if (!best || cost < best.cost) best = {...box, cost};
    });
  }
  return best;
}

const layouts = new Map();

// Positions, label boxes and the viewBox of a board in a language, computed once.
// The network is drawn as large as a drawing of at most MAX_W x MAX_H allows (names at its
// edges included): the page shows that box at about 980 x 620 CSS pixels at 1366x768, so
// that its 13-unit texts stay above 11 pixels there.
const MAX_W = 1100, MAX_H = 690;

const spread = new Map();  // board -> its nodes' positions at width W, spread apart

function layout(ctx, map, board) {
  const key = `${board}:${ctx.lang}`;
  if (layouts.has(key)) return layouts.get(key);
  if (!spread.has(board)) {
    const pos = project(map.nodes, W);
    relax(map, pos);
    spread.set(board, pos);
  }
  let width = W, out = null;
  for (let i = 0; i < 6; i++) {
    const next = layoutAt(ctx, map, spread.get(board), width / W);
    const k = Math.min(MAX_W / next.viewBox[2], MAX_H / next.viewBox[3]);
    if (k >= 1 || !out) out = next;
    if (k >= 1 && k < 1.03) break;
    width *= k > 1 ? Math.min(k, 1.15) : k * 0.99;
  }
  layouts.set(key, out);
  return out;
}

// the names' places and the viewBox for the spread network scaled by k
function layoutAt(ctx, map, base, k) {
  const pos = {};
  for (const [id, p] of Object.entries(base)) pos[id] = [p[0] * k, p[1] * k];
  const byId = {};
  for (const n of map.nodes) byId[n.id] = n;
  const fields = map.fields.map((f) => fieldPoint(map, pos, byId, f));
  const obstacles = {circles: [], segments: [], boxes: []};
  // [x, y, radius, cost of covering it]: a node's disc must stay clear, a field should
  for (const n of map.nodes) {
    obstacles.circles.push([...pos[n.id], (n.kind === "start" ? START * 1.42 : radius(n)) + 3, 600]);
  }
  // where a junction's switch disc may lie, on any of its branches
  for (const ln of map.lines) {
    for (const [j, o] of [[ln.a, ln.b], [ln.b, ln.a]]) {
      if (byId[j].kind !== "junction") continue;
      const p = pos[j], q = pos[o], d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      obstacles.circles.push([p[0] + (q[0] - p[0]) / d * 15, p[1] + (q[1] - p[1]) / d * 15, 7, 300]);
    }
  }
  for (const p of fields) obstacles.circles.push([...p, 10, 80]);
  for (const ln of map.lines) obstacles.segments.push([...pos[ln.a], ...pos[ln.b], 5]);
  const labels = {}, badges = {};
  const order = [...map.nodes].sort((a, b) => rank(a) - rank(b));
  for (const n of order) {
    const name = tr(ctx, "nodes", n.id);
    const size = n.kind === "junction" ? F_JUNCTION : n.kind === "start" ? F_START : F_CITY;
    const weight = n.kind === "junction" ? 400 : n.kind === "start" ? 500 : 700;
    const w = textWidth(name, size, weight) + 4, hh = size * 1.2;
    const [x, y] = pos[n.id];
    const r = n.kind === "junction" ? R_JUNCTION + 6 : radius(n);
    const box = place(x, y, r, w, hh, obstacles, n.kind === "junction" ? 1 : 0);
    labels[n.id] = {...box, size, weight, text: name};
    obstacles.boxes.push(box);
    if (n.kind === "trade_city" || n.kind === "port") {
      const bw = n.kind === "port" ? GOODS.length * (CUBE + 13) : 3 * (CUBE + 3);
      const b = place(x, y, radius(n) + 4, bw, CUBE + 2, obstacles);  // clear of a train in the city
      badges[n.id] = b;
      obstacles.boxes.push(b);
    }
  }
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  const grow = (ax, ay, bx, by) => {
    x0 = Math.min(x0, ax); y0 = Math.min(y0, ay); x1 = Math.max(x1, bx); y1 = Math.max(y1, by);
  };
  for (const n of map.nodes) {
    const [x, y] = pos[n.id];
    const r = radius(n) + 22;  // room for a train beside a starting point, a ring
    grow(x - r, y - r, x + r, y + r);
  }
  for (const b of [...Object.values(labels), ...Object.values(badges)]) grow(b.x, b.y, b.x + b.w, b.y + b.h);
  const m = 8;
  const out = {pos, fields, labels, badges, byId,
               viewBox: [x0 - m, y0 - m, x1 - x0 + 2 * m, y1 - y0 + 2 * m].map((v) => Math.round(v))};
  return out;
}

function rank(n) {
  return {port: 0, trade_city: 1, start: 2, junction: 3}[n.kind] ?? 4;
}

// ---------------------------------------------------------------- drawing helpers

function label(x, y, text, size, attrs = {}) {
  return s("text", {x, y, "font-size": size, stroke: "#f7f3e8", "stroke-width": 3.5,
                    "pointer-events": "none", ...attrs}, text);
}

function ring(x, y, r) {
  return s("circle", {class: "ss-last", cx: x, cy: y, r});
}

// a train's short name on the board: colour initial and number (Ч2, K2...)
function trainTag(ctx, t) {
  return `${tr(ctx, "train_initials", t.colour)}${t.id % 3 + 1}`;
}

function goodTag(ctx, colour) {
  return tr(ctx, "goods_initials", colour);
}

// ---------------------------------------------------------------- menus

function closeMenu(root) {
  for (const m of root.querySelectorAll(".ss-menu")) m.remove();
}

// One legal action: send it. Several: a menu of them where the click was.
function choose(ctx, root, matches, ev) {
  if (matches.length === 1) { ctx.act(matches[0].id); return; }
  closeMenu(root);
  const box = root.getBoundingClientRect();
  const x = Math.max(4, Math.min(ev.clientX - box.left, box.width - 200));
  const y = ev.clientY - box.top + 8;
  const menu = h("div", {class: "ss-menu", role: "menu", style: {left: `${x}px`, top: `${y}px`}},
    matches.map((m) => h("button", {type: "button", role: "menuitem", "data-id": m.id,
                                    onclick: (e) => { e.stopPropagation(); closeMenu(root); ctx.act(m.id); }},
                         m.label)),
    h("button", {type: "button", class: "ss-menu-close", onclick: (e) => { e.stopPropagation(); closeMenu(root); }}, "×"));
  root.append(menu);
}

// What a thing is, from the game's catalogue (ctx.explain; "" without one), after its name:
// the tooltips (docs/i18n.md, "Explanations").
function tip(ctx, name, kind, id) {
  const why = ctx.explain ? ctx.explain(kind, id) : "";
  return why ? (name ? `${name}\n${why}` : why) : name;
}

// Make an element (SVG or HTML) offer its legal actions; the title names them.
function offer(ctx, root, el, matches, title) {
  if (matches.length) {
    el.classList.add("ss-pick");
    el.setAttribute("data-choices", matches.map((m) => m.id).join(" "));
    el.addEventListener("click", (ev) => { ev.stopPropagation(); choose(ctx, root, matches, ev); });
    title = [title, ...matches.map((m) => m.label)].filter(Boolean).join("\n");
  }
  if (title) {
    if (el instanceof SVGElement) el.append(s("title", {}, title));
    else el.title = title;
  }
  return el;
}

// ---------------------------------------------------------------- the map

function drawMap(ctx, root, obs, L, diff) {
  const map = obs.map;
  const {pos, byId} = L;
  const svg = s("svg", {class: "ss-map", viewBox: L.viewBox.join(" "), role: "img",
                        "aria-label": tr(ctx, "board", obs.board), "font-family": FONT});
  svg.addEventListener("click", () => closeMenu(root));
  const moving = obs.moving ? obs.trains[obs.moving.train] : null;

  // tracks: each section between two white ticks; a line is clickable when the moving
  // train may leave along it
  map.lines.forEach((ln, li) => {
    const a = pos[ln.a], b = pos[ln.b];
    const g = s("g", {class: "ss-line", "data-line": li});
    g.append(s("line", {class: "ss-halo", x1: a[0], y1: a[1], x2: b[0], y2: b[1], "stroke-linecap": "round"}));
    g.append(s("line", {x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#6f5f4b", "stroke-width": 7,
                        "stroke-linecap": "round"}));
    const d = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const nx = -(b[1] - a[1]) / d, ny = (b[0] - a[0]) / d;
    for (let k = 1; k < ln.length; k++) {
      const p = [a[0] + (b[0] - a[0]) * k / ln.length, a[1] + (b[1] - a[1]) * k / ln.length];
      g.append(s("line", {x1: p[0] - nx * 6, y1: p[1] - ny * 6, x2: p[0] + nx * 6, y2: p[1] + ny * 6,
                          stroke: "#f7f3e8", "stroke-width": 2.5}));
    }
    const routes = find(ctx, {type: "route", line: li});
    svg.append(offer(ctx, root, g, routes, `${tr(ctx, "nodes", ln.a)} – ${tr(ctx, "nodes", ln.b)}`));
  });

  // junctions: the two open branches drawn through it, a switch disc on each closed one
  for (const n of map.nodes.filter((n) => n.kind === "junction")) {
    const p = pos[n.id];
    const g = s("g", {class: "ss-junction", "data-junction": n.id});
    g.append(s("circle", {class: "ss-halo", cx: p[0], cy: p[1], r: 17, fill: "none", stroke: "none"}));
    const open = obs.switches[n.id] || [];
    const towards = (other, dist) => {
      const q = pos[other], d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
      return [p[0] + (q[0] - p[0]) / d * dist, p[1] + (q[1] - p[1]) / d * dist];
    };
    const neighbours = map.lines.filter((l) => l.a === n.id || l.b === n.id).map((l) => (l.a === n.id ? l.b : l.a));
    // a closed branch is cut off from the junction: a gap in its track and a switch disc
    for (const other of neighbours) {
      if (open.includes(other)) continue;
      const [qa, qb] = [towards(other, 8), towards(other, 19)];
      g.append(s("line", {x1: qa[0], y1: qa[1], x2: qb[0], y2: qb[1], stroke: "#f7f3e8", "stroke-width": 9}));
      const q = towards(other, 15);
      g.append(s("circle", {cx: q[0], cy: q[1], r: 4, fill: "none", stroke: "#374151", "stroke-width": 2}));
    }
    if (open.length === 2) {
      const [qa, qb] = [towards(open[0], 24), towards(open[1], 24)];
      g.append(s("polyline", {points: `${qa.join(",")} ${p.join(",")} ${qb.join(",")}`, fill: "none",
                              stroke: "#f0b429", "stroke-width": 4.5, "stroke-linejoin": "round",
                              "stroke-linecap": "round"}));
    }
    g.append(s("circle", {cx: p[0], cy: p[1], r: R_JUNCTION, fill: "#374151", stroke: "#fff", "stroke-width": 1.5}));
    if (diff.junctions.has(n.id)) g.append(ring(p[0], p[1], 20));
    offer(ctx, root, g, find(ctx, {type: "junction", junction: n.id}), tip(ctx, tr(ctx, "nodes", n.id), "places", "junction"));
    svg.append(g);
  }

  // cities, ports and starting points
  for (const n of map.nodes.filter((n) => n.kind !== "junction")) {
    const [x, y] = pos[n.id];
    const g = s("g", {class: "ss-node", "data-node": n.id, "data-kind": n.kind});
    if (n.kind === "start") {
      g.append(s("rect", {class: "ss-halo", x: x - START - 4, y: y - START - 4, width: 2 * START + 8,
                          height: 2 * START + 8, rx: 5, fill: "none", stroke: "none"}));
      g.append(s("rect", {x: x - START, y: y - START, width: 2 * START, height: 2 * START, rx: 3,
                          fill: "#fff", stroke: "#3b3b3b", "stroke-width": 1.5}));
      g.append(s("text", {x, y: y + 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700,
                          "pointer-events": "none"}, String(obs.starting_numbers[n.id] ?? "")));
      offer(ctx, root, g, find(ctx, {type: "coupler", starting_point: n.id}), tip(ctx, tr(ctx, "nodes", n.id), "places", "start"));
    } else if (n.kind === "port") {
      g.append(s("circle", {cx: x, cy: y, r: R_PORT, fill: "#dbeafe", stroke: "#1e3a8a", "stroke-width": 2.5}));
      g.append(s("circle", {cx: x, cy: y, r: R_PORT - 5, fill: "none", stroke: "#1e3a8a", "stroke-width": 1}));
      g.append(s("text", {x, y: y + 6, "text-anchor": "middle", "font-size": 17, fill: "#1e3a8a",
                          "pointer-events": "none"}, "⚓"));
      g.append(s("title", {}, tip(ctx, `${tr(ctx, "nodes", n.id)} — ${tr(ctx, "words", "port")}`, "places", "port")));
    } else {
      const col = n.goods || (obs.goods[n.id] || {}).colour;
      g.append(s("circle", {cx: x, cy: y, r: R_CITY, fill: GOOD_TINT[col] || "#fde68a", stroke: "#3b3b3b",
                            "stroke-width": 2.5}));
      g.append(s("title", {}, tip(ctx, `${tr(ctx, "nodes", n.id)} — ${tr(ctx, "words", "trade_city")}` +
                 (col ? ` (${tr(ctx, "goods", col)})` : ""), "places", "trade_city")));
    }
    // the stop / pass-through choice of a train arriving in this city belongs to the train
    svg.append(g);
  }

  // goods waiting in trade cities and delivered to the ports
  for (const n of map.nodes.filter((n) => n.kind === "trade_city" || n.kind === "port")) {
    const b = L.badges[n.id];
    if (!b) continue;
    const g = s("g", {class: "ss-goods", "data-node": n.id});
    if (n.kind === "trade_city") {
      const goods = obs.goods[n.id];
      const count = goods ? goods.count : 0;
      for (let i = 0; i < count; i++) g.append(cube(ctx, b.x + i * (CUBE + 3), b.y + 1, goods.colour));
      g.append(s("title", {}, `${tr(ctx, "nodes", n.id)}: ${count} × ${goods ? tr(ctx, "goods", goods.colour) : ""}`));
    } else {
      const port = obs.delivered.find((d) => d.port === n.id);
      GOODS.forEach((c, i) => {
        const x = b.x + i * (CUBE + 13);
        g.append(cube(ctx, x, b.y + 1, c));
        g.append(s("text", {x: x + CUBE + 2, y: b.y + CUBE - 2, "font-size": F_SMALL, "font-weight": 700,
                            "pointer-events": "none"}, String(port ? port.goods[c] : 0)));
      });
      g.append(s("title", {}, `${tr(ctx, "nodes", n.id)} — ${tr(ctx, "words", "delivered")}: ` +
                 GOODS.map((c) => `${tr(ctx, "goods", c)} ${port ? port.goods[c] : 0}`).join(", ")));
    }
    if (diff.goods.has(n.id) || diff.ports.has(n.id)) {
      g.append(s("rect", {class: "ss-last", x: b.x - 3, y: b.y - 2, width: b.w + 4, height: b.h + 4, rx: 4}));
    }
    svg.append(g);
  }

  // signal fields: a green disc where a signal disc lies (open), a red bar across the track
  // where none does (closed)
  map.fields.forEach((f, fi) => {
    const ln = map.lines[f.line];
    const a = pos[ln.a], b = pos[ln.b];
    const [x, y] = L.fields[fi];
    const on = obs.signals.includes(fi);
    const ang = Math.atan2(b[1] - a[1], b[0] - a[0]) * 180 / Math.PI;
    const g = s("g", {class: "ss-field", "data-field": fi, "data-green": on ? "1" : "0"});
    g.append(s("circle", {class: "ss-halo", cx: x, cy: y, r: 12, fill: "none", stroke: "none"}));
    if (on) {
      g.append(s("circle", {cx: x, cy: y, r: 8, fill: "#16a34a", stroke: "#fff", "stroke-width": 2}));
      g.append(s("circle", {cx: x, cy: y, r: 2.6, fill: "#fff"}));
    } else {
      g.append(s("rect", {x: x - 3.5, y: y - 9, width: 7, height: 18, rx: 1.5, fill: "#dc2626",
                          stroke: "#fff", "stroke-width": 1.5, transform: `rotate(${ang} ${x} ${y})`}));
    }
    if (obs.lifted === fi) g.append(s("circle", {cx: x, cy: y, r: 12, fill: "none", stroke: "#16a34a",
                                                 "stroke-width": 2, "stroke-dasharray": "3 3"}));
    if (diff.fields.has(fi)) g.append(ring(x, y, 14));
    const m = find(ctx, {type: on ? "signal_from" : "signal_to", field: fi});
    const name = f.city ? `${tr(ctx, "nodes", f.city)} → ${tr(ctx, "nodes", f.city === ln.a ? ln.b : ln.a)}`
      : `${tr(ctx, "nodes", ln.a)} – ${tr(ctx, "nodes", ln.b)}`;
    svg.append(offer(ctx, root, g, m, tip(ctx, `${tr(ctx, "words", "signal_field")}: ${name}`, "pieces",
                                          on ? "signal_green" : "signal_red")));
  });

  // labels on top of tracks and fields, never taking clicks
  for (const n of map.nodes) {
    const b = L.labels[n.id];
    svg.append(label(b.x + 2, b.y + b.size * 0.95, b.text, b.size, {
      class: "ss-label", "data-node": n.id, "font-weight": b.weight, "data-cost": Math.round(b.cost),
      fill: n.kind === "junction" ? "#6b6255" : n.kind === "start" ? "#3b3b3b" : "#111",
      "font-style": n.kind === "junction" ? "italic" : null}));
  }

  // trains
  for (const t of obs.trains) {
    if (t.where === "depot") continue;
    let x, y, heading = null;
    if (t.where === "track") {
      const ln = map.lines[t.line];
      const a = pos[ln.a], b = pos[ln.b], k = (t.section + 0.5) / ln.length;
      x = a[0] + (b[0] - a[0]) * k; y = a[1] + (b[1] - a[1]) * k;
      const to = t.toward === ln.a ? a : b;
      heading = Math.atan2(to[1] - y, to[0] - x);
    } else {
      [x, y] = pos[t.node];
    }
    const g = s("g", {class: "ss-train", "data-train": t.id, "data-colour": t.colour});
    g.append(s("rect", {class: "ss-halo", x: x - 27, y: y - 14, width: 54, height: 28, rx: 7, fill: "none", stroke: "none"}));
    if (heading !== null) {
      const hx = x + Math.cos(heading) * (t.good ? 29 : 24), hy = y + Math.sin(heading) * 17;
      const ang = heading * 180 / Math.PI;
      g.append(s("path", {d: `M ${hx + 7} ${hy} L ${hx - 2} ${hy - 6} L ${hx - 2} ${hy + 6} Z`, fill: TRAIN[t.colour],
                          stroke: "#fff", "stroke-width": 1.2, transform: `rotate(${ang} ${hx} ${hy})`}));
    }
    // a loaded train is longer: its tag, then its good with the good's letter
    const half = t.good ? 23 : 18;
    g.append(s("rect", {x: x - half, y: y - 11, width: 2 * half, height: 22, rx: 5, fill: TRAIN[t.colour],
                        stroke: t === moving ? PICK : "#fff", "stroke-width": t === moving ? 3 : 2}));
    if (t.good) {
      g.append(s("rect", {x: x + 4, y: y - 8, width: 16, height: 16, rx: 2, fill: GOOD[t.good], stroke: "#fff",
                          "stroke-width": 1}));
      g.append(s("text", {x: x + 12, y: y + 4.5, "text-anchor": "middle", "font-size": F_SMALL, "font-weight": 700,
                          fill: GOOD_INK[t.good], "pointer-events": "none"}, goodTag(ctx, t.good)));
    }
    g.append(s("text", {x: t.good ? x - 9 : x, y: y + 4.5, "text-anchor": "middle", "font-size": F_SMALL,
                        "font-weight": 700, fill: TRAIN_INK[t.colour], "pointer-events": "none"}, trainTag(ctx, t)));
    if (t.where === "start") {  // the starting point's number, which the train covers
      g.append(s("circle", {cx: x - half - 2, cy: y - 13, r: 10, fill: "#fff", stroke: "#3b3b3b", "stroke-width": 1.5}));
      g.append(s("text", {x: x - half - 2, y: y - 8.5, "text-anchor": "middle", "font-size": F_SMALL, "font-weight": 700,
                          "pointer-events": "none"}, String(obs.starting_numbers[t.node] ?? "")));
    }
    if (t === moving) {
      g.append(s("circle", {cx: x + 20, cy: y - 14, r: 10, fill: PICK, stroke: "#fff", "stroke-width": 1.5}));
      g.append(s("text", {x: x + 20, y: y - 9.5, "text-anchor": "middle", "font-size": F_SMALL, "font-weight": 700,
                          "pointer-events": "none"}, String(obs.moving.points)));
    }
    if (diff.trains.has(t.id)) g.append(s("rect", {class: "ss-last", x: x - half - 6, y: y - 17, width: 2 * half + 12, height: 34, rx: 8}));
    const name = fill(tr(ctx, "view", "train_name"), {colour: tr(ctx, "train_colours", t.colour), n: t.id % 3 + 1});
    const matches = [...find(ctx, {type: "train", train: t.id}), ...find(ctx, {type: "station_master", train: t.id}),
                     ...find(ctx, {type: "load", train: t.id})];
    if (t === moving) {
      for (const type of ["accept_roll", "logistician", "stop", "dispatcher"]) matches.push(...find(ctx, {type}));
    }
    svg.append(offer(ctx, root, g, matches, tip(ctx, name + (t.good ? ` (${tr(ctx, "goods", t.good)})` : ""),
                                                "train_colours", t.colour)));
  }

  // the settings of the junction being switched, as small pictures beside it
  if (obs.switching) svg.append(settingsCallout(ctx, root, obs, L));
  return svg;
}

function cube(ctx, x, y, colour) {
  const g = s("g", {});
  g.append(s("rect", {x, y, width: CUBE, height: CUBE, rx: 2.5, fill: GOOD[colour], stroke: "#333", "stroke-width": 1.2}));
  g.append(s("text", {x: x + CUBE / 2, y: y + CUBE - 4, "text-anchor": "middle", "font-size": F_SMALL, "font-weight": 700,
                      fill: GOOD_INK[colour], "pointer-events": "none"}, goodTag(ctx, colour)));
  return g;
}

function settingsCallout(ctx, root, obs, L) {
  const {junction, settings} = obs.switching;
  const p = L.pos[junction];
  const map = obs.map;
  const neighbours = map.lines.filter((l) => l.a === junction || l.b === junction).map((l) => (l.a === junction ? l.b : l.a));
  const dirs = {};
  for (const o of neighbours) {
    const q = L.pos[o], d = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    dirs[o] = [(q[0] - p[0]) / d, (q[1] - p[1]) / d];
  }
  const cell = 46, n = settings.length;
  const bw = n * cell + 8, bh = cell + 8;
  let bx = p[0] - bw / 2, by = p[1] + 26;
  const [vx, vy, vw, vh] = L.viewBox;
  if (by + bh > vy + vh) by = p[1] - 26 - bh;
  bx = Math.max(vx + 2, Math.min(bx, vx + vw - bw - 2));
  const g = s("g", {class: "ss-settings", "data-junction": junction});
  g.append(s("rect", {x: bx, y: by, width: bw, height: bh, rx: 8, fill: "#fffdf8", stroke: "#b9a58c", "stroke-width": 1.5}));
  const current = JSON.stringify([...(obs.switches[junction] || [])].sort());
  settings.forEach((pair, k) => {
    const cx = bx + 4 + k * cell + cell / 2, cy = by + 4 + cell / 2;
    const o = s("g", {class: "ss-setting", "data-setting": k});
    o.append(s("rect", {class: "ss-halo", x: cx - cell / 2 + 2, y: cy - cell / 2 + 2, width: cell - 4, height: cell - 4,
                        rx: 6, fill: JSON.stringify([...pair].sort()) === current ? "#e5e7eb" : "#fff", stroke: "#d9cbb6"}));
    for (const other of neighbours) {
      const [dx, dy] = dirs[other];
      const isOpen = pair.includes(other);
      o.append(s("line", {x1: cx, y1: cy, x2: cx + dx * 17, y2: cy + dy * 17, stroke: isOpen ? "#d97706" : "#9ca3af",
                          "stroke-width": isOpen ? 5 : 2.5, "stroke-linecap": "round"}));
      if (!isOpen) o.append(s("circle", {cx: cx + dx * 12, cy: cy + dy * 12, r: 4, fill: "#374151"}));
    }
    o.append(s("circle", {cx, cy, r: 3.5, fill: "#374151"}));
    const m = find(ctx, {type: "switch_setting", setting: k});
    g.append(offer(ctx, root, o, m, pair.map((x) => tr(ctx, "nodes", x)).join(" ↔ ")));
  });
  return g;
}

// ---------------------------------------------------------------- the team's table

function chip(attrs, ...children) {
  return h("span", {class: "ss-chip", ...attrs}, ...children);
}

function loco(ctx, colour, text) {
  return h("span", {class: "ss-loco", style: {background: TRAIN[colour], color: TRAIN_INK[colour]}}, text);
}

function cubeChip(ctx, colour, text = goodTag(ctx, colour)) {
  return h("span", {class: "ss-cube", style: {background: GOOD[colour], color: GOOD_INK[colour]}}, text);
}

function describeCard(ctx, c) {
  if (!c) return [h("span", {}, "—")];
  if (c.id === "start") return [h("span", {}, tr(ctx, "words", "start_card"))];
  const out = [];
  if (c.deploy) out.push(h("span", {title: tr(ctx, "ui", "deploy")}, "▼".repeat(c.deploy)));
  for (const m of c.moves) {
    if (m === "any") out.push(h("span", {class: "ss-loco", style: {background: "linear-gradient(90deg,#1f1f1f,#8b5a2b,#a3a8ad)", color: "#fff"}},
                                tr(ctx, "ui", "any_initial")));
    else if (m === "all") out.push(h("span", {}, tr(ctx, "view", "all_trains")));
    else out.push(loco(ctx, m, tr(ctx, "train_initials", m)));
  }
  return out;
}

function cardTitle(ctx, c) {
  if (!c) return "";
  if (c.id === "start") return tr(ctx, "words", "start_card");
  const moves = c.moves.map((m) => (m === "any" ? tr(ctx, "view", "any_colour")
    : m === "all" ? tr(ctx, "view", "all_trains") : tr(ctx, "train_colours", m))).join(", ");
  return fill(tr(ctx, "view", "card"), {deploy: c.deploy || 0, moves});
}

function statusBar(ctx, root, obs, diff) {
  const bar = h("div", {class: "ss-bar"});
  const name = (p) => (ctx.players && ctx.players[p] && ctx.players[p].name) || fill(tr(ctx, "ui", "seat"), {n: p + 1});
  bar.append(chip({}, h("b", {}, fill(tr(ctx, "view", "turn"), {turn: obs.turn})),
                  obs.current_player !== null ? ` · ${name(obs.current_player)}` : ""));
  const tokens = [];
  for (let i = 0; i < obs.clock; i++) tokens.push(h("span", {class: `ss-token${i < obs.time_tokens ? " on" : ""}`}));
  bar.append(chip({class: `ss-chip${diff.tokens > 0 ? " ss-last" : ""}`, "data-part": "clock",
                   title: tip(ctx, `${tr(ctx, "words", "time_tokens")}: ${obs.time_tokens} / ${obs.clock}`, "pieces", "clock")},
                  h("b", {}, tr(ctx, "ui", "clock")), h("span", {}, tokens), `${obs.time_tokens}/${obs.clock}`,
                  diff.tokens > 0 ? h("b", {style: {color: LAST}}, ` −${diff.tokens}`) : ""));
  const card = chip({class: `ss-chip${diff.card ? " ss-last" : ""}`, "data-part": "card"},
                    h("b", {}, tr(ctx, "ui", "card")), ...describeCard(ctx, obs.departure_card));
  const cardMoves = [...find(ctx, {type: "accept_card"}), ...find(ctx, {type: "switchman"})];
  if (obs.departure_card) card.dataset.departure = obs.departure_card.id;
  bar.append(offer(ctx, root, card, cardMoves, obs.departure_card
    ? tip(ctx, cardTitle(ctx, obs.departure_card), "departure", obs.departure_card.id) : ""));
  const bottom = obs.departure_pile_bottom || [];
  bar.append(chip({"data-part": "pile", title: tip(ctx, tr(ctx, "words", "pile"), "pieces", "departure_pile")}, h("b", {}, tr(ctx, "ui", "pile")),
                  String(obs.departure_pile),
                  bottom.length ? h("span", {title: tr(ctx, "words", "pile_bottom")}, " (", ...bottom.flatMap((c) => describeCard(ctx, c)), ")") : ""));
  // goods in the port(s) against the goal
  const goal = obs.goal || {};
  const need = goal.per_colour || goal.per_colour_per_port || 0;
  for (const d of obs.delivered) {
    const total = Object.values(d.goods).reduce((a, b) => a + b, 0);
    const aim = goal.total || goal.per_port || 0;
    bar.append(chip({class: `ss-chip${diff.ports.has(d.port) ? " ss-last" : ""}`, "data-part": "port", "data-port": d.port,
                     title: `${tr(ctx, "nodes", d.port)}: ${tr(ctx, "words", "delivered")}`},
                    h("b", {}, `⚓ ${tr(ctx, "nodes", d.port)}`),
                    ...GOODS.map((c) => h("span", {}, cubeChip(ctx, c), ` ${d.goods[c]}/${need}`)),
                    h("b", {}, ` ${total}/${aim}`)));
  }
  if (obs.location_tokens_left !== null && obs.location_tokens_left !== undefined) {
    bar.append(chip({}, `${tr(ctx, "ui", "location_tokens")}: ${obs.location_tokens_left}`));
  }
  return bar;
}

// the zoom button, over the map's corner: the whole map, or twice as large to scroll over
function zoomButton(ctx, root) {
  const label = () => tr(ctx, "ui", root.dataset.zoom === "1" ? "zoom_out" : "zoom_in");
  const zoom = h("button", {type: "button", class: "ss-zoom", "aria-pressed": root.dataset.zoom === "1" ? "true" : "false",
                            onclick: () => {
                              root.dataset.zoom = root.dataset.zoom === "1" ? "0" : "1";
                              const wrap = root.querySelector(".ss-mapwrap");
                              if (wrap) wrap.classList.toggle("ss-zoomed", root.dataset.zoom === "1");
                              zoom.textContent = label();
                              zoom.setAttribute("aria-pressed", root.dataset.zoom === "1" ? "true" : "false");
                            }}, label());
  return zoom;
}

function helpers(ctx, obs, diff) {
  const row = h("div", {class: "ss-hand", "data-part": "helpers"});
  for (const [k, used] of Object.entries(obs.helpers)) {
    row.append(chip({class: `ss-chip${used ? " ss-used" : ""}${diff.helpers.has(k) ? " ss-last" : ""}`, "data-helper": k,
                     title: tip(ctx, used ? tr(ctx, "ui", "helper_used") : tr(ctx, "ui", "helper_free"), "helpers", k)},
                    used ? "✗ " : "✓ ", tr(ctx, "helpers", k)));
  }
  if (obs.dispatcher_active) row.append(chip({}, fill(tr(ctx, "view", "dispatcher_active"), {helper: tr(ctx, "helpers", "dispatcher")})));
  return row;
}

function tray(ctx, root, obs, diff) {
  const box = h("div", {class: "ss-tray"});
  // depots, by colour: the colour of a train to deploy or to move, the conductor
  const depot = h("div", {class: "ss-hand", "data-part": "depot"}, h("b", {}, `${tr(ctx, "ui", "depot")}:`));
  for (const c of COLOURS) {
    const inDepot = obs.trains.filter((t) => t.colour === c && t.where === "depot");
    const el = chip({class: `ss-chip${diff.depot.has(c) ? " ss-last" : ""}`, "data-depot": c},
                    ...(inDepot.length ? inDepot.map((t) => loco(ctx, c, trainTag(ctx, t))) : [h("span", {}, "—")]));
    const m = [...find(ctx, {type: "deploy_colour", colour: c}), ...find(ctx, {type: "move_colour", colour: c}),
               ...find(ctx, {type: "conductor", colour: c})];
    depot.append(offer(ctx, root, el, m, `${tr(ctx, "words", "depot")}: ${tr(ctx, "train_colours", c)}`));
  }
  box.append(depot, helpers(ctx, obs, diff));
  // every hand; the active player's cards are played by clicking them
  obs.hands.forEach((hand, p) => {
    const active = p === obs.current_player;
    const who = (ctx.players && ctx.players[p] && ctx.players[p].name) || fill(tr(ctx, "ui", "seat"), {n: p + 1});
    const row = h("div", {class: `ss-hand${active ? " ss-active" : ""}${diff.hands.has(p) ? " ss-last" : ""}`, "data-hand": p},
                  h("b", {}, `${who}:`));
    for (const [k, v] of Object.entries(hand)) {
      const el = chip({"data-card": k}, `${tr(ctx, "cards", k)} ×${v}`);
      const about = tip(ctx, "", "cards", k);
      if (!active && about) el.title = about;
      row.append(active ? offer(ctx, root, el, find(ctx, {type: "play", action: k}), about) : el);
    }
    box.append(row);
  });
  return box;
}

function legend(ctx) {
  const icon = (...kids) => s("svg", {width: 22, height: 18, viewBox: "-11 -9 22 18"}, ...kids);
  const item = (pic, key) => h("span", {}, pic, " ", tr(ctx, "ui", key));
  return h("div", {class: "ss-legend"},
    item(icon(s("circle", {r: 7, fill: "#16a34a", stroke: "#fff", "stroke-width": 2}), s("circle", {r: 2.4, fill: "#fff"})), "legend_green"),
    item(icon(s("rect", {x: -3.5, y: -8, width: 7, height: 16, rx: 1.5, fill: "#dc2626"})), "legend_red"),
    item(icon(s("polyline", {points: "-10,6 0,0 10,6", fill: "none", stroke: "#f0b429", "stroke-width": 4}),
              s("circle", {cx: 0, cy: -5, r: 3.2, fill: "none", stroke: "#374151", "stroke-width": 1.8}),
              s("circle", {cx: 0, cy: 1, r: 2.5, fill: "#374151"})), "legend_switch"),
    item(icon(s("rect", {x: -9, y: -7, width: 18, height: 14, rx: 4, fill: "none", stroke: PICK, "stroke-width": 3})), "legend_pick"),
    item(icon(s("rect", {x: -9, y: -7, width: 18, height: 14, rx: 4, fill: "none", stroke: LAST, "stroke-width": 2.5,
                         "stroke-dasharray": "4 3"})), "legend_last"),
    h("span", {}, GOODS.flatMap((c) => [cubeChip(ctx, c), ` ${tr(ctx, "goods", c)} `])),
    h("span", {}, COLOURS.flatMap((c) => [loco(ctx, c, tr(ctx, "train_initials", c)), ` ${tr(ctx, "train_colours", c)} `])));
}

export function render(root, ctx) {
  installStyle();
  const obs = ctx.observation;
  const before = previousObservation(root, obs, ctx);
  const diff = changes(obs, before);
  const L = layout(ctx, obs.map, obs.board);
  root.classList.add("ss-view");
  const wrap = h("div", {class: `ss-mapwrap${root.dataset.zoom === "1" ? " ss-zoomed" : ""}`},
                 drawMap(ctx, root, obs, L, diff));
  root.replaceChildren(statusBar(ctx, root, obs, diff), h("div", {class: "ss-mapbox"}, wrap, zoomButton(ctx, root)),
                       tray(ctx, root, obs, diff), legend(ctx));
}
