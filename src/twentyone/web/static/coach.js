// The coach at the browser table (docs/web.md#the-coach): off until the player turns it on
// (kept in this browser, with the count they keep and the profile that keeps their sessions).
// The coach itself is the server's, the terminal's own, beside this seat: it judges from what the
// seat has seen and what the table's log says was played, so this page only asks. On the player's
// turn it asks for the advice while the player thinks; after a play, whether the coach has
// something to say (a warning, in the dealer's style, that never holds play up); between rounds
// it asks again, and the coach may want the running count; leaving, it shows the session.
import * as api from "./api.js";
import { h } from "./dom.js";
import { toast } from "./toast.js";

const KEY = "twentyone.coach";
const SETTINGS = "twentyone.coach.settings";
// The trainers' page keeps the profile under this name: the coach offers the same one.
const TRAIN_PROFILE = "twentyone.train.profile";
// The plays the coach judges: the hand's, and the answer to insurance or even money.
const PLAYS = new Set(["hit", "stand", "double", "split", "surrender", "insure", "even_money",
  "decline"]);
// The counts the coach checks (the server's names), as a player knows them.
export const COUNTS = [["", "No count"], ["hilo", "Hi-Lo"], ["ko", "KO"], ["hiopt1", "Hi-Opt I"],
  ["hiopt2", "Hi-Opt II"], ["omega2", "Omega II"], ["zen", "Zen"], ["halves", "Halves"]];

const read = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
const write = (key, value) => { try { localStorage.setItem(key, value); } catch { /* not kept */ } };

export const coachOn = () => read(KEY) === "on";

export function setCoach(on) {
  write(KEY, on ? "on" : "off");
}

// { count, profile }: what the player chose (nothing chosen: no count, no profile).
export function settings() {
  let s = null;
  try { s = JSON.parse(read(SETTINGS) || "null"); } catch { s = null; }
  if (!s || typeof s !== "object") s = { count: "", profile: read(TRAIN_PROFILE) || "" };
  return { count: typeof s.count === "string" ? s.count : "", profile: typeof s.profile === "string" ? s.profile : "" };
}

export function setSettings(s) {
  write(SETTINGS, JSON.stringify(s));
  started = null;
}

let started = null; // { key, ready: Promise<boolean> }: the server's coach for these settings
let asked = null; // { key, answer: Promise<advice | null> } for the decision on show
let lastBetween = null; // the round after which the coach was last asked between rounds

const path = (ctx, rest) => ({ code: ctx.code, token: ctx.token(), rest });

// The server's coach sat down (or kept, for the same settings: a reload loses nothing).
export function ensure(ctx) {
  const s = settings();
  const key = JSON.stringify([ctx.code, ctx.token(), s.count, s.profile]);
  if (!started || started.key !== key) {
    const body = { count: s.count || null, profile: s.profile.trim() || null };
    started = { key, ready: api.coach(path(ctx, ""), body).then((state) => {
      say(ctx, state);
      return true;
    }).catch((err) => {
      toast(`Coach: ${err.message}`);
      return false;
    }) };
  }
  return started.ready;
}

// A panel of the coach's shown, and kept in sight above the buttons at the foot of the screen
// once they have settled their height (they change as the round does: a bet, a seat).
function show(ctx, el) {
  ctx.showPanel(el);
  inSight(el);
}

function inSight(el) {
  el.dataset.inSight = "0";
  setTimeout(() => {
    el.scrollIntoView({ block: "nearest" });
    el.dataset.inSight = "1";
  }, 150);
}

// What the coach said since last asked, in the dealer's style; a count check asked.
function say(ctx, state) {
  for (const line of state.said || []) toast(line, "coach", 9000);
  // Asked once: a check already waiting for its answer is not drawn again.
  if (state.check && !document.querySelector("form.count-check.asking")) {
    show(ctx, countCheck(ctx, state.check));
  }
}

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
  if (!coachOn() || !ctx.coachable || !view.hints || !view.legal.some((a) => PLAYS.has(a))) return;
  const key = decisionKey(view);
  if (asked && asked.key === key) return;
  asked = { key, answer: ensure(ctx).then((ok) => (ok ? api.coach(path(ctx, "/advice")) : null))
    .catch(() => null) };
}

// A play pressed on ``view``: the advice asked for that decision (null: none to judge it by).
// Taken at the press, since the next decision's is asked as soon as the table has moved on.
export function pressed(action, view) {
  if (!coachOn() || !PLAYS.has(action) || !asked || asked.key !== decisionKey(view)) return null;
  const mine = asked;
  asked = null;
  return mine;
}

// After the table took the play ``pressed`` returned: what the coach has to say about it.
export async function played(ctx, mine) {
  if (!mine) return;
  const advice = await mine.answer;
  if (!advice) return;
  try {
    say(ctx, await api.coach(path(ctx, "/played"), {}));
  } catch { /* the coach's word is never worth an error of its own */ }
}

// Between rounds, once a round: the coach reads the round's end (and may ask for the count).
export function between(ctx, view) {
  if (!coachOn() || !ctx.coachable || !view.hints || !view.legal.includes("bet")) return;
  ensure(ctx);
  if (lastBetween === view.round) return;
  lastBetween = view.round;
  started.ready.then((ok) => (ok ? api.coach(path(ctx, "/between")) : null))
    .then((state) => state && say(ctx, state)).catch(() => null);
}

// The count check: the running count (and, for a balanced count, the true count), graded by the
// server against the cards this seat has seen since the shuffle.
function countCheck(ctx, check) {
  const field = (name, label) => h("label.field", {}, h("span", {}, label),
    h("input", { name, type: "text", inputmode: "text", autocomplete: "off", maxlength: "6",
      size: "5", placeholder: name === "running" ? "+4" : "+1", "aria-label": label.toLowerCase() }));
  const running = field("running", "Running count");
  const trueCount = check.true_count ? field("true", "True count") : null;
  const note = h("p.count-note", { role: "status" });
  const send = async (answer) => {
    try {
      const state = await api.coach(path(ctx, "/count"), { answer });
      const words = (state.said || []).join(" ");
      form.classList.remove("asking");
      form.replaceChildren(h("h3", {}, "Count check"), h("p.count-result", {}, words || "Skipped."),
        h("button", { type: "button", onclick: () => ctx.showPanel(null) }, "Thanks"));
      inSight(form);
    } catch (err) {
      note.textContent = err.message;
      inSight(form);
    }
  };
  const form = h("form.hint-panel.count-check.asking", { role: "dialog", "aria-label": "count check",
    onsubmit: (ev) => {
      ev.preventDefault();
      const value = (el) => (el ? el.querySelector("input").value.trim() : "");
      send(`${value(running)} ${value(trueCount)}`.trim());
    } },
  h("h3", {}, "Count check"),
  h("p", {}, check.true_count ? "The coach asks: what are the running count and the true count?"
    : "The coach asks: what is the running count?"),
  h("div.count-fields", {}, running, trueCount), note,
  h("div.count-buttons", {}, h("button.primary", { type: "submit" }, "Check"),
    h("button.secondary", { type: "button", onclick: () => send("") }, "Skip")));
  requestAnimationFrame(() => { const i = form.querySelector("input"); if (i) i.focus(); });
  return form;
}

// Leaving the table: the session's statistics, kept in the profile if one was named.
export async function leave(ctx) {
  if (!coachOn() || !started) return null;
  const ok = await started.ready;
  started = null;
  if (!ok) return null;
  try {
    return await api.coach(path(ctx, "/end"), {});
  } catch {
    return null;
  }
}

export function showSummary(ctx, out) {
  show(ctx, h("div.hint-panel.coach-summary", { role: "dialog", "aria-label": "your session" },
    h("h3", {}, "Your session with the coach"),
    h("ul.summary-lines", {}, out.summary.map((line) => h("li", {}, line))),
    out.profile ? h("p", {}, h("a", { href: `/train/stats?profile=${encodeURIComponent(out.profile)}` },
      "Your progress →")) : null,
    h("button", { type: "button", onclick: () => ctx.showPanel(null) }, "Thanks")));
}

// The coach's settings, between rounds: the count you keep and the profile that keeps you.
export function settingsForm(ctx) {
  const s = settings();
  const count = h("select", { name: "coach-count", "aria-label": "the count you keep" },
    COUNTS.map(([value, name]) => h("option", { value, selected: value === s.count }, name)));
  const profile = h("input", { name: "coach-profile", value: s.profile, maxlength: "64", size: "10",
    placeholder: "profile", autocomplete: "off", "aria-label": "profile that keeps your sessions" });
  return h("form.coach-settings", { onsubmit: (ev) => {
    ev.preventDefault();
    setSettings({ count: count.value, profile: profile.value.trim() });
    ensure(ctx).then((ok) => ok && toast("Coach: settings kept", "info", 2500));
  } }, count, profile, h("button.secondary", { type: "submit" }, "Keep"));
}
