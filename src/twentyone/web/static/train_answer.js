// The answer controls, one kind per shape of answer (the drill list's `answer_kind`): a number
// field for dollars, totals and counts, a chip picker for payouts and change, buttons for a play,
// the dealer's next step or a flag. Each also answers to keys (listed on its buttons), and each
// hands over the answer in the headless answer shape (docs/training.md#scripts).
import { chipEl, stacksEl } from "./chips.js";
import { h } from "./dom.js";
import { describeChips, dollars } from "./money.js";
import { toast } from "./toast.js";

const PLAY_KEYS = { hit: "h", stand: "s", double: "d", split: "p", surrender: "r" };

// A field and its button, submitted by Enter or the button.
function fieldForm(input, extra, onSubmit, buttonText = "Answer") {
  const form = h("form.t-answer.t-field", {}, input, extra, h("button.primary", { type: "submit" }, buttonText));
  form.addEventListener("submit", (ev) => { ev.preventDefault(); onSubmit(); });
  return form;
}

function dollarsControl(submit) {
  const input = h("input", { name: "amount", inputmode: "decimal", autocomplete: "off", placeholder: "$ total", "aria-label": "the total in dollars" });
  const el = fieldForm(input, null, () => {
    const text = input.value.trim().replace(/^\$/, "").replace(/,/g, "");
    if (!/^\d+(\.\d{1,2})?$/.test(text)) return toast("Type the total in dollars, e.g. 313.50");
    return submit(text);
  });
  return { el, focus: () => input.focus() };
}

function countControl(submit) {
  const input = h("input", { name: "count", inputmode: "numeric", autocomplete: "off", placeholder: "count", "aria-label": "the count" });
  const sign = h("button.secondary", { type: "button", title: "below zero (-)" }, "±");
  sign.addEventListener("click", () => {
    input.value = input.value.startsWith("-") ? input.value.slice(1) : `-${input.value}`;
    input.focus();
  });
  const el = fieldForm(input, sign, () => {
    const n = Number(input.value.trim());
    if (input.value.trim() === "" || !Number.isFinite(n)) return toast("Type the count, e.g. 4 or -2");
    return submit(n);
  });
  return { el, focus: () => input.focus() };
}

function totalControl(submit) {
  const input = h("input", { name: "total", inputmode: "numeric", autocomplete: "off", placeholder: "total", "aria-label": "the total" });
  const soft = h("button.secondary.t-soft", { type: "button", "aria-pressed": "false", title: "a soft total (s)" }, "soft");
  const toggle = () => soft.setAttribute("aria-pressed", String(soft.getAttribute("aria-pressed") !== "true"));
  soft.addEventListener("click", () => { toggle(); input.focus(); });
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "s" || ev.key === "S") { ev.preventDefault(); toggle(); }
  });
  // A natural is called "blackjack", not counted: one button (or b) answers it.
  const natural = h("button.secondary.t-blackjack", { type: "button", title: "a natural (b)", onclick: () => submit("blackjack") }, "blackjack");
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "b" || ev.key === "B") { ev.preventDefault(); submit("blackjack"); }
  });
  const el = fieldForm(input, [soft, natural], () => {
    const n = input.value.trim();
    if (!/^\d{1,2}$/.test(n)) return toast("Type the total, e.g. 17 (and press soft for a soft total, blackjack for a natural)");
    return submit(soft.getAttribute("aria-pressed") === "true" ? `soft ${n}` : n);
  });
  return { el, focus: () => input.focus() };
}

// Chips by colour: a chip button adds one of its colour, − takes one back; what is picked is
// drawn as the stacks it would be on the layout.
function chipsControl(chipset, submit) {
  const picked = {};
  const order = [...chipset].sort((a, b) => a.value - b.value);
  const letters = {};
  for (const { colour } of order) {
    const k = colour[0].toLowerCase();
    letters[k] = letters[k] === undefined ? colour : null; // a letter two colours share is no key
  }
  const counts = {};
  const view = h("div.t-picked");
  const redraw = () => {
    for (const { colour } of order) counts[colour].textContent = String(picked[colour] || 0);
    // replaceChildren writes a null as the word "null": only elements go in.
    view.replaceChildren(...(Object.keys(picked).length
      ? [stacksEl(picked, chipset, { max: 12 }), h("span.t-picked-text", {}, describeChips(picked, chipset))]
      : [h("span.t-picked-text", {}, "Pick the chips to pay: tap a chip to add one.")]));
  };
  const add = (colour, n) => {
    picked[colour] = Math.max(0, (picked[colour] || 0) + n);
    if (!picked[colour]) delete picked[colour];
    redraw();
  };
  const buttons = order.map(({ colour, value }) => {
    counts[colour] = h("b.t-chip-count", {}, "0");
    const key = letters[colour[0].toLowerCase()] === colour ? colour[0].toLowerCase() : null;
    return h("div.t-chip-pick", { dataset: { colour } },
      h("button.chip-button", { type: "button", "aria-label": `add a ${colour} chip`, onclick: () => add(colour, 1) },
        chipEl(colour, value), h("span", {}, dollars(value)), key ? h("kbd", {}, key) : null),
      h("div.t-chip-adjust", {},
        h("button.t-less", { type: "button", "aria-label": `take a ${colour} chip back`, onclick: () => add(colour, -1) }, "−"),
        counts[colour]));
  });
  const clear = h("button.secondary", { type: "button", onclick: () => { for (const c of Object.keys(picked)) delete picked[c]; redraw(); } }, "Clear");
  // Paying nothing is never a payout: ask for the chips instead of grading it as a miss.
  const pay = h("button.primary", { type: "button", onclick: () => {
    if (!Object.keys(picked).length) return toast("Pick the chips to pay first: tap a chip to add one.", "info");
    return submit({ ...picked });
  } }, "Pay");
  const el = h("div.t-answer.t-chips", {}, h("div.chip-row", {}, buttons), view, h("div.t-row", {}, clear, pay));
  redraw();
  const onKey = (ev) => {
    const colour = letters[ev.key.toLowerCase()];
    if (colour) { add(colour, ev.shiftKey ? -1 : 1); return true; }
    if (ev.key === "Delete") { clear.click(); return true; }
    if (ev.key === "Enter") { pay.click(); return true; }
    return false;
  };
  return { el, onKey, focus: () => pay.focus() };
}

function buttonsControl(options, submit) {
  // options: [{ label, value, key, cls }]
  const el = h("div.t-answer.t-buttons.action-bar", {}, options.map((o) =>
    h(`button.action${o.cls ? `.${o.cls}` : ""}`, { type: "button", dataset: { answer: String(o.value) }, onclick: () => submit(o.value) },
      h("kbd", {}, o.key), ` ${o.label}`)));
  const onKey = (ev) => {
    const o = options.find((x) => x.key === ev.key.toLowerCase());
    if (!o) return false;
    submit(o.value);
    return true;
  };
  return { el, onKey, focus: () => el.querySelector("button").focus() };
}

function plays(shown) {
  if (shown.actions) return shown.actions;
  const pair = shown.hand.length === 2 && shown.hand[0] === shown.hand[1];
  return ["hit", "stand", "double", ...(pair ? ["split"] : []), "surrender"];
}

// An answer in words, as the grade repeats it: "$915: 9 black, 3 green" for chips.
export function answerWords(kind, value, shown, chipset) {
  if (value === null || value === undefined) return "nothing";
  if (kind === "chips" && typeof value === "object") {
    const total = chipset.reduce((sum, { colour, value: v }) => sum + (value[colour] || 0) * v, 0);
    return `${dollars(total)}: ${describeChips(value, chipset)}`;
  }
  if (kind === "choice" && typeof value === "number" && shown.choices) {
    return shown.drawings ? `signal ${value}` : String(shown.choices[value - 1]);
  }
  if (kind === "flag") return value === "ok" ? "done right" : "a mistake";
  if (kind === "dollars") return `$${value}`;
  return String(value);
}

// The control for an item of answer kind `kind`; `submit(value)` sends the answer.
export function answerControl(kind, shown, chipset, submit) {
  if (kind === "dollars") return dollarsControl(submit);
  if (kind === "count") return countControl(submit);
  if (kind === "total") return totalControl(submit);
  if (kind === "chips") return chipsControl(chipset, submit);
  if (kind === "action") {
    return buttonsControl(plays(shown).map((a) => ({ label: a, value: a, key: PLAY_KEYS[a], cls: `act-${a}` })), submit);
  }
  if (kind === "choice") {
    // Where the choices are drawings, each button is the drawing's number.
    return buttonsControl(shown.choices.map((c, i) => ({ label: shown.drawings ? String(i + 1) : c,
      value: i + 1, key: String(i + 1) })), submit);
  }
  if (kind === "flag") {
    return buttonsControl([{ label: "done right", value: "ok", key: "1", cls: "act-hit" },
      { label: "a mistake", value: "mistake", key: "2", cls: "act-stand" }], submit);
  }
  throw new Error(`no answer control for ${kind}`);
}
