// Polite notes at the edge of the screen: every refusal from the server is shown here, in the
// server's own words, and the table stays as it was.
import { h } from "./dom.js";

// Returns a function that takes the note away at once, for a note that is over before its time
// (a wait that has ended).
export function toast(message, kind = "error", ms = 4500) {
  const box = document.getElementById("toasts");
  if (!box) return () => {};
  const el = h(`div.toast.${kind}`, { role: kind === "error" ? "alert" : "status" }, message);
  box.append(el);
  const leave = () => {
    el.classList.add("leaving");
    setTimeout(() => el.remove(), 400);
  };
  const timer = setTimeout(leave, ms);
  return () => { clearTimeout(timer); leave(); };
}
