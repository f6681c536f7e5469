// President's page (docs/games/president.md): the play to beat, who has passed, the titles, your
// hand. You pick cards of one rank and see the set you have picked before you play it: Play is
// offered only when the set is one of the frame's legal plays, and until then the page says
// how many more of that rank the set needs. At the exchange the President picks the card to
// hand back.
import { h } from "../dom.js";
import {
  betweenHands, cardText, handEl, newsEl, sortHand, moveButton, opsNamed, rowEl, says, seatsEl, setKey, sheetEl, who, whyEl,
} from "./kit.js";

const SETS = { 1: "a single", 2: "a pair", 3: "three of a kind", 4: "four of a kind" };
const setName = (n) => SETS[n] || `${n} of a kind`;
const rankOf = (code) => code.slice(0, -1);
// President's ranking, low to high (docs/games/president.md#card-ranking): the hand is sorted by it.
const CLIMB = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];

function statusText(m) {
  const b = m.body;
  const mine = m.toAct === m.me;
  const bottom = b.order ? b.order[b.order.length - 1] : null;
  if (m.over) return betweenHands(m, "hand");
  if (b.phase === "exchange") {
    return mine ? `Pick a card to hand back to ${who(m, bottom)}.`
      : `${who(m, m.toAct)} hands a card back to ${bottom === m.me ? "you" : who(m, bottom)}.`;
  }
  if (!b.top || !b.top.length) {
    const opening = b.opening ? " (the first lead includes the 3♠)" : "";
    return mine ? `Your lead: play a card or a set of one rank${opening}.` : `${who(m, m.toAct)} leads${opening}.`;
  }
  return mine ? `Beat ${setName(b.top.length)} of ${rankOf(b.top[0])} with ${setName(b.top.length)} higher, or pass.`
    : `${who(m, m.toAct)} to play.`;
}

// President's moves in words (the shared ones: play, pass).
function news(m, e) {
  const c = (e.cards || []).map(cardText).join(" ");
  switch (e.kind) {
    case "cleared": return `${says(m, e.seat, "win", "wins")} the trick and ${e.seat === m.me ? "lead" : "leads"}`;
    case "out": return `${says(m, e.seat, "go", "goes")} out: ${e.value}`;
    case "asshole": return `${says(m, e.seat, "are", "is")} the ${e.value}`;
    case "surrendered": return `${says(m, e.seat, "hand", "hands")} ${c || "the best card"} to ${who(m, e.other)}`;
    case "handed-back": return `${says(m, e.seat, "hand", "hands")} ${c || "a card"} back to ${who(m, e.other)}`;
    case "play": case "pass": return undefined;
    default: return null;
  }
}

function topEl(m) {
  const b = m.body;
  const top = b.top || [];
  const passed = (b.passed || []).map((s) => who(m, s));
  return h("section.top", { "aria-label": "the play to beat" },
    h("p.top-head", {}, top.length ? `${says(m, b.last_player, "played", "played")} ${setName(top.length)}:`
      : b.phase === "play" ? "No cards to beat: a new lead." : ""),
    top.length ? rowEl(top, "top-cards") : h("div.cards.row.empty-spot"),
    h("p.top-foot", {},
      passed.length ? h("span.passed", {}, `Passed: ${passed.join(", ")}`) : null,
      h("span.played", {}, `${b.played} of 52 played`),
      h("span.ranking", {}, "3 low … K A 2 high")));
}

// The set you have picked, shown before you play it, and the button that plays it when it is
// one of the legal plays.
function pickedEl(m, ui, plays) {
  const picked = [...ui.selection];
  const key = setKey(picked);
  const exact = plays.find((op) => setKey(op.cards) === key);
  const bigger = plays.filter((op) => picked.every((c) => op.cards.includes(c)) && op.cards.length > picked.length);
  let note = "";
  if (!picked.length) note = "Tap cards of one rank to make your set.";
  else if (!exact && bigger.length) {
    const more = Math.min(...bigger.map((op) => op.cards.length)) - picked.length;
    note = `Pick ${more} more ${rankOf(picked[0])}${more > 1 ? "s" : ""} to play this set.`;
  }
  return h("div.picked-set", { "aria-label": "your set", dataset: { set: key } },
    h("span.picked-label", {}, picked.length ? `Your set: ${setName(picked.length)}` : "Your set"),
    picked.length ? rowEl(picked.sort(), "picked-cards") : null,
    note ? h("span.picked-note", {}, note) : null);
}

function actionsEl(m, ui, plays) {
  const buttons = [];
  const picked = [...ui.selection];
  const key = setKey(picked);
  if (plays.length) {
    const exact = plays.find((op) => setKey(op.cards) === key);
    buttons.push(moveButton(exact ? `Play ${setName(picked.length)}` : "Play", "act-play",
      () => ui.act("play", { cards: exact.cards }), { disabled: !exact || ui.busy, op: "play" }));
  }
  const gives = opsNamed(m, "give");
  if (gives.length) {
    const order = m.body.order || [];
    const bottom = order[order.length - 1];
    const chosen = picked.length === 1 && gives.some((op) => op.cards[0] === picked[0]) ? picked[0] : null;
    buttons.push(moveButton(chosen ? `Hand ${cardText(chosen)} to ${who(m, bottom)}` : "Pick a card to hand back",
      "act-give", () => ui.act("give", { cards: [chosen] }), { disabled: !chosen || ui.busy, op: "give" }));
  }
  if (opsNamed(m, "pass").length) {
    buttons.push(moveButton("Pass", "act-pass", () => ui.act("pass"), { disabled: ui.busy, op: "pass" }));
  }
  return buttons.length ? h("div.action-bar.moves", {}, buttons) : null;
}


export const president = {
  title: "President",
  draw(m, ui) {
    const b = m.body;
    const plays = opsNamed(m, "play");
    const gives = opsNamed(m, "give");
    const usable = new Set([...plays, ...gives].flatMap((op) => op.cards));
    // Picking builds a set of one rank; a card of another rank, or one no legal play could add,
    // starts a new set with it.
    const sets = { ...ui, toggle: (code) => {
      if (gives.length) return ui.pick(ui.selection.has(code) ? [] : [code]);
      const now = [...ui.selection];
      if (now.includes(code)) return ui.pick(now.filter((c) => c !== code));
      const grown = [...now, code];
      const fits = rankOf(now[0] || code) === rankOf(code)
        && plays.some((op) => grown.every((c) => op.cards.includes(c)));
      return ui.pick(fits ? grown : [code]);
    } };
    const titles = b.titles || {};
    const finished = b.finished || [];
    const seats = seatsEl(m, (n) => {
      const badges = [];
      if (titles[n]) badges.push(titles[n]);
      const note = finished.includes(n) ? `out ${finished.indexOf(n) + 1}${["st", "nd", "rd"][finished.indexOf(n)] || "th"}`
        : (b.passed || []).includes(n) ? "passed" : null;
      return { badges, note };
    });
    return {
      status: statusText(m),
      seats,
      table: topEl(m),
      news: newsEl(m, m.events, (e) => news(m, e)),
      hand: b.hand ? h("section.hand-box", {},
        plays.length ? pickedEl(m, ui, plays) : null,
        handEl(m, sets, sortHand(b.hand, CLIMB, { bySuit: false }), usable, m.blocked), whyEl(m, ui, m.blocked)) : null,
      actions: actionsEl(m, sets, plays),
      sheet: sheetEl(m, "Titles", "No hand finished yet."),
    };
  },
};

export default president;
