// Keep a finished game on this phone when its result is shown by the server.
import { remember } from "./recent.mjs";

const result = document.querySelector("[data-game]");
if (result) {
  const game = JSON.parse(result.dataset.game);
  remember(document.documentElement.lang, result.dataset.code, location.pathname, game, true, result.dataset.key);
}
