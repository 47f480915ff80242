// The home page's list of games kept on this phone: reopen one where it was left, delete one or all.
import { forget, forgetAll, games } from "./recent.mjs";

const section = document.querySelector(".recent");

function draw() {
  const list = section.querySelector("ul");
  const kept = games();
  section.hidden = kept.length === 0;
  list.replaceChildren(...kept.map((entry) => {
    const item = document.createElement("li");
    const link = document.createElement("a");
    link.href = entry.path;
    link.append(...entry.names.flatMap((name, i) => {
      const isolated = document.createElement("bdi");
      isolated.textContent = name;
      return i ? [", ", isolated] : [isolated];
    }));
    const state = document.createElement("span");
    state.className = "hint";
    state.textContent = " · " + (entry.finished ? section.dataset.finished : section.dataset.inProgress) + " · " +
      new Intl.DateTimeFormat(document.documentElement.lang, { dateStyle: "medium", timeStyle: "short" }).format(entry.when);
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "small";
    remove.textContent = section.dataset.delete;
    remove.setAttribute("aria-label", section.dataset.delete + " " + entry.names.join(", "));
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
