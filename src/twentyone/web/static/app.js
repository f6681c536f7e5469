// The single page: the lobby at "/", a room at "/r/CODE". A room screen keeps one socket open
// and redraws from every state frame the server pushes; the only things kept here are what a
// person is in the middle of doing (the chips picked for a bet, a payout being counted).
import * as api from "./api.js";
import { CardRoom } from "./cardroom.js";
import { actionBar, betControl, chipsControl, hostPanel, label, sitForm } from "./controls.js";
import * as coach from "./coach.js";
import { clear, h } from "./dom.js";
import { LEGEND, attachGestures } from "./gestures.js";
import { lobbyEl } from "./lobby.js";
import { tokens } from "./net.js";
import { feltChildren } from "./table.js";
import { tableView } from "./tableview.js";
import { RoomPage } from "./roompage.js";
import { toast } from "./toast.js";

const app = document.getElementById("app");

window.addEventListener("error", (ev) => toast(`Something went wrong on this page: ${ev.message}`));
window.addEventListener("unhandledrejection", (ev) =>
  toast(`Something went wrong: ${ev.reason && ev.reason.message ? ev.reason.message : ev.reason}`));

function route() {
  const m = /^\/r\/([A-Za-z0-9]+)\/?$/.exec(location.pathname);
  if (m) enterRoom(m[1].toUpperCase());
  else showLobby();
}

let current = null;

function showLobby() {
  current?.conn.close();
  current = null;
  clear(app).append(lobbyEl(
    (created) => {
      tokens.setHost(created.room, created.host_token);
      sessionStorage.setItem(`twentyone:${created.room}:join`, created.join_url);
      go(`/r/${created.room}`);
    },
    (code) => {
      if (!code) return;
      go(`/r/${code}`);
    }));
}

function go(path) {
  history.pushState(null, "", path);
  route();
}

window.addEventListener("popstate", route);

async function enterRoom(code) {
  current?.conn.close();
  clear(app).append(h("p.loading", {}, `Finding room ${code}…`));
  let room;
  try {
    room = await api.room(code);
  } catch (err) {
    showLobby();
    toast(err.status === 404 ? `There is no room ${code}. Check the code with your host.` : err.message);
    return;
  }
  // A card game's room is drawn by the page component its registry entry names
  // (static/games/<page>.js); blackjack's and Pontoon's by Room. The room's kind says which.
  if (room.kind === "card-game") {
    let page = null;
    if (room.page) {
      try {
        page = (await import(`./games/${encodeURIComponent(room.page)}.js`)).default;
      } catch {
        page = null;
      }
    }
    current = new CardRoom(code, room, go, page);
  } else {
    current = new Room(code, room);
  }
}

// The decisions a player may give as a hand signal on the felt, and a short legend of the
// signals for the decisions open now, in this game's signals (docs/dealing.md#hand-signals).
const SIGNALLED = ["hit", "stand", "double", "split"];

function legendEl(game, open) {
  if (!open.length) return null;
  const legend = LEGEND[game] || LEGEND.shoe;
  return h("p.signal-legend", { dataset: { game } },
    h("span.signal-legend-title", {}, "Signals on the felt: "),
    ...open.map((a) => h(`span.signal-legend-item.legend-${a}`, {},
      h("b", {}, label(a)), ` ${legend[a]}`)));
}

// The host's own moves in a room where the host deals: the table waits for them.
const DEALER_STEPS = new Set(["burn", "offer_insurance", "dealer_hit", "dealer_stand", "pay"]);

class Room extends RoomPage {
  constructor(code, room) {
    super(code, room, go);
    this.view = null;
    this.calls = [];
    this.seen = new Set();
    this.dealt = new Map();
    this.dealtRound = null;
    this.state = { bet: 0, lastBet: 0, pay: { chips: {}, target: null } };
    this.panel = null;
    this.kept = new Map();
    this.start();
  }

  build() {
    this.head = this.header(this.rulesLine());
    this.hostBox = h("div.host-box");
    this.felt = h("div.felt", { id: "felt" });
    this.controls = h("div.controls");
    this.panelBox = h("div.panel-box");
    this.sit = sitForm({ sit: (name, cents) => this.sitDown(name, cents) });
    this.felt.addEventListener("click", (ev) => {
      const button = ev.target.closest("[data-remove]");
      if (!button) return;
      const seat = Number(button.dataset.remove);
      if (window.confirm(`Remove seat ${seat} from the table? Their chips are cashed out.`)) {
        this.act("remove", { seat });
      }
    });
    attachGestures(this.felt, {
      game: () => this.room.signals || "shoe",
      can: (action) => !this.busy && this.legal(action),
      act: async (action) => {
        const judged = coach.pressed(action, this.view); // a signal is judged as a button is
        if (await this.act(action)) coach.played(this.ctx(), judged);
      },
    });
    this.root = h("section.room", { dataset: { busy: "0" } }, this.head, this.hostBox, this.felt, this.panelBox,
      this.controls);
    clear(app).append(this.root);
    // The buttons stay at the foot of the screen: the page scrolls nothing in under them
    // (html's scroll-padding-bottom is their height, table.css).
    new ResizeObserver(() => document.documentElement.style.setProperty("--controls-h",
      `${Math.ceil(this.controls.getBoundingClientRect().height)}px`)).observe(this.controls);
  }

  // The game's title from the registry; a table with a bank of a player's has no preset.
  rulesLine() {
    const r = this.room;
    const rules = r.bank ? "" : ` · ${r.rules}`;
    return `${r.title}${rules} · ${r.host_mode === "dealer" ? "the host deals" : "the house deals"}`;
  }

  legal(name) {
    return Boolean(this.view && this.view.legal.includes(name));
  }

  welcome(frame) {
    this.welcomed(frame);
    if (frame.room) this.room = frame.room;
    this.render();
  }

  update(frame) {
    this.frameArrived();
    this.view = tableView(frame);
    this.calls = frame.calls || [];
    this.callsAt = performance.now();
    if (this.view.role) this.role = this.view.role;
    if (this.view.viewer) this.seat = this.view.viewer;
    this.render();
  }

  async sitDown(name, cents) {
    try {
      const reply = await this.conn.request("sit", { name, buy_in: cents });
      if (reply.token) tokens.setSeat(this.code, reply.token);
      this.seat = reply.seat;
      this.role = "player";
      toast(`Welcome, ${name}. Place a bet when you are ready.`, "info", 2500);
      this.render();
    } catch (err) {
      toast(err.message);
    }
  }

  showPanel(el) {
    this.panel = el;
    this.panelBox.replaceChildren(...(el ? [el] : []));
    // Bring it into sight above the buttons that stay at the bottom of a phone's screen.
    if (el) requestAnimationFrame(() => el.scrollIntoView({ block: "nearest", behavior: "smooth" }));
  }

  ctx() {
    return {
      code: this.code, state: this.state, token: () => this.token(), bets: this.room.bets,
      // The coach sits at a table the house banks and deals (docs/web.md#the-coach).
      coachable: !this.room.bank && this.room.host_mode !== "dealer",
      act: (op, args) => this.act(op, args), rerender: () => this.render(),
      showPanel: (el) => this.showPanel(el),
      keep: (key, make) => {
        if (!this.kept.has(key)) this.kept.set(key, make());
        return this.kept.get(key);
      },
    };
  }

  render() {
    const view = this.view;
    this.roleEl.textContent = this.role === "host" ? "You are the host"
      : this.role === "player" ? `Seat ${this.seat}` : this.role ? "Watching" : "";
    if (!view) return;
    const ctx = this.ctx();
    const mine = view.seats.find((s) => s.number === this.seat && this.role === "player");
    const signals = SIGNALLED.filter((a) => this.legal(a));
    this.felt.classList.toggle("gestures", signals.length > 0);
    const turn = Boolean(view.to_act && mine && view.to_act[0] === mine.number)
      || (this.role === "host" && (view.host_legal || []).some((a) => DEALER_STEPS.has(a)));
    this.felt.classList.toggle("my-turn", turn);
    if (turn && !this.myTurn && navigator.vibrate) navigator.vibrate(60);
    const turnCame = turn && !this.myTurn;
    this.myTurn = turn;
    document.title = turn ? `Your turn · ${this.title}` : this.title;
    if (view.round !== this.dealtRound) {
      this.dealt = new Map();
      this.dealtRound = view.round;
    }
    this.felt.replaceChildren(...feltChildren(view, this.calls, {
      mySeat: mine ? mine.number : null, seen: this.seen, dealt: this.dealt,
      callsAge: performance.now() - (this.callsAt || 0),
      removable: this.role === "host",
      turnSeconds: this.room.settings ? this.room.settings.turn_s : 30,
    }).filter(Boolean));
    this.hostBox.replaceChildren(...(this.role === "host" ? [hostPanel(view, ctx)] : []));
    const parts = [];
    if (this.role === "spectator") parts.push(this.sit);
    if (mine) {
      parts.push(actionBar(view, ctx), legendEl(this.room.signals || "shoe", signals),
        betControl(view, mine, ctx), chipsControl(view, mine, ctx));
      coach.between(ctx, view); // between rounds the coach reads the round (and may ask the count)
      if (!view.legal.includes("hit") && !view.legal.includes("stand") && this.panel
        && this.panel.classList.contains("hint-panel")) this.showPanel(null);
    }
    this.controls.replaceChildren(...parts.filter(Boolean));
    if (this.busy) {
      for (const b of this.root.querySelectorAll("[data-action], [data-host]")) b.disabled = true;
    }
    this.animate(view);
    this.tick();
    if (turnCame) requestAnimationFrame(() => this.showMyHand());
  }

  // A turn come round: your seat in sight, above the buttons, scrolling no further than that
  // (the dealer's cards stay above it whenever the screen holds both).
  showMyHand() {
    const mine = this.felt.querySelector(".seat.mine");
    if (mine) mine.scrollIntoView({ block: "nearest" });
  }

  // Payouts fly from the dealer's rack to the bet, lost bets go to the rack: each only once,
  // the first time this page sees that hand settled.
  animate(view) {
    const rack = this.felt.querySelector(".rack");
    if (rack) {
      const r = rack.getBoundingClientRect();
      for (const pile of this.felt.querySelectorAll(".pile.payout.flying, .bet-spot.collecting")) {
        const p = pile.getBoundingClientRect();
        pile.style.setProperty("--dx", `${r.left + r.width / 2 - (p.left + p.width / 2)}px`);
        pile.style.setProperty("--dy", `${r.top + r.height / 2 - (p.top + p.height / 2)}px`);
        pile.classList.add("go");
      }
    }
    for (const seat of view.seats) {
      seat.hands.forEach((hand, i) => {
        if (hand.outcome) this.seen.add(`${view.round}:${seat.number}:${i}`);
      });
    }
  }
}

route();
