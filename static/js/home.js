// The home page's list of games kept on this phone: reopen one where it was left, delete one or all (from "Your
// games" too: recent.mjs).
import { clock, ignoreDoubleTaps } from "./dom.mjs";
import { forget, forgetAll, games } from "./recent.mjs";

const section = document.querySelector(".recent");

// A game's names as the page lists them ("Ana, Bo and Cy"), each isolated so a right-to-left name cannot reorder what
// follows it, and its Delete button's label, one sentence per language: as the server worded them for as many
// players (pages/views.py _kept_game_words), each name put in its slot as text.
function worded(entry) {
  const [names, label] = section.querySelector(`template.kept-words[data-players="${entry.names.length}"]`)
    .content.cloneNode(true).children;
  for (const slot of [...names.children, ...label.children]) slot.textContent = entry.names[Number(slot.dataset.name)];
  return { names: names.childNodes, label: label.textContent };
}

// When the game was last played and how it stands (" · finished · Dec 5, 2026, 9:45 AM"): the server's line for
// it, the day and time by the language's pattern, each part a slot given written for each value it takes
// (pages/views.py, flow moments.moment_slots), filled by the value this phone's clock reads.
function when(entry) {
  const line = section.querySelector(`template.kept-when[data-finished="${Boolean(entry.finished)}"]`).content.cloneNode(true);
  const parts = clock(entry.when);
  for (const slot of line.querySelectorAll("[data-clock]")) {
    const value = parts[Number(slot.dataset.clock)];
    slot.textContent = slot.dataset.texts ? JSON.parse(slot.dataset.texts)[value] : value;
  }
  return line.textContent;
}

function draw() {
  const list = section.querySelector("ul");
  const kept = games();
  section.hidden = kept.length === 0;
  list.replaceChildren(...kept.map((entry) => {
    const item = section.querySelector("#kept-game").content.firstElementChild.cloneNode(true);
    const link = item.querySelector("a");
    // Opened in the page's language, whichever it was kept in.
    link.href = entry.path.replace(new RegExp(`/${entry.lang}/(?=[rg]/)`), `/${document.documentElement.lang}/`);
    const { names, label } = worded(entry);
    link.append(...names);
    item.querySelector(".hint").textContent = when(entry);
    const remove = item.querySelector("button");
    remove.setAttribute("aria-label", label);
    remove.dataset.id = entry.id;
    remove.addEventListener("click", () => {
      const buttons = [...list.querySelectorAll("button[data-id]")];
      const next = buttons[buttons.indexOf(remove) + 1] ?? buttons[buttons.indexOf(remove) - 1];
      forget(entry.id);
      draw();
      // Focus stays in the list: on the next game's Delete, or on the list's heading when it is empty.
      const again = next && list.querySelector(`button[data-id="${CSS.escape(next.dataset.id)}"]`);
      if (again) again.focus();
      else {
        const heading = document.querySelector("main h1");
        heading.tabIndex = -1;
        heading.focus();
      }
    });
    return item;
  }));
}

if (section) {
  // A game's Delete double-tapped deletes that game alone: the next game's Delete, moved up under the finger, stays.
  ignoreDoubleTaps(section);
  section.querySelector(".delete-all").addEventListener("click", () => {
    // Every game goes, and the statistics with them: asked first, as "Your games" asks.
    if (!confirm(section.dataset.deleteAll)) return;
    forgetAll();
    draw();
  });
  draw();
}
