// Money is integer cents everywhere, as on the server; these only say it to people.

export function dollars(cents) {
  const sign = cents < 0 ? "−" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const part = abs % 100;
  const text = whole.toLocaleString("en-US");
  return part ? `${sign}$${text}.${String(part).padStart(2, "0")}` : `${sign}$${text}`;
}

// "+$15" / "−$10" / "$0": a hand's result as the table says it.
export function signed(cents) {
  return cents > 0 ? `+${dollars(cents)}` : dollars(cents);
}

// Dollars typed by a person ("25", "7.50") as cents, or null if it is not an amount.
export function parseDollars(text) {
  const m = /^\s*\$?\s*(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(String(text));
  if (!m) return null;
  return Number(m[1]) * 100 + (m[2] ? Number(m[2].padEnd(2, "0")) : 0);
}

// The fewest chips making `cents` from the chip set (largest first), to draw a bet as the
// stack a dealer would see. Only for drawing: the server decides which chips really move.
export function fewestChips(cents, chipset) {
  const out = {};
  let rest = cents;
  for (const { colour, value } of [...chipset].sort((a, b) => b.value - a.value)) {
    const n = Math.floor(rest / value);
    if (n > 0) {
      out[colour] = n;
      rest -= n * value;
    }
  }
  return out;
}

export function chipsValue(chips, chipset) {
  let total = 0;
  for (const { colour, value } of chipset) total += (chips[colour] || 0) * value;
  return total;
}

// "2 red, 1 white" — the way a dealer calls a payout, largest colour first.
export function describeChips(chips, chipset) {
  const parts = [...chipset]
    .sort((a, b) => b.value - a.value)
    .filter(({ colour }) => chips[colour])
    .map(({ colour }) => `${chips[colour]} ${colour}`);
  return parts.length ? parts.join(", ") : "no chips";
}
