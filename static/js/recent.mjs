// Games kept on this phone (local storage): in progress or finished, each reopening where it was left.
const KEY = "marquoir.games";
const KEEP = 30;

export function games() {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(stored) ? stored : [];
  } catch (error) {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, KEEP)));
  } catch (error) {
    // Storage full or refused (private mode): the game still works, it is just not listed.
  }
}

// A game is known by its players, mode and buildings: the setup does not change while towns are entered.
function identity(game) {
  return JSON.stringify([game.mode, game.buildings, game.players.map((p) => [p.name, p.monument])]);
}

export function remember(lang, code, path, game, finished) {
  const id = identity(game);
  const rest = games().filter((entry) => entry.id !== id);
  const names = game.players.map((p) => p.name);
  save([{ id, lang, code, path, names, finished, when: Date.now() }, ...rest]);
}

export function forget(id) {
  save(games().filter((entry) => entry.id !== id));
}

export function forgetAll() {
  save([]);
}
