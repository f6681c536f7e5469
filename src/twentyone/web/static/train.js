// The trainers on the site: choose a drill and a profile (and the rules, for the drills they
// change), answer each item drawn as the table draws it, see the grade with the right answer, a
// running score, and the session's summary. The server's drills grade every answer; the page
// only draws items and sends answers (docs/training.md#trainers-on-the-site).
import { stacksEl } from "./chips.js";
import { clear, h } from "./dom.js";
import { toast } from "./toast.js";
import { answerControl, answerWords } from "./train_answer.js";
import { flash, itemEl } from "./train_item.js";
import { statsView } from "./train_stats.js";

const root = document.getElementById("train");
const PROFILE_KEY = "twentyone.train.profile";
// Drills whose items do not depend on the rules chosen (the chips are the standard set in every
// preset; the party procedure always deals the casino-party game).
const NO_RULES = new Set(["chip-count", "payouts", "change", "totals", "procedure-party"]);
// What a trainee answers, by the drill's answer kind, in words for the setup form.
const ANSWERS = {
  dollars: "You answer the total in dollars.",
  chips: "You answer in chips, picked by colour.",
  total: "You name the hand's total, soft or hard.",
  choice: "You choose what the dealer does next.",
  flag: "You say whether the dealer got it right.",
  action: "You choose the play.",
  count: "You answer the count.",
};
// Whatever is on screen that takes keys: the answer control, or the Next button.
let keys = null;

// A request the server never answered (it is down, or the network is): said in words, and
// marked so that a page holding an answer keeps it to send again.
export class Unreachable extends Error {}

export async function call(method, url, body) {
  let response;
  try {
    response = await fetch(url, {
      method, headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Unreachable("The trainers' table cannot be reached just now (the server is down or the network is).");
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) throw new Error(data && data.message ? data.message : `The server answered ${response.status}.`);
  return data;
}

document.addEventListener("keydown", (ev) => {
  if (!keys || ev.ctrlKey || ev.metaKey || ev.altKey) return;
  const tag = ev.target && ev.target.tagName;
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
  if (ev.target && ev.target.tagName === "BUTTON" && (ev.key === "Enter" || ev.key === " ")) return;
  if (keys(ev)) ev.preventDefault();
});

const field = (text, control, note) => h("label.field", {}, h("span", {}, text), control, note ? h("small", {}, note) : null);

// One control per setting the drill takes, as the drills' list describes it: a list of choices,
// or a number field with its range (the server reads the values as the terminal's --opt does).
function optionField(o) {
  if (o.choices) {
    const control = h("select", { name: `opt-${o.name}`, dataset: { option: o.name } },
      o.choices.map((c) => h("option", { value: c.value, selected: c.value === o.default }, c.label)));
    return field(o.meaning, control);
  }
  const control = h("input", {
    name: `opt-${o.name}`, type: "number", min: String(o.min), max: String(o.max),
    step: o.whole ? "1" : "0.01", value: String(o.default), inputmode: o.whole ? "numeric" : "decimal",
    dataset: { option: o.name, number: "1" },
  });
  const unit = o.unit ? ` ${o.unit}` : "";
  const one = o.default === 1 ? unit.replace(/s$/, "") : unit;
  return field(o.meaning, control, `${o.min} to ${o.max}${unit}; usually ${o.default}${one}.`);
}

function setupEl(drills, presets, last) {
  const drill = h("select", { name: "drill" }, ["dealer", "player"].map((group) =>
    h("optgroup", { label: group === "dealer" ? "Learn to deal" : "Learn to play" },
      drills.filter((d) => d.group === group).map((d) =>
        h("option", { value: d.name, selected: d.name === last.drill }, d.title)))));
  const rules = h("select", { name: "rules" }, presets.map((p) =>
    h("option", { value: p.name, selected: p.name === last.rules, title: p.title }, `${p.name} — ${p.title}`)));
  const profile = h("input", {
    name: "profile", required: true, maxlength: "64", pattern: "[A-Za-z0-9_.\\-]+", autocomplete: "nickname",
    value: last.profile || localStorage.getItem(PROFILE_KEY) || "", placeholder: "your name, e.g. sam",
  });
  const items = h("input", { name: "items", type: "number", min: "1", max: "100", value: String(last.items || 10), inputmode: "numeric" });
  const audition = h("input", { type: "checkbox", name: "audition" });
  const auditionNote = h("small");
  const rulesRow = field("Rules", rules, "The chart, the dealer's soft 17 and the decks follow these rules.");
  const itemsRow = field("Items", items);
  const auditionRow = h("label.check", {}, audition, " Audition: the dealer school's timed test ", auditionNote);
  const sync = () => {
    const d = drills.find((x) => x.name === drill.value);
    rulesRow.hidden = NO_RULES.has(d.name);
    auditionRow.hidden = !d.audition;
    if (!d.audition) audition.checked = false;
    itemsRow.hidden = audition.checked;
    if (d.audition) {
      const a = d.audition;
      auditionNote.textContent = `(${a.items} items, pass mark ${Math.round(a.pass_mark * 100)}%, ${a.seconds_per_item} s each)`;
    }
    describe.textContent = ANSWERS[d.answer_kind] || "";
    syncOptions(d);
  };
  const describe = h("small");
  const options = h("fieldset.t-options", {}, h("legend", {}, "Settings"));
  let shownFor = null;
  const syncOptions = (d) => {
    if (shownFor === d.name) return;
    shownFor = d.name;
    clear(options).append(h("legend", {}, "Settings"), ...d.options.map(optionField));
    options.hidden = d.options.length === 0;
  };
  drill.addEventListener("change", sync);
  audition.addEventListener("change", sync);
  const form = h("form.card-panel.t-setup", {},
    h("h2", {}, "Choose a drill"),
    field("Drill", drill, describe),
    rulesRow, options,
    field("Profile", profile, "Your answers are kept under this name: letters, digits, _ . and -."),
    itemsRow, auditionRow,
    h("button.primary", { type: "submit" }, "Start"));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const body = { drill: drill.value, profile: profile.value.trim(), items: Number(items.value) };
    if (!NO_RULES.has(drill.value)) body.rules = rules.value;
    if (audition.checked) body.audition = true;
    const chosen = [...options.querySelectorAll("[data-option]")];
    if (chosen.length) {
      body.options = Object.fromEntries(chosen.map((c) =>
        [c.dataset.option, c.dataset.number ? Number(c.value) : c.value]));
    }
    localStorage.setItem(PROFILE_KEY, body.profile);
    start(body, form.querySelector("button[type=submit]"));
  });
  sync();
  return h("section.t-page", {},
    h("header.brand", {}, h("a.home", { href: "/" }, "Twenty-one"), h("h1", {}, "Trainers"),
      h("p", {}, "Learn to deal and learn to play: every answer graded by the table's own rules, and the items you miss come back sooner."),
      h("p", {}, h("a.t-progress", { href: "/train/stats" }, "Your progress and what is due for review →"))),
    form);
}

async function start(body, button) {
  button.disabled = true;
  const strategy = body.drill.startsWith("strategy") || body.drill === "index-plays";
  // Said only when the odds take a while, and taken away as soon as the first item is on show:
  // left up, it covered the score and the item's heading on a phone.
  let preparing = null;
  const wait = strategy ? setTimeout(() => { preparing = toast("Preparing the exact odds for these rules (first time only)…", "info", 8000); }, 1200) : null;
  try {
    const s = await call("POST", "/api/train/sessions", body);
    if (s.notice) toast(s.notice, "info", 9000);
    sessionView(s, body);
  } catch (err) {
    toast(err.message);
    button.disabled = false;
  } finally {
    clearTimeout(wait);
    if (preparing) preparing();
  }
}

// One session: the item on the felt, the answer under it, the grade, then the next item.
// The session on show is remembered for this tab, so a reload (or a phone that dropped the
// page) carries on at the same item; the server keeps the session, even across its restart.
const SAVED = "twentyone.train.session";

function sessionView(s, body) {
  const state = { item: s.item, number: s.number, correct: s.score ? s.score.correct : 0,
    answered: s.score ? s.score.answered : 0, grades: [], shownAt: Date.now() };
  sessionStorage.setItem(SAVED, JSON.stringify({ key: s.session, body }));
  history.replaceState(null, "", "/train"); // a reload carries on, not a fresh form
  const score = h("span.t-score", { "aria-live": "polite" });
  const count = h("span.t-count");
  const clock = h("span.t-clock");
  const felt = h("div.felt.t-felt");
  const below = h("div.t-below");
  const end = h("button.secondary.t-end", { type: "button" }, "End");
  const page = h("section.t-page.t-session", { dataset: { drill: s.drill.name, busy: "0" } },
    h("header.t-bar", {},
      h("a.home", { href: "/train", onclick: () => sessionStorage.removeItem(SAVED) }, "Trainers"),
      h("span.t-title", {}, s.drill.title),
      h("span.t-meta", {}, `${s.rules} · ${s.profile}`),
      s.audition ? h("span.t-meta", {}, `audition: pass mark ${Math.round(s.drill.audition.pass_mark * 100)}%, ${s.drill.audition.seconds_per_item} s each`) : null,
      // End kept beside the score: on its own it wrapped to a line of its own under a long title.
      h("span.t-status", {}, score, count, clock, end)),
    felt, below);
  clear(root).append(page);
  // The time on the item in view, stopped while its grade is shown.
  const tick = setInterval(() => {
    if (state.shownAt) clock.textContent = `${Math.floor((Date.now() - state.shownAt) / 1000)} s`;
  }, 500);
  const drawScore = () => {
    score.textContent = `${state.correct} right of ${state.answered}`;
    count.textContent = `item ${state.number} of ${s.items}`;
  };
  const finished = (summary) => {
    sessionStorage.removeItem(SAVED);
    clearInterval(tick);
    keys = null;
    summaryView(s, body, summary, state.grades);
  };
  end.addEventListener("click", async () => {
    try {
      finished((await call("POST", `/api/train/sessions/${s.session}/end`)).summary);
    } catch (err) {
      toast(err.message);
    }
  });

  const showItem = async () => {
    const item = state.item;
    state.shownAt = Date.now();
    drawScore();
    const picture = itemEl(s.drill.name, s.drill.answer_kind, item, s.chipset);
    felt.replaceChildren(picture);
    const control = answerControl(s.drill.answer_kind, item, s.chipset, (value) => send(item, value, control));
    below.replaceChildren();
    keys = null;
    if (s.drill.answer_kind === "count" && item.cards) await flash(picture, item);
    below.replaceChildren(control.el);
    keys = control.onKey || null;
    control.focus();
  };

  const send = async (item, value, control) => {
    if (page.dataset.busy === "1") return;
    page.dataset.busy = "1";
    keys = null;
    try {
      const out = await call("POST", `/api/train/sessions/${s.session}/answer`, { answer: value, item: item.id });
      state.correct = out.score.correct;
      state.answered = out.score.answered;
      state.grades.push({ ...out.grade, shown: item });
      state.shownAt = 0;
      drawScore();
      const said = answerWords(s.drill.answer_kind, value, item, s.chipset);
      below.replaceChildren(gradeEl(s, out.grade, said, out.summary ? "See the summary" : "Next", () => {
        if (out.summary) finished(out.summary);
        else { state.item = out.item; state.number = out.number; showItem(); }
      }));
    } catch (err) {
      // The answer stays where it was typed or picked, to send again.
      if (err instanceof Unreachable) {
        const note = `${err.message} Your answer is kept: send it again when the table is back.`;
        below.querySelector(".t-offline")?.remove();
        below.prepend(h("p.t-offline", { role: "alert" }, note));
        toast(note, "error", 9000);
      } else toast(err.message);
      keys = control.onKey || null;
    } finally {
      page.dataset.busy = "0";
    }
  };
  showItem();
}

function gradeEl(s, grade, said, nextText, next) {
  const parts = [h("h3", {}, grade.correct ? "Right" : "Not quite"),
    h("p.t-said", {}, `You answered ${said}.`), h("p.t-feedback", {}, grade.feedback)];
  if (!grade.correct && s.drill.answer_kind === "chips" && grade.expected && typeof grade.expected === "object") {
    parts.push(h("div.t-right-chips", {}, h("div.t-label", {}, "The right chips"), stacksEl(grade.expected, s.chipset, { max: 12 })));
  }
  if (s.drill.answer_kind === "action" && grade.ev_cost !== null && grade.ev_cost !== undefined) {
    parts.push(h("p.t-ev", {}, grade.ev_cost > 1e-9
      ? `That play cost ${grade.ev_cost.toFixed(4)} of a bet ($${(grade.ev_cost * 100).toFixed(2)} on a $100 bet).`
      : "The best play: it costs nothing."));
  }
  parts.push(h("p.t-time", {}, `Answered in ${grade.seconds.toFixed(1)} s.`));
  const button = h("button.primary.t-next", { type: "button", onclick: next }, `${nextText} ⏎`);
  parts.push(button);
  keys = (ev) => {
    if (ev.key === "Enter" || ev.key === " ") { next(); return true; }
    return false;
  };
  setTimeout(() => button.focus(), 0);
  return h(`div.t-grade.${grade.correct ? "right" : "wrong"}`, { role: "status", dataset: { correct: String(grade.correct) } }, parts);
}

function summaryView(s, body, summary, grades) {
  const total = summary.total;
  // The server's list is the whole session's (this page may have been reloaded mid-way).
  const missed = summary.missed || grades.filter((g) => !g.correct);
  const verdict = summary.audition;
  const again = h("button.primary", { type: "button", onclick: () => start(body, again) }, "Again");
  const other = h("a.button.secondary", { href: "/train" }, "Another drill");
  const view = h("section.t-page", {},
    h("div.card-panel.t-summary", {},
      h("h2", {}, s.drill.title),
      h("p.t-final", {}, total ? `${summary.correct} right of ${total} (${Math.round((100 * summary.correct) / total)}%)` : "No items answered."),
      summary.mean_seconds !== null ? h("p", {}, `${summary.mean_seconds.toFixed(1)} s an answer on average.`) : null,
      verdict ? h(`p.t-verdict.${verdict.passed ? "passed" : "failed"}`, {},
        `Audition ${verdict.passed ? "passed" : "not passed"}: ${Math.round(verdict.accuracy * 100)}% against a pass mark of ${Math.round(verdict.pass_mark * 100)}%`
        + (verdict.mean_seconds !== null ? `, ${verdict.mean_seconds.toFixed(1)} s an item against ${verdict.seconds_per_item} s.` : ".")) : null,
      missed.length ? h("div", {}, h("h3", {}, "Missed"), h("ul.t-missed", {}, missed.map((g) => h("li", {}, g.feedback)))) : null,
      h("p.t-row", {}, again, other, h("a.button.secondary", { href: `/train/stats?profile=${encodeURIComponent(s.profile)}` }, "Your progress"))));
  clear(root).append(view);
  again.focus();
}

async function main() {
  if (window.location.pathname === "/train/stats") {
    statsView(root, new URLSearchParams(window.location.search).get("profile") || localStorage.getItem(PROFILE_KEY) || "");
    return;
  }
  try {
    const [d, p] = await Promise.all([call("GET", "/api/train/drills"), call("GET", "/api/presets")]);
    const wanted = new URLSearchParams(window.location.search);
    const last = { drill: wanted.get("drill") || "payouts", rules: p.presets[0].name, items: 10 };
    const saved = JSON.parse(sessionStorage.getItem(SAVED) || "null");
    if (saved && !wanted.get("drill")) {
      try {
        sessionView(await call("GET", `/api/train/sessions/${encodeURIComponent(saved.key)}`), saved.body);
        return;
      } catch (err) {
        sessionStorage.removeItem(SAVED); // finished, or let go while the page was away
      }
    }
    clear(root).append(setupEl(d.drills, p.presets, last));
  } catch (err) {
    clear(root).append(h("p.loading", {}, `The trainers could not be loaded: ${err.message}`));
  }
}

main();
