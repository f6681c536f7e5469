// The coach at the browser table (docs/web.md#the-coach): off until the player turns it on
// (kept in this browser). On the player's turn it asks the room's hint for the hand in the
// background; when a play is made that is not the chart's and not as good by the exact EV, a
// note says what the best play was and what the choice cost, without holding the play up.
import * as api from "./api.js";
import { dollars } from "./money.js";
import { toast } from "./toast.js";

const KEY = "twentyone.coach";
const PLAYS = new Set(["hit", "stand", "double", "split", "surrender"]);
// EVs are rounded to four places: a play within this of the best is as good.
const TIE = 0.0001;

export const coachOn = () => {
  try { return localStorage.getItem(KEY) === "on"; } catch { return false; }
};

export function setCoach(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch { /* private mode: not kept */ }
}

let asked = null; // { key, answer: Promise<hint | null> } for the decision on show

// The hand to act now, or null.
function handInPlay(view) {
  const [seat, hand] = view.to_act || [];
  const mine = view.seats.find((s) => s.number === seat);
  return mine && mine.hands[hand] ? mine.hands[hand] : null;
}

function decisionKey(view) {
  const hand = handInPlay(view);
  const cards = hand ? hand.cards.map((c) => c && c.code) : [];
  return JSON.stringify([view.round, view.to_act, cards, view.legal]);
}

// Asked once per decision, while the player thinks, so the judgement is ready at the press.
export function prepare(ctx, view) {
  if (!coachOn() || !view.hints || !view.legal.some((a) => PLAYS.has(a))) return;
  const key = decisionKey(view);
  if (asked && asked.key === key) return;
  asked = { key, answer: api.hint(ctx.code, ctx.token()).catch(() => null) };
}

export async function judge(action, view) {
  if (!coachOn() || !PLAYS.has(action) || !asked || asked.key !== decisionKey(view)) return;
  const hand = handInPlay(view);
  const bet = hand ? hand.bet : 0; // to say the cost in money as well
  const hint = await asked.answer;
  asked = null;
  if (!hint || !(action in hint.ev) || !(hint.chart in hint.ev)) return;
  const top = Math.max(...Object.values(hint.ev));
  const cost = hint.ev[hint.chart] - hint.ev[action];
  // The chart's play, or one as good by the exact EV (a composition exception), is right.
  if (action === hint.chart || hint.ev[action] >= top - TIE || cost <= TIE) return;
  const money = bet ? `, ${dollars(Math.round(cost * bet))} on your ${dollars(bet)}` : "";
  toast(`Coach: best was ${hint.chart} (the chart for ${hint.cell}): ${action} cost `
    + `${cost.toFixed(4)} of a bet${money}`, "coach", 9000);
}
