// The quick score pad: points by colour and the number of empty squares, as on the paper pad. The core
// (under MicroPython, so it works offline) reads the address, totals, places and says what is wrong and
// in which field; this module only draws the fields, the messages and the ranking. The address holds
// every value, so it is the share link and survives a reload.
import { loadBrowserCore } from "./core.mjs";
import { h } from "./dom.mjs";
import { fill, number, relinkLanguages, words } from "./words.mjs";

const root = document.getElementById("pad");
const ui = words.ui;
const PAD = words.catalogue.pad;
const NAME_KEY = new RegExp("^" + PAD.name + "\\d+$");
const FACT_LABELS = { master_builder_turns: ui.turns, cottages: ui.cottage_count };
let core = null;

function addressPairs() {
  return [...new URLSearchParams(location.search).entries()];
}

// The form's values, blank ones left out (but a blank name keeps its row), then whatever the address
// holds that the form has no field for, so the core's refusal of it stays in view until it is left out.
function formPairs(form) {
  const names = new Set([...form.elements].map((element) => element.name).filter(Boolean));
  const own = [...new FormData(form).entries()].filter(([key, value]) => value !== "" || NAME_KEY.test(key));
  return [...own, ...addressPairs().filter(([key]) => !names.has(key))];
}

function message(problem) {
  const template = ui.pad_problems[problem.code] ?? words.problems[problem.code] ?? words.code_problems.malformed;
  const [low, high] = PAD.ranges[problem.value] ?? [0, 0];
  return fill(template, { low: number(low), high: number(high), field: problem.value });
}

function showProblems(form, problems) {
  for (const element of form.querySelectorAll(".field-problem")) element.replaceChildren();
  for (const element of form.querySelectorAll("[aria-invalid]")) element.removeAttribute("aria-invalid");
  const general = [];
  for (const problem of problems) {
    const field = problem.field && form.querySelector(`[name="${problem.field}"]`);
    if (!field) {
      general.push(problem);
      continue;
    }
    field.setAttribute("aria-invalid", "true");
    form.querySelector("#problem-" + problem.field).textContent = message(problem);
  }
  const box = root.querySelector(".pad-problems");
  box.querySelector("ul").replaceChildren(...general.map((problem) => h("li.error", {}, message(problem))));
  box.querySelector(".drop-unknown").hidden = !addressPairs().some(([key]) => !form.elements.namedItem(key));
  box.hidden = general.length === 0;
}

// Leave out of the address whatever the form has no field for.
function dropUnknown() {
  const form = root.querySelector(".pad-form");
  const kept = addressPairs().filter(([key]) => form.elements.namedItem(key));
  history.replaceState(null, "", location.pathname + "?" + new URLSearchParams(kept).toString());
  draw();
}

function update(form) {
  const pairs = formPairs(form);
  const query = new URLSearchParams(pairs).toString();
  history.replaceState(null, "", location.pathname + "?" + query);
  relinkLanguages();
  const answer = core.padFields(pairs);
  root.querySelector(".share-url").value = location.origin + "/pad?" + query;
  showProblems(form, answer.problems);
  const board = root.querySelector(".ranking");
  if (!answer.result) {
    board.replaceChildren();
    return;
  }
  const players = answer.result.players;
  players.forEach((player, i) => {
    for (const [short] of PAD.facts) {
      const field = form.querySelector(`.fact-${short}${i}`);
      field.hidden = player.needs_field !== short && field.querySelector("input").value === "";
    }
  });
  const order = players.map((_, i) => i).sort((a, b) => players[a].place - players[b].place || a - b);
  // The items as the result page draws them (webscore/flow/pieces.py), a row without a name by its number.
  const named = players.map((r, i) => ({ ...r, name: r.name || fill(ui.player_n, { num: i + 1 }) }));
  board.innerHTML = core.ranking({ words, players: named, order }).join("");
}

// A whole number typed as text, so the core sees exactly what was typed; fields that can be negative get
// a sign button, since a phone's number keypad may have no minus key.
function numberField(name, value, negative) {
  const input = h("input", { type: "text", inputmode: "numeric", pattern: negative ? "[\\-−]?[0-9]*" : "[0-9]*",
    id: name, name, value, autocomplete: "off", "aria-describedby": "problem-" + name });
  if (!negative) return [input];
  const sign = h("button.small.sign", { type: "button", "aria-label": ui.sign, dataset: { action: "sign-" + name } }, "±");
  sign.addEventListener("click", () => {
    input.value = /^\s*[-−]/.test(input.value) ? input.value.replace(/^\s*[-−]/, "") : "-" + input.value.trim();
    // Back to the field, ready for the digits after the sign.
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  return [input, sign];
}

function playerFields(i, values) {
  const name = PAD.name + i;
  const cell = (key, label, className, extra = null, range = key) => h("div.pad-cell" + className, {},
    h("label", { for: key + i }, className ? h("span.swatch", { "aria-hidden": "true" }) : null, label),
    ...numberField(key + i, values.get(key + i) ?? "", PAD.ranges[range][0] < 0), extra,
    h("span.field-problem.error", { id: "problem-" + key + i, "aria-live": "polite" }));
  return [
    h("p", {}, h("label", { for: name }, ui.name + " "),
      h("input.name", { id: name, name, maxlength: words.catalogue.max_name, dir: "auto", value: values.get(name) ?? "",
        autocomplete: "off", "aria-describedby": "problem-" + name }),
      h("span.field-problem.error", { id: "problem-" + name, "aria-live": "polite" })),
    h("div.pad-points", {}, PAD.columns.map((column) => column === "empty"
      ? cell(column, ui.empty_count, ".c-empty", h("label.pad-cathedral", {},
        h("input", { type: "checkbox", name: "cathedral" + i, value: "1", checked: values.get("cathedral" + i) === "1" }),
        " " + fill(ui.cathedral, { card: words.cards["cathedral-of-caterina"] })))
      : cell(column, words.colours[column], ".c-" + column))),
    ...PAD.facts.map(([short, fact]) => h("div.fact.fact-" + short + i, { hidden: !values.get(short + i) }, cell(short, FACT_LABELS[fact], "", null, fact))),
  ];
}

// Redraw the form, then give focus back to the control with the same action (or its nearest kin).
function draw() {
  const acted = document.activeElement?.dataset?.action;
  const values = new URLSearchParams(location.search);
  const start = core.padFields(addressPairs());
  const count = start.count;
  const mode = start.mode ?? "master-builder";
  const form = h("form.pad-form", { novalidate: true },
    h("p", {}, h("label", { for: "pad-mode" }, ui.mode + " "),
      h("select", { id: "pad-mode", name: "mode", "aria-describedby": "problem-mode" },
        Object.entries(words.modes).map(([value, label]) => h("option", { value, selected: value === mode }, label))),
      h("span.field-problem.error", { id: "problem-mode", "aria-live": "polite" })),
    Array.from({ length: count }, (_, i) => h("fieldset.pad-player", {},
      h("legend", {}, fill(ui.player_n, { num: i + 1 })), ...playerFields(i, values),
      count > 1 ? h("button.small.remove-player", { type: "button", dataset: { index: String(i), action: "remove-" + i } },
        ui.remove_player) : null)),
    count < words.catalogue.max_players ? h("button.add-player", { type: "button", dataset: { action: "add" } }, ui.add_player) : null);
  root.querySelector(".pad-form").replaceWith(form);
  form.addEventListener("input", () => update(form));
  form.querySelector(".add-player")?.addEventListener("click", () => {
    const pairs = formPairs(form);
    pairs.push([PAD.name + count, ""]);
    history.replaceState(null, "", location.pathname + "?" + new URLSearchParams(pairs).toString());
    draw();
  });
  for (const button of form.querySelectorAll(".remove-player")) {
    button.addEventListener("click", () => {
      const gone = Number(button.dataset.index);
      // Later players move up one place: their fields are renumbered.
      const pairs = [];
      for (const [key, value] of formPairs(form)) {
        const [, prefix, index] = key.match(/^(\D+)(\d+)$/) ?? [null, key, null];
        if (index === null) pairs.push([key, value]);
        else if (Number(index) < gone) pairs.push([key, value]);
        else if (Number(index) > gone) pairs.push([prefix + (Number(index) - 1), value]);
      }
      history.replaceState(null, "", location.pathname + "?" + new URLSearchParams(pairs).toString());
      draw();
    });
  }
  update(form);
  const fallback = acted === "add" ? `#${PAD.name}${count - 1}` : acted?.startsWith("remove") ? "[data-action^=remove], .add-player" : "input";
  const again = acted && (form.querySelector(`[data-action="${acted}"]`) ?? form.querySelector(fallback));
  again?.focus();
}

loadBrowserCore().then((loaded) => {
  core = loaded;
  root.replaceChildren(h("h1", {}, ui.pad_title), h("p.hint", {}, ui.pad_hint),
    h("div.pad-problems", { role: "alert", hidden: true }, h("ul"),
      h("button.small.drop-unknown", { type: "button", hidden: true, dataset: { action: "drop" } }, ui.drop_unknown)),
    h("form.pad-form"), h("ol.ranking"),
    h("section.share", {}, h("h2", {}, ui.share),
      h("p", {}, h("input.share-url", { type: "text", readonly: true, "aria-label": ui.link_label })),
      h("p", {}, h("button.share-button", { type: "button", hidden: true, dataset: { copied: ui.copied, title: ui.pad_title } }, ui.share_link))));
  root.querySelector(".drop-unknown").addEventListener("click", dropUnknown);
  draw();
  import("./share.js");
});
