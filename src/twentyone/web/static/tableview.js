// The blackjack or Pontoon table as the felt and the controls draw it, read from one state frame
// (every room's: {ctx, legal, body, room, you, events, calls}). The body is the game's own picture
// for this viewer (cards as codes, chips as counts in the order of chip_colours): nothing is
// shown that the body does not hold; the room's part adds who sits where, the pause and clock.
export function tableView(frame) {
  const b = frame.body;
  const r = frame.room;
  const you = frame.you;
  const colours = b.chip_colours;
  const card = (c) => (c === null ? null : { rank: c.slice(0, -1), suit: c.slice(-1), code: c });
  const chips = (counts) => Object.fromEntries(colours.map((c, i) => [c, counts[i] || 0])
    .filter(([, n]) => n));
  const seats = b.seats.map((s) => {
    const who = r.seats[String(s.number)] || { name: "", connected: false, sitting_out: false };
    return {
      number: s.number, name: who.name, connected: who.connected, sitting_out: who.sitting_out,
      bankroll: s.bankroll, chips: chips(s.chips), insurance: s.insurance,
      hands: s.hands.map((hand) => ({ ...hand, cards: hand.cards.map(card), paid: chips(hand.paid) })),
    };
  });
  return {
    room: r.code, game: r.game, phase: b.phase, round: b.round, viewer: frame.ctx.viewer, role: you.role,
    dealer: b.dealer.map(card), dealer_total: b.dealer_total, seats,
    to_act: b.to_act && !b.settled ? b.to_act : null,
    legal: frame.legal.map((op) => op.op),
    shoe: { remaining: b.shoe_remaining, total: b.cards_total, discards: b.discards,
            cut_card_out: b.cut_card_out, from: b.dealt_from },
    chipset: colours.map((colour, i) => ({ colour, value: b.chip_values[i] })),
    settled: b.settled, paused: r.paused,
    clock: r.clock ? { seat: r.clock[0], deadline_ms: r.clock[1] } : null,
    banker: b.banker, hints: r.hints, commitment: r.commitment, bank_offer: b.bank_offer,
    ...(you.host_legal !== null ? { host_legal: you.host_legal } : {}),
  };
}
