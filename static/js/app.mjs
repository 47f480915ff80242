// The offline shell: when the network cannot serve a game's address, the service worker shows this page
// and it draws the town step, saves a town, or draws the result. What a step holds, whether a town is
// right and where to go next are answered by the flow under MicroPython (webscore/flow, as on the
// server); the pages' parts are drawn by the same Python the server draws them with (webscore/flow/*_pieces.py),
// and this module puts them in, with the little that only a page without network says.
import { loadBrowserCore } from "./core.mjs";
import { drawnNodes, queryFields, queryValues } from "./dom.mjs";
import { liveScore } from "./live.mjs";
import { correcting, remember } from "./recent.mjs";
import { needsNetwork, tableOffline } from "./table-offline.mjs";
import { handedIn, keptState, outboxKey, setupKey, text as tableText } from "./table-store.mjs";
import { townPage } from "./table-town.mjs";
import { enhance } from "./town.js";
import { match, path, relinkLanguages, words } from "./words.mjs";

const app = document.getElementById("app");

// What this shell stands in for, by the server's URL map: a town step, its save, a result, a table's page or town.
const KINDS = { "tables.town": "table", "tables.table": "table-page", "tables.short": "table-page", "results.show": "result",
  "results.shared": "result", "results.turns": "turns", "town.step": "town", "town.save": "save",
  "offline.shell": "not-found" };

// Any other address is a page of ours that needs the network, or none of ours.
function route() {
  const found = match(location.pathname);
  const values = found?.values ?? {};
  const known = found !== null && (!("lang" in values) || words.catalogue.languages.includes(values.lang));
  const kind = known ? KINDS[found.endpoint] ?? "needs-network" : "not-found";
  return { kind, lang: known && values.lang ? values.lang : words.lang, table: values.table_id, n: values.n, code: values.code };
}

// What this shell cannot draw, said as the server's error page says it, with the same ways on (and a
// reload where the network would draw it).
async function notice(title, message, lang, reload = false) {
  const core = await loadBrowserCore();
  document.title = await core.draw("page_title", { name: title });
  const actions = [await core.draw("link_button", { label: words.ui.back_home, address: path("pages.home", { lang }) }),
    await core.draw("link_button", { label: words.ui.new_game, address: path("setup.new_game", { lang }) })];
  if (reload) actions.unshift(await core.draw("button", { label: words.ui.reload, action: "reload", classes: "primary" }));
  app.replaceChildren(drawnNodes(await core.draw("notice", { title, message, actions })));
  app.querySelector('[data-action="reload"]')?.addEventListener("click", () => location.reload());
  relinkLanguages();
}

// A link to a game this shell cannot open: damaged, or not a game.
function cannotOpen(reason, lang) {
  return notice(words.ui.cannot_open, words.code_problems[reason] ?? words.code_problems.malformed, lang);
}

// On a town step the language switch submits the form to the same step in the other language, so what is
// entered travels with it, shown there as a reload shows it (town.html).
async function switchBySubmitting(core, form) {
  for (const link of document.querySelectorAll(".languages a[lang]")) {
    const lang = link.getAttribute("lang");
    link.replaceWith(drawnNodes(await core.draw("language_switch", { code: lang, name: link.title, form: form.id,
      action: path("town.step", { lang, code: form.dataset.code, n: form.dataset.player }), field: "go",
      value: form.dataset.player })));
  }
}

// What the shell words around its pieces, by the flow's piece (town_page_pieces.town_lines): the flow's placed problems
// ({errors: {field: [text]}, general: [text], general_fields: [field]}), a town's title, a list of problems.
function worded(core, asked) {
  return core.draw("town_lines", { words, ...asked });
}

// A town's palette, squares and facts, drawn by the town step's own Python (webscore/flow/town_pieces.py).
function townGrid(core, step, values, errors) {
  return core.draw("town_grid", { words, offered: step.offered, values, errors, asks_turns: step.asks_turns, asks_fact: step.fact ?? null,
    expansions: step.expansion_facts ?? [] });
}

// step is the flow's view of the town step as the door answers it (flow.step_view, with its game); the page adds
// what only it has (its address, its language, its messages worded, the towns barely begun), as the server's
// page does (webscore/web/towns/views.py _render).
async function townForm(core, step, code, lang, placed, unfinished) {
  const { game, problems, ...view } = step;
  const { errors, general, general_fields: generalFields, title } = await worded(core, { placed: placed ?? null,
    name: view.names[view.n - 1] });
  // The grid and the page around it, drawn by the town step's own Python as the server draws them.
  const grid = await townGrid(core, view, view.fields, errors);
  app.replaceChildren(drawnNodes(await core.draw("town_step", { words, grid, step: { ...view, code, lang,
    action: path("town.save", { lang, code, n: view.n }), general, general_fields: generalFields, errors,
    unfinished: unfinished.map((p) => view.names[p]) } })));
  document.title = await core.draw("page_title", { name: title });
  const form = document.getElementById("town-form");
  await switchBySubmitting(core, form);
  enhance(form);
  liveScore(form);
}

// The towns handed in as the table's state last said them (kept by table-store.mjs's follow), for a town's live
// score (score_code, handed_in); where nothing is kept, or what is kept is not this table's game (which would score
// nothing), the setup's, none handed in yet as far as this phone knows.
async function keptBeside(core, table, game, setup) {
  const none = { score_code: setup, handed_in: JSON.stringify(game.players.map(() => false)) };
  const state = keptState(table);
  if (typeof state?.score_code !== "string" || state.players.length !== game.players.length) return none;
  const names = (players) => JSON.stringify(players.map((player) => player.name));
  const kept = await core.town({ code: state.score_code, n: 1, fields: {}, show: true });
  return kept.game && names(kept.game.players) === names(game.players)
    ? { score_code: state.score_code, handed_in: handedIn(state) } : none;
}

// A town at the table reloaded without network: drawn as table_town.html draws it, from the outbox this phone
// keeps (the town the server last held, and what it has not sent), then run by table.mjs as the server's page is.
async function tableTown(where) {
  const { lang, table, n } = where;
  const kept = JSON.parse(localStorage.getItem(outboxKey(table, n)) || "null");
  const setup = localStorage.getItem(setupKey(table));
  let step = null;
  let core = null;
  try {
    if (kept && setup) {
      core = await loadBrowserCore();
      const { shown } = await core.outbox({ call: "look", outbox: kept });
      step = await core.town({ code: setup, n, fields: shown.fields, show: true });
      step.fields = shown.fields;
    }
  } catch (error) {
    step = null;
  }
  if (!step?.game) return needsNetwork(table);
  const at = { lang, table_id: table };
  const player = step.game.players[n - 1];
  const beside = await keptBeside(core, table, step.game, setup);
  // Drawn by the same Python as the server's page, its sync panels from the shell's template of them.
  app.replaceChildren(drawnNodes(await core.draw("table_town", { words, text: tableText, grid: await townGrid(core, step, step.fields, {}),
    panels: document.getElementById("table-sync").innerHTML, offline: true,
    town: { ...beside, name: player.name, n, code: setup, lang, table, version: kept.known.version, done: kept.known.done,
      save: path("tables.town", { ...at, n }), state: path("tables.state", at), town: path("tables.town_json", { ...at, n }),
      take: location.origin + path("tables.take", at), back: path("tables.table", at) } })));
  document.title = await core.draw("page_title", { name: (await worded(core, { name: player.name })).title });
  const form = document.getElementById("town-form");
  // Another language opens the same town; what it has not sent comes from this phone's outbox, always the newest.
  for (const link of document.querySelectorAll(".languages a[lang]")) link.href = path("tables.town", { ...at, lang: link.getAttribute("lang"), n });
  enhance(form);
  liveScore(form);
  townPage(form);
}

async function result(core, answer, code, lang, turnProblems = [], typed = {}) {
  const { game, view } = answer;
  const players = view.players;
  // The page as the server draws it, all its parts drawn by the same Python: the tie's form with what was typed and
  // refused kept in it (its problems placed and worded there), the share section without what needs the network
  // (the QR code, the picture).
  const parts = await core.draw("result_parts", { view, words, rules: path("pages.rules", { lang }),
    changes: players.map((r) => path("town.step", { lang, code, n: r.step })),
    turns: { action: path("results.turns", { lang, code }), problems: turnProblems, typed },
    share_with: { link: location.origin + path("results.shared", { code }), again: path("setup.new_game", { lang }, { again: code }),
      play: answer.play } });
  document.title = await core.draw("page_title", { name: words.ui.scores });
  app.replaceChildren(drawnNodes(await core.draw("result_page", { words, view, offline: true, parts })));
  // Breaking the tie corrects this play, as on the server's page (results.js).
  app.querySelector("form.turns")?.addEventListener("submit", () => correcting(answer.key, code));
  relinkLanguages();
  import("./share.js");
  return game;
}

async function main() {
  const where = route();
  if (where.kind === "table") return tableTown(where);
  if (where.kind === "table-page") return tableOffline(where);
  if (where.kind === "not-found") return notice(words.ui.not_found, words.ui.no_page, where.lang);
  if (where.kind === "needs-network") return notice(words.ui.needs_network, words.ui.open_later, where.lang, true);
  const core = await loadBrowserCore();
  if (where.kind === "turns") {
    const fields = queryFields();
    const answer = await core.turns({ code: where.code, fields });
    if (answer.code) return location.replace(path("results.show", { lang: where.lang, code: answer.code }));
    if (answer.damaged) return cannotOpen(answer.damaged, where.lang);
    // Refused turns stay in their boxes, on the result the answer holds, as on the server's page.
    return result(core, answer, where.code, where.lang, answer.problems, fields);
  }
  if (where.kind === "result") {
    const answer = await core.result(where.code);
    if (!answer.view) return cannotOpen(answer.damaged, where.lang);
    remember(where.lang, where.code, path("results.show", { lang: where.lang, code: where.code }), answer.game, true, answer.key);
    return result(core, answer, where.code, where.lang);
  }
  // Each field's texts where the address repeats it: the town step names a field given twice, as the server does.
  const fields = queryValues();
  const step = await core.town({ code: where.code, n: where.n, fields, show: true });
  if (step.no_player) return notice(words.ui.not_found, words.ui.no_page, where.lang);
  if (!step.game) return cannotOpen(step.damaged, where.lang);
  if (where.kind === "save") {
    const answer = await core.town({ code: where.code, n: where.n, fields });
    if (answer.setup) return location.replace(path("setup.new_game", { lang: where.lang }, answer.setup));
    if (answer.step) return location.replace(path("town.step", { lang: where.lang, code: answer.code, n: answer.step }, answer.query));
    if (answer.code && !answer.confirm) return location.replace(path("results.show", { lang: where.lang, code: answer.code }));
    const code = answer.code ?? where.code;
    const shown = answer.confirm ? await core.town({ code, n: where.n, fields, show: true }) : step;
    history.replaceState(null, "", path("town.step", { lang: where.lang, code, n: where.n }) + location.search);
    return townForm(core, shown, code, where.lang, answer.problems, answer.confirm ?? []);
  }
  // What the address holds that no form of ours sends is named, as the server names it.
  townForm(core, step, where.code, where.lang, step.problems ?? null, []);
}

main();
