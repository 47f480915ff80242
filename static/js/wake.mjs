// Keep the phone's screen on at the table (Screen Wake Lock), with a visible switch; released on leaving.
import { h } from "./dom.mjs";
import { words } from "./words.mjs";

// Put the switch at the start of container and hold the screen on while it is ticked and the page is shown.
export function keepAwake(container) {
  if (!("wakeLock" in navigator) || !words || container.querySelector(".wake")) return;
  const box = h("input", { type: "checkbox", checked: true });
  const label = h("label.wake", {}, box, words.ui.keep_awake);
  let lock = null;
  const hold = async () => {
    if (!box.checked || document.visibilityState !== "visible" || lock) return;
    try {
      lock = await navigator.wakeLock.request("screen");
      lock.addEventListener("release", () => { lock = null; });
    } catch {
      // Refused (low battery, not allowed): the switch stays, the screen dims as usual.
      lock = null;
    }
  };
  const release = () => {
    if (lock) lock.release();
    lock = null;
  };
  box.addEventListener("change", () => (box.checked ? hold() : release()));
  // The browser drops the lock when the page is hidden; take it again when the page comes back.
  document.addEventListener("visibilitychange", hold);
  window.addEventListener("pagehide", release);
  container.prepend(label);
  hold();
}
