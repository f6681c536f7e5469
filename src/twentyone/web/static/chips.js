// Chips drawn with CSS in the standard casino colours (docs/casino.md#chip-colours-and-values):
// a round chip with spots round its edge. A rules file may name its own colours; a colour name
// the browser knows is used as it is, anything else is drawn grey with its name on it.
import { h } from "./dom.js";
import { dollars } from "./money.js";

const STANDARD = new Set(["yellow", "white", "red", "green", "black", "purple"]);

function chipStyle(colour) {
  if (STANDARD.has(colour)) return {};
  const known = typeof CSS !== "undefined" && CSS.supports("color", colour);
  return { "--c": known ? colour : "#8a8a8a" };
}

export function chipEl(colour, value, extra = {}) {
  return h(`div.chip.chip-${STANDARD.has(colour) ? colour : "other"}`, {
    title: value ? `${colour} ${dollars(value)}` : colour,
    "aria-label": `${colour} chip`,
    style: { ...chipStyle(colour), ...(extra.style || {}) },
    dataset: { colour },
  });
}

// A seat's chips as stacks by colour, largest first, each with its count.
export function stacksEl(chips, chipset, { max = 8, label = true } = {}) {
  const ordered = [...chipset].sort((a, b) => b.value - a.value).filter((c) => chips[c.colour]);
  if (!ordered.length) return h("div.stacks.empty", {}, "no chips");
  return h("div.stacks", {}, ordered.map(({ colour, value }) => {
    const n = chips[colour];
    const shown = Math.min(n, max);
    const pile = [];
    for (let i = 0; i < shown; i++) {
      pile.push(chipEl(colour, value, { style: { "--k": String(i) } }));
    }
    return h("div.stack", { dataset: { colour, count: String(n) } },
      h("div.pile", { style: { "--n": String(shown) } }, pile),
      label ? h("span.count", {}, `×${n}`) : null);
  }));
}
