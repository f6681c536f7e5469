// The lobby: create a room for any game the server lists (/api/presets: the registry's games,
// each with its kind and the room settings it honours, in its own words), or join one by its
// code. Nothing here names a game: a game's kind says what else the host chooses (the house's
// rules and who deals, a player-banked table's chip and limit, a card game's players and bots).
import * as api from "./api.js";
import { h } from "./dom.js";
import { toast } from "./toast.js";

const LEVELS = {
  strong: "The strongest bot (it thinks ahead)", best: "A good bot (quick rules of thumb)",
  beginner: "A bot for beginners",
};
// The registry's kinds (games/registry.py KINDS).
const HOUSE_BANKS = "house-banks";
const PLAYER_BANKS = "player-banks";
const CARD_GAME = "card-game";

const field = (label, control, note) =>
  h("label.field", {}, h("span", {}, label), control, note ? h("small", {}, note) : null);

const select = (name, options, value) =>
  h("select", { name }, options.map(([v, text]) =>
    h("option", { value: v, selected: v === value }, text)));

const num = (name, value, min, max) =>
  h("input", { name, type: "number", value: String(value), min: String(min), max: String(max), inputmode: "numeric" });

// How each room setting is asked (its words are the game's, from the server): the numbers with
// their ranges and defaults, and how a value is sent. A choice or a yes/no needs nothing here.
const NUMBERS = {
  turn_s: { value: 30, min: 5, max: 600, send: Number },
  grace_s: { value: 60, min: 5, max: 3600, send: Number },
  max_buy_in: { value: 10000, min: 1, max: 100000, send: (v) => Math.round(Number(v) * 100) },
};

function settingEl(s) {
  if (NUMBERS[s.name]) {
    const n = NUMBERS[s.name];
    return field(s.label, num(s.name, n.value, n.min, n.max));
  }
  if (s.choices.length) return field(s.label, select(s.name, s.choices, s.choices[0][0]));
  return h("label.check", {}, h("input", { type: "checkbox", name: s.name, checked: true }), ` ${s.label}`);
}

function settingValue(s, data) {
  if (NUMBERS[s.name]) return NUMBERS[s.name].send(data.get(s.name));
  if (s.choices.length) return data.get(s.name);
  return data.get(s.name) === "on";
}

export function lobbyEl(onCreated, onJoin) {
  const presetSelect = h("select", { name: "rules" }, h("option", { value: "classic" }, "classic"));
  const game = h("select", { name: "game" });
  const games = new Map();
  const rulesRow = field("Rules", presetSelect);
  const players = h("input", { name: "players", type: "number", value: "4", min: "2", max: "7", inputmode: "numeric" });
  const level = h("select", { name: "level" });
  const playersNote = h("small", {}, "");
  const cardRows = h("div.card-choices", { hidden: true },
    h("label.field", {}, h("span", {}, "Players"), players, playersNote),
    field("Bots in the empty seats", level));
  const toml = h("textarea", { name: "rules_toml", rows: "4", placeholder: "decks = 6\nhit_soft_17 = true" });
  const tomlRow = field("Own rules file (TOML, optional)", toml, "Overrides the preset where it names an option.");
  // A player-banked table's own choices (docs/pontoon.md#betting): what a chip is worth, and
  // the limit.
  const bankRows = h("div.pontoon-choices", { hidden: true },
    field("What a chip is worth, in dollars", h("input", { name: "chip", type: "number", value: "1",
      min: "0.01", max: "1000", step: "0.01", inputmode: "decimal" })),
    field("Betting limit, in chips", num("limit", 5, 1, 100)));
  const modes = h("fieldset.modes", {},
    h("legend", {}, "Who deals"),
    h("label.radio", {}, h("input", { type: "radio", name: "host_mode", value: "house", checked: true }),
      " The house deals and pays; I start the rounds"),
    h("label.radio", {}, h("input", { type: "radio", name: "host_mode", value: "dealer" }),
      " I deal: I make the dealer's moves and pay every bet, the table checks each one"));
  const settingsBox = h("div.settings-fields");

  // What the chosen game asks: its kind's rows, and its own settings in its own words.
  const choose = () => {
    const g = games.get(game.value);
    if (!g) return;
    rulesRow.hidden = g.kind !== HOUSE_BANKS;
    modes.hidden = g.kind !== HOUSE_BANKS;
    tomlRow.hidden = g.kind !== HOUSE_BANKS;
    bankRows.hidden = g.kind !== PLAYER_BANKS;
    cardRows.hidden = g.kind !== CARD_GAME;
    settingsBox.replaceChildren(...g.settings.map(settingEl));
    if (g.kind === CARD_GAME) {
      const [fewest, most] = g.players;
      players.min = String(fewest);
      players.max = String(most);
      players.value = String(Math.min(most, Math.max(fewest, Number(players.value) || most)));
      players.disabled = fewest === most;
      playersNote.textContent = `${fewest === most ? `${g.title} is for ${most}`
        : `From ${fewest} to ${most}`}. People join by the link; a bot holds each seat until someone sits down.`;
      const levels = [...g.levels].reverse();   // the strongest first
      level.replaceChildren(...levels.map((l) => h("option", { value: l }, LEVELS[l] || l)));
      if (levels.includes("best")) level.value = "best";   // what a host usually wants
    }
  };
  game.addEventListener("change", choose);

  const submit = h("button.primary", { type: "submit", disabled: true }, "Create the room");
  const form = h("form.card-panel.create", {},
    h("h2", {}, "Open a table"),
    field("Game", game),
    rulesRow,
    bankRows,
    cardRows,
    modes,
    h("details.settings", {},
      h("summary", {}, "Room settings"),
      tomlRow,
      settingsBox),
    submit);

  api.presets().then((data) => {
    presetSelect.replaceChildren(...data.presets.map((p) =>
      h("option", { value: p.name, title: p.title }, `${p.name} — ${p.title}`)));
    for (const r of data.rooms || []) {
      games.set(r.name, r);
      game.append(h("option", { value: r.name }, r.title));
    }
    choose();
    submit.disabled = false;
  }).catch((err) => toast(`Could not load the games: ${err.message}`));

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const data = new FormData(form);
    const g = games.get(data.get("game"));
    if (!g) return;
    const body = { game: g.name, settings: {} };
    for (const s of g.settings) body.settings[s.name] = settingValue(s, data);
    if (g.kind === CARD_GAME) {
      body.players = Number(data.get("players") || players.value);
      body.level = data.get("level");
    } else if (g.kind === HOUSE_BANKS) {
      body.host_mode = data.get("host_mode");
      body.rules = data.get("rules");
      const text = String(data.get("rules_toml") || "").trim();
      if (text) body.rules_toml = text;
    } else {
      body.host_mode = "house";
      body[g.name] = { chip: Math.round(Number(data.get("chip")) * 100), limit: Number(data.get("limit")) };
    }
    submit.disabled = true;
    try {
      onCreated(await api.createRoom(body));
    } catch (err) {
      toast(err.message);
    } finally {
      submit.disabled = false;
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
