// The lobby: create a room (the casino game with a preset or a rules file, or Pontoon; the host
// as the house or as the dealer; the room's settings), or join one by its code.
import * as api from "./api.js";
import { h } from "./dom.js";
import { toast } from "./toast.js";

const LEVELS = { best: "The best bot", beginner: "A bot for beginners" };

const field = (label, control, note) =>
  h("label.field", {}, h("span", {}, label), control, note ? h("small", {}, note) : null);

const select = (name, options, value) =>
  h("select", { name }, options.map(([v, text]) =>
    h("option", { value: v, selected: v === value }, text)));

export function lobbyEl(onCreated, onJoin) {
  const presetSelect = h("select", { name: "rules" }, h("option", { value: "classic" }, "classic"));
  api.presets().then((data) => {
    presetSelect.replaceChildren(...data.presets.map((p) =>
      h("option", { value: p.name, title: p.title }, `${p.name} — ${p.title}`)));
  }).catch((err) => toast(`Could not load the rule presets: ${err.message}`));

  const game = select("game", [["casino", "The casino game"], ["pontoon", "Pontoon"]], "casino");
  const rulesRow = field("Rules", presetSelect);
  // The card room's games (Solo Whist, Durak, President), as the server lists them: how many
  // may play, and the bots that fill the seats nobody has taken.
  const cardGames = new Map();
  const players = h("input", { name: "players", type: "number", value: "4", min: "2", max: "7", inputmode: "numeric" });
  const level = h("select", { name: "level" });
  const playersNote = h("small", {}, "");
  const cardRows = h("div.card-choices", { hidden: true },
    h("label.field", {}, h("span", {}, "Players"), players, playersNote),
    field("Bots in the empty seats", level));
  api.presets().then((data) => {
    for (const r of data.rooms || []) {
      if (r.chips !== false) continue;
      cardGames.set(r.name, r);
      game.append(h("option", { value: r.name }, r.title));
    }
  }).catch(() => {});

  const toml = h("textarea", { name: "rules_toml", rows: "4", placeholder: "decks = 6\nhit_soft_17 = true" });
  const num = (name, value, min, max) =>
    h("input", { name, type: "number", value: String(value), min: String(min), max: String(max), inputmode: "numeric" });
  const tomlRow = field("Own rules file (TOML, optional)", toml, "Overrides the preset where it names an option.");
  // Pontoon's own choices (docs/pontoon.md#betting): what a chip is worth, and the limit.
  const pontoonRows = h("div.pontoon-choices", { hidden: true },
    field("What a chip is worth, in dollars", h("input", { name: "chip", type: "number", value: "1",
      min: "0.01", max: "1000", step: "0.01", inputmode: "decimal" })),
    field("Betting limit, in chips", num("limit", 5, 1, 100)));
  const modes = h("fieldset.modes", {},
    h("legend", {}, "Who deals"),
    h("label.radio", {}, h("input", { type: "radio", name: "host_mode", value: "house", checked: true }),
      " The house deals and pays; I start the rounds"),
    h("label.radio", {}, h("input", { type: "radio", name: "host_mode", value: "dealer" }),
      " I deal: I make the dealer's moves and pay every bet, the table checks each one"));
  // At Pontoon the banker is a player and deals: no preset, no dealing host.
  game.addEventListener("change", () => {
    const casino = game.value === "casino";
    const cards = cardGames.get(game.value);
    rulesRow.hidden = !casino;
    modes.hidden = !casino;
    tomlRow.hidden = !casino;
    pontoonRows.hidden = game.value !== "pontoon";
    cardRows.hidden = !cards;
    for (const chipsOnly of form.querySelectorAll(".chips-only")) chipsOnly.hidden = Boolean(cards);
    if (cards) {
      const [fewest, most] = cards.players;
      players.min = String(fewest);
      players.max = String(most);
      players.value = String(Math.min(most, Math.max(fewest, Number(players.value) || most)));
      players.disabled = fewest === most;
      playersNote.textContent = `${fewest === most ? `${cards.title} is for ${most}`
        : `From ${fewest} to ${most}`}. People join by the link; a bot holds each seat until someone sits down.`;
      const levels = [...cards.levels].reverse();   // the best first: what a host usually wants
      level.replaceChildren(...levels.map((l) => h("option", { value: l }, LEVELS[l] || l)));
    }
  });

  const form = h("form.card-panel.create", {},
    h("h2", {}, "Open a table"),
    field("Game", game),
    rulesRow,
    pontoonRows,
    cardRows,
    modes,
    h("details.settings", {},
      h("summary", {}, "Room settings"),
      tomlRow,
      field("Seconds for each turn", num("turn_s", 30, 5, 600)),
      field("Seconds a dropped player keeps the seat", num("grace_s", 60, 5, 3600)),
      h("div.chips-only", {}, field("The most a seat buys in for ($)", num("max_buy_in", 10000, 1, 100000))),
      field("When the turn clock runs out", select("on_timeout",
        [["stand", "the hand stands"], ["sit_out", "the player sits out"]], "stand")),
      field("A round interrupted by a restart", select("interrupted",
        [["resume", "resumes where it stopped"], ["void", "is called off, every bet returned"]], "resume")),
      h("div.chips-only", {},
        h("label.check", {}, h("input", { type: "checkbox", name: "hints", checked: true }),
          " Players may ask for the ? hint (exact odds)"),
        h("label.check", {}, h("input", { type: "checkbox", name: "commit_shoes", checked: true }),
          " Publish a fingerprint of each shoe before dealing it"))),
    h("button.primary", { type: "submit" }, "Create the room"));

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const body = {
      game: data.get("game"),
      host_mode: data.get("host_mode"),
      settings: {
        grace_s: Number(data.get("grace_s")),
        turn_s: Number(data.get("turn_s")),
        max_buy_in: Math.round(Number(data.get("max_buy_in")) * 100),
        on_timeout: data.get("on_timeout"),
        interrupted: data.get("interrupted"),
        hints: data.get("hints") === "on",
        commit_shoes: data.get("commit_shoes") === "on",
      },
    };
    if (cardGames.has(body.game)) {
      delete body.host_mode;
      body.players = Number(data.get("players") || players.value);
      body.level = data.get("level");
    } else if (body.game === "casino") body.rules = data.get("rules");
    else {
      body.host_mode = "house";
      body.pontoon = { chip: Math.round(Number(data.get("chip")) * 100), limit: Number(data.get("limit")) };
    }
    const text = String(data.get("rules_toml") || "").trim();
    if (text && body.game === "casino") body.rules_toml = text;
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      onCreated(await api.createRoom(body));
    } catch (err) {
      toast(err.message);
    } finally {
      button.disabled = false;
    }
  });

  const code = h("input", {
    name: "code", required: true, autocomplete: "off", autocapitalize: "characters",
    placeholder: "K7QX2M", maxlength: "12", pattern: "[A-Za-z0-9]+",
  });
  const join = h("form.card-panel.join", {},
    h("h2", {}, "Join a table"),
    field("Room code", code),
    h("button.primary", { type: "submit" }, "Join"));
  join.addEventListener("submit", (ev) => {
    ev.preventDefault();
    onJoin(code.value.trim().toUpperCase());
  });

  return h("section.lobby", {},
    h("header.brand", {}, h("h1", {}, "Twenty-one"),
      h("p", {}, "A card room for friends: blackjack, Pontoon, Solo Whist, Durak and President;",
        " one host, everyone's phone, every rule by the book.",
        " ", h("a.trainers", { href: "/train", style: { color: "var(--gold)", "font-weight": "700" } }, "Trainers"))),
    h("div.lobby-forms", {}, join, form));
}
