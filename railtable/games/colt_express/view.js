// Colt Express in the browser: the round card, the train as SVG, the hand, the pile and the
// bandits. render(root, ctx) is called on every update (see docs/developing.md, "Browser
// view"). Everything drawn comes from ctx.observation; what can be clicked comes from
// ctx.legal, matched by the JSON form of each action (docs/games/colt_express.md). Every
// bandit, card, turn, event and piece explains itself in a tooltip: ctx.explain(kind, id),
// the "explain" section of i18n.json (docs/i18n.md).

import {html as h, svg as s} from "/static/dom.js";
import {recentEvents} from "/static/board.js";

const SVG = "http://www.w3.org/2000/svg";
const COLORS = {belle: "#c2185b", cheyenne: "#2e7d32", django: "#37474f", doc: "#1565c0",
  ghost: "#8d8d8d", tuco: "#d84315"};
const CAR_W = 150, GAP = 14, X0 = 16, ROOF_Y = 28, ROOF_H = 62, BODY_Y = 96, BODY_H = 112;

const STYLE = `
.colt { font-size: 14px; color: #2b2118; }
.colt .bar { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; margin-bottom: .4rem; }
.colt .round { font-weight: 700; }
.colt .turns { display: inline-flex; gap: 3px; }
.colt .turns span { border: 1px solid #b9a68d; border-radius: 3px; padding: 0 .35rem; font-size: 12px; background: #fbf6ee; }
.colt .turns span.now { background: #9c3d1f; color: #fff; border-color: #9c3d1f; }
.colt .turns span.done { opacity: .45; }
.colt .event { font-style: italic; color: #6b4c2f; flex-basis: 100%; }
.colt .phase { background: #fff2c9; border-radius: 4px; padding: .1rem .5rem; font-weight: 600; }
.colt svg.train { width: 100%; height: auto; display: block; background: linear-gradient(#cfe3ef, #eef3e6 70%, #d8c9a7 70%); border-radius: 6px; }
.colt .can { cursor: pointer; }
.colt svg .can:hover { filter: brightness(1.2) drop-shadow(0 0 3px #ffb300); }
.colt svg rect.zone.can { fill: rgba(255, 193, 7, .28); stroke: #ffb300; stroke-width: 2; stroke-dasharray: 5 3; }
.colt svg .bandit.can circle, .colt svg .loot.can { stroke: #ffb300; stroke-width: 3; }
.colt h4 { margin: .6rem 0 .3rem; font-size: 13px; color: #7a6a5a; font-weight: 600; }
.colt .cards { display: flex; flex-wrap: wrap; gap: 5px; align-items: flex-end; }
.colt .card { width: 76px; height: 88px; overflow-wrap: anywhere; hyphens: auto; border-radius: 6px; border: 2px solid #7a6a5a; background: #fffdf8; display: flex; flex-direction: column; justify-content: space-between; padding: 3px; font-size: 11px; line-height: 1.1; text-align: center; box-shadow: 0 1px 2px rgba(0,0,0,.2); }
.colt .card .k { font-weight: 700; font-size: 11px; margin-top: 18px; letter-spacing: -.2px; }
.colt .card .who { font-size: 10px; color: #555; }
.colt .card.back { background: repeating-linear-gradient(45deg, #5d3a1a, #5d3a1a 6px, #7b4f27 6px, #7b4f27 12px); border-color: #3b2a1e; color: #f6e9d6; }
.colt .card.back .who { color: #f6e9d6; background: rgba(0,0,0,.45); border-radius: 3px; }
.colt .card.bullet { background: #f3ecdf; border-style: dashed; }
.colt .card.resolved { opacity: .4; }
.colt .card.resolving { outline: 3px solid #ffb300; }
.colt .card.mine-down { background: repeating-linear-gradient(45deg, #fffdf8, #fffdf8 6px, #eadcc6 6px, #eadcc6 12px); }
.colt .card.can { box-shadow: 0 0 0 3px #ffb300; }
.colt .card.can:hover { transform: translateY(-4px); }
.colt .deck { background: repeating-linear-gradient(45deg, #5d3a1a, #5d3a1a 6px, #7b4f27 6px, #7b4f27 12px); color: #fff; font-weight: 700; justify-content: center; }
.colt .bandits { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 6px; }
.colt .bcard { border: 1px solid #d9cbb6; border-left: 6px solid var(--c); border-radius: 6px; padding: .3rem .5rem; background: #fffdf8; }
.colt .bcard.acting { box-shadow: 0 0 0 2px #9c3d1f; }
.colt .bcard .name { font-weight: 700; }
.colt .bcard .ability { font-size: 12px; color: #4a3b2c; margin: .1rem 0 .2rem; }
.colt .bcard .loot span { display: inline-block; margin-right: .35rem; }
.colt .pill.jewel { color: #01579b; } .colt .pill.box { color: #37474f; }
.colt .pill { display: inline-block; border-radius: 9px; padding: 0 .4rem; background: #efe4d3; font-size: 12px; margin: 1px; }
.colt .pill.can { background: #ffe08a; box-shadow: 0 0 0 2px #ffb300; }
.colt .draft { display: flex; gap: 6px; flex-wrap: wrap; }
.colt .draft button { border-left: 6px solid var(--c); }
`;


// The catalogue's explanation of a thing drawn ("" when it has none, or in a harness
// that gives no ctx.explain).
function explain(ctx, kind, id) {
  return ctx.explain ? ctx.explain(kind, id) : "";
}

// A bandit's ability as the catalogue explains it; none in the basic game, which plays
// without abilities (the option `basic`).
function ability(ctx, bandit) {
  return ctx.observation && ctx.observation.basic ? "" : explain(ctx, "bandits", bandit);
}

// "Name: explanation", the tooltip of something that explains itself.
function named(name, text) {
  return text ? `${name}: ${text}` : name;
}

// The tooltip of a node: an SVG <title> (the first one is the one shown) or a title attribute.
function tipOf(node) {
  if (node.namespaceURI !== SVG) return node.title || "";
  const t = node.querySelector(":scope > title");
  return t ? t.textContent : "";
}

function setTip(node, text) {
  if (node.namespaceURI !== SVG) { node.title = text; return node; }
  const old = node.querySelector(":scope > title");
  if (old) old.textContent = text; else node.prepend(s("title", {}, text));
  return node;
}

// Make `node` act on the one legal entry whose action satisfies `pred`; its tooltip says
// what the click does, then what the thing is.
function bind(node, ctx, pred) {
  const hits = ctx.legal.filter((c) => pred(c.action));
  if (hits.length !== 1) return false;
  const c = hits[0];
  node.classList.add("can");
  node.setAttribute("data-legal-id", c.id);
  node.addEventListener("click", (e) => { e.stopPropagation(); ctx.act(c.id); });
  const tip = tipOf(node);
  setTip(node, tip ? `${c.label}\n${tip}` : c.label);
  return true;
}

function tr(ctx, group, key) {
  const g = ctx.i18n && ctx.i18n[group];
  return (g && g[key]) || key;
}

function word(ctx, key) {
  return tr(ctx, "words", key);
}

function carName(ctx, car) {
  return car === 0 ? word(ctx, "locomotive") : `${word(ctx, "car")} ${car}`;
}

function banditName(ctx, b) { return tr(ctx, "bandits", b); }

function ownerName(ctx, seat) {
  const p = ctx.players && ctx.players[seat];
  return p ? p.name : `#${seat + 1}`;
}

function cardText(ctx, card) {
  if (!card) return "";
  return tr(ctx, "cards", card.kind);
}

// -- the train ---------------------------------------------------------------------------

function lootTip(ctx, kind, value) {
  const name = tr(ctx, "loot", kind);
  return named(value === undefined ? name : `${name} ($${value ?? "?"})`, explain(ctx, "loot", kind));
}

function purseIcon(ctx, x, y, purse, pred) {
  const g = s("g", {class: "loot purse", transform: `translate(${x},${y})`, "data-purse": purse.id});
  g.append(s("path", {d: "M-11,-3 Q-12,11 0,11 Q12,11 11,-3 Q5,-10 0,-8 Q-5,-10 -11,-3 Z", fill: "#a1887f", stroke: "#5d4037", "stroke-width": 1.2}));
  g.append(s("text", {x: 0, y: 7, "text-anchor": "middle", "font-size": 11, fill: "#fff", "font-weight": 700},
    purse.value === null || purse.value === undefined ? "?" : purse.value));
  setTip(g, lootTip(ctx, "purse", purse.value));
  if (pred) bind(g, ctx, pred);
  return g;
}

function jewelIcon(ctx, x, y, pred) {
  const g = s("g", {class: "loot jewel", transform: `translate(${x},${y})`});
  g.append(s("polygon", {points: "0,-9 8,-2 0,10 -8,-2", fill: "#4fc3f7", stroke: "#01579b", "stroke-width": 1.2}));
  setTip(g, lootTip(ctx, "jewel"));
  if (pred) bind(g, ctx, pred);
  return g;
}

function boxIcon(ctx, x, y, pred) {
  const g = s("g", {class: "loot strongbox", transform: `translate(${x},${y})`});
  g.append(s("rect", {x: -10, y: -8, width: 20, height: 16, rx: 2, fill: "#90a4ae", stroke: "#37474f", "stroke-width": 1.2}));
  g.append(s("rect", {x: -2, y: -3, width: 4, height: 6, fill: "#37474f"}));
  setTip(g, lootTip(ctx, "strongbox"));
  if (pred) bind(g, ctx, pred);
  return g;
}

function lootPred(o, kind, purseId) {
  const loc = o.phase === "robbery" || o.phase === "punch_loot" || o.phase === "pickpocketing";
  if (!loc) return null;
  return (a) => a.type === "loot" && a.kind === kind && (kind !== "purse" || a.purse === purseId);
}

function drawLoot(ctx, o, parent, spot, x, y) {
  let dx = 0;
  const onFloor = o.phase === "robbery" || o.phase === "pickpocketing";
  const keep = o.phase === "punch_keep" && o.pending ? o.pending.purse : null;
  for (const p of spot.purses) {
    const pred = onFloor ? lootPred(o, "purse", p.id) : (keep === p.id ? (a) => a.type === "keep_purse" : null);
    parent.append(purseIcon(ctx, x + dx, y, p, pred));
    dx += 26;
  }
  for (let i = 0; i < spot.jewels; i++) { parent.append(jewelIcon(ctx, x + dx, y, onFloor && i === 0 ? lootPred(o, "jewel") : null)); dx += 19; }
  for (let i = 0; i < spot.strongboxes; i++) { parent.append(boxIcon(ctx, x + dx, y, onFloor && i === 0 ? lootPred(o, "strongbox") : null)); dx += 24; }
}

function zonePred(o) {
  if (o.phase === "move") return (car) => (a) => a.type === "move" && a.to === car;
  if (o.phase === "punch_direction") return (car) => (a) => a.type === "punch_to" && a.to === car;
  if (o.phase === "marshal") return (car) => (a) => a.type === "marshal" && a.to === car;
  return null;
}

// A move keeps its floor: light up only the floor of the bandit who goes (the Marshal
// always walks inside). null: both floors.
function moverFloor(o) {
  if (o.phase === "marshal") return "inside";
  const who = o.pending && (o.phase === "punch_direction" ? o.pending.target : o.pending.bandit);
  const b = who && o.bandits.find((x) => x.bandit === who);
  if (!b || b.car === null || b.car === undefined) return null;
  return b.roof ? "roof" : "inside";
}

// "Belle (Anna): her ability" — the tooltip of a bandit wherever it is drawn.
function banditTip(ctx, b) {
  return named(`${banditName(ctx, b.bandit)} (${ownerName(ctx, b.seat)})`, ability(ctx, b.bandit));
}

function drawBandit(ctx, o, b, x, y, label, moved) {
  const color = COLORS[b.bandit] || "#555";
  const g = s("g", {class: "bandit" + (moved ? " last-move" : ""), "data-bandit": b.bandit, transform: `translate(${x},${y})`});
  setTip(g, banditTip(ctx, b));
  // the last move: the bandits the other players' actions since this seat's own moved,
  // shot or punched (board.js, recentEvents)
  if (moved) g.append(s("circle", {r: 22, class: "last-move-halo", "stroke-width": 6}));
  const acting = o.pending && o.pending.bandit === b.bandit;
  if (acting) g.append(s("circle", {r: 19, fill: "none", stroke: "#ffb300", "stroke-width": 3, "stroke-dasharray": "4 2"}));
  g.append(s("circle", {r: 15, fill: color, stroke: b.seat === ctx.seat ? "#fff" : "#222", "stroke-width": b.seat === ctx.seat ? 3 : 1.5}));
  g.append(s("text", {x: 0, y: 5, "text-anchor": "middle", "font-size": 14, "font-weight": 700, fill: "#fff"},
    banditName(ctx, b.bandit).slice(0, 2)));
  if (label) g.append(s("text", {x: 0, y: 30, "text-anchor": "middle", "font-size": 13, fill: "#222"}, banditName(ctx, b.bandit)));
  bind(g, ctx, (a) => (a.type === "fire" || a.type === "punch") && a.target === b.bandit);
  return g;
}

function drawTrain(ctx, o) {
  const cars = o.train.cars;
  const width = X0 * 2 + cars * CAR_W + (cars - 1) * GAP;
  const svg = s("svg", {class: "train", viewBox: `0 0 ${width} 250`, role: "img", "aria-label": word(ctx, "train")});
  const zp = zonePred(o);
  const zoneFloor = moverFloor(o);
  for (let car = 0; car < cars; car++) {
    const x = X0 + car * (CAR_W + GAP);
    const g = s("g", {class: "car", "data-car": car});
    // roof and body
    if (car === 0) {
      g.append(s("rect", {x: x + 8, y: BODY_Y - 4, width: CAR_W - 50, height: BODY_H + 4, rx: 10, fill: "#37474f"}));
      g.append(s("rect", {x: x + CAR_W - 52, y: BODY_Y - 18, width: 50, height: BODY_H + 18, rx: 4, fill: "#263238"}));
      g.append(s("rect", {x: x + 22, y: BODY_Y - 30, width: 16, height: 28, fill: "#263238"}));
      g.append(s("polygon", {points: `${x},${BODY_Y + BODY_H} ${x + 14},${BODY_Y + 60} ${x + 14},${BODY_Y + BODY_H}`, fill: "#8d6e63"}));
    } else {
      g.append(s("rect", {x, y: BODY_Y, width: CAR_W, height: BODY_H, rx: 6, fill: "#8d5a3b", stroke: "#4e342e", "stroke-width": 2}));
      g.append(s("rect", {x: x - 3, y: BODY_Y - 8, width: CAR_W + 6, height: 9, rx: 3, fill: "#5d4037"}));
      for (let wnd = 0; wnd < 3; wnd++) {
        g.append(s("rect", {x: x + 14 + wnd * 44, y: BODY_Y + 12, width: 30, height: 26, rx: 3, fill: "#ffe0a3", opacity: .7}));
      }
    }
    for (const wx of [x + 28, x + CAR_W - 28]) {
      g.append(s("circle", {cx: wx, cy: BODY_Y + BODY_H + 14, r: 13, fill: "#212121"}));
      g.append(s("circle", {cx: wx, cy: BODY_Y + BODY_H + 14, r: 4, fill: "#9e9e9e"}));
    }
    if (car < cars - 1) g.append(s("rect", {x: x + CAR_W, y: BODY_Y + BODY_H - 12, width: GAP, height: 5, fill: "#424242"}));
    g.append(s("text", {x: x + CAR_W / 2, y: BODY_Y + BODY_H - 5, "text-anchor": "middle", "font-size": 13, fill: "#fff"}, carName(ctx, car)));
    // clickable zones (a move keeps the floor: either zone of a car means the car)
    for (const [zy, zh, floor] of [[ROOF_Y, ROOF_H, "roof"], [BODY_Y + 40, BODY_H - 58, "inside"]]) {
      const zone = s("rect", {class: "zone", x: x + 2, y: zy, width: CAR_W - 4, height: zh, rx: 6, fill: "transparent",
        "data-car": car, "data-floor": floor});
      if (zp && (zoneFloor === null || zoneFloor === floor)) bind(zone, ctx, zp(car));
      g.append(zone);
    }
    svg.append(g);
  }
  // the Marshal
  if (o.marshal !== null && o.marshal !== undefined) {
    const x = X0 + o.marshal * (CAR_W + GAP) + CAR_W - 24;
    const m = s("g", {class: "marshal", transform: `translate(${x},${BODY_Y + 58})`});
    setTip(m, named(word(ctx, "marshal"), explain(ctx, "pieces", "marshal")));
    m.append(s("polygon", {points: "0,-15 4,-5 15,-5 6,2 9,13 0,6 -9,13 -6,2 -15,-5 -4,-5", fill: "#fdd835", stroke: "#6d4c00", "stroke-width": 1.5}));
    m.append(s("text", {x: 0, y: 28, "text-anchor": "middle", "font-size": 13, fill: "#fff"}, word(ctx, "marshal")));
    svg.append(m);
  }
  // bandits, grouped by place; those the last move concerned are lit
  const moved = new Set(recentEvents(ctx).flatMap((e) => [e.bandit, e.target]).filter(Boolean));
  const places = {};
  for (const b of o.bandits) {
    if (b.car === null || b.car === undefined) continue;
    const key = `${b.car}:${b.roof}`;
    (places[key] = places[key] || []).push(b);
  }
  for (const [key, list] of Object.entries(places)) {
    const [car, roof] = [parseInt(key, 10), key.endsWith("true")];
    const x0 = X0 + car * (CAR_W + GAP) + 22;
    const step = Math.min(36, (CAR_W - 40) / Math.max(1, list.length - 1));
    list.forEach((b, i) => svg.append(drawBandit(ctx, o, b, x0 + i * step, roof ? ROOF_Y + 16 : BODY_Y + 46, list.length === 1,
                                                 moved.has(b.bandit))));
  }
  // loot lying in the train, drawn last so that it stays clickable
  for (const spot of o.loot) {
    const x = X0 + spot.car * (CAR_W + GAP) + 16;
    drawLoot(ctx, o, svg, spot, x, spot.roof ? ROOF_Y + ROOF_H - 10 : BODY_Y + BODY_H - 26);
  }
  return svg;
}

// -- cards -------------------------------------------------------------------------------

// A card's tooltip: what it does (a bullet: whose it is).
function cardTip(ctx, card, who) {
  return named(who ? `${cardText(ctx, card)} (${who})` : cardText(ctx, card), explain(ctx, "cards", card.kind));
}

function cardNode(ctx, card, extra = "") {
  if (!card) return h("div", {class: `card back ${extra}`, title: word(ctx, "face_down")}, h("span", {class: "k"}, ""), "");
  const cls = card.kind === "bullet" ? "bullet" : "";
  const who = card.kind === "bullet" ? (card.from ? banditName(ctx, card.from) : word(ctx, "neutral_card"))
    : (card.bandit ? banditName(ctx, card.bandit) : "");
  const color = card.kind === "bullet" ? COLORS[card.from] || "#7a6a5a" : COLORS[card.bandit] || "#7a6a5a";
  return h("div", {class: `card ${cls} ${extra}`, "data-kind": card.kind, style: {borderColor: color},
    title: cardTip(ctx, card, who)},
  h("span", {class: "k"}, cardText(ctx, card)), h("span", {class: "who"}, who));
}

function drawPile(ctx, o) {
  const wrap = h("div", {class: "pile"});
  wrap.append(h("h4", {}, `${word(ctx, "pile")} (${o.pile.length})`));
  const row = h("div", {class: "cards"});
  o.pile.forEach((p, i) => {
    const extra = [p.resolved ? "resolved" : "", o.resolving === i ? "resolving" : "",
      p.card && p.face_down ? "mine-down" : ""].join(" ");
    const node = cardNode(ctx, p.card, extra);
    node.append(h("span", {class: "who"}, ownerName(ctx, p.seat)));
    node.setAttribute("data-pile", i);
    row.append(node);
  });
  wrap.append(row);
  return wrap;
}

function drawHand(ctx, o) {
  if (ctx.seat === null || ctx.seat === undefined || !o.hand) return null;
  const me = o.players[ctx.seat] || {};
  const wrap = h("div", {class: "hand"});
  wrap.append(h("h4", {}, `${word(ctx, "hand")} · ${word(ctx, "deck")}: ${me.deck ?? "?"}` +
    (o.expert ? ` · ${word(ctx, "discard")}: ${me.discard ?? 0}` : "")));
  const row = h("div", {class: "cards", id: "colt-hand"});
  const used = new Set();
  for (const card of o.hand) {
    const node = cardNode(ctx, card);
    // a hand card plays itself when exactly one legal action plays (or takes, or discards) it
    const key = `${card.kind}:${card.bandit || ""}`;
    if (!used.has(key)) {
      const ok = bind(node, ctx, (a) => (a.type === "play" || a.type === "discard" || a.type === "choose_card") &&
        a.card === card.kind && !a.face_down && (!card.bandit || !a.bandit || a.bandit === card.bandit));
      if (ok) used.add(key);
    }
    row.append(node);
  }
  // two bandits each: the card taken from the deck before the draw, picked from the deck
  const picks = ctx.legal.filter((c) => c.action.type === "choose_card");
  if (picks.length) {
    const pickRow = h("div", {class: "cards", id: "colt-choose"});
    for (const c of picks) {
      const node = cardNode(ctx, {kind: c.action.card, bandit: c.action.bandit});
      node.classList.add("can");
      node.setAttribute("data-legal-id", c.id);
      node.title = `${c.label}\n${node.title}`;
      node.addEventListener("click", () => ctx.act(c.id));
      pickRow.append(node);
    }
    wrap.append(h("h4", {}, tr(ctx, "phases", "choose_card")), pickRow);
  }
  const deck = h("div", {class: "card deck", id: "colt-deck", title: word(ctx, "deck")}, h("span", {}, `${me.deck ?? 0}`));
  bind(deck, ctx, (a) => a.type === "draw");
  row.append(deck);
  wrap.append(row);
  return wrap;
}

function drawBandits(ctx, o) {
  const grid = h("div", {class: "bandits"});
  for (const b of o.bandits) {
    const pl = o.players[b.seat] || {};
    const node = h("div", {class: `bcard ${o.current_player === b.seat ? "acting" : ""}`, "data-bandit": b.bandit,
      style: {"--c": COLORS[b.bandit] || "#555"}, title: banditTip(ctx, b)});
    node.append(h("div", {class: "name"}, `${banditName(ctx, b.bandit)} — ${ownerName(ctx, b.seat)}`));
    const about = ability(ctx, b.bandit);
    if (about) node.append(h("div", {class: "ability"}, about));
    const loot = h("div", {class: "loot"});
    const punchLoot = o.phase === "punch_loot" || o.phase === "pickpocketing";
    for (const p of b.purses) {
      const pill = h("span", {class: "pill", "data-purse": p.id, title: lootTip(ctx, "purse", p.value)},
        `$${p.value === null || p.value === undefined ? "?" : p.value}`);
      if (punchLoot) bind(pill, ctx, (a) => a.type === "loot" && a.kind === "purse" && a.purse === p.id);
      if (o.phase === "punch_keep" && o.pending && o.pending.purse === p.id) bind(pill, ctx, (a) => a.type === "keep_purse");
      loot.append(pill);
    }
    if (b.jewels) {
      const pill = h("span", {class: "pill jewel", title: lootTip(ctx, "jewel")}, `◆ ×${b.jewels}`);
      if (punchLoot && o.pending && o.pending.target === b.bandit) bind(pill, ctx, (a) => a.type === "loot" && a.kind === "jewel");
      loot.append(pill);
    }
    if (b.strongboxes) {
      const pill = h("span", {class: "pill box", title: lootTip(ctx, "strongbox")}, `▣ ×${b.strongboxes}`);
      if (punchLoot && o.pending && o.pending.target === b.bandit) bind(pill, ctx, (a) => a.type === "loot" && a.kind === "strongbox");
      loot.append(pill);
    }
    if (b.ransom) loot.append(h("span", {class: "pill", title: named(tr(ctx, "events", "hostage_taking"), explain(ctx, "events", "hostage_taking"))}, `+$${b.ransom}`));
    if (b.loot_value !== null && b.loot_value !== undefined) loot.append(h("span", {class: "pill"}, `= $${b.loot_value}`));
    node.append(loot);
    const place = b.car === null || b.car === undefined ? "—"
      : `${carName(ctx, b.car)}, ${b.roof ? word(ctx, "roof") : word(ctx, "inside")}`;
    node.append(h("div", {class: "muted"}, place));
    node.append(h("div", {class: "muted"},
      `${word(ctx, "hand")}: ${pl.hand ?? 0} · ${word(ctx, "deck")}: ${pl.deck ?? 0} · ` +
      `${word(ctx, "bullets")}: ${b.bullets_left}/6 · ${word(ctx, "wounds")}: ${pl.bullets_received ?? 0}`));
    grid.append(node);
  }
  return grid;
}

// The round: its number, the current round card's turns (the one being played lit), its
// event, the phase, the first player and the neutral bullets left; each explains itself.
function drawBar(ctx, o) {
  const bar = h("div", {class: "bar", id: "colt-bar"});
  const rc = o.round_cards && o.round_cards.length ? o.round_cards[o.round_cards.length - 1] : null;
  if (o.round) {
    bar.append(h("span", {class: "round", title: `${word(ctx, "round_cards_left")}: ${o.round_cards_face_down}`},
      `${word(ctx, "round")} ${o.round}/${o.rounds}`));
  }
  if (rc) {
    const turns = h("span", {class: "turns", id: "colt-turns"});
    rc.turns.forEach((k, i) => {
      const now = o.turn === i && (o.phase === "schemin" || o.phase === "chain");
      turns.append(h("span", {class: now ? "now" : (o.turn !== null && i < o.turn) ? "done" : "", "data-turn": k,
        title: named(tr(ctx, "turns", k), explain(ctx, "turns", k))}, tr(ctx, "turns", k)));
    });
    bar.append(turns);
    if (rc.event) {
      bar.append(h("span", {class: "event", id: "colt-event", "data-event": rc.event,
        title: explain(ctx, "events", rc.event)}, `${tr(ctx, "events", rc.event)}: ${explain(ctx, "events", rc.event)}`));
    }
  }
  if (o.phase) bar.append(h("span", {class: "phase", id: "colt-phase"}, tr(ctx, "phases", o.phase)));
  if (o.first_player !== null && o.first_player !== undefined) {
    bar.append(h("span", {class: "muted", title: explain(ctx, "pieces", "first_player")},
      `${word(ctx, "first")}: ${ownerName(ctx, o.first_player)}`));
  }
  bar.append(h("span", {class: "muted", title: explain(ctx, "pieces", "neutral_bullets")},
    `${word(ctx, "neutral")}: ${o.neutral_bullets}`));
  return bar;
}

function drawDraft(ctx, o) {
  const choices = ctx.legal.filter((c) => ["choose_bandit", "choose_team", "hide"].includes(c.action.type));
  if (!choices.length) return null;
  const wrap = h("div", {class: "draft"});
  for (const c of choices) {
    const b = c.action.bandit;
    const team = c.action.type === "choose_team" && o.teams ? (o.teams.find((t) => t.team === c.action.team) || {}).bandits : null;
    const about = (team || (b ? [b] : [])).map((x) => named(banditName(ctx, x), ability(ctx, x))).join("\n");
    const btn = h("button", {type: "button", "data-legal-id": c.id, class: "can", style: {"--c": COLORS[b] || "#7a6a5a"},
      "data-bandit": b || null, title: about || null}, c.label);
    btn.addEventListener("click", () => ctx.act(c.id));
    wrap.append(btn);
  }
  return wrap;
}

export function render(root, ctx) {
  const o = ctx.observation;
  if (!root.querySelector("style[data-colt]")) {
    root.replaceChildren(h("style", {"data-colt": ""}, STYLE), h("div", {class: "colt"}));
  }
  const box = root.querySelector("div.colt");
  const parts = [drawBar(ctx, o), drawDraft(ctx, o)];
  if (o.train) parts.push(drawTrain(ctx, o));
  parts.push(drawHand(ctx, o), drawPile(ctx, o), h("h4", {}, word(ctx, "bandits")), drawBandits(ctx, o));
  box.replaceChildren(...parts.filter(Boolean));
}
