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

// --n, the number of cards, lets a long hand close its cards up to fit its seat (table.css).
export function cardsEl(cards) {
  return h("div.cards", { style: { "--n": String(cards.length) } }, cards.map((c, i) => cardEl(c, i)));
}
