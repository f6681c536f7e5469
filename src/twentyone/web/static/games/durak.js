// Durak's page (docs/games/durak.md): the bout on the table (each attack card with the card that
// beat it), the stock with the trump card under it, your hand, and the moves the frame lists.
// Take is offered only when the frame's legal moves hold it, which is only ever the defender's.
import { cardEl } from "../cards.js";
import { h } from "../dom.js";
import {
  betweenHands, card, cardText, handEl, newsEl, sortHand, moveButton, onePick, opsNamed, says, seatsEl, sheetEl, suitText, who, whyEl,
} from "./kit.js";

// What playing your picked card is called at each moment of a bout.
const PLAY_LABEL = { attack: "Attack with", defend: "Beat it with", "pile-on": "Throw in", give: "Give" };
const PASS_LABEL = { "pile-on": "No more to throw in", give: "Nothing more to give" };

function statusText(m) {
  const b = m.body;
  const me = m.me;
  if (m.over) return betweenHands(m, "game");
  const mine = m.toAct === me;
  switch (b.phase) {
    case "attack":
      return mine ? `Your attack on ${who(m, b.defender)}: lead any card.`
        : `${who(m, b.attacker)} attacks ${b.defender === me ? "you" : who(m, b.defender)}.`;
    case "defend":
      return mine ? "Beat the open card with a higher card of its suit or a trump, or take the cards."
        : `${who(m, b.defender)} defends.`;
    case "pile-on":
      return mine ? "All beaten: throw in a card of a rank on the table, or pass."
        : `${who(m, m.toAct)} may throw in another card.`;
    case "give":
      return mine ? `${who(m, b.defender)} takes: hand over more cards of ranks on the table, or pass.`
        : `${who(m, b.defender)} takes the cards; ${who(m, m.toAct)} may give more.`;
    default:
      return "";
  }
}

// Durak's moves in words (the shared ones: pass, take).
function news(m, e) {
  const c = (e.cards || []).map(cardText);
  switch (e.kind) {
    case "attack": return `${says(m, e.seat, "attack", "attacks")} with ${c[0]}`;
    case "give": return `${says(m, e.seat, "give", "gives")} ${c[0]}`;
    case "beat": return `${says(m, e.seat, "beat", "beats")} ${c[0]} with ${c[1]}`;
    case "picked-up": return `${says(m, e.seat, "pick", "picks")} up ${c.length} cards`;
    case "discarded": return `All beaten: ${c.length} cards to the discards`;
    case "lowest-trump": return `${says(m, e.seat, "hold", "holds")} the lowest trump, ${c[0]}, and ${e.seat === m.me ? "attack" : "attacks"} first`;
    case "out": return `${says(m, e.seat, "are", "is")} out`;
    case "durak": return `${says(m, e.seat, "are", "is")} the durak`;
    case "draw-game": return "A draw: nobody is the durak";
    case "pass": case "take": return undefined;
    default: return null;
  }
}

function boutEl(m) {
  const b = m.body;
  const pairs = b.table || [];
  const attacks = pairs.length;
  return h("section.bout", { "aria-label": "the bout" },
    b.phase !== "deal" ? h("p.bout-head", {},
      says(m, b.attacker, `attack ${who(m, b.defender)}`, `attacks ${b.defender === m.me ? "you" : who(m, b.defender)}`),
      h("span.bout-limit", { title: "attack cards this bout may hold" }, ` · ${attacks} of ${b.limit} cards`))
      : h("p.bout-head", {}, b.durak ? `${who(m, b.durak)} ${b.durak === m.me ? "are" : "is"} the durak.`
        : "The cards are gathered for the next game."),
    h("div.pairs", {}, pairs.length ? pairs.map(([a, d], i) =>
      h(`div.pair${d ? ".beaten" : ".open"}`, { dataset: { attack: a, defence: d || "" } },
        cardEl(card(a), i), d ? cardEl(card(d), i) : null))
      : h("p.quiet", {}, b.phase === "deal" ? "" : "No cards on the table yet.")));
}

// The stock and the trump card under it. The trump card is drawn upright beside the stock, whole
// and readable (on a table it lies across the stock's foot). Between games there is no stock
// and nothing discarded: the pack waits to be dealt.
function stockEl(m) {
  const b = m.body;
  const trump = b.trump_card;
  if (b.phase === "deal") {
    return h("section.stock", { "aria-label": "the stock" },
      h("p.stock-text", {}, h("span", {}, m.handsDealt ? "The pack is gathered to deal again." : "A pack of 36 to deal.")));
  }
  return h("section.stock", { "aria-label": "the stock" },
    trump ? h(`div.stock-pile${b.trump_in_stock ? "" : ".gone"}`, {},
      b.trump_in_stock ? h("div.trump-card", { title: `the trump card: ${cardText(trump)}` }, cardEl(card(trump), 0)) : null,
      b.stock > 1 ? h("div.card.back.on-trump", { "aria-label": "the stock" }) : null) : null,
    h("p.stock-text", {},
      trump ? h("b.trumps", {}, `Trumps ${suitText(trump.slice(-1))}`) : null,
      h("span", {}, `${b.stock} in the stock`),
      h("span", {}, `${b.discards} discarded`)));
}

function actionsEl(m, ui) {
  const b = m.body;
  const plays = opsNamed(m, "play");
  const picked = [...ui.selection];
  const chosen = picked.length === 1 && plays.some((op) => op.cards[0] === picked[0]) ? picked[0] : null;
  const buttons = [];
  if (plays.length) {
    buttons.push(moveButton(chosen ? `${PLAY_LABEL[b.phase] || "Play"} ${cardText(chosen)}` : "Pick a card",
      "act-play", () => ui.act("play", { cards: [chosen] }), { disabled: !chosen || ui.busy, op: "play" }));
  }
  if (opsNamed(m, "take").length) {
    buttons.push(moveButton("Take the cards", "act-take", () => ui.act("take"), { disabled: ui.busy, op: "take" }));
  }
  if (opsNamed(m, "pass").length) {
    buttons.push(moveButton(PASS_LABEL[b.phase] || "Pass", "act-pass", () => ui.act("pass"),
      { disabled: ui.busy, op: "pass" }));
  }
  return buttons.length ? h("div.action-bar.moves", {}, buttons) : null;
}


export const durak = {
  title: "Durak",
  draw(m, ui) {
    const b = m.body;
    const plays = opsNamed(m, "play");
    const usable = new Set(plays.map((op) => op.cards[0]));
    const one = onePick(ui);
    const seats = seatsEl(m, (n) => {
      const badges = [];
      if (n === b.attacker && b.phase !== "deal") badges.push("attacks");
      if (n === b.defender && b.phase !== "deal") badges.push(b.phase === "give" ? "takes" : "defends");
      if ((b.out || []).includes(n)) badges.push("out");
      if (n === b.durak && b.phase === "deal") badges.push("durak");
      return { badges };
    });
    return {
      status: statusText(m),
      seats,
      table: h("div.durak-table", {}, boutEl(m), stockEl(m)),
      news: newsEl(m, m.events, (e) => news(m, e)),
      hand: b.hand ? h("section.hand-box", {}, handEl(m, one,
        sortHand(b.hand, undefined, { last: b.trump_card ? b.trump_card.slice(-1) : null }), usable, m.blocked), whyEl(m, ui, m.blocked))
        : null,
      actions: actionsEl(m, one),
      sheet: sheetEl(m, "Durak-ships", "No game finished yet."),
    };
  },
};

export default durak;
