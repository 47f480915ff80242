// Games kept on this phone (local storage): in progress or finished, each reopening where it was left,
// and the town being entered for each player (a draft), so Back, Forward or an older step never loses it.
// A game is known by the key the flow gives it (webscore/flow game_key): its setup, which towns never change.
const KEY = "marquoir.games";
const DRAFTS = "marquoir.drafts";
const KEEP = 30;
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
  const known = games().find((entry) => entry.id === key);
  const seen = known ? known.seen ?? [known.code] : [];
  if (known && seen.includes(code) && (known.finished || !finished)) return;
  const rest = games().filter((entry) => entry.id !== key);
  const names = game.players.map((p) => p.name);
  const codes = [code, ...seen.filter((other) => other !== code)].slice(0, SEEN);
  write(KEY, [{ id: key, lang, code, path, names, finished, when: Date.now(), seen: codes }, ...rest].slice(0, KEEP));
  if (finished) forgetDrafts(key);
}

export function forget(id) {
  write(KEY, games().filter((entry) => entry.id !== id));
  forgetDrafts(id);
}

export function forgetAll() {
  write(KEY, []);
  write(DRAFTS, {});
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
