// Polite notes at the edge of the screen: every refusal from the server is shown here, in the
// server's own words, and the table stays as it was.
import { h } from "./dom.js";

export function toast(message, kind = "error", ms = 4500) {
  const box = document.getElementById("toasts");
  if (!box) return;
  const el = h(`div.toast.${kind}`, { role: kind === "error" ? "alert" : "status" }, message);
  box.append(el);
  setTimeout(() => el.classList.add("leaving"), ms);
  setTimeout(() => el.remove(), ms + 400);
}
