// Ticket to Ride: the browser view. The map is drawn from real geography (longitude and
// latitude projected), each route as its row of coloured spaces; the seat's hand, tickets
// and ticket choice, the face-up row, the deck and the ticket pile are clickable when a
// legal action matches them. A click on a route claims it; when the hand allows more than
// one payment, the payments of ctx.legal for the pending route are shown to choose from
// (and "back" while it is legal). See docs/games/ticket_to_ride.md for the observation.

import {html as h, svg as s} from "/static/dom.js";

const CARD = {
  red: "#d62828", orange: "#f08a24", yellow: "#f2c230", green: "#2f9e44", blue: "#2563eb",
  pink: "#b648c9", black: "#2b2b2b", white: "#f4f4f4", gray: "#a8adb4", locomotive: "url(#ttr-loco)",
};
const CARD_FLAT = {...CARD, locomotive: "#7c5cff"};
const SEAT = ["#1e40af", "#b91c1c", "#15803d", "#ca8a04", "#111111"];
const KINDS = ["red", "orange", "yellow", "green", "blue", "pink", "black", "white", "locomotive"];
const W = 1000, PAD = 34;

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

function projector(cities) {
  const k = Math.cos(40 * Math.PI / 180);
  const raw = cities.map((c) => [c.lon * k, -c.lat]);
  const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
  const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
  const scale = (W - 2 * PAD) / (x1 - x0);
  const H = Math.round((y1 - y0) * scale + 2 * PAD);
  return {H, pts: raw.map(([x, y]) => [PAD + (x - x0) * scale, PAD + (y - y0) * scale])};
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
      ["#d62828", "#f08a24", "#f2c230", "#2f9e44", "#2563eb", "#b648c9"].map((c, i) =>
        s("stop", {offset: `${i * 20}%`, "stop-color": c}))),
    s("filter", {id: "ttr-glow"}, s("feGaussianBlur", {stdDeviation: "2.5", result: "b"}),
      s("feMerge", {}, s("feMergeNode", {in: "b"}), s("feMergeNode", {in: "SourceGraphic"}))));
}

function drawMap(root, ctx, obs, idx) {
  const {H, pts} = projector(obs.map.cities);
  const svg = s("svg", {viewBox: `0 0 ${W} ${H}`, class: "ttr-map", role: "img",
                        style: "width:100%;height:auto;background:#eef3e8;border-radius:8px"});
  svg.append(defs());
  const owner = obs.routes;
  const closed = new Set(obs.closed_routes || []);
  const final = obs.final, res = obs.result;
  const longest = new Set();
  if (final) {
    res.details.forEach((d, p) => {
      if (d.longest_path_bonus) for (const r of final.longest_path_routes[p]) longest.add(r);
    });
  }
  const mine = new Set();
  if (obs.seat !== null && obs.seat !== undefined) for (const r of obs.claimed[obs.seat]) mine.add(r);
  const ticketCities = new Set();
  for (const t of obs.tickets || []) { ticketCities.add(t.a); ticketCities.add(t.b); }

  const layer = s("g", {class: "routes"});
  for (const r of obs.map.routes) {
    const [ax, ay] = pts[r.a], [bx, by] = pts[r.b];
    const dx = bx - ax, dy = by - ay, dist = Math.hypot(dx, dy);
    const ux = dx / dist, uy = dy / dist, nx = -uy, ny = ux;
    let off = 0;
    if (r.twin !== null) off = r.id < r.twin ? -5.5 : 5.5;
    const inset = 9, gap = 2;
    const usable = dist - 2 * inset;
    const len = (usable - gap * (r.length - 1)) / r.length;
    const angle = Math.atan2(dy, dx) * 180 / Math.PI;
    const legal = idx.claims.get(r.id);
    const pending = obs.pending_route === r.id;
    const o = owner[r.id];
    const g = s("g", {class: "route" + (pending ? " pending" : ""), "data-route": r.id,
                      style: legal ? "cursor:pointer" : null,
                      filter: pending || longest.has(r.id) ? "url(#ttr-glow)" : null,
                      opacity: closed.has(r.id) ? 0.3 : 1});
    const title = `${cityName(ctx, obs, r.a)} – ${cityName(ctx, obs, r.b)}: ${r.length}, ` +
      `${colorName(ctx, r.color)}` + (o !== null ? ` (${seatName(ctx, o)})` : "") +
      (ctx.explain && ctx.explain("colors", r.color) ? `\n${ctx.explain("colors", r.color)}` : "");
    g.append(s("title", {}, title));
    for (let i = 0; i < r.length; i++) {
      const t0 = inset + i * (len + gap) + len / 2;
      const cx = ax + ux * t0 + nx * off, cy = ay + uy * t0 + ny * off;
      const rot = `rotate(${angle} ${cx} ${cy})`;
      if (o === null) {
        g.append(s("rect", {x: cx - len / 2, y: cy - 4, width: Math.max(len, 1), height: 8, rx: 1.5,
          transform: rot, fill: CARD[r.color],
          stroke: legal || pending ? "#111" : "#555", "stroke-width": pending ? 2.4 : legal ? 1.6 : 0.6}));
      } else {
        // a claimed space: a train car of the owner's colour, taller, on a dark base
        g.append(s("rect", {x: cx - len / 2 - 1, y: cy - 6.5, width: Math.max(len + 2, 1), height: 13,
          rx: 3, transform: rot, fill: "#111",
          stroke: longest.has(r.id) ? "#ffd400" : "#fff",
          "stroke-width": longest.has(r.id) ? 2.4 : 1, class: "car", "data-owner": o}));
        g.append(s("rect", {x: cx - len / 2 + 1, y: cy - 4, width: Math.max(len - 2, 1), height: 8,
          rx: 2, transform: rot, fill: SEAT[o]}));
        g.append(s("circle", {cx, cy, r: 1.8, fill: "#fff"}));
      }
    }
    if (legal) {
      // a wide invisible stroke along the route: easy to hit between its spaces
      g.append(s("line", {x1: ax + nx * off, y1: ay + ny * off, x2: bx + nx * off, y2: by + ny * off,
                          stroke: "transparent", "stroke-width": 12, "pointer-events": "stroke",
                          class: "hit"}));
      // the claim is sent at once; a payment choice follows only when there is one to make
      g.addEventListener("click", () => ctx.act(legal.id));
    }
    layer.append(g);
  }
  svg.append(layer);
  const cities = s("g", {class: "cities"});
  obs.map.cities.forEach((c, i) => {
    const [x, y] = pts[i];
    const hot = ticketCities.has(i);
    cities.append(s("circle", {cx: x, cy: y, r: hot ? 6 : 4.5, fill: hot ? "#ffe066" : "#fff",
                               stroke: "#333", "stroke-width": 1.4}));
    cities.append(s("text", {x: x + 6, y: y - 6, "font-size": 11, "font-family": "sans-serif",
                             fill: "#222", stroke: "#eef3e8", "stroke-width": 3,
                             "paint-order": "stroke"}, cityName(ctx, obs, i)));
  });
  svg.append(cities);
  return svg;
}

function cardChip(ctx, kind, count, attrs = {}) {
  const dark = ["black", "blue", "green", "red", "pink", "locomotive"].includes(kind);
  const bg = kind === "locomotive"
    ? "linear-gradient(90deg,#d62828,#f08a24,#f2c230,#2f9e44,#2563eb,#b648c9)" : CARD_FLAT[kind];
  return h("span", {class: "ttr-card", "data-kind": kind, title: ctx.explain ? ctx.explain("colors", kind) : null, ...attrs,
    style: `display:inline-block;min-width:64px;padding:6px 8px;margin:2px;border-radius:6px;` +
      `border:1px solid #333;background:${bg};color:${dark ? "#fff" : "#111"};` +
      `text-align:center;font-size:13px;${attrs.onclick ? "cursor:pointer;box-shadow:0 0 0 2px #111;" : ""}`},
    colorName(ctx, kind) + (count !== undefined && count !== null ? ` ×${count}` : ""));
}

function ticketLine(ctx, obs, t, mark) {
  return h("li", {"data-ticket": t.id, title: ctx.explain ? ctx.explain("terms", "ticket") : null},
    mark === true ? "✔ " : mark === false ? "✘ " : "",
    `${cityName(ctx, obs, t.a)} – ${cityName(ctx, obs, t.b)} (${t.points})`);
}

function payChips(ctx, route, pay) {
  // the cards of one payment: colour cards, then locomotives
  const locos = pay.locomotives;
  const cards = pay.color === null ? 0 : route.length - locos;
  const chip = (kind, n) => h("span", {"data-kind": kind,
    style: `display:inline-block;padding:1px 6px;margin:0 2px;border-radius:4px;border:1px solid #333;` +
      `background:${kind === "locomotive" ? "linear-gradient(90deg,#d62828,#f2c230,#2563eb)" : CARD_FLAT[kind]};` +
      `color:${["yellow", "white", "orange"].includes(kind) ? "#111" : "#fff"}`},
    `${colorName(ctx, kind)} ×${n}`);
  return [cards ? chip(pay.color, cards) : null, locos ? chip("locomotive", locos) : null];
}

function paymentPanel(root, ctx, obs, idx) {
  // a claim waiting for its payment: the choices are this seat's legal payments
  if (obs.pending_route === null || obs.pending_route === undefined) return null;
  const r = obs.map.routes[obs.pending_route];
  const title = `${cityName(ctx, obs, r.a)} – ${cityName(ctx, obs, r.b)} (${r.length}, ${colorName(ctx, r.color)})`;
  if (!idx.pays.length) {  // someone else is choosing: say which route
    return h("div", {class: "ttr-payment", style: "margin:6px 0;padding:6px;border:1px dashed #999;border-radius:6px"},
      `${seatName(ctx, obs.current_player)} — ${tr(ctx, "ui", "pending", "claiming")}: ${title}`);
  }
  return h("div", {class: "ttr-payment", style: "margin:6px 0;padding:6px;border:1px solid #999;border-radius:6px"},
    h("b", {}, `${title}: ${tr(ctx, "ui", "choose_payment", "choose how to pay")}`),
    h("div", {}, idx.pays.map((c) =>
      h("button", {type: "button", class: "ttr-pay", "data-id": c.id, title: c.label,
        style: "margin:2px;padding:4px", onclick: () => ctx.act(c.id)}, payChips(ctx, r, c.action)))),
    idx.cancel ? h("button", {type: "button", class: "ttr-back", title: idx.cancel.label,
      onclick: () => ctx.act(idx.cancel.id)}, `← ${tr(ctx, "ui", "back", "Back")}`) : null);
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
  return h("div", {class: "ttr-offer", style: "margin:6px 0;padding:6px;border:1px solid #999;border-radius:6px"},
    h("b", {}, `${tr(ctx, "ui", "offer", "tickets on offer")} (${tr(ctx, "ui", "keep_min", "keep at least")} ${obs.keep_min})`),
    h("ul", {style: "list-style:none;padding-left:0"}, obs.offer.map((t) => h("li", {},
      h("label", {}, h("input", {type: "checkbox", "data-ticket": t.id, checked: ui.keep.has(t.id),
        onchange: (e) => { if (e.target.checked) ui.keep.add(t.id); else ui.keep.delete(t.id); render(root, ctx); }}),
        ` ${cityName(ctx, obs, t.a)} – ${cityName(ctx, obs, t.b)} (${t.points})`)))),
    h("button", {type: "button", class: "ttr-keep", disabled: !match,
      onclick: () => { if (match) { ui.keep = null; ctx.act(match.id); } }}, match ? match.label : "—"));
}

export function render(root, ctx) {
  const obs = ctx.observation;
  if (!obs || !obs.map) { root.textContent = ""; return; }
  const idx = legalIndex(ctx);
  const u = (k, f) => tr(ctx, "ui", k, f);
  const side = h("div", {class: "ttr-side", style: "flex:1 1 280px;min-width:260px;font-size:14px"});

  // players
  side.append(h("table", {class: "ttr-players", style: "border-collapse:collapse;width:100%"},
    h("tr", {}, h("th", {}, ""), h("th", {}, u("score", "score")), h("th", {}, u("trains", "trains")),
      h("th", {}, u("cards", "cards")), h("th", {}, u("tickets", "tickets"))),
    obs.scores.map((sc, p) => h("tr", {"data-seat": p,
      style: `${obs.current_player === p ? "font-weight:bold;background:#fff6cc;" : ""}`},
      h("td", {}, h("span", {style: `display:inline-block;width:10px;height:10px;margin-right:4px;background:${SEAT[p]}`}),
        seatName(ctx, p) + (p === obs.seat ? ` (${u("you", "you")})` : "")),
      h("td", {}, obs.result ? `${obs.result.scores[p]}` : `${sc}`), h("td", {}, `${obs.trains[p]}`),
      h("td", {}, `${obs.hand_counts[p]}`), h("td", {}, `${obs.ticket_counts[p]}`)))));
  if (obs.last_round && !obs.final) {
    side.append(h("p", {style: "color:#b91c1c;font-weight:bold"}, `${u("last_round", "last round")}: ${u("turns_left", "turns left")} ${obs.turns_left}`));
  }

  // face-up row, deck, discard, ticket pile
  side.append(h("h4", {style: "margin:8px 0 2px"}, u("face_up", "face-up row")));
  side.append(h("div", {class: "ttr-faceup"}, obs.face_up.map((k, i) => {
    const c = idx.faceUp.get(i);
    if (k === null) return h("span", {class: "ttr-card", style: "display:inline-block;min-width:64px;padding:6px 8px;margin:2px;border:1px dashed #999;border-radius:6px;text-align:center"}, u("empty", "empty"));
    return cardChip(ctx, k, null, c ? {"data-slot": i, onclick: () => ctx.act(c.id)} : {"data-slot": i});
  })));
  side.append(h("div", {style: "margin:4px 0"},
    h("button", {type: "button", class: "ttr-deck", disabled: !idx.blind,
      onclick: () => idx.blind && ctx.act(idx.blind.id)}, `${u("deck", "deck")}: ${obs.deck}`),
    ` ${u("discard", "discard")}: ${obs.discard} `,
    h("button", {type: "button", class: "ttr-ticket-pile", disabled: !idx.tickets, title: ctx.explain ? ctx.explain("terms", "ticket_pile") : null,
      onclick: () => idx.tickets && ctx.act(idx.tickets.id)}, `${u("ticket_pile", "ticket pile")}: ${obs.ticket_pile}`),
    idx.pass ? h("button", {type: "button", class: "ttr-pass", onclick: () => ctx.act(idx.pass.id)}, idx.pass.label) : null));

  const pay = paymentPanel(root, ctx, obs, idx);
  if (pay) side.append(pay);
  const offer = offerPanel(root, ctx, obs, idx);
  if (offer) side.append(offer);

  // own hand and tickets
  if (obs.hand) {
    side.append(h("h4", {style: "margin:8px 0 2px"}, u("hand", "hand")));
    const kinds = KINDS.filter((k) => obs.hand[k]);
    side.append(h("div", {class: "ttr-hand"}, kinds.length ? kinds.map((k) => cardChip(ctx, k, obs.hand[k])) : u("empty", "empty")));
    side.append(h("h4", {style: "margin:8px 0 2px"}, u("tickets", "tickets")));
    side.append(h("ul", {class: "ttr-tickets", style: "padding-left:16px;margin:0"},
      obs.tickets.map((t) => ticketLine(ctx, obs, t, t.completed ? true : null))));
  }
  // what others are known to hold
  obs.known_cards.forEach((kn, p) => {
    if (p === obs.seat || !Object.keys(kn).length) return;
    side.append(h("div", {style: "font-size:12px;color:#555"}, `${seatName(ctx, p)} — ${u("known", "known")}: `,
      Object.entries(kn).map(([k, n]) => `${colorName(ctx, k)} ×${n}`).join(", ")));
  });

  // final screen: revealed tickets and the longest path
  if (obs.final) {
    const fin = obs.final, res = obs.result;
    side.append(h("h4", {style: "margin:8px 0 2px"}, `${u("winners", "winners")}: ${res.winners.map((p) => seatName(ctx, p)).join(", ")}`));
    fin.tickets.forEach((ts, p) => {
      const d = res.details[p];
      side.append(h("div", {class: "ttr-final", "data-seat": p},
        h("b", {style: `color:${SEAT[p]}`}, `${seatName(ctx, p)}: ${res.scores[p]}`),
        ` — ${u("longest_path", "longest path")} ${d.longest_path}${d.longest_path_bonus ? " ★" : ""}`,
        h("ul", {style: "padding-left:16px;margin:0"}, ts.map((t) => ticketLine(ctx, obs, t, t.completed)))));
    });
  }

  const map = drawMap(root, ctx, obs, idx);
  root.replaceChildren(h("div", {class: "ttr", style: "display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start"},
    h("div", {style: "flex:3 1 600px;min-width:480px"}, map), side));
}
