// The offline shell: when the network cannot serve a game's address, the service worker shows this page
// and it draws the town step, saves a town, or draws the result, with the core under MicroPython.
import { loadBrowserCore } from "./core.mjs";
import { h } from "./dom.mjs";
import { enhance } from "./town.js";
import { liveScore } from "./live.mjs";
import { remember } from "./recent.mjs";
import { SQUARES, check, target } from "./townform.mjs";
import { counted, fill, number, pair, reasonText, relinkLanguages, words } from "./words.mjs";

const app = document.getElementById("app");
const LANGUAGES = ["en", "fr", "hu"];
const card = (id) => words.cards[id];
const colourOf = (id) => (id === null ? "empty" : words.catalogue.colours[id]);

function route() {
  const parts = location.pathname.split("/").filter(Boolean);
  const lang = LANGUAGES.includes(parts[0]) ? parts.shift() : words.lang;
  if (parts[0] === "r" && parts[1]) return { kind: "result", lang, code: parts[1] };
  if (parts[0] === "g" && parts[1] && /^\d+$/.test(parts[2] || "")) {
    return { kind: parts[3] === "save" ? "save" : "town", lang, code: parts[1], n: Number(parts[2]) };
  }
  return { kind: "unknown", lang };
}

function cannotOpen(reason) {
  document.title = words.ui.cannot_open + " · Marquoir";
  app.replaceChildren(h("section.notice", {}, h("h1", {}, words.ui.cannot_open),
    h("p", {}, words.code_problems[reason] ?? words.code_problems.malformed)));
}

// On a town step the language switch submits the form, so what is entered travels with it.
function switchBySubmitting(form) {
  for (const link of document.querySelectorAll(".languages a[lang]")) {
    const lang = link.getAttribute("lang");
    link.replaceWith(h("button.language-switch", {
      type: "submit", form: form.id, name: "go", value: form.dataset.player, lang,
      formaction: `/${lang}/g/${form.dataset.code}/${form.dataset.player}/save`,
      title: link.title,
    }, link.textContent));
  }
}

function townForm(game, code, n, lang, values, errors, general) {
  const player = game.players[n - 1];
  const offered = game.buildings.concat(player.monument ? [player.monument] : []);
  const asked = words.catalogue.monument_facts[player.monument];
  const errorList = (id) => (errors[id] || []).map((text, i) => h("span.error", { id: `${id}-error-${i + 1}`, role: "alert" }, text));
  // A field tied to its messages, as macros.html's control() does on the server.
  const tied = (id) => (errors[id] ? { "aria-invalid": "true", "aria-describedby": errors[id].map((_, i) => `${id}-error-${i + 1}`).join(" ") } : {});
  const squareFields = SQUARES.map((name) => {
    const value = values.get("square_" + name) ?? "";
    const select = h("select.square-select", { id: "square_" + name, name: "square_" + name, ...tied("square_" + name) },
      h("option", { value: "", selected: value === "" }, words.ui.empty),
      offered.map((id) => h("option", { value: id, selected: value === id }, card(id))));
    const stored = h("span.stored" + (value === "warehouse" ? "" : ".is-hidden"), {},
      h("label", { for: "stored_" + name }, words.ui.stored),
      h("input.stored-input", { type: "number", min: 0, max: 3, inputmode: "numeric", id: "stored_" + name,
        name: "stored_" + name, value: values.get("stored_" + name) ?? "", ...tied("stored_" + name) }));
    const broken = errors["square_" + name] || errors["stored_" + name];
    return h("div.square" + (broken ? ".has-error" : ""), { dataset: { square: name } },
      h("label.square-name", { for: "square_" + name }, name), select, stored,
      errorList("square_" + name), errorList("stored_" + name));
  });
  const fact = (id, label, max, hint) => h("p.fact", {}, h("label", { for: id }, label),
    h("input", { type: "number", min: 0, max, inputmode: "numeric", id, name: id, value: values.get(id) ?? "", ...tied(id) }),
    hint ? h("span.hint", {}, hint) : null, errorList(id));
  const count = game.players.length;
  const form = h("form.town-form", { id: "town-form", method: "get", action: `/${lang}/g/${code}/${n}/save`,
    novalidate: true, dataset: { code, player: String(n), lang } },
    general.map((text) => h("p.error", { role: "alert", tabindex: "-1" }, text)),
    h("div.palette", { hidden: true, dataset: { labelEmpty: words.ui.empty, chooseFirst: words.ui.choose_first } },
      h("p.palette-title", {}, words.ui.tap_hint),
      offered.map((id) => h("button.tool.c-" + colourOf(id), { type: "button", dataset: { card: id, colour: colourOf(id) },
        "aria-pressed": "false" }, card(id))),
      h("button.tool.c-empty", { type: "button", dataset: { card: "" }, "aria-pressed": "false" }, words.ui.empty),
      h("span.palette-actions", {},
        h("button.small", { type: "button", dataset: { action: "undo" }, disabled: true }, words.ui.undo),
        h("button.small", { type: "button", dataset: { action: "clear" } }, words.ui.clear))),
    h("div.grid", { role: "group", "aria-label": words.ui.town_board }, squareFields),
    h("div.facts", {},
      game.mode === "master-builder" ? fact("master_builder_turns", words.ui.turns, 999, words.ui.turns_hint) : null,
      asked === "shrine_buildings" ? fact("shrine_buildings", words.ui.shrine, 16) : null,
      asked === "completed_before" ? fact("completed_before", words.ui.starloom, 5) : null),
    h("div.step-actions", {},
      n > 1 ? h("button", { type: "submit", name: "go", value: "back" }, words.ui.previous) : null,
      n < count ? h("button.primary", { type: "submit", name: "go", value: "next" }, words.ui.next)
        : h("button.primary", { type: "submit", name: "go", value: "results" }, words.ui.see_scores)));
  const steps = h("nav.steps", { "aria-label": words.ui.players }, h("ol", {}, game.players.map((other, i) =>
    h("li", {}, i + 1 === n ? h("strong", { "aria-current": "step" }, other.name)
      : h("button", { type: "submit", form: "town-form", name: "go", value: String(i + 1) }, other.name)))));
  const heading = fill(words.ui.town_of, { name: player.name });
  const broken = general.length || Object.keys(errors).length;
  document.title = (broken ? words.ui.pair.replace("%(label)s", words.ui.error).replace("%(value)s", heading) : heading) + " · Marquoir";
  app.replaceChildren(steps, h("h1", {}, fill(words.ui.town_of, { name: player.name })),
    h("p.hint", {}, fill(words.ui.step_hint, { num: n, count })), form);
  switchBySubmitting(form);
  enhance(form);
  liveScore(form);
}

// The town's saved values as form fields, so a step shows what the code holds.
function savedValues(player) {
  const values = new URLSearchParams();
  SQUARES.forEach((name, i) => {
    values.set("square_" + name, player.town[Math.floor(i / 4)][i % 4] ?? "");
    if (player.stored && name in player.stored) values.set("stored_" + name, String(player.stored[name]));
  });
  for (const fact of ["master_builder_turns", "shrine_buildings", "completed_before"]) {
    if (player[fact] !== null && player[fact] !== undefined) values.set(fact, String(player[fact]));
  }
  return values;
}

function result(game, answer, code, lang) {
  const players = answer.players;
  const ranking = players.map((_, p) => p).sort((a, b) => players[a].place - players[b].place || a - b);
  const columns = ["blue", "red", "grey", "orange", "green", "yellow", "navy", "monument", "empty"];
  const share = location.origin + "/r/" + code;
  const options = [words.modes[game.mode], game.cavern ? words.ui.cavern : null,
    game.monuments ? null : words.ui.without_monuments].filter(Boolean).join(" · ");
  document.title = words.ui.scores + " · Marquoir";
  app.replaceChildren(
    h("h1", {}, words.ui.scores),
    h("p.hint", {}, options),
    h("p.hint.offline-note", {}, words.ui.offline_note),
    h("ol.ranking", {}, ranking.map((p) => {
      const r = players[p];
      return h("li.rank.place-" + r.place, { dataset: { player: String(p), total: String(r.total), place: String(r.place) } },
        h("span.place", {}, r.place), h("span.who", {}, r.name),
        h("span.total", {}, counted(words.points, Math.abs(r.total), number(r.total))),
        r.decided_by ? h("span.tie", {}, words.tie_breaks[r.decided_by]) : null,
        r.needs_turns ? h("span.tie", {}, words.ui.needs_turns) : null,
        r.solo_rank ? h("span.title", {}, words.solo_ranks[r.solo_rank]) : null);
    })),
    h("h2", {}, words.ui.score_pad),
    h("div.pad-wrap", {}, h("table.pad", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, words.ui.colour), players.map((r) => h("th", { scope: "col" }, r.name)))),
      h("tbody", {}, columns.map((column) => h("tr.c-" + column, {},
        h("th", { scope: "row" }, h("span.swatch", { "aria-hidden": "true" }), words.colours[column]),
        players.map((r) => h("td", {}, number(r.by_colour[column])))))),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, words.ui.total), players.map((r) => h("td.total", {}, number(r.total))))))),
    h("h2", {}, words.ui.towns),
    players.map((r, p) => h("section.town-result", { id: "town-" + (p + 1) },
      h("h3", {}, r.name + " — " + number(r.total)),
      h("div.grid.result-grid", {}, r.squares.map((s) => h("div.square.c-" + colourOf(s.card) + (r.fed.includes(s.square) ? ".fed" : ""), {},
        h("span.square-name", {}, s.square), h("span.square-card", {}, s.card ? card(s.card) : words.ui.empty),
        h("span.square-points", {}, number(s.points))))),
      h("ul.reasons", {}, r.squares.filter((s) => s.card).map((s) => h("li", {},
        h("span.square-name", {}, s.square), " ",
        pair(h("span", {}, h("span.c-" + colourOf(s.card), {}, h("span.swatch", { "aria-hidden": "true" }), card(s.card)),
          " ", h("span.colour", {}, "(" + words.colours[colourOf(s.card)] + ")")), h("strong", {}, number(s.points))), " — ",
        s.square in r.fed_by ? words.ui.fed_by + " " + r.fed_by[s.square].map((f) => card(r.squares[SQUARES.indexOf(f)].card) + " " + f).join(", ")
          : reasonText(s.reason, s.n))),
        r.empty ? h("li", {}, pair(counted(words.empties, r.empty), h("strong", {}, number(r.by_colour.empty)))) : null),
      h("p", {}, h("a.change-town", { href: `/${lang}/g/${code}/${p + 1}` }, words.ui.change_town)))),
    h("section.share", {}, h("h2", {}, words.ui.share),
      h("p", {}, h("input.share-url", { type: "text", readonly: true, value: share, "aria-label": words.ui.link_label })),
      h("p", {}, h("button.share-button", { type: "button", hidden: true, dataset: { copied: words.ui.copied, title: words.ui.scores } }, words.ui.share_link)),
      h("p", {}, h("a.button", { href: `/${lang}/new?again=${code}` }, words.ui.play_again))));
  relinkLanguages();
  import("./share.js");
}

async function main() {
  const where = route();
  const core = await loadBrowserCore();
  if (where.kind === "unknown") return cannotOpen("malformed");
  const opened = core.scoreCode(where.code);
  if (!opened.game) return cannotOpen(opened.damaged || "malformed");
  const game = opened.game;
  if (where.kind === "result") {
    remember(where.lang, where.code, `/${where.lang}/r/${where.code}`, game, true);
    return result(game, opened.result, where.code, where.lang);
  }
  if (where.n < 1 || where.n > game.players.length) return cannotOpen("malformed");
  const query = new URLSearchParams(location.search);
  if (where.kind === "save") {
    const go = query.get("go") || "next";
    const checked = check(core, query, game, where.n);
    if (checked.code) return location.replace(target(where.lang, game, where.n, go, checked.code));
    history.replaceState(null, "", `/${where.lang}/g/${where.code}/${where.n}?` + query.toString());
    return townForm(game, where.code, where.n, where.lang, query, checked.errors, checked.general);
  }
  const values = [...query.keys()].some((key) => key.startsWith("square_")) ? query : savedValues(game.players[where.n - 1]);
  townForm(game, where.code, where.n, where.lang, values, {}, []);
}

main();
