// Steamland (Пароземелье): the browser view, drawn only from the observation and the legal
// actions (the observation carries a catalogue of the cards' printed facts).
//
// The map (SVG, scaled to the window): revealed hexes with their terrain (a colour and a
// pattern), roads (a broken road needs the balloon), the tile's kind as a badge (a city's
// number, ⚙ for the Old Boiler House, market, tavern, a creature attack), creatures as tokens
// with their fighting strength (a Steam Dragon's number beside it), valuables left lying, the
// adventurers as numbered pawns in their seat's colour; the fog hexes next to the map.
// Around the map (HTML): the round, roll and movement points, the dragons' alarm, the
// machine's parts; the fight, an exchange, cards on sale; the common tasks and each
// adventurer's points, money, items, weapons, heads and tasks (the viewer's own tasks with
// what they need and give); the creatures on the map; a legend.
//
// Choices on the board: a hex for a step, an attack, a retreat or a dragon push; one's own
// hex for what its city, market or tavern offers; a creature for a fight; another pawn for a
// duel or an exchange; one's own cards to sell, stake, return or drink; the cards on sale;
// another's items when taking or asking for one; the fight's and the exchange's buttons. An
// element with several choices opens a small menu. What changed since this seat last
// decided is outlined with a dashed violet line (a moved pawn with an arrow from where it
// was).

import {html as h, svg as s} from "/static/dom.js";
import {previousObservation} from "/static/board.js";

const R = 40;                       // a hex's radius in SVG units
const F = 14;                       // the smallest text in SVG units
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const TERRAIN = {stone: "#cbc4b5", lava: "#9a5444", sand: "#ecd59c", swamp: "#93b27c", water: "#86b6e2"};
const KIND = {start: "#f5c542", city: "#ffffff", market: "#7cc27a", tavern: "#c99be0", attack: "#e06c6c"};
const SEAT = ["#1d4ed8", "#b91c1c", "#15803d", "#b45309", "#7e22ce", "#0f766e"];
const LAST = "#7c3aed";
const PICK = "#f59e0b";
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

const STYLE = `
.sl-view{position:relative;font-size:14px}
.sl-bar{display:flex;flex-wrap:wrap;gap:.35rem .8rem;align-items:center;margin:0 0 .4rem}
.sl-chip{display:inline-flex;flex-wrap:wrap;align-items:center;gap:.3rem;padding:.1rem .45rem;border:1px solid #d9cbb6;border-radius:6px;background:#fffaf0}
.sl-chip > *{white-space:nowrap}
.sl-chip.sl-alarm{background:#fde2e2;border-color:#d98b8b}
.sl-pick{cursor:pointer}
.sl-card.sl-pick,.sl-chip.sl-pick,button.sl-pick{border-color:${PICK};box-shadow:0 0 0 2px ${PICK}88;background:#fff3d6}
.sl-card.sl-pick:hover,.sl-chip.sl-pick:hover{background:#ffe7ad}
.sl-last{outline:2px dashed ${LAST};outline-offset:1px}
.sl-mapbox{position:relative}
.sl-mapwrap{overflow:auto;max-width:100%}
.sl-mapwrap{background:#f3efe6;border-radius:6px}
.sl-map{display:block;width:100%;height:auto;margin:0 auto;font-family:${FONT}}
.sl-mapwrap.sl-zoomed .sl-map{width:max(200%,900px);max-width:none !important;max-height:none !important}
.sl-zoom{position:absolute;top:6px;right:6px;opacity:.9;font-size:13px;padding:.15rem .5rem}
.sl-section{margin-top:.5rem}
.sl-section > h4{margin:.2rem 0;font-size:14px;color:#6b5b4b}
.sl-row{display:flex;flex-wrap:wrap;gap:.3rem .4rem;align-items:center;padding:.2rem .3rem;border-radius:6px}
.sl-row.sl-current{background:#eef6ee}
.sl-card{display:inline-flex;flex-direction:column;gap:.05rem;padding:.15rem .45rem;border:1px solid #cdbb9f;border-radius:6px;background:#fffdf8;font-size:13px;max-width:19rem}
.sl-card b{font-size:14px}
.sl-card .sl-need{color:#3b2f25}
.sl-card .sl-reward{color:#6b5b4b}
.sl-card.sl-hidden{background:repeating-linear-gradient(45deg,#e9e2d6,#e9e2d6 4px,#f5f0e7 4px,#f5f0e7 8px)}
.sl-seat{display:inline-flex;align-items:center;justify-content:center;width:1.35em;height:1.35em;border-radius:50%;color:#fff;font-weight:700;font-size:13px;border:1.5px solid #fff;box-shadow:0 0 0 1px #555}
.sl-buttons{display:flex;flex-wrap:wrap;gap:.3rem;margin-top:.3rem}
.sl-box{border:1px solid #d9cbb6;border-radius:8px;padding:.35rem .5rem;background:#fffaf0;margin-bottom:.4rem}
.sl-legend{display:flex;flex-wrap:wrap;gap:.2rem .9rem;color:#6b5b4b;font-size:13px;margin-top:.5rem}
.sl-legend svg{vertical-align:middle}
.sl-menu{position:absolute;z-index:20;background:#fffdf8;border:1px solid #b9a58c;border-radius:8px;box-shadow:0 4px 16px rgba(0,0,0,.25);padding:.3rem;display:flex;flex-direction:column;gap:.25rem;min-width:12rem;max-width:min(22rem,90vw)}
.sl-menu button{text-align:left}
.sl-map .sl-pick .sl-edge{stroke:${PICK};stroke-width:4}
.sl-map .sl-pick:hover .sl-edge{fill-opacity:.75}
.sl-map .sl-ring{fill:none;stroke:${LAST};stroke-width:3;stroke-dasharray:6 4;pointer-events:none}
.sl-map text{pointer-events:none}
`;

function installStyle() {
  if (document.getElementById("sl-style")) return;
  document.head.append(h("style", {id: "sl-style"}, STYLE));
}

// What a thing is, from the game's catalogue (ctx.explain; "" without one): for tooltips.
// The observation numbers tasks and creatures in data order, the order of i18n.json's groups.
function why(ctx, kind, id) {
  if (typeof id === "number") id = Object.keys((ctx.i18n && ctx.i18n[kind]) || {})[id];
  return ctx.explain && id !== undefined ? ctx.explain(kind, id) : "";
}

function tr(ctx, group, key) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key] !== undefined) ? t[key] : key;
}

function ui(ctx, key, fields = {}) {
  return String(tr(ctx, "ui", key)).replace(/\{(\w+)\}/g, (m, k) => (k in fields ? fields[k] : m));
}

// a number with its noun in the right plural form (the forms in "ui", the rule the
// browser's, CLDR's, as Babel's on the server)
function counted(ctx, n, forms) {
  const f = tr(ctx, "ui", forms) || {};
  return f[new Intl.PluralRules(ctx.lang).select(n)] || f.other || "";
}

function find(ctx, want) {
  return (ctx.legal || []).filter((l) =>
    Object.entries(want).every(([k, v]) => l.action && l.action[k] === v));
}

function name(ctx, p) {
  return (ctx.players && ctx.players[p] && ctx.players[p].name) || ui(ctx, "seat", {n: p + 1});
}

function money(n) {
  return `£${n}`;
}

// ---------------------------------------------------------------- the last move
// (compared with board.js's previousObservation)

function changes(obs, before) {
  const out = {cells: new Set(), moved: [], players: new Set(), common: false, fog: false};
  if (!before) return out;
  const was = {};
  for (const t of before.tiles) was[t.cell] = t;
  for (const t of obs.tiles) {
    const b = was[t.cell];
    if (!b || b.creature !== t.creature || b.money !== t.money || b.items.length !== t.items.length) out.cells.add(t.cell);
  }
  obs.players.forEach((p, i) => {
    const b = before.players[i];
    if (!b) return;
    if (b.cell !== p.cell) out.moved.push([i, b.cell, p.cell]);
    const sum = (x) => JSON.stringify([x.cell, x.money, x.points, x.items, x.weapons, x.heads, x.tasks, x.dungeon, x.achievements]);
    if (sum(b) !== sum(p)) out.players.add(i);
  });
  out.common = JSON.stringify(before.common_tasks) !== JSON.stringify(obs.common_tasks);
  return out;
}

// ---------------------------------------------------------------- menus

function closeMenu(root) {
  for (const m of root.querySelectorAll(".sl-menu")) m.remove();
}

function choose(ctx, root, matches, ev) {
  if (matches.length === 1) { ctx.act(matches[0].id); return; }
  closeMenu(root);
  const box = root.getBoundingClientRect();
  const x = Math.max(4, Math.min(ev.clientX - box.left, box.width - 200));
  const y = ev.clientY - box.top + 8;
  root.append(h("div", {class: "sl-menu", role: "menu", style: {left: `${x}px`, top: `${y}px`}},
    matches.map((m) => h("button", {type: "button", role: "menuitem", "data-id": m.id,
                                    onclick: (e) => { e.stopPropagation(); closeMenu(root); ctx.act(m.id); }}, m.label)),
    h("button", {type: "button", onclick: (e) => { e.stopPropagation(); closeMenu(root); }}, "×")));
}

function offer(ctx, root, el, matches, title) {
  if (matches.length) {
    el.classList.add("sl-pick");
    el.setAttribute("data-choices", matches.map((m) => m.id).join(" "));
    el.addEventListener("click", (ev) => { ev.stopPropagation(); choose(ctx, root, matches, ev); });
    // what a click does, after what the thing is (its own title, when it has one)
    title = [title || (el instanceof SVGElement ? null : el.title), ...matches.map((m) => m.label)].filter(Boolean).join("\n");
  }
  if (title) {
    if (el instanceof SVGElement) el.append(s("title", {}, title));
    else el.title = title;
  }
  return el;
}

// ---------------------------------------------------------------- the map

function px(q, r) {
  return [R * Math.sqrt(3) * (q + r / 2), R * 1.5 * r];
}

function hexPoints(x, y, r = R - 1) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function patterns() {
  const p = (id, ...kids) => s("pattern", {id, width: 12, height: 12, patternUnits: "userSpaceOnUse"}, ...kids);
  return s("defs", {},
    p("sl-sand", s("circle", {cx: 3, cy: 3, r: 1.2, fill: "#b89b55"}), s("circle", {cx: 9, cy: 9, r: 1.2, fill: "#b89b55"})),
    p("sl-swamp", s("path", {d: "M2 10 L2 5 M5 10 L5 3 M8 10 L8 6", stroke: "#4f6f3c", "stroke-width": 1.2})),
    p("sl-water", s("path", {d: "M0 6 Q3 3 6 6 T12 6", fill: "none", stroke: "#3f78b5", "stroke-width": 1.3})),
    p("sl-lava", s("path", {d: "M0 3 L4 6 L2 9 L6 12 M8 0 L10 4 L12 5", fill: "none", stroke: "#5a2419", "stroke-width": 1.4})));
}

const PATTERN = {sand: "url(#sl-sand)", swamp: "url(#sl-swamp)", water: "url(#sl-water)", lava: "url(#sl-lava)"};

// "q,r" -> the move actions leading there, from the hex the decision is about
function moveTargets(ctx, cells) {
  const obs = ctx.observation;
  const out = {};
  let base = null;
  if (obs.pending_cell !== null && obs.pending_cell !== undefined) base = obs.pending_cell;
  else if (ctx.seat !== null && ctx.seat !== undefined) base = obs.players[ctx.seat].cell;
  const qr = base === null ? null : cells[base];
  if (!qr) return out;
  for (const l of ctx.legal || []) {
    if (l.action.type !== "move") continue;
    const [dq, dr] = DIRS[l.action.dir];
    (out[`${qr[0] + dq},${qr[1] + dr}`] ||= []).push(l);
  }
  return out;
}

function creatureOf(obs, id) {
  return obs.catalogue.creatures[id];
}

function creatureTitle(ctx, obs, id) {
  const c = creatureOf(obs, id);
  const facts = [ui(ctx, "strength_is", {n: c.fight})];
  if (c.fight !== c.strength) facts.push(ui(ctx, "printed_strength", {n: c.strength}));
  if (c.roll !== "one") facts.push(ui(ctx, `roll_${c.roll}`));
  facts.push(ui(ctx, c.flee ? "can_flee" : "no_flee"));
  if (c.reward_item) facts.push(ui(ctx, "reward_item"));
  facts.push(ui(ctx, "head_value", {v: money(c.value)}));
  const about = why(ctx, "creatures", c.kind);
  return `${tr(ctx, "creatures", c.kind)}: ${facts.join("; ")}` + (about ? `\n${about}` : "");
}

// the token of a creature: its fighting strength in a red disc; a Steam Dragon's is purple
// with a gold ring and its number on a tag beside it
function creatureToken(ctx, obs, id, x, y) {
  const c = creatureOf(obs, id);
  const g = s("g", {class: "sl-creature", "data-creature": id, "data-strength": c.fight});
  if (c.dragon) {
    g.append(s("circle", {cx: x, cy: y, r: 14, fill: "#3b0764", stroke: "#f5c542", "stroke-width": 3}));
    g.append(s("rect", {x: x + 12, y: y - 19, width: 22, height: 17, rx: 4, fill: "#f5c542", stroke: "#3b0764", "stroke-width": 1}));
    g.append(s("text", {x: x + 23, y: y - 5.5, "text-anchor": "middle", "font-size": F, "font-weight": 700, fill: "#3b0764"},
               String(c.dragon)));
  } else {
    g.append(s("circle", {cx: x, cy: y, r: 14, fill: "#7f1d1d", stroke: "#fff", "stroke-width": 2,
                          "stroke-dasharray": c.flee ? null : "3 2"}));
  }
  g.append(s("text", {x, y: y + 5.5, "text-anchor": "middle", "font-size": F + 2, "font-weight": 700, fill: "#fff"},
             String(c.fight)));
  return g;
}

function tileBadge(ctx, t, x, y) {
  const g = s("g", {class: "sl-badge"});
  let text = null, fill = KIND[t.kind];
  if (t.kind === "start") text = "⚙";
  else if (t.kind === "city") text = String(t.city);
  else if (t.kind === "market") text = tr(ctx, "ui", "market_letter");
  else if (t.kind === "tavern") text = tr(ctx, "ui", "tavern_letter");
  else if (t.kind === "attack") text = "⚔";
  if (!text) return null;
  g.append(s("circle", {cx: x, cy: y, r: 12, fill, stroke: "#3b2f25", "stroke-width": 1.5}));
  g.append(s("text", {x, y: y + 5, "text-anchor": "middle", "font-size": F + 1, "font-weight": 700,
                      fill: t.kind === "attack" ? "#fff" : "#1f1a14"}, text));
  return g;
}

function pawn(p, x, y, mine) {
  const g = s("g", {class: "sl-pawn", "data-seat": p});
  g.append(s("circle", {cx: x, cy: y, r: 11, fill: SEAT[p % SEAT.length], stroke: mine ? "#111" : "#fff", "stroke-width": mine ? 3 : 2}));
  g.append(s("text", {x, y: y + 5, "text-anchor": "middle", "font-size": F, "font-weight": 700, fill: "#fff"}, String(p + 1)));
  return g;
}

function drawMap(ctx, root, diff) {
  const obs = ctx.observation;
  const cells = {};
  for (const t of obs.tiles) cells[t.cell] = [t.q, t.r];
  for (const f of obs.fog) cells[f.cell] = [f.q, f.r];
  const targets = moveTargets(ctx, cells);
  const all = Object.values(cells).map(([q, r]) => px(q, r));
  const xs = all.map((p) => p[0]), ys = all.map((p) => p[1]);
  const m = R + 8;
  const x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m;
  const w = Math.max(...xs) + m - x0, hh = Math.max(...ys) + m - y0;
  // never drawn so small that a text falls under 11 CSS pixels (a big map may be taller
  // than the window, and scrolls, rather than illegible), nor so large that the few hexes
  // of the first turns fill the screen
  const least = Math.ceil(hh * 11 / F);
  const svg = s("svg", {class: "sl-map", viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${w.toFixed(1)} ${hh.toFixed(1)}`,
                        role: "img", "aria-label": tr(ctx, "ui", "map"), "font-family": FONT,
                        style: `max-height:max(calc(100vh - 130px), ${least}px);max-width:${Math.round(w * 1.25)}px`});
  svg.append(patterns());
  svg.addEventListener("click", () => closeMenu(root));
  const me = ctx.seat !== null && ctx.seat !== undefined ? ctx.seat : null;
  const myCell = me !== null ? obs.players[me].cell : null;
  const here = me !== null && obs.current_player === me
    ? ["take_task", "open_items", "open_weapons", "steal"].flatMap((type) => find(ctx, {type})) : [];

  for (const f of obs.fog) {
    const [x, y] = px(f.q, f.r);
    const g = s("g", {class: "sl-hex sl-fog", "data-cell": f.cell});
    g.append(s("polygon", {class: "sl-edge", points: hexPoints(x, y), fill: "#e6e1d8", stroke: "#c9c1b3",
                           "stroke-width": 1.5, "stroke-dasharray": "4 4"}));
    g.append(s("text", {x, y: y + 6, "text-anchor": "middle", "font-size": F + 4, fill: "#b5ab9b"}, "?"));
    svg.append(offer(ctx, root, g, targets[`${f.q},${f.r}`] || [], tr(ctx, "ui", "fog")));
  }

  const seats = {};
  obs.players.forEach((p, i) => { (seats[p.cell] ||= []).push(i); });
  const tops = s("g", {});  // rings and arrows above every hex
  for (const t of obs.tiles) {
    const [x, y] = px(t.q, t.r);
    const g = s("g", {class: "sl-hex", "data-cell": t.cell, "data-kind": t.kind, "data-terrain": t.terrain});
    g.append(s("polygon", {class: "sl-edge", points: hexPoints(x, y), fill: TERRAIN[t.terrain], stroke: "#6b5b4b", "stroke-width": 1.5}));
    if (PATTERN[t.terrain]) g.append(s("polygon", {points: hexPoints(x, y, R - 2), fill: PATTERN[t.terrain], opacity: 0.55}));
    for (const d of t.roads) {
      const [dx, dy] = px(DIRS[d][0], DIRS[d][1]);
      const gap = t.gaps.includes(d);
      g.append(s("line", {x1: x, y1: y, x2: x + dx / 2, y2: y + dy / 2, stroke: "#4a3b2f", "stroke-width": 6,
                          "stroke-linecap": "round", "stroke-dasharray": gap ? "5 5" : null}));
      if (gap) g.append(s("line", {x1: x + dx * 0.36, y1: y + dy * 0.36, x2: x + dx / 2, y2: y + dy / 2,
                                   stroke: "#fff", "stroke-width": 2}));
    }
    g.append(s("circle", {cx: x, cy: y, r: 5, fill: "#4a3b2f"}));
    const badge = tileBadge(ctx, t, x, y - 24);
    if (badge) g.append(badge);
    if (t.money || t.items.length) {
      g.append(s("circle", {cx: x + 22, cy: y - 16, r: 10, fill: "#f5c542", stroke: "#7a5b00", "stroke-width": 1.5}));
      g.append(s("text", {x: x + 22, y: y - 11, "text-anchor": "middle", "font-size": F, "font-weight": 700, fill: "#5a4300"}, "£"));
    }
    const facts = [`${tr(ctx, "tiles", t.tile)} — ${tr(ctx, "terrain", t.terrain)}, ${ui(ctx, "cost", {n: obs.catalogue.terrain[t.terrain]})}`];
    if (why(ctx, "tiles", t.tile)) facts.push(why(ctx, "tiles", t.tile));
    if (t.creature !== null) facts.push(creatureTitle(ctx, obs, t.creature));
    if (t.money || t.items.length) facts.push(ui(ctx, "loot", {money: money(t.money), items: t.items.length}));
    const acts = [...(targets[`${t.q},${t.r}`] || []), ...(t.cell === myCell ? here : [])];
    offer(ctx, root, g, acts, facts.join("\n"));
    svg.append(g);

    // what stands on the hex: the creature below the centre, pawns across it
    const who = seats[t.cell] || [];
    if (t.creature !== null) {
      const tok = creatureToken(ctx, obs, t.creature, x, y + 20);
      const fight = t.cell === myCell ? find(ctx, {type: "attack_here"}) : [];
      svg.append(offer(ctx, root, tok, fight, creatureTitle(ctx, obs, t.creature)));
    }
    const spots = t.creature !== null
      ? [[-18, 0], [18, 0], [0, -2], [-24, 20], [24, 20], [0, -24]]
      : [[-18, 0], [18, 0], [0, 18], [-18, 18], [18, 18], [0, -2]];
    who.forEach((p, k) => {
      const [dx, dy] = spots[k % spots.length];
      const pw = pawn(p, x + dx, y + dy, p === me);
      const duel = t.cell === myCell && p !== me
        ? [...find(ctx, {type: "challenge", seat: p}), ...find(ctx, {type: "offer", seat: p})] : [];
      svg.append(offer(ctx, root, pw, duel, name(ctx, p)));
    });
    if (diff.cells.has(t.cell)) tops.append(s("polygon", {class: "sl-ring", points: hexPoints(x, y, R - 5)}));
  }
  for (const [p, from, to] of diff.moved) {
    const a = cells[from], b = cells[to];
    if (!a || !b) continue;
    const [ax, ay] = px(...a), [bx, by] = px(...b);
    tops.append(s("line", {class: "sl-ring", x1: ax, y1: ay, x2: bx, y2: by, "data-moved": p, "marker-end": "url(#sl-arrow)"}));
    tops.append(s("circle", {class: "sl-ring", cx: bx, cy: by, r: R * 0.62}));
  }
  svg.querySelector("defs").append(s("marker", {id: "sl-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5,
                                                markerHeight: 5, orient: "auto-start-reverse"},
                                             s("path", {d: "M0 0 L10 5 L0 10 Z", fill: LAST})));
  svg.append(tops);
  return svg;
}

// ---------------------------------------------------------------- around the map

function chip(attrs, ...kids) {
  return h("span", {class: "sl-chip", ...attrs}, ...kids);
}

function seatDot(p) {
  return h("span", {class: "sl-seat", style: {background: SEAT[p % SEAT.length]}}, String(p + 1));
}

const ALARMS = ["", "alarm_1", "alarm_2", "alarm_3", "alarm_4"];

function statusBar(ctx, obs) {
  const bar = h("div", {class: "sl-bar"});
  if (obs.round !== null && obs.round !== undefined) bar.append(chip({}, h("b", {}, ui(ctx, "round", {n: obs.round}))));
  if (obs.turn !== null && obs.turn !== undefined && obs.result === null) {
    bar.append(chip({"data-part": "turn"}, seatDot(obs.turn), ui(ctx, "turn_of", {name: name(ctx, obs.turn)})));
  }
  bar.append(chip({}, ui(ctx, "level", {level: tr(ctx, "levels", obs.level)})));
  if (obs.roll) bar.append(chip({"data-part": "roll"}, ui(ctx, "roll", {n: obs.roll})));
  bar.append(chip({"data-part": "movement"}, ui(ctx, "movement", {n: obs.movement})));
  const d = obs.steam_dragons_on_map;
  bar.append(chip({class: `sl-chip${d ? " sl-alarm" : ""}`, "data-part": "dragons", title: why(ctx, "pieces", "dragons") || null},
                  ui(ctx, "dragons", {n: d, defeated: obs.dragons_defeated}),
                  d ? h("b", {}, ` ${ui(ctx, ALARMS[Math.min(d, 4)])}`) : ""));
  const parts = obs.catalogue.parts.map((p, k) => {
    const n = obs.parts_found[k];
    return h("span", {title: [tr(ctx, "parts", p.key), why(ctx, "parts", p.key)].filter(Boolean).join("\n")}, `${n >= p.need ? "✓" : "·"} ${tr(ctx, "parts", p.key)} ${n}/${p.need}`);
  });
  bar.append(chip({"data-part": "parts"}, h("b", {}, ui(ctx, "parts")), ...parts));
  return bar;
}

// what a task needs, in words, and what it gives
function taskNeeds(ctx, obs, t, targets, visited) {
  const q = obs.catalogue.tasks[t];
  const cities = (targets || []).map((c) => `${c} ${tr(ctx, "tiles", `city_${c}`)}${visited && visited.includes(c) ? " ✓" : ""}`).join(", ");
  if (q.kind === "visit") return ui(ctx, "need_visit", {cities});
  if (q.kind === "deliver") return ui(ctx, "need_deliver", {item: tr(ctx, "items", q.item), cities});
  if (q.kind === "pay") return ui(ctx, "need_pay", {amount: money(q.amount), cities});
  if (q.dragon) return ui(ctx, "need_dragon");
  return q.strength ? ui(ctx, "need_hunt", {n: q.strength}) : ui(ctx, "need_hunt_any");
}

function taskReward(ctx, obs, t) {
  const q = obs.catalogue.tasks[t];
  const parts = [ui(ctx, "points", {n: q.points, points: counted(ctx, q.points, "points_forms")})];
  if (q.money) parts.push(money(q.money));
  parts.push(tr(ctx, "parts", q.part));
  if (q.reward_item) parts.push(ui(ctx, "an_item"));
  return ui(ctx, "reward", {what: parts.join(", ")});
}

function taskCard(ctx, obs, task, attrs = {}) {
  const q = obs.catalogue.tasks[task.task];
  return h("span", {class: "sl-card sl-task", "data-task": task.task, title: why(ctx, "tasks", q.key) || null, ...attrs},
    h("b", {}, `${tr(ctx, "tasks", q.key)}${q.common ? ` (${ui(ctx, "common_mark")})` : ""}`),
    h("span", {class: "sl-need"}, taskNeeds(ctx, obs, task.task, task.targets, task.visited)),
    h("span", {class: "sl-reward"}, taskReward(ctx, obs, task.task)));
}

function itemText(ctx, obs, kind) {
  const it = obs.catalogue.items[kind];
  const eff = it && it.effect !== "none" ? ui(ctx, `effect_${it.effect}`, {n: it.amount}) : "";
  return {name: tr(ctx, "items", kind), value: it ? money(it.value) : "", effect: eff};
}

function itemCard(ctx, obs, it, attrs, extra = []) {
  if (it.kind === null) {
    return h("span", {class: "sl-card sl-hidden", ...attrs}, h("b", {}, ui(ctx, "hidden_item")));
  }
  const t = itemText(ctx, obs, it.kind);
  return h("span", {class: "sl-card", "data-kind": it.kind, title: why(ctx, "items", it.kind) || null, ...attrs},
    h("b", {}, `${t.name}${it.hidden ? ` (${ui(ctx, "face_down")})` : ""}`),
    h("span", {class: "sl-reward"}, [t.value, t.effect].filter(Boolean).join(" · ")), ...extra);
}

function weaponCard(ctx, obs, kind, attrs) {
  const w = obs.catalogue.weapons[kind];
  return h("span", {class: "sl-card", "data-kind": kind, title: why(ctx, "weapons", kind) || null, ...attrs},
    h("b", {}, tr(ctx, "weapons", kind)),
    h("span", {class: "sl-reward"}, `${ui(ctx, "strength_plus", {n: w.strength})} · ${money(w.value)}`));
}

function playerRows(ctx, root, obs, diff) {
  const box = h("div", {class: "sl-section", "data-part": "players"});
  const me = ctx.seat;
  const trade = obs.trade;
  obs.players.forEach((p, i) => {
    const mine = i === me;
    const row = h("div", {class: `sl-row${obs.turn === i ? " sl-current" : ""}${diff.players.has(i) ? " sl-last" : ""}`,
                          "data-seat": i},
      seatDot(i), h("b", {}, name(ctx, i)),
      chip({"data-part": "points"}, ui(ctx, "points", {n: p.points, points: counted(ctx, p.points, "points_forms")})),
      chip({"data-part": "money"}, money(p.money)));
    if (p.dungeon) row.append(chip({class: "sl-chip sl-alarm"}, ui(ctx, "dungeon", {n: p.dungeon, turns: counted(ctx, p.dungeon, "turns_forms")})));
    p.items.forEach((it, k) => {
      const acts = mine ? [...find(ctx, {type: "sell_item", slot: k}), ...find(ctx, {type: "gamble", slot: k}),
                           ...find(ctx, {type: "discard_item", slot: k}), ...find(ctx, {type: "trade_give", slot: k}),
                           ...(it.kind === "speed_potion" ? find(ctx, {type: "potion"}) : [])] : [];
      if (obs.pick_from === i) acts.push(...find(ctx, {type: "pick", slot: k}));
      if (trade && trade.to === i && !mine) acts.push(...find(ctx, {type: "trade_want", slot: k}));
      row.append(offer(ctx, root, itemCard(ctx, obs, it, {"data-item-slot": k}), acts, null));
    });
    p.weapon_kinds.forEach((kind, k) => {
      const acts = mine ? [...find(ctx, {type: "sell_weapon", slot: k}), ...find(ctx, {type: "discard_weapon", slot: k})] : [];
      row.append(offer(ctx, root, weaponCard(ctx, obs, kind, {"data-weapon-slot": k}), acts, null));
    });
    p.heads.forEach((c, k) => {
      const cr = creatureOf(obs, c);
      const el = h("span", {class: "sl-card sl-head", "data-head": c},
                   h("b", {}, `☠ ${tr(ctx, "creatures", cr.kind)}`),
                   h("span", {class: "sl-reward"}, `${ui(ctx, "strength_is", {n: cr.strength})} · ${money(cr.value)}`));
      row.append(offer(ctx, root, el, mine ? find(ctx, {type: "sell_head", slot: k}) : [], null));
    });
    if (Array.isArray(p.tasks)) {
      p.tasks.forEach((task, k) => row.append(offer(ctx, root, taskCard(ctx, obs, task, {"data-task-slot": k}),
                                                    mine ? find(ctx, {type: "drop_task", slot: k}) : [], null)));
    } else if (p.tasks) {
      row.append(chip({}, ui(ctx, "tasks_hidden", {n: p.tasks})));
    }
    for (const a of p.achievements) row.append(chip({"data-achievement": a, title: why(ctx, "achievements", obs.catalogue.achievements[a]) || null}, `★ ${tr(ctx, "achievements", obs.catalogue.achievements[a])}`));
    box.append(row);
  });
  return box;
}

function incoming(ctx, root, obs) {
  if (!obs.incoming || !obs.incoming.length) return null;
  const c = obs.incoming[0];
  const box = h("div", {class: "sl-box", "data-part": "incoming"}, h("b", {}, ui(ctx, "incoming")), " ");
  if (c.item !== undefined) {
    box.append(offer(ctx, root, itemCard(ctx, obs, {kind: c.kind, hidden: false}, {"data-item-slot": 3}),
                     find(ctx, {type: "discard_item", slot: 3}), null));
  } else {
    box.append(offer(ctx, root, weaponCard(ctx, obs, c.kind, {"data-weapon-slot": 2}),
                     find(ctx, {type: "discard_weapon", slot: 2}), null));
  }
  return box;
}

function fightBox(ctx, root, obs) {
  const f = obs.fight;
  if (!f) return null;
  const box = h("div", {class: "sl-box", "data-part": "fight"});
  const other = f.creature !== null ? creatureTitle(ctx, obs, f.creature) : name(ctx, f.defender);
  box.append(h("div", {}, h("b", {}, `${ui(ctx, "fight")}: `), seatDot(f.attacker), ` ${name(ctx, f.attacker)} — `,
                        f.creature === null ? seatDot(f.defender) : "", ` ${other}`));
  const helpers = f.sides.map((side, p) => [side, p]).filter(([side]) => side === 1 || side === 2);
  if (helpers.length) {
    box.append(h("div", {}, helpers.map(([side, p]) => `${name(ctx, p)}: ${ui(ctx, side === 1 ? "helps_attacker" : "helps_defender")}`).join("; ")));
  }
  box.append(h("div", {}, ui(ctx, "fight_totals", {a: f.totals[0], b: f.totals[1], round: f.round})));
  const types = ["fight", "flee", "escape", "join_attacker", "join_defender", "stay_out", "use_cog", "no_cog"];
  const acts = types.flatMap((type) => find(ctx, {type}));
  if (acts.length) box.append(h("div", {class: "sl-buttons"}, acts.map((a) =>
    h("button", {type: "button", class: "sl-pick", "data-choices": String(a.id), onclick: () => ctx.act(a.id)}, a.label))));
  return box;
}

function tradeBox(ctx, root, obs) {
  const t = obs.trade;
  if (!t) return null;
  const box = h("div", {class: "sl-box", "data-part": "trade"},
    h("b", {}, `${ui(ctx, "exchange")}: `), seatDot(t.from), ` ${name(ctx, t.from)} → `, seatDot(t.to), ` ${name(ctx, t.to)}`);
  const acts = ["accept", "decline"].flatMap((type) => find(ctx, {type}));
  if (acts.length) box.append(h("div", {class: "sl-buttons"}, acts.map((a) =>
    h("button", {type: "button", class: "sl-pick", "data-choices": String(a.id), onclick: () => ctx.act(a.id)}, a.label))));
  return box;
}

// the opening purchase and the three cards of a buying operation
function cardsOnSale(ctx, root, obs) {
  const cards = (obs.shop && {items: obs.shop.items, weapons: obs.shop.weapons}) ||
    (obs.display && (obs.display.kind === "items" ? {items: obs.display.cards, weapons: []}
                                                   : {items: [], weapons: obs.display.cards}));
  if (!cards) return null;
  const box = h("div", {class: "sl-box sl-cards", "data-part": "sale"}, h("b", {}, ui(ctx, obs.shop ? "opening_shop" : "on_sale")), " ");
  for (const c of cards.items || []) {
    if (!c || c.card === null) continue;
    box.append(offer(ctx, root, itemCard(ctx, obs, {kind: c.kind, hidden: false}, {class: "sl-card steamland-card", "data-buy": `item:${c.slot}`}),
                     find(ctx, {type: "buy_item", slot: c.slot}), null));
  }
  for (const c of cards.weapons || []) {
    if (!c || c.card === null) continue;
    box.append(offer(ctx, root, weaponCard(ctx, obs, c.kind, {class: "sl-card steamland-card", "data-buy": `weapon:${c.slot}`}),
                     find(ctx, {type: "buy_weapon", slot: c.slot}), null));
  }
  return box;
}

function commonTasks(ctx, obs, diff) {
  if (!obs.common_tasks.length) return null;
  return h("div", {class: `sl-section${diff.common ? " sl-last" : ""}`, "data-part": "common"},
    h("h4", {}, ui(ctx, "common_tasks")),
    h("div", {class: "sl-row"}, obs.common_tasks.map((t) => taskCard(ctx, obs, t))));
}

function creatureList(ctx, obs) {
  const on = obs.tiles.filter((t) => t.creature !== null);
  if (!on.length) return null;
  return h("div", {class: "sl-section", "data-part": "creatures"}, h("h4", {}, ui(ctx, "creatures_on_map")),
    h("div", {class: "sl-row"}, on.map((t) => h("span", {class: "sl-card", "data-creature": t.creature},
      h("b", {}, `${tr(ctx, "creatures", creatureOf(obs, t.creature).kind)} — ${ui(ctx, "strength_is", {n: creatureOf(obs, t.creature).fight})}`),
      h("span", {class: "sl-reward"}, creatureTitle(ctx, obs, t.creature).split(": ").slice(1).join(": "))))));
}

function legend(ctx, obs) {
  const icon = (...kids) => s("svg", {width: 24, height: 24, viewBox: "-12 -12 24 24"}, ...kids);
  const hex = (terrain) => icon(s("defs", {}, ...patterns().childNodes),
                                s("polygon", {points: hexPoints(0, 0, 11), fill: TERRAIN[terrain], stroke: "#6b5b4b"}),
                                PATTERN[terrain] ? s("polygon", {points: hexPoints(0, 0, 11), fill: PATTERN[terrain], opacity: 0.55}) : null);
  const items = Object.keys(TERRAIN).map((k) => h("span", {"data-terrain": k}, hex(k), ` ${tr(ctx, "terrain", k)} ${ui(ctx, "cost", {n: obs.catalogue.terrain[k]})}`));
  const cities = [1, 2, 3, 4, 5, 6].map((c) => `${c} ${tr(ctx, "tiles", `city_${c}`)}`).join(" · ");
  return h("div", {class: "sl-legend"}, ...items,
    h("span", {}, `${ui(ctx, "cities")}: ${cities}`),
    h("span", {}, `${tr(ctx, "ui", "market_letter")} ${tr(ctx, "tiles", "market")} · ${tr(ctx, "ui", "tavern_letter")} ${tr(ctx, "tiles", "tavern")} · ⚙ ${tr(ctx, "tiles", "old_boiler_house")} · ⚔ ${tr(ctx, "tiles", "creature_attack")}`),
    h("span", {}, ui(ctx, "legend_creature")),
    h("span", {}, ui(ctx, "legend_gap")),
    h("span", {}, ui(ctx, "legend_last")));
}

function zoomButton(ctx, root) {
  const label = () => ui(ctx, root.dataset.zoom === "1" ? "zoom_out" : "zoom_in");
  const b = h("button", {type: "button", class: "sl-zoom", onclick: () => {
    root.dataset.zoom = root.dataset.zoom === "1" ? "0" : "1";
    const wrap = root.querySelector(".sl-mapwrap");
    if (wrap) wrap.classList.toggle("sl-zoomed", root.dataset.zoom === "1");
    b.textContent = label();
  }}, label());
  return b;
}

export function render(root, ctx) {
  installStyle();
  const obs = ctx.observation;
  const diff = changes(obs, previousObservation(root, obs, ctx));
  root.classList.add("sl-view");
  const wrap = h("div", {class: `sl-mapwrap${root.dataset.zoom === "1" ? " sl-zoomed" : ""}`}, drawMap(ctx, root, diff));
  root.replaceChildren(...[
    statusBar(ctx, obs),
    fightBox(ctx, root, obs), tradeBox(ctx, root, obs), incoming(ctx, root, obs), cardsOnSale(ctx, root, obs),
    h("div", {class: "sl-mapbox"}, wrap, zoomButton(ctx, root)),
    commonTasks(ctx, obs, diff), playerRows(ctx, root, obs, diff), creatureList(ctx, obs), legend(ctx, obs),
  ].filter(Boolean));
}
