// What the three card games' pages share: cards from their codes, the hand you hold (every card
// shown, only the legal ones selectable, each other one with the game's reason), the seats round
// the table, the turn clock, the buttons for the legal moves and the score sheet. All of it is
// drawn from one frame; the only thing a page keeps of its own is the cards you have picked.
import { cardEl } from "../cards.js";
import { h } from "../dom.js";

const SUIT_SYMBOLS = { s: "♠", h: "♥", d: "♦", c: "♣" };
export const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

// "10h" → {code, rank: "10", suit: "h"}; null (a card you may not see) stays null.
export function card(code) {
  if (code === null || code === undefined) return null;
  return { code, rank: code.slice(0, -1), suit: code.slice(-1) };
}

// "10♥": how a card is written in words on the page (the terminal writes it the same way).
export function cardText(code) {
  return `${code.slice(0, -1)}${SUIT_SYMBOLS[code.slice(-1)] || "?"}`;
}

export function suitText(letter) {
  return `${SUIT_SYMBOLS[letter] || ""} ${SUIT_NAMES[letter] || letter}`;
}

// The cards one operation names, as a key that does not depend on their order.
export const setKey = (codes) => [...codes].sort().join(" ");

// The seat's name as the page says it: "You" for the viewer.
export function who(model, seat) {
  if (seat === null || seat === undefined || seat === 0) return "nobody";
  if (seat === model.me) return "You";
  return model.names[seat] || `Seat ${seat}`;
}

// "You lead" / "Ann leads": a verb agreeing with who().
export const says = (model, seat, you, other) => (seat === model.me ? `You ${you}` : `${who(model, seat)} ${other}`);

// Between hands the host deals (room.host_legal holds "deal"); everyone else waits for it.
export function betweenHands(m, hand) {
  return m.role === "host" ? `Deal the next ${hand} when everyone is ready.` : `The host deals the next ${hand}.`;
}

// What just happened, from the frame's events (the moves since the last frame, as this viewer
// may see them): one short sentence per move worth telling, the last few only. `own(event)`
// is the game's sentence for its own kinds of event, or undefined to use the shared ones.
export function newsEl(m, events, own) {
  const cards = (e) => (e.cards || []).map(cardText).join(" ");
  const shared = (e) => {
    switch (e.kind) {
      case "pass": return says(m, e.seat, "pass", "passes");
      case "play": return `${says(m, e.seat, "play", "plays")} ${cards(e)}`;
      case "take": return says(m, e.seat, "take the cards", "takes the cards");
      default: return null;
    }
  };
  const lines = (events || []).map((e) => {
    const line = own(e);
    return line === undefined ? shared(e) : line;
  }).filter(Boolean).slice(-3);
  return h(`div.news${lines.length ? "" : ".quiet"}`, { role: "status" },
    lines.map((t) => h("p.news-line", {}, `${t}.`)));
}

// The legal operations of one kind (play, give, bid...).
export const opsNamed = (model, name) => model.legal.filter((op) => op.op === name);

// The page's picking where a move is one card (Durak, Solo Whist): picking another card
// replaces the pick, picking the same one again clears it.
export const onePick = (ui) => ({ ...ui, toggle: (code) => ui.pick(ui.selection.has(code) ? [] : [code]) });

// A row of cards laid on the table (not selectable).
export function rowEl(codes, cls = "") {
  return h(`div.cards.row${cls ? `.${cls}` : ""}`, {}, codes.map((c, i) => cardEl(card(c), i)));
}

// Ranks from low to high with the ace high (Solo Whist, Durak); President passes its own order.
export const ACE_HIGH = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const SUIT_ORDER = ["s", "h", "c", "d"];   // black and red in turn, as a hand is held

// A hand sorted as a player holds it: by suit, then rank; `first` puts one suit last (trumps).
export function sortHand(codes, ranks = ACE_HIGH, { bySuit = true, last = null } = {}) {
  const suit = (c) => (c.slice(-1) === last ? 9 : SUIT_ORDER.indexOf(c.slice(-1)));
  const rank = (c) => ranks.indexOf(c.slice(0, -1));
  return [...codes].sort((a, b) => (bySuit ? suit(a) - suit(b) || rank(a) - rank(b)
    : rank(a) - rank(b) || suit(a) - suit(b)));
}

// The most cards a phone's hand holds in one row (Solo Whist's thirteen read well in one).
const LONG_HAND = 13;

// What a legal move is sent with: its details, without its name and seat (the seat is the
// token's).
export function moveArgs(op) {
  const { op: _name, seat: _seat, ...args } = op;
  return args;
}

// The hand you hold, sorted: every card a button. While it is your move, a card no legal move
// uses is greyed, is never picked, and says why when touched; while it is not, the cards rest
// (not selectable) and say whose move it is. A card that only one legal move uses is played by
// touching it; a card several moves use is picked first. `usable`: the codes a legal move can
// take; `why`: code → the game's reason.
export function handEl(model, ui, codes, usable, why = {}) {
  if (!codes || !codes.length) return h("div.my-hand.empty", {}, "No cards in your hand.");
  const live = usable.size > 0 || Object.keys(why).length > 0;
  const buttons = codes.map((code, i) => {
    const ok = usable.has(code);
    const picked = ui.selection.has(code);
    const reason = ok ? null : (why[code] || model.waiting || "");
    const state = ok ? ".usable" : live ? ".blocked" : ".resting";
    return h(`button.hand-card${state}${picked ? ".picked" : ""}`, {
      type: "button", "aria-disabled": ok ? "false" : "true", "aria-pressed": picked ? "true" : "false",
      dataset: { card: code, why: reason || "" }, title: reason || `pick ${cardText(code)}`,
      style: { "--i": String(i) },
      onclick: () => {
        if (!ok) return ui.explain(code, reason);
        const only = ui.only ? ui.only(code, model.legal) : null;
        return only ? ui.act(only.op, moveArgs(only)) : ui.toggle(code);
      },
    }, cardEl(card(code), 0));
  });
  // A long hand on a phone (President's 17 or 18 cards) lies in two rows, each fanned only as
  // much as its width needs, so every rank stays readable; a laptop holds it in one row.
  const rows = codes.length > LONG_HAND && window.matchMedia("(max-width: 700px)").matches ? 2 : 1;
  if (rows === 1) {
    return h("div.my-hand", { role: "group", "aria-label": "your hand", style: { "--n": String(codes.length) } },
      buttons);
  }
  const half = Math.ceil(buttons.length / 2);
  const row = (part) => h("div.hand-row", { style: { "--n": String(part.length) } }, part);
  return h("div.my-hand.rows", { role: "group", "aria-label": "your hand" },
    row(buttons.slice(0, half)), row(buttons.slice(half)));
}

// The line under the hand: the reason for the greyed card you touched, or, when it is your move
// and some cards are greyed, the reason they share (or how to see each card's own).
export function whyEl(model, ui, why) {
  const reasons = [...new Set(Object.values(why || {}))];
  const text = ui.explained ? ui.explained
    : reasons.length === 1 ? `Greyed cards: ${reasons[0]}.`
      : reasons.length ? "Tap a greyed card to see why it cannot be played." : "";
  return h("p.why", { "aria-live": "polite", hidden: !text }, text);
}

// One button per move; `busy` disables them while a request is in flight.
export function moveButton(text, cls, onclick, { disabled = false, op = "", data = {} } = {}) {
  return h(`button.move${cls ? `.${cls}` : ""}`, { type: "button", dataset: { op, ...data }, disabled, onclick }, text);
}

// The seats round the table: name, cards held, badges the game adds, the turn clock.
// `extra(seat)` returns the game's badges and notes for that seat.
export function seatsEl(model, extra) {
  return h("section.ring", { "aria-label": "the players" }, model.seats.map((s) => {
    const n = s.number;
    const turn = model.toAct === n && !model.over;   // between hands nobody is to move
    const cls = ["cseat"];
    if (n === model.me) cls.push("mine");
    if (turn) cls.push("turn");
    if (s.connected === false && !s.bot) cls.push("away");
    const count = model.counts[n];
    const { badges = [], note = null } = extra(n) || {};
    return h(`article.${cls.join(".")}`, { dataset: { seat: String(n) }, "aria-label": `seat ${n}: ${s.name || ""}` },
      h("header.cseat-head", {},
        h("span.seat-no", {}, String(n)),
        h("span.seat-name", {}, n === model.me ? `${s.name || `Seat ${n}`}` : (s.name || `Seat ${n}`)),
        n === model.me ? h("span.badge.you", {}, "you") : null,
        s.bot ? h("span.badge.bot", { title: `a bot (${s.bot})` }, "bot") : null,
        s.connected === false && !s.bot ? h("span.badge.away", {}, "away") : null,
        ...badges.map((b) => h("span.badge.role-badge", {}, b))),
      h("div.cseat-body", {},
        count !== undefined ? h("span.held", { title: `${count} cards in hand` },
          h("span.mini-back", { "aria-hidden": "true" }), ` ${count}`) : null,
        note ? h("span.seat-note", {}, note) : null),
      clockEl(model, n));
  }));
}

export function clockEl(model, seat) {
  if (!model.clock || model.clock.seat !== seat) return null;
  return h("div.clock", {
    dataset: { deadline: String(model.clock.deadline_ms), span: String(model.turnSeconds * 1000) },
    "aria-label": "turn clock",
  }, h("div.clock-bar"), h("span.clock-text", {}, ""));
}

// The score sheet as the room sends it (room.scores: a header and rows, the last row the
// evening's summary: totals, times durak, points), with the link to its CSV download. `cell`
// formats a number cell as the game writes it.
export function sheetEl(m, title, empty, cell = (v) => String(v)) {
  const sheet = m.scores;
  const rows = sheet ? sheet.rows : [];
  const hands = rows.slice(0, -1);
  const summary = rows.length ? rows[rows.length - 1] : null;
  const show = (v, i) => (i > 0 && typeof v === "number" ? cell(v) : String(v));
  const line = (r, tag) => h("tr", {}, r.map((v, i) => (i === 0 ? h("th", { scope: "row" }, String(v))
    : h(tag, {}, show(v, i)))));
  const table = hands.length ? h("table.sheet", {},
    h("thead", {}, h("tr", {}, sheet.header.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, hands.map((r) => line(r, "td"))),
    summary ? h("tfoot", {}, line(summary, "td")) : null) : h("p.sheet-empty", {}, empty);
  return h("section.score-sheet", { "aria-label": "score sheet" },
    h("header.sheet-head", {}, h("h2", {}, title),
      m.csvUrl ? h("a.csv", { href: m.csvUrl, download: "" }, "Download (CSV)") : null),
    h("div.sheet-scroll", {}, table));
}

// A signed whole number as a score sheet writes it.
export const signedInt = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");
