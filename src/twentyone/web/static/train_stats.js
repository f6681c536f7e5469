// A profile's progress on the site (docs/training.md#progress): accuracy and speed per drill
// over its sessions, the strategy chart's cells coloured by how often they are missed, what the
// mistakes cost per hand, what the schedule (FSRS) brings back for review, now and next, and
// the sessions played with the coach at the terminal table or the browser's (docs/training.md#the-coach-at-the-table).
// Drawn from GET /api/train/stats, the figures `twentyone train stats --json` prints.
import { clear, h } from "./dom.js";
import { signed } from "./money.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  for (const c of children) el.append(c);
  return el;
}

// When, in words a player reads: "now", "in 8 min", "in 3 h", "on 12 Jan".
export function when(iso, now = Date.now()) {
  const t = Date.parse(iso);
  const mins = Math.round((t - now) / 60000);
  if (mins <= 0) return "now";
  if (mins < 60) return `in ${mins} min`;
  if (mins < 48 * 60) return `in ${Math.round(mins / 60)} h`;
  return `on ${new Date(t).toLocaleDateString(undefined, { day: "numeric", month: "short" })}`;
}

// Accuracy (solid, 0 to 100%) and seconds an answer (dashed, 0 to the slowest) per session.
function sparkEl(sessions) {
  const w = 280;
  const ht = 60;
  const n = sessions.length;
  const x = (i) => (n === 1 ? w / 2 : 6 + (i * (w - 12)) / (n - 1));
  const acc = sessions.map((p, i) => `${x(i)},${ht - 4 - p.accuracy * (ht - 8)}`);
  const timed = sessions.map((p, i) => [i, p.mean_seconds]).filter(([, t]) => t !== null);
  const slowest = Math.max(1, ...timed.map(([, t]) => t));
  const secs = timed.map(([i, t]) => `${x(i)},${ht - 4 - (t / slowest) * (ht - 8)}`);
  return svg("svg", { class: "t-spark", viewBox: `0 0 ${w} ${ht}`, preserveAspectRatio: "none", role: "img",
    "aria-label": `accuracy over ${n} session${n > 1 ? "s" : ""}` },
  svg("polyline", { class: "acc", points: acc.join(" ") }),
  ...sessions.map((p, i) => svg("circle", { class: "acc", cx: x(i), cy: ht - 4 - p.accuracy * (ht - 8), r: 2.5 })),
  secs.length > 1 ? svg("polyline", { class: "secs", points: secs.join(" ") }) : "");
}

function drillEl(name, d, due) {
  const pct = (a) => `${Math.round(a * 100)}%`;
  const recent = d.sessions.slice(-6).map((p) => pct(p.accuracy) + (p.mean_seconds !== null ? ` ${p.mean_seconds.toFixed(1)} s` : ""));
  return h("section.t-drill-stats", { dataset: { drill: name } },
    h("h3", {}, name),
    h("p", {}, `${d.answers} answers, ${pct(d.accuracy)} right` + (d.mean_seconds !== null ? `, ${d.mean_seconds.toFixed(1)} s an answer` : "")),
    sparkEl(d.sessions),
    h("p.t-legend", {}, h("span.acc", {}, "— % right"), " · ", h("span.secs", {}, "- - seconds an answer"), ` · ${d.sessions.length} session${d.sessions.length > 1 ? "s" : ""}`),
    recent.length > 1 ? h("p.t-legend", {}, `Latest sessions: ${recent.join(" → ")}`) : null,
    due ? h("p.t-due-line", {}, due.due_now ? `${due.due_now} due for review now` : "Nothing due now",
      due.next ? `; next ${when(due.next)}` : "", ". ", h("a", { href: `/train?drill=${encodeURIComponent(name)}` }, "Practise")) : null);
}

function heatEl(heat) {
  const rows = heat.rows.filter((r) => heat.ups.some((u) => heat.cells[`${r} v ${u}`]));
  if (!rows.length) return h("p", {}, "No strategy hands answered yet: the chart's cells show here once you have.");
  return h("div.t-heat-box", {}, h("table.t-heat", {},
    h("thead", {}, h("tr", {}, h("th", {}, ""), heat.ups.map((u) => h("th", {}, u)))),
    h("tbody", {}, rows.map((r) => h("tr", {}, h("th", {}, r), heat.ups.map((u) => {
      const c = heat.cells[`${r} v ${u}`];
      if (!c) return h("td", { title: `${r} v ${u}: not dealt yet` });
      return h("td.seen", { style: { "--miss": String(c.misses / c.answers) }, title: `${r} v ${u}: ${c.misses} missed of ${c.answers}` },
        `${c.misses}/${c.answers}`);
    }))))));
}

function dueEl(due) {
  const drills = Object.entries(due.drills);
  if (!drills.length) return h("p", {}, "Nothing is scheduled yet: answer a drill and what you miss comes back here.");
  return h("div.t-due", {}, drills.map(([name, d]) => h("div", { dataset: { drill: name } },
    h("h4", {}, `${name}: ${d.due_now ? `${d.due_now} due now` : "nothing due now"}${d.next ? `, next ${when(d.next)}` : ""}`),
    h("ul", {}, d.cells.map((c) => h(`li${c.now ? ".now" : ""}`, {}, `${c.cell} — ${c.now ? "due now" : when(c.due)}`))))));
}

// The share of plays the coach judged right, session by session (those with a play judged).
function tableChartEl(sessions) {
  const judged = sessions.filter((t) => t.decisions > 0);
  if (!judged.length) return null;
  const shares = judged.map((t) => (t.decisions - t.mistakes) / t.decisions);
  return h("div.t-table-chart", {},
    sparkEl(shares.map((accuracy) => ({ accuracy, mean_seconds: null }))),
    h("p.t-legend", {}, h("span.acc", {}, "— % of plays as the coach advised"),
      ` · ${judged.length} session${judged.length > 1 ? "s" : ""}, the latest ${Math.round(shares[shares.length - 1] * 100)}%`));
}

// Each session at the table, latest first: hands and how they ended, the net, the mistakes and
// what they cost, the count checks.
function tableEl(sessions) {
  if (!sessions.length) return h("p", {}, "No sessions at the table yet: twentyone play --profile NAME, or the coach at a table on this site with this profile named, keeps them here.");
  return h("ul.t-table-play", {}, sessions.slice().reverse().slice(0, 12).map((t) => h("li", {},
    `${new Date(Date.parse(t.at)).toLocaleString(undefined, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" })}: `
    + `${t.hands} hand${t.hands === 1 ? "" : "s"} (won ${t.won}, lost ${t.lost}, pushed ${t.pushed}), net ${signed(t.net)}; `
    + `${t.mistakes} mistake${t.mistakes === 1 ? "" : "s"} costing ${Number(t.ev_cost).toFixed(4)} of a bet`
    + (t.checks ? `; count checks ${t.checks_right} of ${t.checks} right` : ""))));
}

export async function statsView(root, profile) {
  const input = h("input", { name: "profile", value: profile, required: true, maxlength: "64", pattern: "[A-Za-z0-9_.\\-]+", placeholder: "your name, e.g. sam" });
  const form = h("form", {}, h("label.field", {}, h("span", {}, "Profile"), input), h("button.primary", { type: "submit" }, "Show"));
  const body = h("div.t-stats-body");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    history.replaceState(null, "", `/train/stats?profile=${encodeURIComponent(input.value.trim())}`);
    load(input.value.trim());
  });
  clear(root).append(h("section.t-page.t-stats", {},
    h("header.brand", {}, h("a.home", { href: "/train" }, "Trainers"), h("h1", {}, "Your progress")),
    form, body));

  async function load(name) {
    if (!name) { body.replaceChildren(h("p", {}, "Type the profile name your answers are kept under.")); return; }
    body.replaceChildren(h("p.loading", {}, "Loading…"));
    let data;
    try {
      const response = await fetch(`/api/train/stats?profile=${encodeURIComponent(name)}`);
      data = await response.json();
      if (!response.ok) throw new Error(data.message || `The server answered ${response.status}.`);
    } catch (err) {
      body.replaceChildren(h("p.t-offline", { role: "alert" }, err instanceof TypeError
        ? "The trainers' table cannot be reached just now (the server is down or the network is)."
        : err.message));
      return;
    }
    const drills = Object.entries(data.drills);
    const cost = data.ev_per_hand;
    // replaceChildren writes a null as the text "null": the parts a profile lacks are left out.
    body.replaceChildren(...[
      h("p.t-final", {}, `${data.profile}: ${data.answers} answers.` + (data.due.now ? ` ${data.due.now} due for review now.` : "")),
      h("h2", {}, "Accuracy and speed, session by session"),
      drills.length ? h("div.t-drills", {}, drills.map(([n, d]) => drillEl(n, d, data.due.drills[n]))) : h("p", {}, "No answers yet."),
      h("h2", {}, "Strategy: the chart's cells you miss"),
      heatEl(data.heat),
      cost !== null ? h("p.t-ev", {}, `Your strategy mistakes cost ${cost.toFixed(4)} of a bet a hand ($${(cost * 100).toFixed(2)} on a $100 bet), over the hands you have practised (${Math.round(data.ev_coverage * 100)}% of those a shoe deals).`) : null,
      h("h2", {}, "Due for review"),
      dueEl(data.due),
      h("h2", {}, "Table play"),
      tableChartEl(data.table || []),
      tableEl(data.table || [])].filter((part) => part !== null));
  }
  load(profile);
}
