// What a person can press: only the actions the server lists as legal for this viewer
// (view.legal, and view.host_legal for the host), the bet made by tapping chips, the ? hint,
// and the host's controls. Nothing here decides a rule; the server checks every request.
import * as api from "./api.js";
import { betReady, chipOpen } from "./bets.js";
import * as coach from "./coach.js";
import { chipEl, stacksEl } from "./chips.js";
import { h } from "./dom.js";
import { chipsValue, describeChips, dollars, fewestChips, parseDollars } from "./money.js";
import { toast } from "./toast.js";

const LABELS = {
  hit: "Hit", stand: "Stand", double: "Double down", split: "Split", surrender: "Surrender",
  insure: "Insure", even_money: "Even money", decline: "No, thanks", deal: "Deal",
  colour_up: "Colour up", leave: "Leave the table", draw_for_bank: "Draw for the bank",
  dealer_hit: "Dealer hits", dealer_stand: "Dealer stands", pause: "Pause", resume: "Resume",
  burn: "Burn a card", offer_insurance: "Offer insurance",
  close: "Close the room", accept_bank: "Accept the bank", decline_bank: "Decline",
  withdraw_bank: "Withdraw the offer",
};

// The actions the bar offers as plain buttons; the rest have controls of their own.
const OWN_CONTROLS = new Set(["bet", "sit", "buy", "leave", "change", "colour_up", "offer_bank",
  "pay", "remove"]);

export function label(name) {
  return LABELS[name] || name.replace(/[-_]/g, " ").replace(/^./, (c) => c.toUpperCase());
}

// Buttons keep one order from round to round, so a thumb learns where "Hit" is.
const ORDER = ["hit", "stand", "double", "split", "surrender", "insure", "even_money", "decline"];
const rank = (a) => (ORDER.includes(a) ? ORDER.indexOf(a) : ORDER.length);

export function actionBar(view, ctx) {
  const offered = view.legal.filter((a) => !OWN_CONTROLS.has(a)).sort((a, b) => rank(a) - rank(b));
  const buttons = offered.map((a) =>
    h(`button.action.act-${a}`, { type: "button", dataset: { action: a },
      // Accepting the bank names the price shown, so a changed offer is refused, not paid.
      onclick: async () => {
        const args = a === "accept_bank" && view.bank_offer ? { price: view.bank_offer.price } : {};
        // The coach hears of a play once the table has taken it (its log is what it judges).
        const judged = coach.pressed(a, view);
        if (await ctx.act(a, args)) coach.played(ctx, judged);
      } },
    label(a)));
  const canHint = view.hints && (view.legal.includes("hit") || view.legal.includes("stand"));
  if (canHint) {
    buttons.push(h("button.action.hint-button", { type: "button", title: "What are the odds?",
      "aria-label": "hint", onclick: () => showHint(ctx) }, "?"));
    coach.prepare(ctx, view); // the coach's odds asked while the player thinks
  }
  if (view.hints && ["insure", "even_money", "decline"].some((a) => view.legal.includes(a))) {
    coach.prepare(ctx, view); // the answer to insurance is judged too
  }
  if (!buttons.length) return null;
  const bar = h("div.action-bar", { role: "group", "aria-label": "your actions" }, buttons);
  const offer = bankOfferText(view);
  return offer ? h("div.bank-offer", {}, h("p.bank-offer-text", {}, offer), bar) : bar;
}

// A Pontoon bank offered and not yet answered, as the two players in it read it: nothing
// changes hands until the player offered it presses Accept (docs/pontoon.md).
function bankOfferText(view) {
  const offer = view.bank_offer;
  if (!offer) return null;
  const name = (n) => view.seats.find((s) => s.number === n)?.name || `seat ${n}`;
  const what = offer.price ? `for ${dollars(offer.price)}` : "as a gift";
  if (view.viewer === offer.to) return `${name(offer.from)} offers you the bank ${what}.`;
  if (view.viewer === offer.from) return `You offered ${name(offer.to)} the bank ${what}.`;
  return null;
}

async function showHint(ctx) {
  try {
    const hint = await api.hint(ctx.code, ctx.token());
    const entries = Object.entries(hint.ev).sort((a, b) => b[1] - a[1]);
    const best = entries.length ? entries[0][0] : null;
    ctx.showPanel(h("div.hint-panel", { role: "dialog", "aria-label": "the odds" },
      h("h3", {}, "Expected result per unit bet"),
      h("ul", {}, entries.map(([action, ev]) =>
        h(`li${action === best ? ".best" : ""}`, {},
          h("span", {}, label(action)), h("b", {}, `${ev >= 0 ? "+" : "−"}${Math.abs(ev).toFixed(3)}`)))),
      h("p.hint-basis", {}, `Worked out ${hint.basis}.`),
      h("button", { type: "button", onclick: () => ctx.showPanel(null) }, "Thanks")));
  } catch (err) {
    toast(err.message);
  }
}

export function betControl(view, seat, ctx) {
  if (!view.legal.includes("bet")) return null;
  const pending = ctx.state.bet;
  // The table's limits (the room's info): a chip that cannot make a bet the table takes (past
  // the most or the seat's chips, or never whole units) is greyed out; Bet waits for a legal bet.
  const smallest = Math.min(...view.chipset.map((c) => c.value));
  const limits = { min: 0, max: Number.MAX_SAFE_INTEGER, unit: smallest, ...(ctx.bets || {}) };
  const balance = seat.bankroll;
  const chips = [...view.chipset].sort((a, b) => a.value - b.value).map(({ colour, value }) =>
    h("button.chip-button", {
      type: "button", disabled: !chipOpen(value, pending, view.chipset, limits, balance),
      title: `add ${dollars(value)}`,
      "aria-label": `add a ${colour} chip (${dollars(value)})`, dataset: { chip: colour },
      onclick: () => { ctx.state.bet += value; ctx.rerender(); },
    }, chipEl(colour, value), h("span", {}, dollars(value))));
  const last = ctx.state.lastBet;
  return h("div.bet-control", { role: "group", "aria-label": "your bet" },
    h("div.chip-row", {}, chips),
    h("div.bet-row", {},
      h("div.pending", {}, pending ? stacksEl(fewestChips(pending, view.chipset), view.chipset,
        { max: 5, label: false }) : null, h("b.pending-amount", {}, dollars(pending))),
      h("button.secondary", { type: "button", disabled: !pending,
        onclick: () => { ctx.state.bet = 0; ctx.rerender(); } }, "Clear"),
      last && !pending && betReady(last, limits, balance) ? h("button.secondary", { type: "button",
        onclick: () => { ctx.state.bet = last; ctx.rerender(); } }, `Again ${dollars(last)}`) : null,
      ctx.bets ? h("span.limits", {}, `${dollars(limits.min)} to ${dollars(limits.max)}`
        + (limits.unit > smallest ? `, in ${dollars(limits.unit)}s` : "")) : null,
      h("button.action.act-bet", { type: "button", disabled: !betReady(pending, limits, balance),
        dataset: { action: "bet" },
        onclick: async () => {
          const amount = ctx.state.bet;
          if (await ctx.act("bet", { amount })) {
            ctx.state.lastBet = amount;
            ctx.state.bet = 0;
            ctx.rerender();
          }
        } }, pending ? `Bet ${dollars(pending)}` : "Bet")));
}

// Between rounds: more chips, colouring up, leaving (each only when the server offers it).
// The forms with text in them are kept across redraws (ctx.keep), so typing survives them.
export function chipsControl(view, seat, ctx) {
  const items = [];
  if (view.legal.includes("buy")) items.push(ctx.keep("buy", () => buyForm(ctx)));
  if (view.legal.includes("colour_up")) {
    items.push(h("button.secondary", { type: "button", onclick: () => ctx.act("colour_up") },
      "Colour up"));
  }
  if (view.legal.includes("offer_bank")) {
    items.push(ctx.keep(`sell:${view.seats.map((x) => x.number).join(",")}`,
      () => sellBank(view, seat, ctx)));
  }
  if (view.legal.includes("leave")) {
    items.push(h("button.secondary.leave", { type: "button", onclick: async () => {
      if (!window.confirm("Leave the table and cash out your chips?")) return;
      // The coach's statistics are read before the seat goes (they are the seat's).
      const session = await coach.leave(ctx);
      if (await ctx.act("leave") && session) coach.showSummary(ctx, session);
    } }, "Leave the table"));
  }
  if (view.hints && ctx.coachable && items.length) {
    // The coach (docs/web.md#the-coach): a note after a play that is not the best one, count
    // checks for a counter, the session's statistics.
    const on = coach.coachOn();
    items.push(h("button.secondary.coach-toggle", { type: "button", "aria-pressed": String(on),
      title: "Say when a play is not the best one, and what it cost",
      onclick: async () => {
        if (on) { // turned off: the session ends here, and is shown (and kept, with a profile)
          const session = await coach.leave(ctx);
          coach.setCoach(false);
          if (session) coach.showSummary(ctx, session);
        } else {
          coach.setCoach(true);
          coach.ensure(ctx);
        }
        ctx.rerender();
      } }, on ? "Coach: on" : "Coach: off"));
    if (on) items.push(ctx.keep("coach-settings", () => coach.settingsForm(ctx)));
  }
  if (!items.length) return null;
  // Folded away by default (it stays open once opened), so the bet keeps the screen.
  const box = ctx.keep("chips-control", () => h("details.chips-control", {},
    h("summary", {}, "Chips and leaving"), h("div.chips-items")));
  box.querySelector(".chips-items").replaceChildren(...items);
  return box;
}

function buyForm(ctx) {
  const amount = h("input", { type: "text", inputmode: "decimal", placeholder: "100",
    "aria-label": "dollars of chips to buy", size: "6" });
  return h("form.buy", { onsubmit: async (ev) => {
    ev.preventDefault();
    const cents = parseDollars(amount.value);
    if (!cents) {
      toast("Type how many dollars of chips you want, such as 100.");
      return;
    }
    if (await ctx.act("buy", { amount: cents })) amount.value = "";
  } }, amount, h("button.secondary", { type: "submit" }, "Buy chips"));
}

function sellBank(view, seat, ctx) {
  const others = view.seats.filter((s) => s.number !== seat.number);
  const to = h("select", { "aria-label": "to whom" }, others.map((s) =>
    h("option", { value: String(s.number) }, s.name || `seat ${s.number}`)));
  const price = h("input", { type: "text", inputmode: "decimal", placeholder: "0", size: "5",
    "aria-label": "price in dollars" });
  return h("form.sell", { onsubmit: (ev) => {
    ev.preventDefault();
    const cents = price.value.trim() ? parseDollars(price.value) : 0;
    if (cents === null) {
      toast("Type the bank's price in dollars, or leave it empty to give it.");
      return;
    }
    ctx.act("offer_bank", { to: Number(to.value), price: cents });
  } }, to, price, h("button.secondary", { type: "submit" }, "Offer the bank"));
}

export function sitForm(ctx) {
  const name = h("input", { name: "name", required: true, maxlength: "24", autocomplete: "nickname",
    placeholder: "Your name" });
  const buyIn = h("input", { name: "buy_in", required: true, inputmode: "decimal", value: "100",
    "aria-label": "buy-in in dollars" });
  const form = h("form.sit", {},
    h("h2", {}, "Take a seat"),
    h("label.field", {}, h("span", {}, "Name"), name),
    h("label.field", {}, h("span", {}, "Buy-in ($)"), buyIn),
    h("button.primary", { type: "submit" }, "Sit down"));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const cents = parseDollars(buyIn.value);
    if (!cents) {
      toast("Type your buy-in in dollars, such as 100.");
      return;
    }
    await ctx.sit(name.value.trim(), cents);
  });
  return form;
}

function copyButton(text) {
  return h("button.secondary.copy", { type: "button", onclick: async (ev) => {
    const button = ev.currentTarget;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = h("textarea", {}, text);
      document.body.append(area);
      area.select();
      document.execCommand("copy");
      area.remove();
    }
    button.textContent = "Copied";
    setTimeout(() => { button.textContent = "Copy link"; }, 1500);
  } }, "Copy link");
}

export function shareEl(code, joinUrl) {
  // The link as a QR code, for friends at the table to scan from this screen.
  const qr = h("details.share-qr", {},
    h("summary.secondary", {}, "QR"),
    h("div.qr-box", {},
      h("img", { src: `/api/rooms/${encodeURIComponent(code)}/join.svg`, width: "198", height: "198",
        alt: `QR code: scan it to join room ${code}` }),
      h("p", {}, "Scan with a phone's camera to join.")));
  return h("div.share", {},
    h("span.share-label", {}, "Room"),
    h("b.room-code", {}, code),
    h("input.join-url", { readonly: true, value: joinUrl, "aria-label": "join link",
      onfocus: (ev) => ev.target.select() }),
    copyButton(joinUrl), qr);
}

export function hostPanel(view, ctx) {
  const names = new Set(view.host_legal || []);
  names.delete("pay");
  names.delete("remove");
  if (view.paused) {
    names.delete("pause");
    names.add("resume");
  } else {
    names.delete("resume");
    names.add("pause");
  }
  names.delete("close");
  const buttons = [...names].map((a) => h(`button.host-action.host-${a}`, { type: "button",
    dataset: { host: a }, onclick: () => ctx.act(a) }, label(a)));
  buttons.push(h("button.host-action.danger", { type: "button", dataset: { host: "close" },
    onclick: () => {
      if (window.confirm("Close the room for everyone? Every seat is cashed out.")) ctx.act("close");
    } }, "Close the room"));
  const token = ctx.token();
  return h("section.host-panel", { "aria-label": "host controls" },
    h("div.host-buttons", {}, buttons),
    (view.host_legal || []).includes("pay") ? payPanel(view, ctx) : null,
    h("div.downloads", {},
      h("a", { href: api.downloadUrl(ctx.code, "history.jsonl", token), download: `${ctx.code}-history.jsonl` },
        "House history"),
      // Each seat's own history, as that player downloads it (what that seat saw).
      ...[...view.seats].sort((a, b) => a.number - b.number).map((seat) =>
        h("a.seat-history", { href: `${api.downloadUrl(ctx.code, "history.jsonl", token)}&seat=${seat.number}`,
          download: `${ctx.code}-seat${seat.number}.jsonl`,
          title: `${seat.name}'s hand history (seat ${seat.number})` },
        `${seat.name}'s history`)),
      h("a", { href: api.downloadUrl(ctx.code, "ledger.csv", token), download: `${ctx.code}-ledger.csv` },
        "Ledger (CSV)")));
}

// The dealer's payout, in chips the dealer picks from the rack: the table checks the amount
// and says what it should have been if it is wrong (docs/dealing.md#paying-a-bet).
function payPanel(view, ctx) {
  const hands = [];
  for (const seat of [...view.seats].sort((a, b) => b.number - a.number)) {
    seat.hands.forEach((hand, i) => {
      if (hand.bet) hands.push({ seat: seat.number, hand: i, name: seat.name, open: !hand.outcome });
    });
  }
  // Insurance bets are paid 2 to 1 after the main bets, right to left (docs/dealing.md).
  for (const seat of [...view.seats].sort((a, b) => b.number - a.number)) {
    if (seat.insurance) hands.push({ seat: seat.number, hand: "ins", name: seat.name, open: false });
  }
  const pay = ctx.state.pay;
  const first = hands.find((x) => x.open) || hands[0];
  if (!pay.target && first) pay.target = `${first.seat}:${first.hand}`;
  const which = h("select", { "aria-label": "which bet", onchange: (ev) => { pay.target = ev.target.value; } },
    hands.map((x) => h("option", { value: `${x.seat}:${x.hand}`, selected: pay.target === `${x.seat}:${x.hand}` },
      `${x.name || `seat ${x.seat}`}${x.hand === "ins" ? ", insurance"
        : x.hand ? `, hand ${x.hand + 1}` : ""}`)));
  const counters = [...view.chipset].sort((a, b) => b.value - a.value).map(({ colour, value }) =>
    h("div.counter", {},
      chipEl(colour, value),
      h("button", { type: "button", "aria-label": `one ${colour} fewer`,
        onclick: () => { pay.chips[colour] = Math.max(0, (pay.chips[colour] || 0) - 1); ctx.rerender(); } }, "−"),
      h("b", {}, String(pay.chips[colour] || 0)),
      h("button", { type: "button", "aria-label": `one ${colour} more`, dataset: { payChip: colour },
        onclick: () => { pay.chips[colour] = (pay.chips[colour] || 0) + 1; ctx.rerender(); } }, "+")));
  const total = chipsValue(pay.chips, view.chipset);
  return h("div.pay-panel", {},
    h("h3", {}, "Pay a bet"),
    which,
    h("div.counters", {}, counters),
    h("div.pay-row", {},
      h("span", {}, `${describeChips(pay.chips, view.chipset)} = ${dollars(total)}`),
      h("button.action", { type: "button", dataset: { host: "pay" }, onclick: async () => {
        const [seatText, handText] = (pay.target || "0:0").split(":");
        const seat = Number(seatText);
        const chips = Object.fromEntries(Object.entries(pay.chips).filter(([, n]) => n));
        const which = handText === "ins" ? { insurance: true } : { hand: Number(handText) };
        if (await ctx.act("pay", { seat, ...which, chips })) {
          pay.chips = {};
          pay.target = null;
          ctx.rerender();
        }
      } }, "Pay")));
}
