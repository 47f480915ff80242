// A town's taps made before its script has taken the page over (town.js runs once its modules are in: on a
// first visit, a second or so after the palette and the squares are painted, and a tap on them did nothing):
// kept in order, from the first tap, for town.js to answer as soon as it runs. A step left meanwhile by one
// of the form's buttons (the next player, a player's chip, a language) is left once they are answered, so the
// town it sends holds them. Held in the page's <head> (webscore/web/http/security.py EARLY_TAPS_SCRIPT), so it
// listens before the first paint; where the page's modules could not run, it does nothing.
(() => {
  const early = (window.marquoirEarlyTaps = []);
  let over = false;
  const waiting = (target) => {
    const form = !over && target instanceof Element ? target.closest(".town-form") : null;
    return form && !form.classList.contains("js-town") ? form : null;
  };
  document.addEventListener("click", (event) => {
    const tapped = waiting(event.target) && event.target.closest(".palette button, .square-button");
    if (tapped) early.push(tapped);
  }, true);
  document.addEventListener("submit", (event) => {
    if (!waiting(event.target) || !early.length) return;
    event.preventDefault();
    early.push({ form: event.target, submitter: event.submitter });
  }, true);
  // The modules have run by now: without town.js (it could not load), the page is as without scripts, and a
  // step left meanwhile goes as it is.
  document.addEventListener("DOMContentLoaded", () => {
    const form = document.querySelector(".town-form");
    if (!form || form.classList.contains("js-town")) return;
    over = true;
    const left = early.find((entry) => entry.submitter !== undefined);
    early.length = 0;
    if (left) left.form.requestSubmit(left.submitter);
  });
})();
