// The quick score pad: points by colour as on the paper pad, totals and places by the core's ranking
// (under MicroPython, so it works offline), tie facts asked only when a tie needs them. The address
// holds every value, so it is the share link and survives a reload.
import { loadBrowserCore } from "./core.mjs";
import { h } from "./dom.mjs";
import { counted, fill, number, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("pad");
const ui = words.ui;
const COLUMNS = ["blue", "red", "grey", "orange", "green", "yellow", "navy", "monument", "empty"];
const FACTS = [["t", "master_builder_turns", ui.turns], ["e", "empty", ui.empty_count], ["c", "cottages", ui.cottage_count]];
const MAX_PLAYERS = words.catalogue.max_players;
// Which tie fact's field a ranking's "needs" asks for.
const NEEDED_FIELD = { "master-builder-turns": "t", "empty-squares": "e", cottages: "c" };
let core = null;

function state() {
  const params = new URLSearchParams(location.search);
  const count = Math.min(MAX_PLAYERS, Math.max(1, [...params.keys()].filter((key) => /^n\d+$/.test(key)).length || 2));
  return { mode: params.get("mode") || "master-builder", count, params };
}

function whole(text) {
  return /^\s*-?\d+\s*$/.test(text ?? "") ? Number(text) : null;
}

function padFrom(form, count) {
  const mode = form.querySelector("select[name=mode]").value;
  const players = [];
  for (let i = 0; i < count; i++) {
    const value = (name) => form.querySelector(`[name="${name}${i}"]`)?.value ?? "";
    const points = {};
    for (const column of COLUMNS) {
      const n = whole(value(column));
      if (n !== null) points[column] = n;
    }
    const row = { name: value("n"), points };
    for (const [short, fact] of FACTS) row[fact] = whole(value(short));
    players.push(row);
  }
  return { mode, players };
}

function remember(form) {
  const params = new URLSearchParams(new FormData(form));
  for (const [key, value] of [...params.entries()]) if (value === "" && !/^n\d+$/.test(key)) params.delete(key);
  history.replaceState(null, "", location.pathname + "?" + params.toString());
  relinkLanguages();
  return params;
}

function update(form, count) {
  const params = remember(form);
  const answer = core.pad(padFrom(form, count));
  const board = root.querySelector(".ranking");
  const share = root.querySelector(".share-url");
  share.value = location.origin + "/pad?" + params.toString();
  if (!answer.result) {
    board.replaceChildren();
    return;
  }
  const players = answer.result.players;
  players.forEach((player, i) => {
    for (const [short] of FACTS) {
      const field = form.querySelector(`.fact-${short}${i}`);
      field.hidden = NEEDED_FIELD[player.needs] !== short && field.querySelector("input").value === "";
    }
  });
  const order = players.map((_, i) => i).sort((a, b) => players[a].place - players[b].place || a - b);
  board.replaceChildren(...order.map((i) => {
    const r = players[i];
    return h("li.rank.place-" + r.place, { dataset: { player: String(i), total: String(r.total), place: String(r.place) } },
      h("span.place", {}, r.place), h("span.who", {}, r.name || fill(ui.player_n, { num: i + 1 })),
      h("span.total", {}, counted(words.points, Math.abs(r.total), number(r.total))),
      r.decided_by ? h("span.tie", {}, words.tie_breaks[r.decided_by]) : null,
      r.needs ? h("span.tie", {}, ui.needs[r.needs]) : null,
      r.solo_rank ? h("span.title", {}, words.solo_ranks[r.solo_rank]) : null);
  }));
}

// Draw the form for the players in the address; focus goes to the field named by focusId, if given.
function draw(focusId = null) {
  const { mode, count, params } = state();
  const form = h("form.pad-form", { novalidate: true },
    h("p", {}, h("label", { for: "pad-mode" }, ui.mode + " "),
      h("select", { id: "pad-mode", name: "mode" }, Object.entries(words.modes).map(([value, label]) =>
        h("option", { value, selected: value === mode }, label)))),
    Array.from({ length: count }, (_, i) => h("fieldset.pad-player", {},
      h("legend", {}, fill(ui.player_n, { num: i + 1 })),
      h("p", {}, h("label", { for: "n" + i }, ui.name + " "),
        h("input.name", { id: "n" + i, name: "n" + i, maxlength: 24, value: params.get("n" + i) ?? "", autocomplete: "off" })),
      h("div.pad-points", {}, COLUMNS.map((column) => h("label.c-" + column, {},
        h("span.swatch", { "aria-hidden": "true" }), words.colours[column],
        h("input", { type: "number", inputmode: "numeric", name: column + i, value: params.get(column + i) ?? "" })))),
      FACTS.map(([short, , label]) => h("p.fact.fact-" + short + i, {},
        h("label", { for: short + i }, label + " "),
        h("input", { type: "number", min: 0, inputmode: "numeric", id: short + i, name: short + i, value: params.get(short + i) ?? "" }))),
      count > 1 ? h("button.small.remove-player", { type: "button", dataset: { index: String(i) } }, ui.remove_player) : null)),
    count < MAX_PLAYERS ? h("button.add-player", { type: "button" }, ui.add_player) : null);
  root.querySelector(".pad-form").replaceWith(form);
  form.addEventListener("input", () => update(form, count));
  form.querySelector("select[name=mode]").addEventListener("change", () => update(form, count));
  form.querySelector(".add-player")?.addEventListener("click", () => {
    const params = remember(form);
    params.set("n" + count, "");
    history.replaceState(null, "", location.pathname + "?" + params.toString());
    draw("n" + count);
  });
  for (const button of form.querySelectorAll(".remove-player")) {
    button.addEventListener("click", () => {
      const gone = Number(button.dataset.index);
      const old = remember(form);
      const params = new URLSearchParams();
      params.set("mode", old.get("mode"));
      for (let i = 0, j = 0; i < count; i++) {
        if (i === gone) continue;
        for (const key of ["n", ...COLUMNS, ...FACTS.map(([s]) => s)]) if (old.has(key + i)) params.set(key + j, old.get(key + i));
        if (!params.has("n" + j)) params.set("n" + j, "");
        j++;
      }
      history.replaceState(null, "", location.pathname + "?" + params.toString());
      draw("n" + Math.min(gone, count - 2));
    });
  }
  update(form, count);
  if (focusId) form.querySelector("#" + focusId)?.focus();
}

loadBrowserCore().then((loaded) => {
  core = loaded;
  root.replaceChildren(h("h1", {}, ui.pad_title), h("p.hint", {}, ui.pad_hint), h("form.pad-form"),
    h("ol.ranking"),
    h("section.share", {}, h("h2", {}, ui.share),
      h("p", {}, h("input.share-url", { type: "text", readonly: true, "aria-label": ui.link_label })),
      h("p", {}, h("button.share-button", { type: "button", hidden: true, dataset: { copied: ui.copied, title: ui.pad_title } }, ui.share_link))));
  draw();
  import("./share.js");
});
