// Steamland (Пароземелье): the browser view. The revealed hex map as SVG (terrain colour,
// roads from the centre to the edges, gaps dashed, cities numbered, creatures and player
// tokens); the fog hexes next to the map are drawn dim. Hexes are clickable when a "move"
// action leads there (a step, an attack, a retreat or a dragon push). Below the map: each
// player's money, points, items, weapons, heads and tasks, and the common tasks.
// The observation is described in docs/games/steamland.md.

import {html as h, svg as s} from "/static/dom.js";

const SVG = "http://www.w3.org/2000/svg";
const SIZE = 30;
const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const TERRAIN = {stone: "#b9b2a3", lava: "#7a3b2e", sand: "#e3c98a", swamp: "#6f8f5a", water: "#5b8fc9"};
const KIND = {start: "#f2c230", city: "#f4f1ea", market: "#9fd39a", tavern: "#d7a6e3", attack: "#e38b8b"};
const SEAT = ["#1e40af", "#b91c1c", "#15803d", "#ca8a04", "#6b21a8", "#0f766e"];


// What a thing is, from the game's catalogue (ctx.explain; "" without one): for tooltips.
// The observation numbers tasks and creatures in data order, the order of i18n.json's groups.
function why(ctx, kind, id) {
  if (typeof id === "number") id = Object.keys((ctx.i18n && ctx.i18n[kind]) || {})[id];
  return ctx.explain && id !== undefined ? ctx.explain(kind, id) : "";
}

function tr(ctx, group, key) {
  const t = ctx.i18n && ctx.i18n[group];
  return (t && t[key]) || key;
}

function px(q, r) {
  return [SIZE * Math.sqrt(3) * (q + r / 2), SIZE * 1.5 * r];
}

function hexPoints(x, y) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = Math.PI / 180 * (60 * i - 30);
    pts.push(`${(x + (SIZE - 1) * Math.cos(a)).toFixed(1)},${(y + (SIZE - 1) * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

function cellOf(obs, cell) {
  for (const t of obs.tiles) if (t.cell === cell) return [t.q, t.r];
  for (const f of obs.fog) if (f.cell === cell) return [f.q, f.r];
  return null;
}

// "q,r" -> legal move entry, from the base hex of the decision being taken
function moveTargets(ctx) {
  const obs = ctx.observation;
  const out = {};
  let base = null;
  if (obs.pending_cell !== null && obs.pending_cell !== undefined) base = obs.pending_cell;
  else if (ctx.seat !== null && ctx.seat !== undefined) base = obs.players[ctx.seat].cell;
  const qr = base === null ? null : cellOf(obs, base);
  if (!qr) return out;
  for (const l of ctx.legal || []) {
    if (l.action.type !== "move") continue;
    const [dq, dr] = DIRS[l.action.dir];
    out[`${qr[0] + dq},${qr[1] + dr}`] = l;
  }
  return out;
}

function drawMap(ctx) {
  const obs = ctx.observation;
  const targets = moveTargets(ctx);
  const all = obs.tiles.map((t) => px(t.q, t.r)).concat(obs.fog.map((f) => px(f.q, f.r)));
  const xs = all.map((p) => p[0]), ys = all.map((p) => p[1]);
  const x0 = Math.min(...xs) - SIZE * 1.2, y0 = Math.min(...ys) - SIZE * 1.2;
  const w = Math.max(...xs) - x0 + SIZE * 1.2, hh = Math.max(...ys) - y0 + SIZE * 1.2;
  const svg = s("svg", {viewBox: `${x0} ${y0} ${w} ${hh}`, width: "100%", style: "max-height:70vh",
                        class: "steamland-map"});
  const clickable = (q, r, el) => {
    const l = targets[`${q},${r}`];
    if (!l) return el;
    el.setAttribute("style", "cursor:pointer");
    el.addEventListener("click", () => ctx.act(l.id));
    el.append(s("title", {}, l.label));
    return el;
  };
  for (const f of obs.fog) {
    const [x, y] = px(f.q, f.r);
    const hit = targets[`${f.q},${f.r}`];
    svg.append(clickable(f.q, f.r, s("polygon", {points: hexPoints(x, y), fill: hit ? "#d9d9d9" : "#eeeeee",
                                                 stroke: hit ? "#1e40af" : "#cccccc", "stroke-width": hit ? 2 : 1,
                                                 "stroke-dasharray": "3 3"})));
  }
  const seats = {};
  obs.players.forEach((p, i) => { (seats[p.cell] = seats[p.cell] || []).push(i); });
  for (const t of obs.tiles) {
    const [x, y] = px(t.q, t.r);
    const hit = targets[`${t.q},${t.r}`];
    const g = s("g", {});
    g.append(s("polygon", {points: hexPoints(x, y), fill: KIND[t.kind] || TERRAIN[t.terrain],
                           stroke: hit ? "#1e40af" : "#555", "stroke-width": hit ? 3 : 1}));
    if (KIND[t.kind]) g.append(s("circle", {cx: x, cy: y, r: SIZE * 0.55, fill: TERRAIN[t.terrain], opacity: 0.35}));
    for (const d of t.roads) {
      const [dx, dy] = px(DIRS[d][0], DIRS[d][1]);
      g.append(s("line", {x1: x, y1: y, x2: x + dx / 2, y2: y + dy / 2, stroke: "#3b2f2f", "stroke-width": 3,
                          "stroke-dasharray": t.gaps.includes(d) ? "4 4" : null}));
    }
    let label = "";
    if (t.kind === "start") label = "⚙";
    else if (t.city) label = String(t.city);
    else if (t.kind === "market") label = "M";
    else if (t.kind === "tavern") label = "T";
    if (label) g.append(s("text", {x, y: y - SIZE * 0.35, "text-anchor": "middle", "font-size": 12, "font-weight": "bold"}, label));
    g.append(s("title", {}, `${tr(ctx, "tiles", t.tile)} — ${tr(ctx, "terrain", t.terrain)}\n${why(ctx, "tiles", t.tile)}` +
      (t.creature !== null ? `\n${Object.values(ctx.i18n.creatures || {})[t.creature] || ""}: ${why(ctx, "creatures", t.creature)}` : "")));
    if (t.creature !== null) {
      g.append(s("circle", {cx: x, cy: y + 4, r: 9, fill: "#7f1d1d"}));
      g.append(s("text", {x, y: y + 8, "text-anchor": "middle", "font-size": 11, fill: "white"}, "☠"));
    }
    if (t.money || t.items.length) g.append(s("text", {x: x + 12, y: y + 16, "font-size": 10}, "£"));
    (seats[t.cell] || []).forEach((p, k) => {
      g.append(s("circle", {cx: x - 12 + k * 8, cy: y + 12, r: 6, fill: SEAT[p], stroke: "white"}));
    });
    svg.append(clickable(t.q, t.r, g));
  }
  return svg;
}

function panel(ctx) {
  const obs = ctx.observation;
  const ru = ctx.lang === "ru";
  const box = h("div", {class: "steamland-panel"});
  box.append(h("div", {title: why(ctx, "pieces", "dragons")}, `${ru ? "Драконов на карте" : "Steam Dragons on the map"}: ${obs.steam_dragons_on_map} · ` +
                        `${ru ? "побеждено" : "defeated"}: ${obs.dragons_defeated} · ` +
                        `${ru ? "очки хода" : "movement"}: ${obs.movement} · ${ru ? "бросок" : "roll"}: ${obs.roll}`));
  const parts = obs.parts_found.map((n, k) => `${Object.values(ctx.i18n.parts || {})[k] || k}: ${n}`).join(", ");
  box.append(h("div", {}, `${ru ? "Детали" : "Parts"}: ${parts}`));
  const taskNames = Object.values(ctx.i18n.tasks || {});
  for (const ct of obs.common_tasks) {
    box.append(h("div", {title: why(ctx, "tasks", ct.task)}, `${ru ? "Общее задание" : "Common task"}: ${taskNames[ct.task] || ct.task} [${ct.targets.join(", ")}]`));
  }
  obs.players.forEach((p, i) => {
    const name = (ctx.players && ctx.players[i] && ctx.players[i].name) || `${ru ? "Игрок" : "Player"} ${i + 1}`;
    const items = p.items.map((it) => (it.kind === null ? "?" : tr(ctx, "items", it.kind)));
    const weapons = p.weapon_kinds.map((k) => tr(ctx, "weapons", k));
    const tasks = Array.isArray(p.tasks) ? p.tasks.map((t) => `${taskNames[t.task] || t.task} [${t.targets.join(", ")}]`).join("; ") : `${p.tasks}`;
    // each item, weapon and task explains itself in its tooltip
    const about = [...p.items.filter((it) => it.kind !== null).map((it) => `${tr(ctx, "items", it.kind)}: ${why(ctx, "items", it.kind)}`),
      ...p.weapon_kinds.map((k) => `${tr(ctx, "weapons", k)}: ${why(ctx, "weapons", k)}`),
      ...(Array.isArray(p.tasks) ? p.tasks.map((t) => `${taskNames[t.task] || t.task}: ${why(ctx, "tasks", t.task)}`) : [])];
    box.append(h("div", {title: about.join("\n") || null, "data-seat": i, style: `border-left:6px solid ${SEAT[i]};padding-left:6px;margin:4px 0` +
                                (obs.current_player === i ? ";font-weight:bold" : "")},
      `${name}: ${p.points} ${ru ? "очк." : "pts"}, £${p.money}; ${ru ? "предметы" : "items"}: ${items.join(", ") || "-"}; ` +
      `${ru ? "оружие" : "weapons"}: ${weapons.join(", ") || "-"}; ${ru ? "головы" : "heads"}: ${p.heads.length}; ` +
      `${ru ? "задания" : "tasks"}: ${tasks}` + (p.dungeon ? ` (${ru ? "темница" : "dungeon"} ${p.dungeon})` : "")));
  });
  if (obs.fight) {
    const f = obs.fight;
    const other = f.creature !== null ? tr(ctx, "creatures", f.creature_kind || String(f.creature))
      : `${ru ? "Игрок" : "Player"} ${f.defender + 1}`;
    box.append(h("div", {class: "steamland-fight", title: f.creature_kind ? why(ctx, "creatures", f.creature_kind) : null},
      `${ru ? "Схватка" : "Fight"}: ${ru ? "Игрок" : "Player"} ${f.attacker + 1} — ${other}; ` +
      `${ru ? "счёт" : "totals"} ${f.totals.join(" : ")}`));
  }
  const cards = (obs.shop && {items: obs.shop.items, weapons: obs.shop.weapons}) ||
    (obs.display && (obs.display.kind === "items" ? {items: obs.display.cards, weapons: []}
                                                   : {items: [], weapons: obs.display.cards}));
  if (cards) box.append(cardRow(ctx, cards));
  return box;
}

// the equipment purchase and the three revealed cards of a buying operation, as buttons
function cardRow(ctx, cards) {
  const row = h("div", {class: "steamland-cards"});
  const legal = {};
  for (const l of ctx.legal || []) legal[`${l.action.type}:${l.action.slot}`] = l;
  const add = (type, group, c) => {
    if (!c || c.card === null) return;
    const l = legal[`${type}:${c.slot}`];
    const b = h("button", {class: "steamland-card", disabled: l ? null : "disabled", title: why(ctx, group, c.kind),
                           onclick: () => l && ctx.act(l.id)},
                `${tr(ctx, group, c.kind)} £${c.value}`);
    row.append(b);
  };
  for (const c of cards.items || []) add("buy_item", "items", c);
  for (const c of cards.weapons || []) add("buy_weapon", "weapons", c);
  return row;
}

export function render(root, ctx) {
  root.replaceChildren(drawMap(ctx), panel(ctx));
}
