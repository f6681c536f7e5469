// What every room's page does whatever its game: its connection and the token it speaks with,
// its header, the count of requests in flight (a button stays disabled from the tap until the
// table has answered and redrawn, so a double tap never sends a move twice), and the wait for
// the state frame that shows a request's change. The blackjack page (app.js Room) and the card
// games' page (cardroom.js CardRoom) extend it with their own drawing.

import { shareEl } from "./controls.js";
import { clear, h } from "./dom.js";
import { Connection, tokens } from "./net.js";
import { toast } from "./toast.js";

export class RoomPage {
  constructor(code, room, go) {
    this.code = code;
    this.room = room;
    this.go = go;
    this.role = null;
    this.seat = null;
    this.busy = 0;
    this.frames = 0;
    this.waiters = [];
    // Whose turn it was at the last redraw, and the page's own title: a turn coming round
    // shows in the tab's title.
    this.myTurn = false;
    this.title = document.title;
  }

  // Called last by a page's constructor, once its own fields are set.
  start() {
    this.build();
    this.conn = new Connection(this.code, () => this.token(), {
      welcome: (f) => this.welcome(f),
      state: (f) => this.update(f),
      closed: (f) => this.closed(f),
      status: (s) => { this.status.dataset.status = s; this.status.title = `connection: ${s}`; },
      stray: (f) => toast(f.message || "The table refused that."),
    });
    this.conn.connect();
    this.ticker = setInterval(() => this.tick(), 250);
  }

  token() {
    return tokens.host(this.code) || tokens.seat(this.code) || null;
  }

  // The room's header: home, the link to share, what is played here, who you are, the line.
  header(what) {
    const joinUrl = sessionStorage.getItem(`twentyone:${this.code}:join`)
      || `${location.origin}/r/${this.code}`;
    this.status = h("span.conn", { dataset: { status: "connecting" }, "aria-label": "connection" });
    this.roleEl = h("span.role");
    return h("header.room-head", {},
      h("a.home", { href: "/", onclick: (ev) => { ev.preventDefault(); this.go("/"); } }, "Twenty-one"),
      shareEl(this.code, joinUrl),
      h("span.room-rules", {}, what),
      // Who you are and the line's light keep together: on a phone the light alone wrapped to
      // a line of its own.
      h("span.who", {}, this.roleEl, this.status));
  }

  // The welcome names this connection's role and seat; a seat given up while away is forgotten.
  welcomed(frame) {
    const hadSeat = tokens.seat(this.code);
    this.role = frame.role;
    this.seat = frame.seat;
    if (frame.role === "spectator" && hadSeat && !tokens.host(this.code)) {
      tokens.forgetSeat(this.code);
      toast("Your seat at this table was given up. Take a seat again to play.", "info");
    }
  }

  // A state frame arrived: whoever waits for one goes on.
  frameArrived() {
    this.frames += 1;
    for (const wake of this.waiters.splice(0)) wake();
  }

  closed(frame) {
    clearInterval(this.ticker);
    tokens.forgetSeat(this.code);
    document.title = this.title;
    clear(document.getElementById("app")).append(h("section.closed-room.card-panel", {},
      h("h2", {}, "The table is closed"),
      h("p", {}, frame.reason || "The host has closed this room."),
      h("a.button", { href: "/" }, "Back to the lobby")));
  }

  // Send one operation; a refusal is shown in the server's words and nothing else happens.
  async act(op, args = {}) {
    const seen = this.frames;
    this.setBusy(1);
    try {
      await this.conn.request(op, args);
      // The state frame that shows the change may come just after the reply: wait for it.
      if (this.frames === seen) {
        await new Promise((resolve) => {
          this.waiters.push(resolve);
          setTimeout(resolve, 2000);
        });
      }
      this.acted();
      return true;
    } catch (err) {
      toast(err.message);
      return false;
    } finally {
      this.setBusy(-1);
    }
  }

  // What a page forgets once its move has been made (nothing, unless it says so).
  acted() {}

  setBusy(step) {
    this.busy += step;
    this.root.dataset.busy = String(this.busy);
    this.render();
  }

  // Each seat's turn clock (drawn by the page with its deadline) runs down four times a second.
  tick() {
    for (const clock of this.root.querySelectorAll(".clock")) {
      const left = Math.max(0, Number(clock.dataset.deadline) - Date.now());
      const span = Number(clock.dataset.span) || 30000;
      clock.style.setProperty("--f", Math.min(1, left / span).toFixed(3));
      clock.querySelector(".clock-text").textContent = `${Math.ceil(left / 1000)}s`;
      clock.classList.toggle("hurry", left < 5000);
    }
  }
}
