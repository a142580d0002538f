// Ticket to Ride: the browser view. The map is drawn from real geography (longitude and
// latitude projected), each route as its row of spaces in its colour with the colour's
// symbol on every space (colour-blind players read the symbol; the legend names them);
// claimed spaces are cars of the owner's colour with the owner's mark. The map fits the
// window (labels keep at least 11 CSS pixels on a desktop screen) and city names are placed
// where they hide the fewest routes and other names. Below it: the payment or ticket choice
// when one is asked, the face-up row, the deck and the ticket pile, the seat's hand and
// tickets, the players and the legend. Routes claimed since the seat's last turn are
// highlighted. A click on a route claims it; when the hand allows more than one payment,
// the payments of ctx.legal for the pending route are shown to choose from (and "back"
// while it is legal). See docs/games/ticket_to_ride.md for the observation.

import {html as h, svg as s} from "/static/dom.js";
import {colourBadge, colourSymbol, fitWidth, placeLabels, recentEvents, seatBadge, seatMark, zoomable} from "/static/board.js";

const CARD = {
  red: "#d62828", orange: "#f08a24", yellow: "#f2c230", green: "#2f9e44", blue: "#2563eb",
  pink: "#b648c9", black: "#2b2b2b", white: "#f4f4f4", gray: "#a8adb4", locomotive: "url(#ttr-loco)",
};
const RAINBOW = ["#d62828", "#f08a24", "#f2c230", "#2f9e44", "#2563eb", "#b648c9"];
const CARD_CSS = {...CARD, locomotive: `linear-gradient(90deg,${RAINBOW.join(",")})`};
const SEAT = ["#1e40af", "#b91c1c", "#15803d", "#ca8a04", "#111111"];
const KINDS = ["red", "orange", "yellow", "green", "blue", "pink", "black", "white", "locomotive"];
const W = 1000;                 // the projected map's width in SVG units
const LABEL = 14;               // city names, in SVG units
const FONT = "600 14px sans-serif";
const SPACE = 10;               // a train space's height
const TWIN = 6.2;               // a double route's offset from the line between its cities
// The map's width on screen: the window's height less the header and the card rows below,
// never under LEAST pixels where the window allows (14 units at 850/1040: 11.4 px).
const RESERVE = 208, LEAST = 850;

const STYLE = `
.ttr { display: flex; flex-direction: column; gap: 8px; font-size: 14px; }
.ttr-side { display: flex; flex-direction: column; gap: 8px; }
.ttr-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.ttr-draw, .ttr-mine, .ttr-info { display: flex; flex-wrap: wrap; gap: 6px 20px; align-items: flex-start; }
.ttr-draw { align-items: center; }
.ttr-label { display: block; font-size: 12px; color: var(--muted); }
.ttr-row > .ttr-label, .ttr-draw > .ttr-label, .ttr-legend > .ttr-label { display: inline; margin-right: 2px; }
.ttr-card { display: inline-flex; align-items: center; gap: 4px; padding: 4px 7px; border-radius: 6px;
  border: 1px solid #333; font: inherit; font-size: 13px; line-height: 1.25; }
button.ttr-card.can { cursor: pointer; box-shadow: 0 0 0 2px #111; }
button.ttr-card.can:hover { transform: translateY(-2px); }
.ttr-empty { border-style: dashed; color: var(--muted); }
.ttr-tickets { margin: 0; padding-left: 18px; }
.ttr-players { border-collapse: collapse; }
.ttr-players td, .ttr-players th { padding: 1px 6px; text-align: left; white-space: nowrap; }
.ttr-players th { font-weight: 400; color: var(--muted); font-size: 12px; }
.ttr-players tr.current { font-weight: 700; background: #fff6cc; }
.ttr-legend { display: flex; flex-wrap: wrap; gap: 4px 10px; font-size: 12px; max-width: 560px; }
.ttr-legend-item { display: inline-flex; gap: 3px; align-items: center; }
.ttr-box { padding: 6px 8px; border: 1px dashed #999; border-radius: 6px; }
.ttr-ask { border: 2px solid var(--accent); background: #fff8e8; }
.ttr-offer ul { list-style: none; padding-left: 0; margin: 4px 0; }
.ttr-pay { display: inline-flex; gap: 2px; padding: 3px; }
.ttr-pay > *, .ttr-card { flex: none; white-space: nowrap; }
.ttr-mapbox { position: relative; margin: 0 auto; max-width: 100%; }
.ttr-mapbox > svg { width: 100%; }
.ttr-pop { position: absolute; z-index: 2; max-width: min(440px, 96%); box-shadow: 0 4px 14px rgba(0,0,0,.3); }
.ttr-last-round { color: #b91c1c; font-weight: 700; margin: 0; }
.ttr-final ul { margin: 0; padding-left: 18px; }
.ttr-map g.route.can:hover .space { stroke-width: 2.6; filter: brightness(1.15); }
.ttr-map g.city.lit circle { stroke: #b00020; stroke-width: 4; }
.ttr-tickets li, .ttr-offer li { cursor: default; }
`;

// UI state kept between renders (reset when it no longer fits the legal actions)
let ui = {keep: null, offerKey: ""};

function tr(ctx, group, key, fallback) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key]) || fallback || key;
}

function cityName(ctx, obs, id) {
  const c = obs.map.cities[id];
  return tr(ctx, "cities", c.key, c.key);
}

function colorName(ctx, kind) { return tr(ctx, "colors", kind, kind); }

function seatName(ctx, p) {
  const pl = ctx.players && ctx.players[p];
  return (pl && pl.name) || `${tr(ctx, "ui", "player", "Player")} ${p + 1}`;
}

function project(cities) {
  const k = Math.cos(40 * Math.PI / 180);
  const raw = cities.map((c) => [c.lon * k, -c.lat]);
  const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys);
  const scale = W / (x1 - x0);
  return raw.map(([x, y]) => [(x - x0) * scale, (y - y0) * scale]);
}

// Each city's name: of eight places around its dot, the one that covers the fewest other
// names, dots and routes and stays within the map's width.
const PLACES = [[9, 5, "start"], [-9, 5, "end"], [6, -8, "start"], [-6, -8, "end"],
                [6, 19, "start"], [-6, 19, "end"], [0, -11, "middle"], [0, 22, "middle"]];

function labelPlaces(names, pts, routes) {
  return placeLabels(names.map((text, i) => ({x: pts[i][0], y: pts[i][1], text})), {
    size: LABEL, font: FONT, places: PLACES, left: 0, right: W,
    boxes: pts.map(([x, y]) => [x - 7, y - 7, x + 7, y + 7]),
    lines: routes.map((r) => [...pts[r.a], ...pts[r.b]]),
  });
}

function legalIndex(ctx) {
  const idx = {claims: new Map(), pays: [], cancel: null, faceUp: new Map(), blind: null,
               tickets: null, pass: null, keep: []};
  for (const c of ctx.legal || []) {
    const a = c.action || {};
    if (a.type === "claim_route") idx.claims.set(a.route, c);
    else if (a.type === "pay") idx.pays.push(c);
    else if (a.type === "cancel_claim") idx.cancel = c;
    else if (a.type === "take_face_up") idx.faceUp.set(a.slot, c);
    else if (a.type === "take_blind") idx.blind = c;
    else if (a.type === "draw_tickets") idx.tickets = c;
    else if (a.type === "pass") idx.pass = c;
    else if (a.type === "keep_tickets") idx.keep.push(c);
  }
  return idx;
}

function defs() {
  return s("defs", {},
    s("linearGradient", {id: "ttr-loco", x1: "0", y1: "0", x2: "1", y2: "0"},
      RAINBOW.map((c, i) => s("stop", {offset: `${i * 20}%`, "stop-color": c}))),
    s("filter", {id: "ttr-glow"}, s("feGaussianBlur", {stdDeviation: "2.5", result: "b"}),
      s("feMerge", {}, s("feMergeNode", {in: "b"}), s("feMergeNode", {in: "SourceGraphic"}))));
}

// One route: its spaces (or its owner's cars), a wide invisible line to click when a claim
// is legal, and a halo when it is part of the last move.
function drawRoute(ctx, obs, r, pts, look) {
  const [ax, ay] = pts[r.a], [bx, by] = pts[r.b];
  const dx = bx - ax, dy = by - ay, dist = Math.hypot(dx, dy);
  const ux = dx / dist, uy = dy / dist, nx = -uy, ny = ux;
  const off = r.twin === null ? 0 : (r.id < r.twin ? -TWIN : TWIN);
  const inset = 9, gap = 2.5;
  const len = (dist - 2 * inset - gap * (r.length - 1)) / r.length;
  const angle = Math.atan2(dy, dx) * 180 / Math.PI;
  const legal = look.idx.claims.get(r.id);
  const pending = obs.pending_route === r.id;
  const o = obs.routes[r.id];
  const fresh = look.fresh.has(r.id);
  const g = s("g", {class: "route" + (pending ? " pending" : "") + (legal ? " can" : "") + (fresh ? " last-move" : ""),
                    "data-route": r.id, "data-legal-id": legal ? legal.id : null,
                    style: legal ? "cursor:pointer" : null,
                    filter: pending || look.longest.has(r.id) ? "url(#ttr-glow)" : null,
                    opacity: look.closed.has(r.id) ? 0.3 : 1});
  const title = `${cityName(ctx, obs, r.a)} – ${cityName(ctx, obs, r.b)}: ${r.length}, ` +
    `${colorName(ctx, r.color)}` + (o !== null ? ` (${seatName(ctx, o)})` : "") + (legal ? ` — ${legal.label}` : "") +
    (ctx.explain && ctx.explain("colors", r.color) ? `\n${ctx.explain("colors", r.color)}` : "");
  g.append(s("title", {}, title));
  const x1 = ax + ux * inset + nx * off, y1 = ay + uy * inset + ny * off;
  const x2 = bx - ux * inset + nx * off, y2 = by - uy * inset + ny * off;
  if (fresh) {
    g.append(s("line", {x1, y1, x2, y2, class: "last-move-halo", "stroke-width": 24, "stroke-linecap": "round"}));
  }
  if (o !== null) {  // a claimed route is a train: a dark bed under its cars
    g.append(s("line", {x1, y1, x2, y2, stroke: "#222", "stroke-width": 17, "stroke-linecap": "round", class: "bed"}));
  }
  for (let i = 0; i < r.length; i++) {
    const t0 = inset + i * (len + gap) + len / 2;
    const cx = ax + ux * t0 + nx * off, cy = ay + uy * t0 + ny * off;
    const rot = `rotate(${angle.toFixed(2)} ${cx.toFixed(2)} ${cy.toFixed(2)})`;
    if (o === null) {
      g.append(s("rect", {x: cx - len / 2, y: cy - SPACE / 2, width: Math.max(len, 1), height: SPACE, rx: 1.5,
        transform: rot, fill: CARD[r.color], class: "space",
        stroke: legal || pending ? "#111" : "#555", "stroke-width": pending ? 2.4 : legal ? 1.6 : 0.6}));
      g.append(colourSymbol(r.color, cx, cy, Math.min(3.3, len / 2 - 0.8)));
    } else {
      // a claimed space: a car of the owner's colour with the owner's mark
      const gold = look.longest.has(r.id);
      g.append(s("rect", {x: cx - len / 2, y: cy - 6, width: Math.max(len, 1), height: 12,
        rx: 3, transform: rot, fill: SEAT[o], stroke: gold ? "#ffd400" : "#fff",
        "stroke-width": gold ? 2.6 : 1.2, class: "car", "data-owner": o}));
      g.append(seatMark(o, cx, cy, Math.min(4, len / 2)));
    }
  }
  if (legal) {
    // a wide invisible stroke along the route: easy to hit between its spaces
    g.append(s("line", {x1, y1, x2, y2, stroke: "transparent", "stroke-width": 14, "pointer-events": "stroke", class: "hit"}));
    // the claim is sent at once; a payment choice follows only when there is one to make
    g.addEventListener("click", () => ctx.act(legal.id));
  }
  return g;
}

function drawMap(ctx, obs, idx) {
  const pts = project(obs.map.cities);
  const names = obs.map.cities.map((c, i) => cityName(ctx, obs, i));
  const labels = labelPlaces(names, pts, obs.map.routes);
  // the drawing's box: every dot and name, and a margin
  let x0 = -12, y0 = -12, x1 = W + 12, y1 = Math.max(...pts.map((p) => p[1])) + 12;
  for (const l of labels) {
    x0 = Math.min(x0, l.box[0] - 4); y0 = Math.min(y0, l.box[1] - 4);
    x1 = Math.max(x1, l.box[2] + 4); y1 = Math.max(y1, l.box[3] + 4);
  }
  const vw = x1 - x0, vh = y1 - y0;
  const svg = s("svg", {viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${vw.toFixed(1)} ${vh.toFixed(1)}`,
                        class: "ttr-map board-svg", role: "img"});
  // where a route's middle is, as fractions of the map's box (for the payment's panel)
  const middle = (r) => {
    const rt = obs.map.routes[r];
    return [((pts[rt.a][0] + pts[rt.b][0]) / 2 - x0) / vw, ((pts[rt.a][1] + pts[rt.b][1]) / 2 - y0) / vh];
  };
  svg.append(defs());
  svg.append(s("rect", {x: x0, y: y0, width: vw, height: vh, rx: 8, fill: "#eef3e8", class: "sea"}));
  const final = obs.final, res = obs.result;
  const longest = new Set();
  if (final) {
    res.details.forEach((d, p) => {
      if (d.longest_path_bonus) for (const r of final.longest_path_routes[p]) longest.add(r);
    });
  }
  // the last move: routes claimed by the other players since this seat's last turn
  const fresh = new Set(recentEvents(ctx).filter((e) => e.type === "claim_route").map((e) => e.route));
  const look = {idx, longest, fresh, closed: new Set(obs.closed_routes || [])};
  const ticketCities = new Set();
  for (const t of obs.tickets || []) { ticketCities.add(t.a); ticketCities.add(t.b); }
  const offerCities = new Set();
  for (const t of obs.offer || []) { offerCities.add(t.a); offerCities.add(t.b); }

  const layer = s("g", {class: "routes"});
  // the last move's routes last, so that their halo is not covered by a neighbour
  const routes = [...obs.map.routes].sort((a, b) => fresh.has(a.id) - fresh.has(b.id));
  for (const r of routes) layer.append(drawRoute(ctx, obs, r, pts, look));
  svg.append(layer);
  const cities = s("g", {class: "cities"});
  obs.map.cities.forEach((c, i) => {
    const [x, y] = pts[i];
    const hot = ticketCities.has(i), offered = offerCities.has(i);
    const g = s("g", {class: "city", "data-city": i});
    g.append(s("circle", {cx: x, cy: y, r: hot || offered ? 6.5 : 5, fill: hot ? "#ffe066" : "#fff",
                          stroke: "#333", "stroke-width": 1.5}));
    if (offered) {
      g.append(s("circle", {cx: x, cy: y, r: 10, fill: "none", stroke: "#333", "stroke-width": 1.5,
                            "stroke-dasharray": "3 2", class: "offered"}));
    }
    const l = labels[i];
    g.append(s("text", {x: l.x, y: l.y, "text-anchor": l.anchor, "font-size": LABEL, "font-weight": 600,
                        "font-family": "sans-serif", fill: "#222", stroke: "#eef3e8", "stroke-width": 3.5,
                        "stroke-linejoin": "round", "paint-order": "stroke", class: "city-label"}, names[i]));
    cities.append(g);
  });
  svg.append(cities);
  return {svg, aspect: vw / vh, middle};
}

// A card: its colour, its symbol and its name (and a count); a button when it can be taken.
function card(ctx, kind, count, attrs = {}) {
  const dark = !["yellow", "white", "orange"].includes(kind);
  const tag = attrs.onclick ? "button" : "span";
  // the tooltip: what a click does first (when it does something), then what the card is
  const about = ctx.explain ? ctx.explain("colors", kind) : null;
  const tip = [attrs.title, about].filter(Boolean).join("\n") || null;
  return h(tag, {class: "ttr-card" + (attrs.onclick ? " can" : ""), "data-kind": kind, type: attrs.onclick ? "button" : null, ...attrs, title: tip,
    style: `background:${CARD_CSS[kind]};color:${dark ? "#fff" : "#111"}`},
    kind === "locomotive" ? colourBadge(kind, "#fff", 16, "#111") : colourBadge(kind, CARD_CSS[kind], 16),
    h("span", {class: "ttr-card-name"}, colorName(ctx, kind)),
    count !== undefined && count !== null ? h("b", {}, `×${count}`) : null);
}

// Pointing at a ticket lights its two cities on the map.
function lightCities(ev, t, on) {
  const map = ev.currentTarget.closest(".ttr");
  for (const c of [t.a, t.b]) {
    const g = map && map.querySelector(`.ttr-map g.city[data-city='${c}']`);
    if (g) g.classList.toggle("lit", on);
  }
}

function ticketLine(ctx, obs, t, mark) {
  return h("li", {"data-ticket": t.id, title: ctx.explain ? ctx.explain("terms", "ticket") : null, onmouseenter: (ev) => lightCities(ev, t, true),
                  onmouseleave: (ev) => lightCities(ev, t, false)},
    mark === true ? "✔ " : mark === false ? "✘ " : "",
    `${cityName(ctx, obs, t.a)} – ${cityName(ctx, obs, t.b)} (${t.points})`);
}

function payChips(ctx, route, pay) {
  // the cards of one payment: colour cards, then locomotives
  const locos = pay.locomotives;
  const cards = pay.color === null ? 0 : route.length - locos;
  return [cards ? card(ctx, pay.color, cards) : null, locos ? card(ctx, "locomotive", locos) : null];
}

// A claim waiting for its payment: this seat's legal payments in a panel over the map, by
// the route (placed so that it stays inside the map); another seat's claim is named under
// the map.
function paymentPanel(ctx, obs, idx, map) {
  if (obs.pending_route === null || obs.pending_route === undefined) return null;
  const r = obs.map.routes[obs.pending_route];
  const title = `${cityName(ctx, obs, r.a)} – ${cityName(ctx, obs, r.b)} (${r.length}, ${colorName(ctx, r.color)})`;
  if (!idx.pays.length) {  // someone else is choosing: say which route
    return h("div", {class: "ttr-payment ttr-box"},
      `${seatName(ctx, obs.current_player)} — ${tr(ctx, "ui", "pending", "claiming")}: ${title}`);
  }
  const [fx, fy] = map.middle(obs.pending_route);
  const pct = (v) => `${(v * 100).toFixed(1)}%`;
  const place = {
    left: fx < 0.35 ? pct(fx) : null, right: fx > 0.65 ? pct(1 - fx) : null,
    top: fy < 0.55 ? `calc(${pct(fy)} + 14px)` : null, bottom: fy >= 0.55 ? `calc(${pct(1 - fy)} + 14px)` : null,
  };
  if (fx >= 0.35 && fx <= 0.65) { place.left = pct(fx); place.transform = "translateX(-50%)"; }
  return h("div", {class: "ttr-payment ttr-box ttr-ask ttr-pop", style: place},
    h("b", {}, `${title}: ${tr(ctx, "ui", "choose_payment", "choose how to pay")}`),
    h("div", {class: "ttr-row"}, idx.pays.map((c) =>
      h("button", {type: "button", class: "ttr-pay", "data-id": c.id, title: c.label,
        onclick: () => ctx.act(c.id)}, payChips(ctx, r, c.action))),
    idx.cancel ? h("button", {type: "button", class: "ttr-back", title: idx.cancel.label,
      onclick: () => ctx.act(idx.cancel.id)}, `← ${tr(ctx, "ui", "back", "Back")}`) : null));
}

function offerPanel(root, ctx, obs, idx) {
  if (!obs.offer || !obs.offer.length || !idx.keep.length) return null;
  const key = obs.offer.map((t) => t.id).join(",");
  if (ui.offerKey !== key || ui.keep === null) {
    ui.offerKey = key;
    ui.keep = new Set(obs.offer.map((t) => t.id));
  }
  const chosen = [...ui.keep].sort((a, b) => a - b);
  const match = idx.keep.find((c) => [...c.action.tickets].sort((a, b) => a - b).join(",") === chosen.join(","));
  return h("div", {class: "ttr-offer ttr-box ttr-ask"},
    h("b", {}, `${tr(ctx, "ui", "offer", "tickets on offer")} (${tr(ctx, "ui", "keep_min", "keep at least")} ${obs.keep_min})`),
    h("ul", {}, obs.offer.map((t) => h("li", {onmouseenter: (ev) => lightCities(ev, t, true),
                                             onmouseleave: (ev) => lightCities(ev, t, false)},
      h("label", {}, h("input", {type: "checkbox", "data-ticket": t.id, checked: ui.keep.has(t.id),
        onchange: (e) => { if (e.target.checked) ui.keep.add(t.id); else ui.keep.delete(t.id); render(root, ctx); }}),
        ` ${cityName(ctx, obs, t.a)} – ${cityName(ctx, obs, t.b)} (${t.points})`)))),
    h("button", {type: "button", class: "ttr-keep primary", disabled: !match,
      onclick: () => { if (match) { ui.keep = null; ctx.act(match.id); } }}, match ? match.label : "—"));
}

function drawRow(ctx, obs, idx) {
  const u = (k, f) => tr(ctx, "ui", k, f);
  return h("div", {class: "ttr-draw"},
    h("span", {class: "ttr-label"}, u("face_up", "face-up row")),
    h("div", {class: "ttr-faceup ttr-row"}, obs.face_up.map((k, i) => {
      const c = idx.faceUp.get(i);
      if (k === null) return h("span", {class: "ttr-card ttr-empty", "data-slot": i}, u("empty", "empty"));
      return card(ctx, k, null, c ? {"data-slot": i, "data-legal-id": c.id, title: c.label, onclick: () => ctx.act(c.id)}
                                  : {"data-slot": i});
    })),
    h("div", {class: "ttr-row"},
      h("button", {type: "button", class: "ttr-deck", disabled: !idx.blind, "data-legal-id": idx.blind ? idx.blind.id : null,
        onclick: () => idx.blind && ctx.act(idx.blind.id)}, `${u("deck", "deck")}: ${obs.deck}`),
      h("span", {class: "muted"}, `${u("discard", "discard")}: ${obs.discard}`),
      h("button", {type: "button", class: "ttr-ticket-pile", disabled: !idx.tickets,
        title: ctx.explain ? ctx.explain("terms", "ticket_pile") : null,
        "data-legal-id": idx.tickets ? idx.tickets.id : null,
        onclick: () => idx.tickets && ctx.act(idx.tickets.id)}, `${u("ticket_pile", "ticket pile")}: ${obs.ticket_pile}`),
      idx.pass ? h("button", {type: "button", class: "ttr-pass", onclick: () => ctx.act(idx.pass.id)}, idx.pass.label) : null));
}

function playersTable(ctx, obs) {
  const u = (k, f) => tr(ctx, "ui", k, f);
  return h("table", {class: "ttr-players"},
    h("tr", {}, h("th", {}, ""), h("th", {}, u("score", "score")), h("th", {}, u("trains", "trains")),
      h("th", {}, u("cards", "cards")), h("th", {}, u("tickets", "tickets"))),
    obs.scores.map((sc, p) => h("tr", {"data-seat": p, class: obs.current_player === p ? "current" : null},
      h("td", {}, seatBadge(p, SEAT[p], 16), " ", seatName(ctx, p) + (p === obs.seat ? ` (${u("you", "you")})` : "")),
      h("td", {}, obs.result ? `${obs.result.scores[p]}` : `${sc}`), h("td", {}, `${obs.trains[p]}`),
      h("td", {}, `${obs.hand_counts[p]}`), h("td", {}, `${obs.ticket_counts[p]}`))));
}

function legend(ctx) {
  return h("div", {class: "ttr-legend"}, h("span", {class: "ttr-label"}, tr(ctx, "ui", "legend", "colours")),
    [...KINDS.filter((k) => k !== "locomotive"), "gray"].map((k) =>
      h("span", {class: "ttr-legend-item", "data-kind": k}, colourBadge(k, CARD[k], 16), colorName(ctx, k))));
}

export function render(root, ctx) {
  const obs = ctx.observation;
  if (!obs || !obs.map) { root.textContent = ""; return; }
  const idx = legalIndex(ctx);
  const u = (k, f) => tr(ctx, "ui", k, f);
  const below = h("div", {class: "ttr-side"});

  const map = drawMap(ctx, obs, idx);
  const box = h("div", {class: "ttr-mapbox", style: {width: fitWidth(map.aspect, RESERVE, LEAST)}}, map.svg);
  const pay = paymentPanel(ctx, obs, idx, map);
  if (pay) (pay.classList.contains("ttr-pop") ? box : below).append(pay);
  const offer = offerPanel(root, ctx, obs, idx);
  if (offer) below.append(offer);
  if (obs.last_round && !obs.final) {
    below.append(h("p", {class: "ttr-last-round"}, `${u("last_round", "last round")}: ${u("turns_left", "turns left")} ${obs.turns_left}`));
  }
  below.append(drawRow(ctx, obs, idx));

  // own hand and tickets
  if (obs.hand) {
    const kinds = KINDS.filter((k) => obs.hand[k]);
    below.append(h("div", {class: "ttr-mine"},
      h("div", {class: "ttr-row"}, h("span", {class: "ttr-label"}, u("hand", "hand")),
        h("div", {class: "ttr-hand ttr-row"}, kinds.length ? kinds.map((k) => card(ctx, k, obs.hand[k])) : u("empty", "empty"))),
      h("div", {}, h("span", {class: "ttr-label"}, u("tickets", "tickets")),
        h("ul", {class: "ttr-tickets"}, obs.tickets.map((t) => ticketLine(ctx, obs, t, t.completed ? true : null))))));
  }
  const info = h("div", {class: "ttr-info"}, playersTable(ctx, obs));
  // what others are known to hold
  obs.known_cards.forEach((kn, p) => {
    if (p === obs.seat || !Object.keys(kn).length) return;
    info.append(h("div", {class: "ttr-known muted"}, `${seatName(ctx, p)} — ${u("known", "known")}: `,
      Object.entries(kn).map(([k, n]) => `${colorName(ctx, k)} ×${n}`).join(", ")));
  });
  info.append(legend(ctx));
  below.append(info);

  // final screen: revealed tickets and the longest path
  if (obs.final) {
    const fin = obs.final, res = obs.result;
    below.append(h("h4", {}, `${u("winners", "winners")}: ${res.winners.map((p) => seatName(ctx, p)).join(", ")}`));
    fin.tickets.forEach((ts, p) => {
      const d = res.details[p];
      below.append(h("div", {class: "ttr-final", "data-seat": p},
        h("b", {style: `color:${SEAT[p]}`}, seatBadge(p, SEAT[p], 16), ` ${seatName(ctx, p)}: ${res.scores[p]}`),
        ` — ${u("longest_path", "longest path")} ${d.longest_path}${d.longest_path_bonus ? " ★" : ""}`,
        h("ul", {}, ts.map((t) => ticketLine(ctx, obs, t, t.completed)))));
    });
  }
  root.replaceChildren(h("style", {}, STYLE), h("div", {class: "ttr"}, zoomable(box, ctx.lang), below));
}
