// What the game views' boards share (docs/developing.md, "Browser view"):
// - marks that do not rest on colour alone: a symbol for each colour of pieces and cards
//   (the same colour has the same symbol in every game) and a mark for each seat;
// - the last move: the events played since this seat's own last one, to light on the board;
// - the board's size: an SVG that fits the window's width and, on a large screen, its height;
// - names on a map, each placed where it covers the least of the others and of the drawing;
// - on a narrow screen, a button that shows the map larger, to scroll across.
import {t} from "./common.js";
import {html as h, svg as s} from "./dom.js";

// Shapes on a unit square centred on 0,0 (radius 1): polygons, or "circle" and "ring".
const R3 = Math.sqrt(3) / 2;
const POLYGONS = {
  square: [[[-0.82, -0.82], [0.82, -0.82], [0.82, 0.82], [-0.82, 0.82]]],
  triangle: [[[0, -1], [1, 0.8], [-1, 0.8]]],
  diamond: [[[0, -1], [1, 0], [0, 1], [-1, 0]]],
  plus: [[[-0.32, -1], [0.32, -1], [0.32, -0.32], [1, -0.32], [1, 0.32], [0.32, 0.32], [0.32, 1],
          [-0.32, 1], [-0.32, 0.32], [-1, 0.32], [-1, -0.32], [-0.32, -0.32]]],
  bar: [[[-1, -0.36], [1, -0.36], [1, 0.36], [-1, 0.36]]],
  hexagon: [[[0, -1], [R3, -0.5], [R3, 0.5], [0, 1], [-R3, 0.5], [-R3, -0.5]]],
  star: [Array.from({length: 10}, (_, i) => {
    const a = -Math.PI / 2 + i * Math.PI / 5, k = i % 2 ? 0.45 : 1;
    return [k * Math.cos(a), k * Math.sin(a)];
  })],
};
POLYGONS.cross = POLYGONS.plus.map((poly) => poly.map(([x, y]) => [(x - y) * 0.75, (x + y) * 0.75]));
POLYGONS.asterisk = [0, 60, 120].map((deg) => {
  const a = deg * Math.PI / 180, c = Math.cos(a), si = Math.sin(a);
  return POLYGONS.bar[0].map(([x, y]) => [(x * c - y * si * 0.8), (x * si + y * c * 0.8)]);
});

const n = (v) => Math.round(v * 100) / 100;

function circlePath(x, y, r, sweep) {
  return `M${n(x - r)},${n(y)}a${n(r)},${n(r)} 0 1,${sweep} ${n(2 * r)},0a${n(r)},${n(r)} 0 1,${sweep} ${n(-2 * r)},0Z`;
}

// The path of shape `name` centred on x, y with radius r.
export function shapePath(name, x, y, r) {
  if (name === "circle") return circlePath(x, y, r, 0);
  if (name === "ring") return circlePath(x, y, r, 0) + circlePath(x, y, r * 0.5, 1);
  return POLYGONS[name].map((poly) =>
    "M" + poly.map(([px, py]) => `${n(x + px * r)},${n(y + py * r)}`).join("L") + "Z").join("");
}

export function shape(name, x, y, r, attrs = {}) {
  return s("path", {d: shapePath(name, x, y, r), "fill-rule": "evenodd", ...attrs});
}

// Each colour of pieces and cards has a symbol; gray ("any colour") has none.
export const COLOUR_SYMBOL = {
  red: "circle", orange: "triangle", yellow: "plus", green: "square", blue: "diamond",
  pink: "cross", purple: "cross", black: "bar", white: "ring", locomotive: "asterisk",
};
// the symbol's ink on a fill of that colour
const LIGHT = new Set(["yellow", "white", "orange", "gray"]);
export function inkOn(colour) { return LIGHT.has(colour) ? "#111" : "#fff"; }

export function colourSymbol(colour, x, y, r, attrs = {}) {
  const name = COLOUR_SYMBOL[colour];
  return name ? shape(name, x, y, r, {fill: inkOn(colour), class: "colour-symbol", ...attrs}) : null;
}

// Each seat has a mark, drawn on its pieces and beside its name.
export const SEAT_MARKS = ["circle", "square", "triangle", "diamond", "star", "hexagon"];
export function seatMark(seat, x, y, r, attrs = {}) {
  return shape(SEAT_MARKS[seat % SEAT_MARKS.length], x, y, r,
    {fill: "#fff", stroke: "#111", "stroke-width": r * 0.25, class: "seat-mark", "data-seat": seat, ...attrs});
}

// A small picture for HTML beside text: a rounded square of `fill` with a shape in `ink`.
export function badge(shapeName, fill, ink, size = 18, attrs = {}) {
  return s("svg", {viewBox: "0 0 20 20", width: size, height: size, class: "badge-icon", "aria-hidden": "true", ...attrs},
    s("rect", {x: 1, y: 1, width: 18, height: 18, rx: 4, fill, stroke: "#333", "stroke-width": 1}),
    shapeName ? shape(shapeName, 10, 10, 6, {fill: ink}) : null);
}

export function colourBadge(colour, fill, size = 18, ink = inkOn(colour)) {
  return badge(COLOUR_SYMBOL[colour], fill, ink, size, {"data-colour": colour});
}

export function seatBadge(seat, fill, size = 18) {
  return s("svg", {viewBox: "0 0 20 20", width: size, height: size, class: "badge-icon", "aria-hidden": "true", "data-seat": seat},
    s("rect", {x: 1, y: 1, width: 18, height: 18, rx: 4, fill, stroke: "#333", "stroke-width": 1}),
    seatMark(seat, 10, 10, 6));
}

// The last move: the events played since this seat's own last one (every other player's
// turn since), newest last; for a spectator (or before the seat has played), the events of
// the last player who acted. ctx.events is [{seq, event}] of what this seat has seen.
export function recentEvents(ctx) {
  const all = ctx.events || [];
  // an event that names no player (a bandit shot, a round's end) belongs to the player of
  // the event before it: it is what that player's move caused
  const owner = [];
  let cur;
  for (const x of all) {
    if (x.event.player !== undefined) cur = x.event.player;
    owner.push(cur);
  }
  const out = [];
  let i = all.length - 1;
  const seated = ctx.seat !== null && ctx.seat !== undefined;
  const mine = (k) => seated && owner[k] === ctx.seat;
  if (seated && owner.some((o) => o === ctx.seat)) {
    while (i >= 0 && mine(i)) i--;
    for (; i >= 0 && !mine(i); i--) out.push(all[i].event);
  } else {
    let who;
    for (; i >= 0; i--) {
      const p = owner[i];
      if (p !== undefined) {
        if (who === undefined) who = p;
        else if (p !== who) break;
      }
      out.push(all[i].event);
    }
  }
  return out.reverse();
}

// A narrow screen shows the whole board small; this button (shown only there) shows it at
// 2.5 times that width in a box that scrolls sideways, and back. Remembered across renders.
let zoomed = false;
export function zoomable(board, lang) {
  const box = h("div", {class: "board-zoom" + (zoomed ? " zoomed" : "")}, board);
  const button = h("button", {type: "button", class: "board-zoom-button", "aria-pressed": String(zoomed),
    onclick: () => {
      zoomed = !zoomed;
      box.classList.toggle("zoomed", zoomed);
      button.setAttribute("aria-pressed", String(zoomed));
      button.textContent = t(zoomed ? "zoom_out" : "zoom_in", lang);
    }}, t(zoomed ? "zoom_out" : "zoom_in", lang));
  return h("div", {class: "board-zoom-frame"}, button, box);
}

// The CSS width of a board of this aspect (width / height): the container's width, and on a
// large screen no taller than the window less `reserve` pixels, but never narrower than
// `least` pixels (so its labels keep their size) unless the container is.
export function fitWidth(aspect, reserve, least) {
  return `min(100%, max(${least}px, calc((100vh - ${reserve}px) * ${aspect.toFixed(4)})))`;
}

let canvas = null;

// The width of `text` in a CSS font ("600 14px sans-serif"): SVG units when the SVG's text
// has that size and family.
export function textWidth(text, font) {
  if (!canvas) canvas = document.createElement("canvas").getContext("2d");
  canvas.font = font;
  return canvas.measureText(text).width;
}

// The length of segment (ax, ay)-(bx, by) inside box [x0, y0, x1, y1] (Liang-Barsky).
function insideLength(ax, ay, bx, by, b) {
  let t0 = 0, t1 = 1;
  const dx = bx - ax, dy = by - ay;
  for (const [p, q] of [[-dx, ax - b[0]], [dx, b[2] - ax], [-dy, ay - b[1]], [dy, b[3] - ay]]) {
    if (p === 0) { if (q < 0) return 0; continue; }
    const t = q / p;
    if (p < 0) { if (t > t1) return 0; if (t > t0) t0 = t; } else { if (t < t0) return 0; if (t < t1) t1 = t; }
  }
  return (t1 - t0) * Math.hypot(dx, dy);
}

function overlap(a, b) {
  const w = Math.min(a[2], b[2]) - Math.max(a[0], b[0]), hh = Math.min(a[3], b[3]) - Math.max(a[1], b[1]);
  return w > 0 && hh > 0 ? w * hh : 0;
}

// Where each name goes. labels: [{x, y, text}] (the point named), all in one font of `size`
// units; places: [[dx, dy, anchor]] the candidate baselines around a point, the preferred
// first; boxes: [x0, y0, x1, y1] a name should not cover (dots, pieces); lines: [[ax, ay, bx,
// by]] it should cross as little as possible; left, right: the drawing's sides it should stay
// within. The most crowded points choose first, each the place of least cost. Returns per
// label {x, y, anchor, box}.
export function placeLabels(labels, {size, font, places, boxes = [], lines = [], left = -Infinity,
                                     right = Infinity, lineWeight = 8, near = 90}) {
  const out = new Array(labels.length), placed = [];
  const crowd = labels.map((a) => labels.filter((b) => Math.hypot(a.x - b.x, a.y - b.y) < near).length);
  const order = labels.map((_, i) => i).sort((a, b) => crowd[b] - crowd[a] || a - b);
  for (const i of order) {
    const l = labels[i], w = textWidth(l.text, font);
    let best = null;
    places.forEach(([dx, dy, anchor], k) => {
      const x = l.x + dx, base = l.y + dy;
      const x0 = anchor === "start" ? x : anchor === "end" ? x - w : x - w / 2;
      const box = [x0, base - size * 0.75, x0 + w, base + size * 0.25];
      let cost = k * 2;
      for (const o of placed) cost += overlap(box, o) * 20;
      for (const o of boxes) cost += overlap(box, o) * 20;
      for (const [ax, ay, bx, by] of lines) cost += insideLength(ax, ay, bx, by, box) * lineWeight;
      cost += (Math.max(0, left - box[0]) + Math.max(0, box[2] - right)) * 60;
      if (best === null || cost < best.cost) best = {cost, x, y: base, anchor, box};
    });
    placed.push(best.box);
    out[i] = best;
  }
  return out;
}

// The observation to compare with for the last move drawn from observations (the boards
// that diff what they show rather than read ctx.events), per view root: a seat sees what
// changed since its own last decision (the other players' moves pile up until it decides
// again, and then its own decision shows); a spectator or a replay sees the last step. A
// render of the same observation again (a language switch, a player coming online) keeps
// the comparison.
const seen = new WeakMap();

export function previousObservation(root, obs, ctx) {
  const key = JSON.stringify(obs);
  const mine = (ctx.legal || []).length > 0;
  const mem = seen.get(root);
  if (mem && mem.key === key) { mem.mine = mine; return mem.base; }
  let base = null;
  if (mem) base = mem.mine || ctx.seat === null || ctx.seat === undefined || !mem.base ? mem.obs : mem.base;
  seen.set(root, {key, obs, base, mine});
  return base;
}
