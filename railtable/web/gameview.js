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

export function safeRender(view, root, ctx) {
  try {
    view.render(root, ctx);
  } catch (e) {
    console.error("view.render failed", e);
    import("./generic_view.js").then((g) => g.render(root, ctx));
  }
}
