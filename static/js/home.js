// The home page's list of games kept on this phone: reopen one where it was left, delete one or all (from "Your
// games" too: recent.mjs).
import { forget, forgetAll, games } from "./recent.mjs";

const section = document.querySelector(".recent");
// Players' names as the page's language lists them ("Ana, Bo and Cy"), as the server's lists are.
const listFormat = () => new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" });
const names = (entry) => listFormat().format(entry.names);

// The same list with each name isolated, so a right-to-left name cannot reorder what follows it.
function isolatedNames(entry) {
  return listFormat().formatToParts(entry.names).map((part) => {
    if (part.type !== "element") return part.value;
    const isolated = document.createElement("bdi");
    isolated.textContent = part.value;
    return isolated;
  });
}

function draw() {
  const list = section.querySelector("ul");
  const kept = games();
  section.hidden = kept.length === 0;
  list.replaceChildren(...kept.map((entry) => {
    const item = section.querySelector("#kept-game").content.firstElementChild.cloneNode(true);
    const link = item.querySelector("a");
    link.href = entry.path;
    link.append(...isolatedNames(entry));
    item.querySelector(".hint").textContent = " · " + (entry.finished ? section.dataset.finished : section.dataset.inProgress) +
      " · " + new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(entry.when);
    const remove = item.querySelector("button");
    // One sentence per language, with the names in the place that language puts them.
    // A function, so that a name holding "$&" or "$'" is put in as it is, not read as a replacement pattern.
    remove.setAttribute("aria-label", section.dataset.deleteGame.replace("%(names)s", () => names(entry)));
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
  section.querySelector(".delete-all").addEventListener("click", () => {
    // Every game goes, and the statistics with them: asked first, as "Your games" asks.
    if (!confirm(section.dataset.deleteAll)) return;
    forgetAll();
    draw();
  });
  draw();
}
