// Keep the phone's screen on at the table (Screen Wake Lock), with a visible switch; released on leaving.

// Show the switch the page drew in container (webscore.flow.controls.wake_switch) where the browser can keep
// the screen on, and hold the screen on while it is ticked and the page is shown.
export function keepAwake(container) {
  const label = container?.querySelector(".wake");
  if (!("wakeLock" in navigator) || !label || !label.hidden) return;
  const box = label.querySelector("input");
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
  label.hidden = false;
  hold();
}
