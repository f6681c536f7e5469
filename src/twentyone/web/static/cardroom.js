// A card room's screen (Solo Whist, Durak, President, any card game of the registry): one socket,
// and a redraw from every state frame. The page component that draws the game is the one its
// registry entry names (static/games/<page>.js, loaded by app.js); this shell draws
// what every game has (the room's header, the host's controls, the seats' sitting down, whose
// turn it is in the tab's title, the turn clock) and keeps only the cards you have picked.
import * as api from "./api.js";
import { clear, h } from "./dom.js";
import { cardText } from "./games/kit.js";
import { tokens } from "./net.js";
import { RoomPage } from "./roompage.js";
import { toast } from "./toast.js";

// The room's state frame (ctx, legal, body, room, you: docs/web.md), in the words the components read:
// what the game's view says (body), what this viewer may do (legal, and the reason for each card
// no legal move uses), who sits where. Nothing is worked out here that the frame does not say.
export function model(frame, info) {
  const ctx = frame.ctx || {};
  const body = frame.body || {};
  const room = frame.room || {};
  const you = frame.you || {};
  const seats = Object.entries(room.seats || {}).map(([n, s]) => ({ ...s, number: Number(n) }))
    .sort((a, b) => a.number - b.number);
  const names = Object.fromEntries(seats.map((s) => [s.number, s.name || `Seat ${s.number}`]));
  const me = ctx.viewer ? ctx.viewer : null;
  const legal = frame.legal || [];
  const toAct = ctx.to_act ?? null;
  const paused = Boolean(room.paused);
  const m = {
    game: ctx.game || room.game || info.game,
    role: you.role || "spectator",
    me,
    phase: ctx.phase,
    over: Boolean(ctx.over),
    toAct,
    handsDealt: ctx.hand || 0,
    body,
    legal,
    blocked: body.unplayable || {},
    seats,
    names,
    counts: Object.fromEntries(Object.entries(body.counts || {}).map(([k, n]) => [Number(k), n])),
    clock: room.clock ? { seat: room.clock[0], deadline_ms: room.clock[1] } : null,
    paused,
    hostLegal: you.host_legal || [],
    hostSeat: you.host_seat || null,
    scores: room.scores || null,
    events: frame.events || [],
    turnSeconds: info.settings ? info.settings.turn_s : 30,
    csvUrl: null,
  };
  m.myTurn = me !== null && toAct === me && legal.length > 0;
  m.waiting = paused ? "The host has paused the game."
    : m.myTurn || toAct === null ? "" : ctx.over ? "The next hand has not been dealt yet."
      : `It is ${toAct === me ? "your" : `${names[toAct] || `seat ${toAct}`}'s`} move.`;
  return m;
}

const HOST_LABELS = { pause: "Pause", resume: "Resume", deal: "Deal the next hand" };
// The host's button before any hand is dealt: the first deal is no "next" one.
const FIRST_LABELS = { ...HOST_LABELS, deal: "Deal" };

export class CardRoom extends RoomPage {
  // page: the component that draws the game (static/games/<page>.js, as the room's info names
  // it), or null where this page has none.
  constructor(code, room, go, page) {
    super(code, room, go);
    this.page = page;
    this.frame = null;
    this.hostSeat = null;   // the seat the host holds, as the room's frame says
    // What the person is in the middle of: the cards picked (codes), and the reason last shown
    // for a greyed card they touched. Cleared whenever the cards in the hand change.
    this.selection = new Set();
    this.explained = "";
    this.handKey = "";
    this.lastTrick = false;
    this.onFelt = new Set();   // the cards the felt showed last time it was drawn
    this.start();
  }

  build() {
    const page = this.page;
    this.head = this.header(page ? page.title : this.room.title || this.room.game);
    this.hostBox = h("div.host-box");
    this.table = h("div.card-felt", { id: "felt" });
    this.controls = h("div.controls.card-controls");
    this.sheetBox = h("div.sheet-box");
    this.root = h("section.room.card-room", { dataset: { busy: "0", game: this.room.game } },
      this.head, this.hostBox, this.table, this.controls, this.sheetBox);
    clear(document.getElementById("app")).append(this.root);
  }

  welcome(frame) {
    this.welcomed(frame);
    if (frame.room) this.room = { ...this.room, ...frame.room };
    this.render();
  }

  update(frame) {
    this.frameArrived();
    this.frame = frame;
    this.root.dataset.frames = String(this.frames);
    if (frame.you && frame.you.role) this.role = frame.you.role;
    if (frame.ctx) this.seat = frame.ctx.viewer || null;
    this.hostSeat = (frame.you && frame.you.host_seat) || null;
    this.render();
  }

  // The host sits with the host's own token (the same page keeps the host's controls); anyone
  // else is given a seat's token.
  async sitDown(name, seat) {
    try {
      const reply = await this.conn.request("sit", seat ? { name, seat } : { name });
      if (reply.token) tokens.setSeat(this.code, reply.token);
      this.seat = reply.seat;
      if (this.role !== "host") this.role = "player";
      toast(`Welcome, ${name}.`, "info", 2500);
      this.render();
    } catch (err) {
      toast(err.message);
    }
  }

  // A move made: the cards picked and the reason shown belong to the hand before it.
  acted() {
    this.selection.clear();
    this.explained = "";
  }

  ui() {
    return {
      selection: this.selection,
      explained: this.explained,
      busy: this.busy > 0,
      toggle: (code) => {
        if (this.selection.has(code)) this.selection.delete(code);
        else this.selection.add(code);
        this.explained = "";
        this.render();
      },
      pick: (codes) => {
        this.selection.clear();
        for (const c of codes) this.selection.add(c);
        this.explained = "";
        this.render();
      },
      explain: (code, reason) => {
        // A refusal that names the card already says which ("6♠ does not beat 8♥").
        const card = cardText(code);
        this.explained = !reason ? "" : reason.startsWith(card) ? reason : `${card}: ${reason}`;
        this.render();
      },
      act: (op, args) => this.act(op, args),
      // Whether the last trick is shown in place of the one under way (Solo Whist).
      lastTrick: this.lastTrick,
      toggleLast: () => {
        this.lastTrick = !this.lastTrick;
        this.render();
      },
      // A card only one legal move uses is played by touching it (one tap, no Play button).
      only: (code, ops) => {
        const using = ops.filter((op) => (op.cards || []).includes(code));
        return using.length === 1 && !this.selection.size ? using[0] : null;
      },
    };
  }

  // A newcomer (or the host, who usually plays too) takes a seat a bot holds (the first,
  // unless they pick one).
  sitForm(m) {
    const free = m.seats.filter((st) => st.bot);
    if (!free.length) return null;
    const name = h("input", { name: "name", required: true, maxlength: "24", autocomplete: "nickname",
      placeholder: "Your name" });
    const seat = h("select", { name: "seat" }, free.map((st) =>
      h("option", { value: String(st.number) }, `Seat ${st.number} (now ${st.name})`)));
    const form = h("form.sit", {},
      h("h2", {}, m.role === "host" ? "Play too: take a seat" : "Take a seat"),
      h("label.field", {}, h("span", {}, "Name"), name),
      h("label.field", {}, h("span", {}, "Seat"), seat),
      h("button.primary", { type: "submit" }, "Sit down"));
    form.addEventListener("submit", (ev) => {
      ev.preventDefault();
      this.sitDown(name.value.trim(), Number(seat.value));
    });
    return form;
  }

  hostPanel(m) {
    const names = new Set(m.hostLegal.map((n) => String(n).replace(/-/g, "_")));
    for (const own of ["close", "remove", "pause", "resume"]) names.delete(own);
    names.add(m.paused ? "resume" : "pause");
    const buttons = [...names].map((a) => h(`button.host-action.host-${a}`, {
      type: "button", dataset: { host: a }, onclick: () => this.act(a),
    }, (m.handsDealt ? HOST_LABELS : FIRST_LABELS)[a] || a.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase())));
    // A person at a seat can be removed; their seat goes back to a bot. The host's own seat is
    // not among them: the host leaves it with "Leave the table", as any player does.
    if (m.hostLegal.includes("remove")) {
      for (const st of m.seats.filter((x) => !x.bot && x.number !== m.hostSeat)) {
        buttons.push(h("button.host-action.host-remove", { type: "button", dataset: { host: "remove", seat: String(st.number) },
          onclick: () => {
            if (window.confirm(`Remove ${st.name} from seat ${st.number}? A bot takes the seat.`)) {
              this.act("remove", { seat: st.number });
            }
          } }, `Remove ${st.name}`));
      }
    }
    buttons.push(h("button.host-action.danger", { type: "button", dataset: { host: "close" },
      onclick: () => {
        if (window.confirm("Close the room for everyone?")) this.act("close");
      } }, "Close the room"));
    return h("section.host-panel", { "aria-label": "host controls" },
      h("div.host-buttons", {}, buttons),
      // The score sheet always; the game's record between hands only, since mid-hand it
      // would hold the hand's shuffle (docs/web.md#card-rooms-on-the-server).
      h("div.downloads", {},
        h("a", { href: this.csvUrl(), download: `${this.code}-scores.csv` }, "Score sheet (CSV)"),
        ...this.recordLinks()));
  }

  // The game's record and its seal, for the host and the players, between hands only (the
  // server offers neither mid-hand: the record holds the hand's shuffle).
  recordLinks() {
    const sealed = this.frame && this.frame.room.seal;
    if (!sealed) return [];
    return [
      h("a.game-record", { href: api.downloadUrl(this.code, "history.jsonl", this.token() || ""),
        download: `${this.code}-game.jsonl` }, "The game's record (to verify)"),
      h("p.seal", { title: "twentyone verify prints the same seal for this record" }, `Seal: ${sealed}`),
    ];
  }

  // The deck's commitment (docs/web.md#checking-the-shoes-commitment), for everyone: fixed
  // before the hand is dealt, and once the hand is over the secret it was made with, which with
  // the deck's order in the game's record makes it again (`twentyone verify` checks both).
  commitmentEl() {
    const room = this.frame && this.frame.room;
    if (!room || !room.commitment) return null;
    const opened = room.opened;
    return h("p.commitment", {},
      opened ? "The last deck's commitment: " : "This deck's commitment: ",
      h("code", {}, room.commitment),
      opened ? [" · its secret, now the hand is over: ", h("code.salt", {}, opened.salt)] : []);
  }

  // Leaving gives the seat back to a bot; this page then watches.
  leaveButton() {
    return h("button.secondary.leave", { type: "button", onclick: async () => {
      if (!window.confirm("Leave the table? A bot takes your seat.")) return;
      if (await this.act("leave")) {
        if (this.role === "host") return;   // the host's page stays the host's
        tokens.forgetSeat(this.code);
        this.conn.close();
        this.go(`/r/${this.code}`);
      }
    } }, "Leave the table");
  }

  // Every frame draws the felt again: a card already on it lies still, and only a card new to
  // the felt is dealt onto it (a face-down card, the stock, never moves).
  stillCards() {
    const drawnNow = new Set();
    for (const el of this.table.querySelectorAll(".card")) {
      const code = el.dataset.card;
      if (!code || this.onFelt.has(code)) el.classList.add("still");
      if (code) drawnNow.add(code);
    }
    this.onFelt = drawnNow;
  }

  csvUrl() {
    return api.downloadUrl(this.code, "scores.csv", this.token() || "");
  }

  render() {
    this.roleEl.textContent = this.role === "host" ? (this.hostSeat ? `Host · seat ${this.hostSeat}` : "You are the host")
      : this.role === "player" ? `Seat ${this.seat}` : this.role ? "Watching" : "";
    if (!this.frame) return;
    const m = model(this.frame, this.room);
    // The score sheet's download is the host's and the players'; a spectator is not offered it.
    m.csvUrl = m.role === "spectator" ? null : this.csvUrl();
    const page = this.page;
    this.root.dataset.game = m.game;
    if (!page) {
      this.table.replaceChildren(h("p.empty-table", {}, `This page cannot draw ${this.room.title || m.game}.`));
      return;
    }
    // A new hand (or cards gone from it) ends whatever was picked.
    const hand = (m.body.hand || []).join(" ");
    if (hand !== this.handKey) {
      this.handKey = hand;
      for (const c of [...this.selection]) if (!(m.body.hand || []).includes(c)) this.selection.delete(c);
      this.explained = "";
      this.lastTrick = false;
    }
    const drawn = page.draw(m, this.ui());
    const turn = m.myTurn;
    this.table.classList.toggle("my-turn", turn);
    if (turn && !this.myTurn && navigator.vibrate) navigator.vibrate(60);
    this.myTurn = turn;
    document.title = turn ? `Your turn · ${this.title}` : this.title;
    const prompt = h(`p.prompt${turn ? ".yours" : ""}${m.paused ? ".paused" : ""}`, { role: "status" },
      m.paused ? "Paused by the host" : drawn.status);
    this.table.replaceChildren(...[drawn.seats, drawn.table, drawn.news].filter(Boolean));
    this.stillCards();
    this.hostBox.replaceChildren(...(this.role === "host" ? [this.hostPanel(m)] : []));
    const parts = [prompt];
    if (m.role === "spectator" || (m.role === "host" && !m.hostSeat)) parts.push(this.sitForm(m));
    if (drawn.hand) parts.push(drawn.hand);
    if (drawn.actions) parts.push(drawn.actions);
    this.controls.replaceChildren(...parts.filter(Boolean));
    const own = m.role === "player" ? [...this.recordLinks(), this.leaveButton()]
      : m.role === "host" && m.hostSeat ? [this.leaveButton()] : [];
    this.sheetBox.replaceChildren(...[drawn.sheet, ...own, this.commitmentEl()].filter(Boolean));
    if (this.busy) for (const b of this.root.querySelectorAll("button.move, [data-host]")) b.disabled = true;
    this.tick();
  }
}
