// An item of a drill drawn as the table draws things: chips as stacks in their colours (a rack's
// full tubes of 20 as bars), cards as cards, the seats and the dealer of a real round, the
// discard tray with a ruler of decks. Drawn from the item line alone (what the headless trainer
// prints), so the page can show nothing the drill has not shown.
import { cardEl } from "./cards.js";
import { stacksEl } from "./chips.js";
import { h } from "./dom.js";

const PILE_NAMES = { insurance: "The insurance bet", break: "The chip", "colour-up": "The pile" };
const SUITS = "shcd";

// A card as an item names it: a code with its suit ("10h"), a rank alone ("10": the drill does
// not deal suits, so one is lent for drawing), or "??" face down.
export function cardOf(label, i = 0) {
  if (label === "??") return null;
  const last = label.slice(-1).toLowerCase();
  if (label.length > 1 && SUITS.includes(last)) {
    return { rank: label.slice(0, -1), suit: last, code: label };
  }
  const suit = SUITS[i % 4];
  return { rank: label, suit, code: label + suit };
}

export function handEl(labels) {
  return h("div.cards", {}, labels.map((c, i) => cardEl(cardOf(c, i), i)));
}

const label = (text) => h("div.t-label", {}, text);
const ask = (text) => h("p.t-ask", {}, text);

// A rack's full tubes: one row per colour, each tube of 20 a bar in the chip's colour.
function rackEl(layout, chipset) {
  const rows = [...chipset].sort((a, b) => b.value - a.value)
    .filter(({ colour }) => layout[colour] && layout[colour].tubes)
    .map(({ colour }) => {
      const n = layout[colour].tubes;
      const tubes = [];
      for (let i = 0; i < n; i++) tubes.push(h(`span.t-tube.chip-${colour}`, { title: `${colour}, a tube of 20` }));
      return h("div.t-rack-row", { dataset: { colour, tubes: String(n) } },
        h("span.t-rack-name", {}, colour), h("span.t-tubes", {}, tubes),
        h("span.t-rack-count", {}, `${n} tube${n > 1 ? "s" : ""} of 20`));
    });
  return h("div.t-rack", {}, rows);
}

function pileEl(shown, chipset) {
  if (!shown.rack) return [stacksEl(shown.chips, chipset, { max: 12 })];
  const loose = {};
  for (const [colour, n] of Object.entries(shown.chips)) {
    loose[colour] = shown.layout[colour] ? shown.layout[colour].loose : n;
  }
  return [label("On the rack"), rackEl(shown.layout, chipset), label("Loose"),
    stacksEl(loose, chipset, { max: 12 })];
}

function seatsEl(seats) {
  const entries = Object.entries(seats || {}).sort((a, b) => Number(a[0]) - Number(b[0]));
  return h("div.t-seats", {}, entries.map(([seat, hands]) =>
    h("div.t-seat", { dataset: { seat } }, h("div.t-label", {}, `Seat ${seat}`),
      h("div.t-hands", {}, hands.map((hand) => handEl(hand))))));
}

// The discard tray as a player reads it: as deep as the shoe, filled to the cards played
// (not to the answer's estimate: reading it to the quarter deck is the skill), with a ruler of
// decks and ticks at the quarters.
function trayEl(discarded, decks) {
  const marks = [];
  for (let d = 0; d <= decks; d++) marks.push(h("span", { style: { "--d": String(d / decks) } }, String(d)));
  const ticks = [];
  for (let q = 1; q < 4 * decks; q++) {
    if (q % 4) ticks.push(h(`i.t-tick${q % 2 ? "" : ".half"}`, { style: { "--d": String(q / (4 * decks)) } }));
  }
  return h("div.t-tray-box", {},
    label("Discard tray"),
    h("div.t-tray", { style: { "--fill": String(discarded / decks) } }, h("div.t-tray-fill"), ticks),
    h("div.t-ruler", {}, marks, h("em", {}, "decks")));
}

export function countIntro(shown) {
  if (!("shuffled" in shown)) return `Count these cards with ${shown.system}, starting at ${shown.start}.`;
  if (shown.shuffled) return `A fresh shoe: count with ${shown.system}, starting at ${shown.start}.`;
  return "The next rounds' cards: keep counting from where you were.";
}

export function countQuestion(shown) {
  const since = !("shuffled" in shown) || shown.shuffled ? `started at ${shown.start}` : "since the shuffle";
  return `What is the running count (${shown.system}, ${since})?`;
}

// A drawing the drill made (an SVG of a hand signal), as an element of the page.
function svgEl(text) {
  const doc = new DOMParser().parseFromString(text, "image/svg+xml");
  return document.importNode(doc.documentElement, true);
}

// Everything shown for one item of `drill` whose answers are of `kind`.
export function itemEl(drill, kind, shown, chipset) {
  const parts = [];
  if (shown.say) parts.push(h("p.t-say", {}, shown.say));
  if (drill === "chip-count") {
    parts.push(ask("Count this pile."), ...pileEl(shown, chipset));
  } else if (kind === "chips") {
    if (shown.bet) parts.push(label("The main bet"), stacksEl(shown.bet, chipset));
    // A won double lies as two piles, each under its own name.
    const name = shown.double ? "The original bet" : PILE_NAMES[shown.kind] || "The bet";
    parts.push(label(name), stacksEl(shown.chips, chipset));
    if (shown.double) parts.push(label("The double"), stacksEl(shown.double, chipset));
    if (shown.hand) parts.push(label("The hand"), handEl(shown.hand));
  } else if (kind === "total") {
    parts.push(ask("Name the total."), handEl(shown.cards));
  } else if (shown.svg || shown.drawings) {
    // The hand-signal drills: a signal drawn (moving where it is a movement), or four to pick
    // from, each numbered as its answer.
    parts.push(h("p.t-seen", {}, `At ${shown.table}.`));
    if (shown.svg) parts.push(h("div.t-signal", {}, svgEl(shown.svg)));
    else {
      parts.push(h("div.t-signals", {}, shown.drawings.map((svg, i) =>
        h("figure.t-signal", { dataset: { choice: String(i + 1) } },
          svgEl(svg), h("figcaption", {}, String(i + 1))))));
    }
    parts.push(ask(shown.ask));
  } else if (kind === "action") {
    parts.push(h("div.t-play", {},
      h("div", {}, label("Dealer shows"), handEl([shown.up])),
      h("div", {}, label("Your hand"), handEl(shown.hand))));
    if ("true_count" in shown) {
      const tc = shown.true_count;
      parts.push(ask(`True count ${tc > 0 ? "+" : ""}${tc}`));
    }
  } else if (kind === "choice" || kind === "flag") {
    if (shown.seen && shown.seen.length) parts.push(h("p.t-seen", {}, `So far: ${shown.seen.join("; ")}`));
    parts.push(h("div.t-dealer", {}, label("Dealer"),
      shown.dealer.length ? handEl(shown.dealer) : h("div.empty-spot")));
    parts.push(seatsEl(shown.seats));
    if (kind === "flag") {
      if (shown.bet) parts.push(label(`Seat ${shown.seat} bet ${shown.bet}`));
      if (shown.bet_chips) parts.push(stacksEl(shown.bet_chips, chipset));
      if (shown.event === "payout") parts.push(label("The dealer pays"), stacksEl(shown.chips, chipset));
      parts.push(ask("Was that right?"));
    } else {
      parts.push(ask("What does the dealer do next?"));
    }
  } else if ("running" in shown) {
    const rc = shown.running;
    const played = "discard_cards" in shown ? shown.discard_cards / 52 : shown.discard_decks;
    parts.push(ask(`Running count ${rc > 0 ? "+" : ""}${rc}`),
      trayEl(played, shown.decks),
      ask("Read the tray to the nearest quarter deck: what is the true count (rounded down)?"));
  } else if (kind === "count") {
    parts.push(ask(countIntro(shown)), h("div.t-flash"), h("p.t-ask.t-question", { hidden: true }, countQuestion(shown)));
  }
  return h("div.t-item", { dataset: { drill, kind } }, parts);
}

// The running count's cards, `flash` at a time for `pace` ms each, then taken away.
export async function flash(el, shown) {
  const box = el.querySelector(".t-flash");
  const sleep = (ms) => new Promise((resolve) => { setTimeout(resolve, ms); });
  await sleep(900);
  for (let i = 0; i < shown.cards.length; i += shown.flash) {
    box.replaceChildren(handEl(shown.cards.slice(i, i + shown.flash)));
    await sleep(shown.pace_ms);
  }
  box.replaceChildren(h("p.t-gone", {}, `${shown.cards.length} cards shown.`));
  el.querySelector(".t-question").hidden = false;
}
