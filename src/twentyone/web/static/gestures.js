// The classic game's hand signals on a touch screen: a short drag toward you (downwards) asks
// for a card, a sideways wave stands. Each is only a request, sent only while that action is
// legal; the server checks it exactly as it checks the buttons.

const DRAG = 40;        // px downwards for a hit
const WAVE = 60;        // px of sideways sweep for a stand
const STILL = 40;       // px a wave may wander up or down
const QUICK_MS = 1200;  // a signal is a gesture, not a slow scroll

export function attachGestures(el, { canHit, canStand, hit, stand }) {
  let start = null;

  el.addEventListener("pointerdown", (ev) => {
    if (ev.target.closest("button, input, select, textarea, a, summary")) return;
    if (!canHit() && !canStand()) return;
    start = { id: ev.pointerId, x: ev.clientX, y: ev.clientY, t: performance.now(),
      minX: ev.clientX, maxX: ev.clientX, minY: ev.clientY, maxY: ev.clientY };
  });

  el.addEventListener("pointermove", (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    start.minX = Math.min(start.minX, ev.clientX);
    start.maxX = Math.max(start.maxX, ev.clientX);
    start.minY = Math.min(start.minY, ev.clientY);
    start.maxY = Math.max(start.maxY, ev.clientY);
  });

  const finish = (ev) => {
    if (!start || ev.pointerId !== start.id) return;
    const s = start;
    start = null;
    if (ev.type === "pointercancel" || performance.now() - s.t > QUICK_MS) return;
    const dx = ev.clientX - s.x;
    const dy = ev.clientY - s.y;
    const sweep = Math.max(s.maxX, ev.clientX) - Math.min(s.minX, ev.clientX);
    const wander = Math.max(s.maxY, ev.clientY) - Math.min(s.minY, ev.clientY);
    if (dy > DRAG && dy > 2 * Math.abs(dx)) {
      if (canHit()) {
        signal(el, "Hit");
        hit();
      }
    } else if (sweep > WAVE && wander < STILL) {
      if (canStand()) {
        signal(el, "Stand");
        stand();
      }
    }
  };
  el.addEventListener("pointerup", finish);
  el.addEventListener("pointercancel", finish);
}

// A brief sign over the felt so the player sees which signal was read. It hangs on the body,
// not the felt, because the felt is redrawn by the very state frame the signal brings.
function signal(el, word) {
  const box = el.getBoundingClientRect();
  const sign = document.createElement("div");
  sign.className = `signal signal-${word.toLowerCase()}`;
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
