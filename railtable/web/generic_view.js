// The fallback view for a game without its own view.js: the observation as text.
import {el} from "./common.js";

// JSON with short arrays and objects of plain values kept on one line.
function pretty(value, indent = "") {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const items = Array.isArray(value) ? value.map((v) => pretty(v, indent + "  "))
    : Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${pretty(v, indent + "  ")}`);
  const [open, close] = Array.isArray(value) ? ["[", "]"] : ["{", "}"];
  const flat = `${open}${items.join(", ")}${close}`;
  if (flat.length <= 72 && !items.some((s) => s.includes("\n"))) return flat;
  return `${open}\n${items.map((s) => indent + "  " + s).join(",\n")}\n${indent}${close}`;
}

export function render(root, ctx) {
  root.replaceChildren(el("pre", {class: "generic-view"}, pretty(ctx.observation)));
}
