// A town's taps made before its script has taken the page over (town.js runs once its modules are in: on a
// first visit, a second or so after the palette and the squares are painted, and a tap on them did nothing):
// kept in order, from the first tap, for town.js to answer as soon as it runs. Loaded without waiting for
// anything (async, in the page's head), so it listens from about the first paint.
(() => {
  const early = (window.marquoirEarlyTaps = []);
  document.addEventListener("click", (event) => {
    const form = event.target.closest?.(".town-form");
    if (!form || form.classList.contains("js-town")) return;
    const tapped = event.target.closest(".palette button, .square-button");
    if (tapped) early.push(tapped);
  }, true);
})();
