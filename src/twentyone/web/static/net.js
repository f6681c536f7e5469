// The socket to the room: the hello with this browser's token, one request id per operation
// (so a request repeated after a dropped connection, or a restart of the server, is answered,
// never applied twice: the server keeps its answers in the ledger), and a reconnect with the
// stored token that brings back the seat and its full view. The table comes as delta frames
// (delta.js); the handlers are given whole state frames all the same.

import { Deltas } from "./delta.js";

const STORE = "twentyone";

// Tokens live in localStorage per room, so a reload or a dropped phone finds its seat again.
export const tokens = {
  host: (code) => localStorage.getItem(`${STORE}:${code}:host`),
  seat: (code) => localStorage.getItem(`${STORE}:${code}:seat`),
  setHost: (code, t) => localStorage.setItem(`${STORE}:${code}:host`, t),
  setSeat: (code, t) => localStorage.setItem(`${STORE}:${code}:seat`, t),
  forgetSeat: (code) => localStorage.removeItem(`${STORE}:${code}:seat`),
};

let counter = 0;
const session = Math.random().toString(36).slice(2, 8);

export function requestId() {
  counter += 1;
  return `${session}-${counter}`;
}

export class RequestError extends Error {
  constructor(error, message) {
    super(message);
    this.error = error;
  }
}

export class Connection {
  // handlers: welcome(frame), state(frame), closed(frame), status("connecting"|"open"|"lost"),
  // stray(error frame without a request of ours).
  constructor(code, getToken, handlers) {
    this.code = code;
    this.getToken = getToken;
    this.handlers = handlers;
    this.pending = new Map();
    this.ws = null;
    this.retry = 0;
    this.ended = false;
    this.deltas = new Deltas();
    this.resyncing = false;
  }

  connect() {
    if (this.ended) return;
    this.handlers.status?.("connecting");
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.deltas = new Deltas();
    this.resyncing = false;
    ws.addEventListener("open", () => {
      this.retry = 0;
      ws.send(JSON.stringify({ type: "hello", token: this.getToken(), deltas: true }));
    });
    ws.addEventListener("message", (ev) => {
      if (ws === this.ws) this.receive(ev.data); // a copy of the view is one connection's
    });
    ws.addEventListener("close", (ev) => this.lost(ws, ev));
  }

  receive(data) {
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    const waiting = frame.id !== undefined && frame.id !== null ? this.pending.get(frame.id) : null;
    switch (frame.type) {
      case "welcome":
        this.handlers.status?.("open");
        this.handlers.welcome?.(frame);
        break;
      case "state":
      case "delta": {
        // A delta that does not follow the version held: ask for the whole frame once (the
        // deltas that come before it are dropped).
        const whole = this.deltas.take(frame);
        if (whole) {
          this.resyncing &&= frame.type !== "state";
          this.handlers.state?.(whole);
        } else if (!this.resyncing) {
          this.resyncing = true;
          this.ws?.send(JSON.stringify({ type: "resync" }));
        }
        break;
      }
      case "reply":
        if (waiting) {
          this.pending.delete(frame.id);
          waiting.resolve(frame);
        }
        break;
      case "error":
        if (waiting) {
          this.pending.delete(frame.id);
          waiting.reject(new RequestError(frame.error, frame.message));
        } else {
          this.handlers.stray?.(frame);
        }
        break;
      case "closed":
        this.ended = true;
        this.handlers.closed?.(frame);
        break;
      default:
        break;
    }
  }

  lost(ws, ev) {
    if (ws !== this.ws) return;
    for (const [, p] of this.pending) {
      p.reject(new RequestError("ConnectionLost", "The connection dropped; please try again."));
    }
    this.pending.clear();
    if (this.ended) return;
    if (ev.code === 1008) {
      this.handlers.status?.("lost");
      this.handlers.stray?.({ message: "Too many requests at once: reconnecting in a moment." });
    } else {
      this.handlers.status?.("lost");
    }
    this.retry += 1;
    const wait = Math.min(5000, 300 * 2 ** Math.min(this.retry, 5));
    setTimeout(() => this.connect(), wait);
  }

  // Send one operation; resolves with the reply frame or rejects with the server's error.
  request(op, args = {}) {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new RequestError("NotConnected",
        "Not connected to the table yet; wait a moment and try again."));
    }
    const id = requestId();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ type: "op", id, op, ...args }));
    });
  }

  close() {
    this.ended = true;
    this.ws?.close();
  }
}
