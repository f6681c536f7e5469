// Delta frames (docs/web.md#delta-frames): the server sends a whole state frame with a version,
// then for each change an RFC 6902 JSON Patch of the frame's state with the version it applies
// to. This keeps the state the patches apply to and gives the page whole state frames.

// A JSON Pointer's steps (RFC 6901): "/seats/3/bankroll" is ["seats", "3", "bankroll"].
function steps(path) {
  if (path === "") return [];
  if (path[0] !== "/") throw new Error(`not a JSON Pointer: ${path}`);
  return path.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function index(list, step, adding) {
  if (adding && step === "-") return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(step)) throw new Error(`not a list index: ${step}`);
  const i = Number(step);
  if (i > list.length || (!adding && i === list.length)) throw new Error(`no item ${i}`);
  return i;
}

// Apply one patch to doc in place ("add", "remove", "replace": all the server sends) and return
// the result (a new value when the whole document is replaced). Throws on anything that does not
// apply: the caller then asks for the whole frame again.
export function applyPatch(doc, patch) {
  let root = doc;
  for (const op of patch) {
    const path = steps(op.path);
    if (path.length === 0) {
      if (op.op !== "replace") throw new Error(`cannot ${op.op} the whole view`);
      root = op.value;
      continue;
    }
    let parent = root;
    for (const step of path.slice(0, -1)) {
      const next = Array.isArray(parent) ? parent[index(parent, step, false)] : parent?.[step];
      if (next === null || typeof next !== "object" || !Object.hasOwn(parent, step)) {
        throw new Error(`no ${op.path}`);
      }
      parent = next;
    }
    if (parent === null || typeof parent !== "object") throw new Error(`no ${op.path}`);
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      const i = index(parent, last, op.op === "add");
      if (op.op === "add") parent.splice(i, 0, op.value);
      else if (op.op === "remove") parent.splice(i, 1);
      else if (op.op === "replace") parent[i] = op.value;
      else throw new Error(`unknown operation ${op.op}`);
    } else if (op.op === "add") {
      parent[last] = op.value;
    } else if (op.op === "remove" || op.op === "replace") {
      if (!Object.hasOwn(parent, last)) throw new Error(`no ${op.path}`);
      if (op.op === "remove") delete parent[last];
      else parent[last] = op.value;
    } else {
      throw new Error(`unknown operation ${op.op}`);
    }
  }
  return root;
}

// One connection's copy of its state. take(frame) returns the whole state frame to hand the page
// (a copy: the page may change it), or null when the frame does not follow the version held, in
// which case the copy is dropped and the caller asks for the whole frame. Every room's frame is
// flat ({ctx, legal, body, room, you, events, calls}): its state is every member but its type,
// version, events and calls, and its deltas patch that.
const NOT_STATE = new Set(["type", "version", "events", "calls"]);

export class Deltas {
  constructor() {
    this.view = null;
    this.version = null;
  }

  take(frame) {
    if (frame.type === "state") {
      this.view = Object.fromEntries(Object.entries(frame).filter(([k]) => !NOT_STATE.has(k)));
      this.version = frame.version ?? null;
    } else {
      if (this.view === null || frame.base !== this.version) return this.lost();
      try {
        this.view = applyPatch(this.view, frame.patch);
      } catch {
        return this.lost();
      }
      this.version = frame.version;
    }
    return { type: "state", ...structuredClone(this.view), events: frame.events,
             calls: frame.calls ?? [] };
  }

  lost() {
    this.view = null;
    this.version = null;
    return null;
  }
}
