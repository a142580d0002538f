// The fallback view for a game without its own view.js: the observation as text.
import {el} from "./common.js";

export function render(root, ctx) {
  root.replaceChildren(el("pre", {class: "generic-view"}, JSON.stringify(ctx.observation, null, 1)));
}
