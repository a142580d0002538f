// A player's rating in one game over its rated tables, drawn as SVG: the estimate μ as a
// line and its uncertainty as a band from μ − σ to μ + σ, with labelled axes.
import {svg} from "./dom.js";
import {t} from "./common.js";

const W = 560, H = 260, M = {left: 52, right: 16, top: 16, bottom: 44};

// About `n` round numbers from lo to hi (1, 2 or 5 times a power of ten apart).
export function ticks(lo, hi, n = 5) {
  if (!(hi > lo)) return [lo];
  const raw = (hi - lo) / n, mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw);
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(+v.toFixed(10));
  return out;
}

// history: {complete, start: {mu, sigma}, points: [{table, mu, sigma, time}]} (oldest first).
export function ratingPlot(history, lang, label) {
  // with the whole history the first point is the rating before the first game (game 0)
  const pts = history.complete ? [{...history.start, time: null}, ...history.points] : history.points;
  const first = history.complete ? 0 : 1;
  const xs = pts.map((_, i) => first + i);
  const lo0 = Math.min(...pts.map((p) => p.mu - p.sigma)), hi0 = Math.max(...pts.map((p) => p.mu + p.sigma));
  const yt = ticks(lo0, hi0);
  const lo = Math.min(lo0, yt[0]), hi = Math.max(hi0, yt[yt.length - 1]);
  const x0 = xs[0], x1 = Math.max(xs[xs.length - 1], x0 + 1);
  const X = (x) => M.left + (x - x0) / (x1 - x0) * (W - M.left - M.right);
  const Y = (y) => H - M.bottom - (y - lo) / (hi - lo || 1) * (H - M.top - M.bottom);
  const xt = ticks(x0, x1, Math.min(8, x1 - x0)).filter((v) => Number.isInteger(v));
  const band = pts.map((p, i) => `${X(xs[i])},${Y(p.mu + p.sigma)}`)
    .concat(pts.map((p, i) => `${X(xs[i])},${Y(p.mu - p.sigma)}`).reverse()).join(" ");
  const line = pts.map((p, i) => `${X(xs[i])},${Y(p.mu)}`).join(" ");
  const date = (s) => new Date(s * 1000).toLocaleDateString(lang);
  return svg("svg", {class: "rating-plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": label,
    "data-points": pts.length},
  svg("title", {}, label),
  // the grid and the rating axis's numbers
  yt.flatMap((v) => [svg("line", {class: "grid", x1: M.left, x2: W - M.right, y1: Y(v), y2: Y(v)}),
    svg("text", {class: "tick", x: M.left - 6, y: Y(v) + 4, "text-anchor": "end"}, String(v))]),
  xt.map((v) => svg("text", {class: "tick", x: X(v), y: H - M.bottom + 16, "text-anchor": "middle"}, String(v))),
  svg("polygon", {class: "band", points: band}),
  svg("polyline", {class: "mu", points: line}),
  pts.map((p, i) => svg("circle", {class: "point", cx: X(xs[i]), cy: Y(p.mu), r: 3},
    svg("title", {}, `${p.time ? date(p.time) + ": " : ""}μ ${p.mu.toFixed(1)} ± ${p.sigma.toFixed(1)}`))),
  svg("line", {class: "axis", x1: M.left, x2: W - M.right, y1: H - M.bottom, y2: H - M.bottom}),
  svg("line", {class: "axis", x1: M.left, x2: M.left, y1: M.top, y2: H - M.bottom}),
  svg("text", {class: "axis-label", x: (M.left + W - M.right) / 2, y: H - 8, "text-anchor": "middle"}, t("axis_games", lang)),
  svg("text", {class: "axis-label", x: 14, y: (M.top + H - M.bottom) / 2, "text-anchor": "middle",
    transform: `rotate(-90 14 ${(M.top + H - M.bottom) / 2})`}, t("axis_rating", lang)),
  // the legend: the line and the band
  svg("line", {class: "mu", x1: W - M.right - 120, x2: W - M.right - 100, y1: M.top + 6, y2: M.top + 6}),
  svg("text", {x: W - M.right - 95, y: M.top + 10}, t("line_mu", lang)),
  svg("rect", {class: "band", x: W - M.right - 60, y: M.top, width: 20, height: 12}),
  svg("text", {x: W - M.right - 35, y: M.top + 10}, t("band_sigma", lang)));
}
