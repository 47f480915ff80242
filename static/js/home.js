// The home page's list of games kept on this phone: reopen one where it was left, delete one or all.
import { forget, forgetAll, games } from "./recent.mjs";

const section = document.querySelector(".recent");
// Players' names as the page's language lists them ("Ana, Bo and Cy"), as the server's lists are.
const names = (entry) => new Intl.ListFormat(document.documentElement.lang, { type: "conjunction" }).format(entry.names);

function draw() {
  const list = section.querySelector("ul");
  const kept = games();
  section.hidden = kept.length === 0;
  list.replaceChildren(...kept.map((entry) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = entry.path;
    link.textContent = names(entry);
    const state = document.createElement("span");
    state.className = "hint";
    state.textContent = " · " + (entry.finished ? section.dataset.finished : section.dataset.inProgress) + " · " +
      new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(entry.when);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "small";
    remove.textContent = section.dataset.delete;
    remove.setAttribute("aria-label", section.dataset.delete + " " + names(entry));
    remove.addEventListener("click", () => {
      forget(entry.id);
      draw();
    });
    item.append(link, state, " ", remove);
    return item;
  }));
}

if (section) {
  section.querySelector(".delete-all").addEventListener("click", () => {
    forgetAll();
    draw();
  });
  draw();
}
