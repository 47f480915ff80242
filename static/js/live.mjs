// Live score while a town is entered: on every change the flow, under MicroPython in this page, reads
// the form and the core scores the town as it stands; each square shows its points. Only the edited
// town is scored (the others stand still; its Feast Halls still read the town on its right).
// Nothing here decides a point.
import { loadBrowserCore } from "./core.mjs";
import { formFields } from "./dom.mjs";
import { remember } from "./recent.mjs";
import { counted, fill, number, words } from "./words.mjs";

export async function liveScore(form) {
  const code = form.dataset.code;
  const n = Number(form.dataset.player);
  const core = await loadBrowserCore();
  const shown = core.town({ code, n, fields: {}, show: true });
  if (!shown.game) return;
  remember(form.dataset.lang, code, location.pathname, shown.game, false, shown.key);
  // Drawn in the palette by webscore.flow.pieces.town_grid, as the squares' places for their points are.
  const total = form.querySelector(".running-total");
  total.hidden = false;
  const update = () => {
    const answer = core.town({ code, n, fields: formFields(form), live: true });
    if (!answer.town) return;
    const player = answer.town;
    total.textContent = fill(words.ui.running_total, { num: number(player.total) });
    for (const square of player.squares) {
      const element = form.querySelector(`.square[data-square="${square.square}"]`);
      // The number is seen; "3 points" is what a screen reader hears as the end of the square's name.
      element.querySelector(".square-points").textContent = number(square.points);
      element.querySelector(".square-points-words").textContent = counted(words.points, Math.abs(square.points), number(square.points));
    }
    form.dataset.liveTotal = String(player.total);
  };
  form.addEventListener("town-change", update);
  form.addEventListener("input", update);
  // A town at a table redrawn from what the table holds (table.mjs).
  form.addEventListener("town-sync", update);
  update();
}

const page = document.querySelector(".town-form[data-code]");
if (page && words) liveScore(page);
