// Live score while a town is entered: on every change the core, under MicroPython in this page, scores
// the town as it stands and each square shows its points. Only the edited town is scored (the others
// stand still; the core still reads the town on its right for Feast Halls). Nothing here decides a point.
import { loadBrowserCore } from "./core.mjs";
import { SQUARES, readTown } from "./townform.mjs";
import { fill, number, words } from "./words.mjs";
import { remember } from "./recent.mjs";

export async function liveScore(form) {
  const code = form.dataset.code;
  const n = Number(form.dataset.player);
  const core = await loadBrowserCore();
  const opened = core.scoreCode(code);
  if (!opened.game) return;
  const game = opened.game;
  remember(form.dataset.lang, code, location.pathname, game, false);
  const total = document.createElement("p");
  total.className = "running-total";
  const palette = form.querySelector(".palette");
  if (palette && !palette.hidden) palette.prepend(total);
  else form.querySelector(".grid").before(total);
  const update = () => {
    const { game: changed } = readTown(new URLSearchParams(new FormData(form)), game, n);
    const answer = core.scoreTown(JSON.stringify(changed), n - 1);
    if (!answer.town) return;
    const player = answer.town;
    total.textContent = fill(words.ui.running_total, { num: number(player.total) });
    player.squares.forEach((square, i) => {
      const element = form.querySelector(`.square[data-square="${SQUARES[i]}"]`);
      let points = element.querySelector(".square-points");
      if (!points) {
        points = document.createElement("span");
        points.className = "square-points";
        element.append(points);
      }
      points.textContent = number(square.points);
    });
    form.dataset.liveTotal = String(player.total);
  };
  form.addEventListener("town-change", update);
  form.addEventListener("input", update);
  update();
}

const page = document.querySelector(".town-form[data-code]");
if (page && words) liveScore(page);
