// Games kept on this phone (local storage): in progress or finished, each reopening where it was left,
// and the town being entered for each player (a draft), so Back, Forward or an older step never loses it.
// A game is known by the key the flow gives it (webscore/flow game_key): its setup, which towns never change.
import { words } from "./words.mjs";

const KEY = "marquoir.games";
const DRAFTS = "marquoir.drafts";
const KEEP = 30;
// Every game finished on this phone, for "Your games" (games.mjs): {code, when, key, summary, was} (the summary
// the statistics read, once the core has read the code), oldest first; and the names counted as others.
const PLAYED = "marquoir.played";
const MERGED = "marquoir.merged";
// The play being corrected: a town changed from its result ("Change this town") makes the same play, corrected,
// not a new one. {key, code}: the game's key and the code of the result the change started from. A game started
// from the setup or "Play again" is a new play, however alike: starting one forgets it (forgetCorrection).
const CORRECTING = "marquoir.correcting";
// The codes a game had on this phone, newest first: a page opened again with one of them is an older step.
const SEEN = 20;

function read(key, fallback) {
  try {
    const stored = JSON.parse(localStorage.getItem(key) || "null");
    return stored ?? fallback;
  } catch (error) {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch (error) {
    // Storage full or refused (private mode): the game still works, it is just not kept.
  }
}

export function games() {
  const stored = read(KEY, []);
  return Array.isArray(stored) ? stored : [];
}

// A game is kept as it was furthest: Back to an older step (a code it already had) leaves its newest code,
// which its setup (Back to it) and "Games on this phone" reopen; a change saved there makes a new code.
export function remember(lang, code, path, game, finished, key) {
  // Every finished game counts in "Your games", whether or not this list changes.
  if (finished) keepPlayed(code, key);
  const known = games().find((entry) => entry.id === key);
  const seen = known ? known.seen ?? [known.code] : [];
  if (known && seen.includes(code) && (known.finished || !finished)) return;
  const rest = games().filter((entry) => entry.id !== key);
  const names = game.players.map((p) => p.name);
  const codes = [code, ...seen.filter((other) => other !== code)].slice(0, SEEN);
  write(KEY, [{ id: key, lang, code, path, names, finished, when: Date.now(), seen: codes }, ...rest].slice(0, KEEP));
  if (finished) forgetDrafts(key);
}

// The games finished on this phone, with those finished before this list was kept.
export function played() {
  const stored = read(PLAYED, null);
  if (Array.isArray(stored)) return stored;
  return games().filter((entry) => entry.finished).map((entry) => ({ code: entry.code, when: entry.when, key: entry.id }))
    .sort((a, b) => a.when - b.when);
}

function keepPlayed(code, key) {
  const now = Date.now();
  const list = played();
  if (list.some((game) => game.code === code)) {
    // Kept from "Games on this phone" until now: kept for good from here, before that list lets it go.
    if (!Array.isArray(read(PLAYED, null))) keepAllPlayed(list);
    return;
  }
  // A play keeps the codes a correction replaced ("was"): a result opened again at one of them (Back to the tied
  // result a tie-break replaced) is an older step of that play, and correcting it again replaces that play.
  const was = (game, older) => game.code === older || (game.was ?? []).includes(older);
  if (list.some((game) => was(game, code))) return;
  const corrected = read(CORRECTING, null);
  let replaced = [];
  if (corrected?.key === key) {
    const at = list.findLastIndex((game) => was(game, corrected.code));
    if (at >= 0) replaced = [...(list[at].was ?? []), list.splice(at, 1)[0].code];
    write(CORRECTING, null);
  }
  keepAllPlayed([...list, { code, when: now, key, ...(replaced.length ? { was: replaced } : {}) }]);
}

// A quick pad finished on this phone counts in "Your games" as a game, its code "pad?" and its address's query
// (webscore/flow/history_summary.py), kept under the key of the pad opened (padKey): a change made to it replaces
// it, a pad no longer finished (summary null: a name erased, a field wrong) is let go, and a pad already kept under
// another key (the same scores opened again) is not kept twice.
export const PAD = "pad?";

export function keepPad(key, query, summary) {
  const list = played();
  const rest = list.filter((game) => game.key !== key);
  const code = PAD + query;
  if (list.some((game) => game.key === key && game.code === code)) return;
  if (!summary || rest.some((game) => game.code === code)) {
    if (rest.length !== list.length) keepAllPlayed(rest);
    return;
  }
  keepAllPlayed([...rest, { code, when: Date.now(), key, summary }]);
}

// The key a pad's address was kept under, if it was: opened again from "Your games", a change corrects that game.
export function padKeyOf(query) {
  return played().find((game) => game.code === PAD + query)?.key ?? null;
}

// A town of a finished game is being changed from its result (the code): its next result corrects that play.
// The first town changed says which play; the steps after it, with codes of their own, change nothing.
export function correcting(key, code) {
  if (read(CORRECTING, null)?.key !== key) write(CORRECTING, { key, code });
}

export function forgetCorrection() {
  write(CORRECTING, null);
}

// The most games kept for "Your games", the newest (webscore/flow/history.py MAX_GAMES), as the page gives it: in its
// words' catalogue, or, on a page drawn without them (the home page, a result the server drew), on the element
// whose games its script keeps (data-max-games).
function mostPlayed() {
  return words?.catalogue.max_games ?? Number(document.querySelector("[data-max-games]").dataset.maxGames);
}

function keepAllPlayed(list) {
  write(PLAYED, list.slice(-mostPlayed()));
}

// The same list as the JSON text kept, for the core's worker to read and write (a thousand games' summaries
// are never parsed on the page's thread).
export function playedText() {
  try {
    return localStorage.getItem(PLAYED) ?? JSON.stringify(played());
  } catch (error) {
    return "[]";
  }
}

export function keepPlayedText(text) {
  try {
    localStorage.setItem(PLAYED, text);
  } catch (error) {
    // Storage full or refused: the figures are drawn all the same, read again next time.
  }
}

export function merged() {
  const stored = read(MERGED, {});
  return stored && typeof stored === "object" && !Array.isArray(stored) ? stored : {};
}

export function keepMerged(names) {
  write(MERGED, names);
}

// One store of games for the phone: a game deleted from the home page's list is deleted from "Your games" too
// (each of its codes: a corrected play included), and "Delete all" deletes every game and the statistics.
export function forget(id) {
  const entry = games().find((game) => game.id === id);
  write(KEY, games().filter((game) => game.id !== id));
  forgetDrafts(id);
  if (entry?.finished) {
    const codes = new Set([entry.code, ...(entry.seen ?? [])]);
    keepAllPlayed(played().filter((game) => !codes.has(game.code)));
  }
}

export function forgetAll() {
  write(KEY, []);
  write(DRAFTS, {});
  write(PLAYED, []);
  write(MERGED, {});
  write(CORRECTING, null);
}

// "Your games" deleted its games: the home page's list lets its finished games go too (those in progress stay).
export function forgetPlayed() {
  write(PLAYED, []);
  write(MERGED, {});
  write(CORRECTING, null);
  write(KEY, games().filter((game) => !game.finished));
}

// The newest answers typed for one player's town of a game on this phone, as a query string.
export function draftOf(key, n) {
  return read(DRAFTS, {})[key]?.[n] ?? null;
}

export function keepDraft(key, n, query) {
  const drafts = read(DRAFTS, {});
  drafts[key] = { ...(drafts[key] ?? {}), [n]: query };
  write(DRAFTS, drafts);
}

function forgetDrafts(key) {
  const drafts = read(DRAFTS, {});
  if (key in drafts) {
    delete drafts[key];
    write(DRAFTS, drafts);
  }
}
