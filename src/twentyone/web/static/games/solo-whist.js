// Solo Whist's page (docs/games/solo-whist.md): the auction with the whole ladder of bids and
// what each must take, the trick on the table, the contract and the tricks won, an exposed
// Misère Ouverte hand when the view shows it, your hand, and the counters over the evening.
import { cardEl } from "../cards.js";
import { h } from "../dom.js";
import {
  betweenHands, card, cardText, handEl, newsEl, sortHand, moveButton, onePick, opsNamed, rowEl, says, seatsEl, sheetEl, signedInt, suitText,
  who, whyEl,
} from "./kit.js";

// The ladder comes with the view (body.ladder: each bid, its label, what it must take and
// what it pays), lowest first, so the page and the game never disagree about a bid.
const ladderOf = (m) => m.body.ladder || [];
const bidNamed = (m, name) => ladderOf(m).find((c) => c.bid === name) || { bid: name, label: name, must: "" };
const AUCTION = new Set(["bidding", "late-cop", "prop-option"]);

const callText = (m, call) => (call === "pass" ? "pass" : call === "cop" ? "Cop" : bidNamed(m, call).label);

// Solo Whist's moves in words (the shared ones: play, pass).
function news(m, e) {
  switch (e.kind) {
    case "bid": return `${says(m, e.seat, "bid", "bids")} ${bidNamed(m, e.value).label}`;
    case "cop": return `${says(m, e.seat, "call", "calls")} Cop with ${who(m, e.other)}`;
    case "trump-named": return `${says(m, e.seat, "name", "names")} ${e.value} trumps`;
    case "trick": return `${says(m, e.seat, "win", "wins")} the trick`;
    case "exposed": return `${who(m, e.seat)}${e.seat === m.me ? "r hand is" : "'s hand is"} laid face up`;
    case "made": return `The contract is made (${e.value} ${e.value === 1 ? "trick" : "tricks"})`;
    case "broken": return `The contract is broken (${e.value} ${e.value === 1 ? "trick" : "tricks"})`;
    case "abandoned": return "Nobody bid: the same dealer deals again";
    case "play": case "pass": return undefined;
    default: return null;
  }
}

function statusText(m) {
  const b = m.body;
  const mine = m.toAct === m.me;
  const high = b.high ? bidNamed(m, b.high).label : null;
  switch (b.phase) {
    case "deal":
      return betweenHands(m, "hand");
    case "bidding":
      return mine ? (high ? `Bid higher than ${high}, ${opsNamed(m, "bid").some((o) => o.bid === "cop") ? "call Cop, " : ""}or pass.`
        : "Bid, or pass.") : `${who(m, m.toAct)} to bid.`;
    case "late-cop":
      return mine ? `You passed, but may still accept ${who(m, b.high_seat)}'s Prop: Cop, or pass.`
        : `${who(m, m.toAct)} may still accept the Prop.`;
    case "prop-option":
      return mine ? "Nobody accepted your Prop: bid higher, or pass and the hand is dealt again."
        : `Nobody accepted ${who(m, b.high_seat)}'s Prop: raise or give up.`;
    case "trump":
      return mine ? "Name your trump suit." : `${who(m, m.toAct)} names the trump suit.`;
    case "play":
      return mine ? ((b.trick || []).length ? "Your card: follow suit if you can." : "Your lead.")
        : `${who(m, m.toAct)} to play.`;
    default:
      return "";
  }
}

// The ladder: every bid, what it must take, its credits and trumps; the standing bid marked,
// the bids you may make now as buttons, the others greyed.
function ladderEl(m, ui) {
  const b = m.body;
  const bids = new Set(opsNamed(m, "bid").map((o) => o.bid));
  const ladder = ladderOf(m);
  const level = b.high ? ladder.findIndex((c) => c.bid === b.high) : -1;
  return h("table.ladder", { "aria-label": "the bids" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Bid"), h("th", { scope: "col" }, "Must"),
      h("th", { scope: "col" }, "Pays"))),
    h("tbody", {}, ladder.map((c, i) => {
      const open = bids.has(c.bid);
      const cls = [i === level ? "standing" : "", i <= level ? "below" : "", open ? "open" : ""]
        .filter(Boolean).join(".");
      const why = open ? "" : i <= level ? `a bid must be higher than ${ladder[level].label}` : "";
      return h(`tr${cls ? `.${cls}` : ""}`, { dataset: { bid: c.bid }, title: why || null },
        h("th", { scope: "row" }, open
          ? h("button.move.bid", { type: "button", disabled: ui.busy, dataset: { op: "bid", bid: c.bid },
            onclick: () => ui.act("bid", { bid: c.bid }) }, c.label)
          : h("span.bid-name", {}, c.label, i === level ? h("small", {}, ` (${who(m, b.high_seat)})`) : null)),
        h("td", {}, c.must), h("td", {}, `${c.counters}`));
    })));
}

function auctionEl(m, ui) {
  const b = m.body;
  return h("section.auction", { "aria-label": "the auction" },
    h("div.auction-top", {},
      b.turn_up ? h("figure.turn-up", {}, cardEl(card(b.turn_up), 0),
        h("figcaption", {}, `Turned up: ${suitText(b.turn_up.slice(-1))} is the default suit`)) : null,
      h("ol.calls-list", { "aria-label": "the calls" }, (b.calls || []).map(([s, call]) =>
        h(`li.call-${call === "pass" ? "pass" : "bid"}`, {}, h("b", {}, who(m, s)), ` ${callText(m, call)}`)))),
    AUCTION.has(b.phase) ? ladderEl(m, ui) : null);
}

function contractLine(m) {
  const b = m.body;
  if (!b.contract) return null;
  const c = bidNamed(m, b.contract);
  const side = (b.declarers || []).map((s) => who(m, s)).join(" and ");
  const won = (b.declarers || []).reduce((n, s) => n + (b.tricks[s] || 0), 0);
  const trump = b.trump ? `trumps ${suitText(b.trump)}` : "no trumps";
  return h("p.contract", {}, h("b", {}, c.label), ` by ${side} (${c.must}) · ${trump} · `,
    h("span.won", {}, `${won} won so far`));
}

// The trick on the table. A finished trick stays on the table, all four cards and who won it,
// until the next card is led; while a trick is under way the last one is shown on request.
function trickEl(m, ui) {
  const b = m.body;
  const trick = b.trick || [];
  const last = b.last_trick || [];
  const peek = ui.lastTrick && trick.length > 0 && last.length > 0;
  const toggle = trick.length && last.length ? h("button.secondary.last-toggle", {
    type: "button", "aria-pressed": peek ? "true" : "false", onclick: () => ui.toggleLast(),
  }, peek ? "Back to this trick" : "Last trick") : null;
  if (peek || (!trick.length && last.length)) {
    const won = b.last_winner;
    return h("div.trick-box", {},
      h("div.last-trick", { "aria-label": "the last trick", dataset: { winner: String(won) } },
        last.map(([s, c], i) => h(`figure.was-played${s === won ? ".winner" : ""}`, { dataset: { seat: String(s), card: c } },
          cardEl(card(c), i), h("figcaption", {}, who(m, s))))),
      h("p.trick-won", {}, `${says(m, won, "win", "wins")} the trick${peek ? "" : ` and ${won === m.me ? "lead" : "leads"}`}.`),
      toggle);
  }
  return h("div.trick-box", {},
    h("div.trick", { "aria-label": "the trick" }, trick.length ? trick.map(([s, c], i) =>
      h("figure.played", { dataset: { seat: String(s), card: c } }, cardEl(card(c), i), h("figcaption", {}, who(m, s))))
      : h("p.quiet", {}, b.phase === "play" ? says(m, m.toAct, "lead", "leads") : "")),
    toggle);
}

function exposedEl(m) {
  const shown = Object.entries(m.body.exposed || {}).filter(([s]) => Number(s) !== m.me);
  return shown.map(([s, codes]) => h("section.exposed", { "aria-label": `${who(m, Number(s))}'s hand, face up` },
    h("p", {}, `${who(m, Number(s))}'s hand, face up`), rowEl(codes, "exposed-cards")));
}

function tableEl(m, ui) {
  const b = m.body;
  if (b.phase === "deal") {
    // The hand's last trick stays in view until the next deal.
    return h("section.whist-table", {}, (b.last_trick || []).length ? trickEl(m, ui)
      : h("p.quiet", {}, "The cards are gathered for the next hand."));
  }
  if (b.phase === "play") return h("section.whist-table", {}, contractLine(m), trickEl(m, ui), exposedEl(m));
  return h("section.whist-table", {}, contractLine(m), auctionEl(m, ui));
}

function actionsEl(m, ui) {
  const b = m.body;
  const buttons = [];
  const plays = opsNamed(m, "play");
  if (plays.length) {
    const picked = [...ui.selection];
    const chosen = picked.length === 1 && plays.some((op) => op.cards[0] === picked[0]) ? picked[0] : null;
    buttons.push(moveButton(chosen ? `Play ${cardText(chosen)}` : "Pick a card", "act-play",
      () => ui.act("play", { cards: [chosen] }), { disabled: !chosen || ui.busy, op: "play" }));
  }
  if (opsNamed(m, "bid").some((o) => o.bid === "cop")) {
    buttons.push(moveButton(`Cop: partner ${who(m, b.high_seat)}`, "act-cop", () => ui.act("bid", { bid: "cop" }),
      { disabled: ui.busy, op: "cop" }));
  }
  for (const op of opsNamed(m, "name-trump")) {
    const s = op.suit;
    buttons.push(moveButton(suitText(s), `act-trump.suit-${s}`, () => ui.act("name-trump", { suit: s }),
      { disabled: ui.busy, op: "name-trump", data: { suit: s } }));
  }
  if (opsNamed(m, "pass").length) {
    buttons.push(moveButton("Pass", "act-pass", () => ui.act("pass"), { disabled: ui.busy, op: "pass" }));
  }
  return buttons.length ? h("div.action-bar.moves", {}, buttons) : null;
}


export const soloWhist = {
  title: "Solo Whist",
  draw(m, ui) {
    const b = m.body;
    const plays = opsNamed(m, "play");
    const usable = new Set(plays.map((op) => op.cards[0]));
    const one = onePick(ui);
    const seats = seatsEl(m, (n) => {
      const badges = [];
      if (n === b.dealer) badges.push("deals");
      if (!m.over && (b.declarers || []).includes(n)) badges.push("declarer");
      const note = b.phase === "play" ? `${b.tricks[n] || 0} tricks` : null;
      return { badges, note };
    });
    return {
      status: statusText(m),
      seats,
      table: tableEl(m, ui),
      news: newsEl(m, m.events, (e) => news(m, e)),
      hand: b.hand ? h("section.hand-box", {}, handEl(m, one,
        sortHand(b.hand, undefined, { last: b.trump || null }),
        usable, m.blocked), whyEl(m, ui, m.blocked))
        : null,
      actions: actionsEl(m, one),
      sheet: sheetEl(m, "Counters", "No hand played yet.", signedInt),
    };
  },
};

export default soloWhist;
