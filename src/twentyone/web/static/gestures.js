// The hand signals on a touch screen (docs/dealing.md#hand-signals), as the game takes them:
// where the cards lie face up (the shoe game) a short drag toward you (downwards) is the tap or
// beckon for a card and a sideways wave stands; where the cards are held face down (the pitch
// game) the drag toward you is the scratch of the cards, and a slide up, under the chips, stands.
// In both a finger held still on the felt is the one finger of a double, and two fingers on
// the felt together the two of a split. Each is only a request, sent only while that action is
// legal; the server checks it exactly as it checks the buttons.

const DRAG = 40;        // px downwards for a hit, upwards for a pitch game's stand
const WAVE = 60;        // px of sideways sweep for a stand
const STILL = 40;       // px a wave may wander up or down
const STEADY = 14;      // px a held finger may drift
const HOLD_MS = 700;    // a finger held this long is the one finger of a double
const QUICK_MS = 1200;  // a moving signal is a gesture, not a slow scroll
const LONGEST_MS = 3000; // longer is a finger resting on the screen, not a signal

// What each game's signals look like on the screen, for the legend under the felt.
export const LEGEND = {
  shoe: { hit: "drag towards you (tap the felt)", stand: "wave sideways",
    double: "hold one finger still", split: "two fingers together" },
  // The classic rules: a scratch of the felt towards you, or a beckon, for a card.
  classic: { hit: "drag towards you (scratch the felt, or beckon)", stand: "wave sideways",
    double: "hold one finger still", split: "two fingers together" },
  pitch: { hit: "drag towards you (scratch the cards)", stand: "slide up, under the chips",
    double: "hold one finger still (cards face up)", split: "two fingers together (pair face up)" },
};

// ``game`` (a function) says which game's signals the table takes; ``can(action)`` whether an
// action may be sent now; ``act(action)`` sends it.
export function attachGestures(el, { game, can, act }) {
  let start = null;
  const down = new Map();

  const any = () => ["hit", "stand", "double", "split"].some((a) => can(a));

  el.addEventListener("pointerdown", (ev) => {
    if (ev.target.closest("button, input, select, textarea, a, summary")) return;
    if (!any()) return;
    down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY });
    if (!start) {
      start = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, t: ev.timeStamp,
        minX: ev.clientX, maxX: ev.clientX, minY: ev.clientY, maxY: ev.clientY, fingers: 1,
        drift: 0 };
    } else {
      start.fingers = Math.max(start.fingers, down.size);
    }
  });

  // How far any finger has gone from where it came down.
  const drifted = (ev) => {
    const at = down.get(ev.pointerId);
    if (start && at) {
      start.drift = Math.max(start.drift, Math.hypot(ev.clientX - at.x, ev.clientY - at.y));
    }
  };

  el.addEventListener("pointermove", (ev) => {
    drifted(ev);
    if (!start || ev.pointerId !== start.id) return;
    start.minX = Math.min(start.minX, ev.clientX);
    start.maxX = Math.max(start.maxX, ev.clientX);
    start.minY = Math.min(start.minY, ev.clientY);
    start.maxY = Math.max(start.maxY, ev.clientY);
  });

  const finish = (ev) => {
    if (!down.has(ev.pointerId)) return;
    drifted(ev);
    down.delete(ev.pointerId);
    if (!start || down.size) return;  // a signal ends when the last finger lifts
    const s = start;
    start = null;
    // Times from the events themselves: a busy page handling them late does not make a quick
    // signal slow.
    const held = ev.timeStamp - s.t;
    if (ev.type === "pointercancel" || held > LONGEST_MS) return;
    const dx = ev.clientX - s.x;
    const dy = ev.clientY - s.y;
    const sweep = Math.max(s.maxX, ev.clientX) - Math.min(s.minX, ev.clientX);
    const wander = Math.max(s.maxY, ev.clientY) - Math.min(s.minY, ev.clientY);
    const read = readSignal(game(), { fingers: s.fingers, drift: s.drift, held, dx, dy, sweep,
      wander });
    if (read && can(read)) {
      signal(el, read);
      act(read);
    }
  };
  el.addEventListener("pointerup", finish);
  el.addEventListener("pointercancel", finish);
}

// The decision a finished touch signals in this game, or null.
function readSignal(game, { fingers, drift, held, dx, dy, sweep, wander }) {
  if (fingers >= 2) return drift < WAVE ? "split" : null;
  const moved = Math.max(sweep, wander, Math.abs(dx), Math.abs(dy));
  if (moved <= STEADY) return held >= HOLD_MS ? "double" : null;
  if (held > QUICK_MS) return null;
  if (dy > DRAG && dy > 2 * Math.abs(dx)) return "hit";
  if (game === "pitch") return -dy > DRAG && -dy > 2 * Math.abs(dx) ? "stand" : null;
  return sweep > WAVE && wander < STILL ? "stand" : null;
}

const WORDS = { hit: "Hit", stand: "Stand", double: "Double", split: "Split" };

// A brief sign over the felt so the player sees which signal was read. It hangs on the body,
// not the felt, because the felt is redrawn by the very state frame the signal brings.
function signal(el, action) {
  const word = WORDS[action];
  const box = el.getBoundingClientRect();
  const sign = document.createElement("div");
  sign.className = `signal signal-${action}`;
  sign.textContent = word;
  sign.style.left = `${box.left + box.width / 2}px`;
  sign.style.top = `${box.top + box.height * 0.45}px`;
  document.body.append(sign);
  setTimeout(() => sign.remove(), 900);
  // The sign fades; the signal read is also said in a live region, for screen readers (and it
  // stays, with a count of the signals read, until the next one).
  const said = document.getElementById("signal-read");
  if (said) {
    said.textContent = `${word}: hand signal read`;
    said.dataset.count = String(Number(said.dataset.count || "0") + 1);
  }
}
