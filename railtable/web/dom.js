// Building DOM and SVG nodes for the shell and the game views.
//   html("div", {class: "x", onclick: f, style: {color: "red"}}, "text", child)
//   svg("circle", {cx: 3, cy: 4, r: 2, "data-legal-id": 7})
// Attributes that are null, undefined or false are left out, true gives an empty attribute,
// on* functions become listeners, a style or dataset object is assigned. Children that are null,
// undefined or false are skipped; anything that is not a node is added as text, never HTML.

const SVG_NS = "http://www.w3.org/2000/svg";

function build(node, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "style" && typeof v === "object") Object.assign(node.style, v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function html(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

export function svg(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}
