// Cards drawn with CSS: rank and suit in the corners, a large suit in the middle, red or black.
// A card the viewer may not see arrives as null and is drawn as a back: there is nothing else
// to draw, because the server never sends its face.
import { h } from "./dom.js";

const SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };
const RANK_NAMES = { A: "ace", J: "jack", Q: "queen", K: "king" };

export function cardEl(card, index = 0) {
  const style = { "--i": String(index) };
  if (card === null || card === undefined) {
    return h("div.card.back", { "aria-label": "face-down card", style });
  }
  const suit = SUITS[card.suit] || "?";
  const red = card.suit === "h" || card.suit === "d";
  const name = `${RANK_NAMES[card.rank] || card.rank} of ${SUIT_NAMES[card.suit] || card.suit}`;
  return h(`div.card.face${red ? ".red" : ".black"}`,
    { "aria-label": name, dataset: { card: card.code }, style },
    h("span.corner.top", {}, h("b", {}, card.rank), h("i", {}, suit)),
    h("span.pip", { "aria-hidden": "true" }, suit),
    h("span.corner.bottom", { "aria-hidden": "true" }, h("b", {}, card.rank), h("i", {}, suit)));
}

// How long a card's deal takes (table.css's "deal" animation).
const DEAL_MS = 260;

// A card drawn again by a redraw (every state frame redraws the felt, and so does a tap on a
// chip) is not dealt again: it carries on from where its deal had got to, or simply lies there.
// ``dealt`` remembers when this page first drew each card, by ``id``.
function dealOnce(el, id, dealt) {
  const now = performance.now();
  if (!dealt.has(id)) {
    dealt.set(id, now);
    return;
  }
  const age = now - dealt.get(id);
  if (age >= DEAL_MS) el.classList.add("still");
  else el.style.animationDelay = `-${Math.round(age)}ms`;
}

// --n, the number of cards, lets a long hand close its cards up to fit its seat (table.css).
// With ``key`` (where the cards lie: the round, the seat, the hand) and ``dealt``, each card is
// dealt only once.
export function cardsEl(cards, { key = null, dealt = null } = {}) {
  return h("div.cards", { style: { "--n": String(cards.length) } }, cards.map((c, i) => {
    const el = cardEl(c, i);
    if (key !== null && dealt) dealOnce(el, `${key}:${i}:${c ? c.code : "back"}`, dealt);
    return el;
  }));
}
