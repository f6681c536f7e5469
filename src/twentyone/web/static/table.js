// The felt: the dealer's cards and rack, the shoe with its cut card, the dealer's calls, and
// every seat with its name, chips, hands and bets. Drawn afresh from each view the server sends
// (the view is the whole truth for this viewer), so a reconnect shows exactly what it should.
import { cardsEl } from "./cards.js";
import { chipEl, stacksEl } from "./chips.js";
import { h } from "./dom.js";
import { describeChips, dollars, fewestChips, signed } from "./money.js";

const OUTCOMES = {
  win: "Win", lose: "Lose", push: "Push", blackjack: "Blackjack!", bust: "Bust",
  surrender: "Surrendered", void: "Called off", "even-money": "Even money",
};

export function outcomeText(outcome) {
  if (!outcome) return "";
  return OUTCOMES[outcome] || outcome.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function totalText(total, soft) {
  if (total === null || total === undefined) return "";
  return soft && total < 21 ? `soft ${total}` : String(total);
}

const PHASES = {
  betting: "Bets, please", insurance: "Insurance", players: "Players' turns", dealer: "Dealer's turn",
};

export function phaseText(view) {
  if (view.paused) return "Paused by the host";
  if (view.settled) return "Round over";
  return PHASES[view.phase] || view.phase;
}

// The cards still to deal, named as the table holds them: the shoe, the pitch game's deck in the
// dealer's hand, or Pontoon's pack in the banker's (which has no cut card: it is shuffled
// again when it runs out).
function shoeEl(shoe) {
  const left = shoe.total ? shoe.remaining / shoe.total : 0;
  const where = shoe.from || "shoe";
  return h(`div.shoe.from-${where}`, {
    title: `${shoe.remaining} of ${shoe.total} cards left in the ${where}` },
    h("div.shoe-box", {},
      h("div.shoe-gauge", { style: { "--left": left.toFixed(3) } },
        h("div.shoe-fill"),
        where === "pack" ? null : h(`div.cut-card${shoe.cut_card_out ? ".out" : ""}`, {
          title: shoe.cut_card_out ? `The cut card is out: a new ${where} after this round`
            : `The cut card waits in the ${where}`,
        }))),
    h("div.shoe-text", {},
      h("b.shoe-left", {}, `${shoe.remaining}`), ` of ${shoe.total} left`,
      shoe.cut_card_out ? h("span.cut-out", {}, "Cut card out") : null));
}

function rackEl(chipset) {
  // The dealer's rack: a tube of each colour, largest on the left as dealers lay it out.
  return h("div.rack", { "aria-label": "the dealer's chip rack" },
    [...chipset].sort((a, b) => b.value - a.value).map(({ colour, value }) =>
      h("div.tube", { title: `${colour}: ${dollars(value)}` },
        [0, 1, 2, 3, 4].map((k) => chipEl(colour, value, { style: { "--k": String(k) } })))));
}

function dealerEl(view, ctx) {
  const banker = view.banker ? view.seats.find((s) => s.number === view.banker) : null;
  const who = banker ? `Banker: ${banker.name || `seat ${banker.number}`}` : "Dealer";
  return h("section.dealer", { "aria-label": "the dealer" },
    h("div.dealer-head", {},
      h("span.dealer-name", {}, who),
      view.dealer_total !== null && view.dealer.length
        ? h("span.total.dealer-total", {}, String(view.dealer_total)) : null),
    h("div.dealer-row", {},
      rackEl(view.chipset),
      view.dealer.length ? cardsEl(view.dealer, { key: `${view.round}:dealer`, dealt: ctx.dealt })
        : h("div.cards.empty-spot", {}),
      shoeEl(view.shoe)));
}

function betSpotEl(hand, key, view, ctx) {
  const chips = fewestChips(hand.bet, view.chipset);
  const pile = [];
  let k = 0;
  const ordered = [...view.chipset].sort((a, b) => b.value - a.value);
  for (const { colour, value } of ordered) {
    for (let i = 0; i < (chips[colour] || 0) && k < 10; i++, k++) {
      pile.push(chipEl(colour, value, { style: { "--k": String(k) } }));
    }
  }
  const lost = hand.outcome && hand.net < 0 && hand.outcome !== "surrender";
  const spot = h(`div.bet-spot${lost ? ".lost" : ""}`, { title: `bet ${dollars(hand.bet)}` },
    h("div.pile", { style: { "--n": String(pile.length) } }, pile));
  const amount = h("span.bet-amount", {}, dollars(hand.bet));
  if (lost && !ctx.seen.has(key)) spot.classList.add("collecting");
  const paid = hand.paid || {};
  if (Object.keys(paid).length) {
    const payout = [];
    let j = 0;
    for (const { colour, value } of ordered) {
      for (let i = 0; i < (paid[colour] || 0) && j < 10; i++, j++) {
        payout.push(chipEl(colour, value, { style: { "--k": String(j) } }));
      }
    }
    const fresh = !ctx.seen.has(key);
    spot.append(h(`div.pile.payout${fresh ? ".flying" : ""}`, {
      style: { "--n": String(payout.length) },
      title: `paid ${describeChips(paid, view.chipset)}`,
    }, payout));
  }
  spot.append(amount);
  return spot;
}

function handEl(view, seat, hand, i, ctx) {
  const key = `${view.round}:${seat.number}:${i}`;
  const cls = ["hand"];
  if (hand.to_act) cls.push("acting");
  if (hand.outcome) cls.push(`outcome-${hand.outcome}`);
  const el = h(`div.${cls.join(".")}`, { dataset: { hand: String(i) } },
    cardsEl(hand.cards, { key, dealt: ctx.dealt }),
    h("div.hand-info", {},
      hand.cards.length && hand.total !== null
        ? h("span.total", {}, totalText(hand.total, hand.soft)) : null,
      hand.doubled ? h("span.tag", {}, "doubled") : null,
      hand.outcome ? h("span.outcome", {}, outcomeText(hand.outcome)) : null,
      hand.outcome && hand.net ? h(`span.net${hand.net > 0 ? ".up" : ".down"}`, {}, signed(hand.net))
        : null,
      // Dealer mode: a win the host has still to pay (what it wins is the dealer's sum).
      hand.owed ? h("span.tag.owed", {}, "to be paid") : null),
    hand.bet ? betSpotEl(hand, key, view, ctx) : null);
  return el;
}

function clockEl(view, seat, ctx) {
  if (!view.clock || view.clock.seat !== seat.number) return null;
  return h("div.clock", {
    dataset: { deadline: String(view.clock.deadline_ms), span: String((ctx.turnSeconds || 30) * 1000) },
    "aria-label": "turn clock",
  }, h("div.clock-bar"), h("span.clock-text", {}, ""));
}

function seatEl(view, seat, ctx) {
  const turn = view.to_act && view.to_act[0] === seat.number;
  const mine = seat.number === ctx.mySeat;
  const cls = ["seat"];
  if (mine) cls.push("mine");
  if (turn) cls.push("turn");
  if (!seat.connected) cls.push("away");
  if (seat.sitting_out) cls.push("sitting-out");
  if (view.banker === seat.number) cls.push("banker");
  return h(`article.${cls.join(".")}`, { dataset: { seat: String(seat.number) },
    "aria-label": `seat ${seat.number}: ${seat.name}` },
    h("header.seat-head", {},
      h("span.seat-no", {}, String(seat.number)),
      // A long name is cut short to fit the seat; the whole of it shows on hover.
      h("span.seat-name", { title: seat.name || `Seat ${seat.number}` }, seat.name || `Seat ${seat.number}`),
      mine ? h("span.badge.you", {}, "you") : null,
      view.banker === seat.number ? h("span.badge", {}, "bank") : null,
      !seat.connected ? h("span.badge.away", {}, "away") : null,
      seat.sitting_out ? h("span.badge.away", {}, "sitting out") : null,
      ctx.removable ? h("button.remove", {
        type: "button", title: `remove ${seat.name} from the table`,
        "aria-label": `remove ${seat.name} from the table`, dataset: { remove: String(seat.number) },
      }, h("span.remove-word", {}, "Remove")) : null),
    clockEl(view, seat, ctx),
    h("div.hands", {}, seat.hands.map((hand, i) => handEl(view, seat, hand, i, ctx))),
    seat.insurance ? h("div.insurance", {}, `Insurance ${dollars(seat.insurance)}`) : null,
    h("footer.seat-foot", {},
      h("span.bankroll", { title: "chips in front of this seat" }, dollars(seat.bankroll)),
      stacksEl(seat.chips, view.chipset, { max: 6 })));
}

// How long a call takes to come in (table.css's "call-in" animation).
const CALL_IN_MS = 300;

// The dealer's calls, ``age`` ms after the frame that brought them: a redraw shows them where
// their entrance had got to, never makes them come in again.
export function callsEl(calls, age = 0) {
  if (!calls || !calls.length) return h("div.calls.quiet", { "aria-hidden": "true" });
  const style = age >= CALL_IN_MS ? { animation: "none" } : { "animation-delay": `-${Math.round(age)}ms` };
  return h("div.calls", { role: "status" }, calls.map((c) => h("p.call", { style }, c)));
}

// Everything on the felt, for one view. ctx: mySeat, seen (payout keys already animated),
// dealt (when each card was first drawn: cards.js), callsAge (ms since the calls came),
// removable (the host sees a remove button per seat), turnSeconds.
export function feltChildren(view, calls, ctx) {
  const seats = [...view.seats].sort((a, b) => a.number - b.number);
  return [
    h("div.felt-head", {},
      h("span.round", {}, view.round ? `Round ${view.round}` : "Waiting for bets"),
      h(`span.phase${view.paused ? ".paused" : ""}`, {}, phaseText(view))),
    dealerEl(view, ctx),
    callsEl(calls, ctx.callsAge),
    h("section.seats", { "aria-label": "the seats" },
      seats.length ? seats.map((s) => seatEl(view, s, ctx))
        : h("p.empty-table", {}, "No one has sat down yet.")),
    commitmentEl(view.commitment, view.shoe.from || "shoe"),
  ];
}

// The shoe's (or the pack's) commitment (docs/web.md#checking-the-shoes-commitment): fixed
// before its first card, opened in each seat's hand history once it is finished, where
// `twentyone verify` checks it.
function commitmentEl(commitment, where) {
  if (!commitment) return null;
  return h("p.commitment", {
    title: `Your hand history opens this ${where} once it is finished: twentyone verify checks `
      + "that its order and secret make this commitment",
  }, `This ${where}'s commitment: `, h("code", {}, commitment));
}
