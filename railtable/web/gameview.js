// Loads a game's view module and i18n file, with the generic view as a fallback.
import * as generic from "./generic_view.js";

const cache = {};

export async function loadGame(gameId) {
  if (cache[gameId]) return cache[gameId];
  let view = generic;
  try {
    const mod = await import(`/games/${encodeURIComponent(gameId)}/view.js`);
    if (typeof mod.render === "function") view = mod;
  } catch (e) { /* no view.js: the generic view */ }
  let i18n = {};
  try {
    const r = await fetch(`/games/${encodeURIComponent(gameId)}/i18n.json`);
    if (r.ok) i18n = await r.json();
  } catch (e) { /* no i18n.json */ }
  cache[gameId] = {view, i18n};
  return cache[gameId];
}

// What a thing on the board is and does (a bandit's ability, an event card, a helper...):
// the "explain" section of the game's i18n.json for the page's language, by the kind and
// the id the observation uses ("" when the catalogue has none). See docs/i18n.md.
export function explainText(i18n, kind, id) {
  const group = i18n && i18n.explain && i18n.explain[kind];
  const text = group && group[String(id)];
  return typeof text === "string" ? text : "";
}

// Draw the view; ctx gains explain(kind, id) for its tooltips. A view that fails falls back
// to the generic one, so the table stays playable.
export function safeRender(view, root, ctx) {
  if (!ctx.explain) ctx.explain = (kind, id) => explainText(ctx.i18n, kind, id);
  try {
    view.render(root, ctx);
  } catch (e) {
    console.error("view.render failed", e);
    import("./generic_view.js").then((g) => g.render(root, ctx));
  }
}
