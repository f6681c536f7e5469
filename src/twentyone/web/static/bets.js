// Which chips can still make a bet this table takes, and whether the bet built so far is one
// (docs/web.md#your-buttons). A bet is legal when it is at least the table's least, at most
// its most and the chips in front of the seat, and a whole number of the table's bet unit; the
// server checks every bet, and this only keeps a player from building one it would refuse.
//
// A chip counts towards a bet only if it is a whole number of units, or a part of one that the
// table's smallest chip makes up (the $5 at a $10 table: two of them are a unit). A chip that is
// neither (the $25 at a $10 table) never lays down whole units by itself, so it is shown but not
// offered. Every legal bet can still be built: the smallest chip divides the unit (the rules
// insist on it), and tapping it alone reaches any of them.

// The most this seat may bet now: the table's most and its chips, down to a whole unit.
export function betTop(bets, balance) {
  const top = Math.min(bets.max, balance);
  return top - (top % bets.unit);
}

function fitsUnit(value, bets, smallest) {
  return value % bets.unit === 0 || (bets.unit % value === 0 && value % smallest === 0);
}

// May `value` be added to the `pending` bet: is there a legal bet it leads to?
export function chipOpen(value, pending, chipset, bets, balance) {
  const smallest = Math.min(...chipset.map((c) => c.value));
  if (!fitsUnit(value, bets, smallest)) return false;
  const after = pending + value;
  const least = Math.max(bets.min, Math.ceil(after / bets.unit) * bets.unit);
  return least <= betTop(bets, balance);
}

// Is `amount` a bet the table takes from this seat now?
export function betReady(amount, bets, balance) {
  return amount >= Math.max(1, bets.min) && amount <= betTop(bets, balance) && amount % bets.unit === 0;
}
