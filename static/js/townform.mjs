// One player's town as the form holds it: read it into the game file, check it with the core, and say
// where each problem belongs. The same steps the server's town.py takes; every rule stays in the core.
import { problemText, words } from "./words.mjs";

export const SQUARES = [];
for (let row = 1; row <= 4; row++) for (const col of "abcd") SQUARES.push(col + row);
const FACTS = ["master_builder_turns", "shrine_buildings", "completed_before"];

function whole(text) {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
}

// Return {game, errors}: the game with player n's town taken from params, and the messages (lists) by field id
// for answers that cannot go in it (a card not offered, a count that is not a number, a missing load).
export function readTown(params, game, n) {
  const player = structuredClone(game.players[n - 1]);
  const offered = new Set(game.buildings.concat(player.monument ? [player.monument] : []));
  const errors = {};
  const squares = SQUARES.map((name) => {
    const card = params.get("square_" + name) || null;
    if (card !== null && !offered.has(card)) errors["square_" + name] = [words.problems["unknown-card"]];
    return offered.has(card) ? card : null;
  });
  player.town = [0, 1, 2, 3].map((row) => squares.slice(row * 4, row * 4 + 4));
  player.stored = {};
  SQUARES.forEach((name, i) => {
    if (squares[i] !== "warehouse") return;
    const text = params.get("stored_" + name) ?? "";
    if (text.trim() === "") errors["stored_" + name] = [words.ui.ask_stored];
    else if (Number.isNaN(whole(text))) errors["stored_" + name] = [words.problems["stored-not-a-count"]];
    else player.stored[name] = whole(text);
  });
  for (const fact of FACTS) {
    const text = params.get(fact) ?? "";
    player[fact] = null;
    if (text.trim() === "") continue;
    if (Number.isNaN(whole(text))) errors[fact] = [words.ui.not_a_number];
    else player[fact] = whole(text);
  }
  // As on the server: facts a town does not need are dropped, turns count in Master Builder games only.
  for (const [monument, fact] of Object.entries(words.catalogue.monument_facts)) {
    if (!squares.includes(monument)) player[fact] = null;
  }
  if (game.mode !== "master-builder") player.master_builder_turns = null;
  const changed = structuredClone(game);
  changed.players[n - 1] = player;
  return { game: changed, errors };
}

// Return the field id a core problem belongs on, or null for the whole town.
export function fieldOf(problem) {
  if (problem.square) return (problem.code.startsWith("stored") ? "stored_" : "square_") + problem.square;
  const fact = problem.code.split("-")[0];
  return FACTS.includes(fact) ? fact : null;
}

// Return {code} for a town the core accepts, or {errors, general} to show on the form.
export function check(core, params, game, n) {
  const { game: changed, errors } = readTown(params, game, n);
  if (Object.keys(errors).length) return { errors, general: [] };
  const answer = core.score(JSON.stringify(changed));
  if (answer.problems) {
    const general = [];
    for (const problem of answer.problems) {
      const field = fieldOf(problem);
      if (field) (errors[field] ||= []).push(problemText(problem));
      else general.push(problemText(problem));
    }
    return { errors, general };
  }
  return { code: answer.code, result: answer.result };
}

export function target(lang, game, n, go, code) {
  const count = game.players.length;
  if (go === "back" && n > 1) return `/${lang}/g/${code}/${n - 1}`;
  if (/^\d+$/.test(go) && Number(go) >= 1 && Number(go) <= count) return `/${lang}/g/${code}/${go}`;
  if (go === "next" && n < count) return `/${lang}/g/${code}/${n + 1}`;
  return `/${lang}/r/${code}`;
}
