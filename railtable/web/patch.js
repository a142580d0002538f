// JSON Patch (RFC 6902) as the server writes it (railtable/server/patch.py): add, remove
// and replace. The patched document is a new one: every object or list on an operation's
// path is copied first, so whatever a view kept of the previous state stays as it was.
// A patch that does not fit the document throws; the caller then asks for a full state.

function tokens(path) {
  if (path === "") return [];
  if (path[0] !== "/") throw new Error(`bad JSON Pointer ${path}`);
  return path.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function copy(x) {
  return Array.isArray(x) ? x.slice() : Object.assign({}, x);
}

function isContainer(x) {
  return x !== null && typeof x === "object";
}

function has(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

function index(list, key, op) {
  if (op === "add" && key === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(key)) throw new Error(`bad list index ${key}`);
  const i = Number(key);
  if (i > list.length || (op !== "add" && i === list.length)) throw new Error(`no item ${key}`);
  return i;
}

export function applyPatch(doc, ops) {
  if (!Array.isArray(ops)) throw new Error("a patch is a list of operations");
  const fresh = new Set(); // containers made for this patch: changed in place from now on
  let root = doc;
  for (const o of ops) {
    const keys = tokens(o.path);
    if (keys.includes("__proto__")) throw new Error("bad key __proto__");
    if (!keys.length) {
      if (o.op !== "replace" && o.op !== "add") throw new Error(`cannot ${o.op} the whole document`);
      root = o.value;
      continue;
    }
    if (!isContainer(root)) throw new Error(`${o.path} goes through a value`);
    if (!fresh.has(root)) { root = copy(root); fresh.add(root); }
    let parent = root;
    for (const k of keys.slice(0, -1)) {
      const at = Array.isArray(parent) ? index(parent, k, "replace") : k;
      if (!Array.isArray(parent) && !has(parent, at)) throw new Error(`no member ${k} in ${o.path}`);
      let child = parent[at];
      if (!isContainer(child)) throw new Error(`${o.path} goes through a value`);
      if (!fresh.has(child)) { child = copy(child); fresh.add(child); parent[at] = child; }
      parent = child;
    }
    const last = keys[keys.length - 1];
    if (Array.isArray(parent)) {
      const i = index(parent, last, o.op);
      if (o.op === "add") parent.splice(i, 0, o.value);
      else if (o.op === "remove") parent.splice(i, 1);
      else if (o.op === "replace") parent[i] = o.value;
      else throw new Error(`unknown operation ${o.op}`);
    } else {
      if (o.op !== "add" && !has(parent, last)) throw new Error(`no member ${last} in ${o.path}`);
      if (o.op === "add" || o.op === "replace") parent[last] = o.value;
      else if (o.op === "remove") delete parent[last];
      else throw new Error(`unknown operation ${o.op}`);
    }
  }
  return root;
}
