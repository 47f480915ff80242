// Keep a finished game on this phone when its result is shown by the server.
import { correcting, remember } from "./recent.mjs";

const result = document.querySelector("[data-game]");
if (result) {
  const game = JSON.parse(result.dataset.game);
  remember(document.documentElement.lang, result.dataset.code, location.pathname, game, true, result.dataset.key);
  // Breaking the tie corrects this play: "Your games" keeps the result it gives in this one's place.
  document.querySelector("form.turns")?.addEventListener("submit", () => correcting(result.dataset.key, result.dataset.code));
}
