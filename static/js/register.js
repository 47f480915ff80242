// Register the service worker once the page is idle (its own bytes first), ask it to store this language's
// pages, and offer a new version instead of swapping it under a half-filled form. Keep the page's language.
import { announce, focusFirstProblem } from "./dom.mjs";

const banner = document.querySelector(".update-ready");

// A page read in a language keeps it for / and shared links, as the server's "lang" cookie does: pages the
// same for every reader (a result, the rules) are sent without a cookie, so that HTTP caches may keep them.
const lang = document.documentElement.lang;
if (location.pathname.startsWith(`/${lang}/`) && !document.cookie.split("; ").includes(`lang=${lang}`)) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `lang=${lang}; Max-Age=31536000; Path=/; SameSite=Lax${secure}`;
}

function offer(worker) {
  if (banner.hidden) announce(banner.querySelector("span").textContent);
  banner.hidden = false;
  banner.querySelector("button").addEventListener("click", () => worker.postMessage("update"), { once: true });
}

function whenIdle(run) {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 500));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

function register() {
  navigator.serviceWorker.register("/sw.js", { scope: "/" }).then((registration) => {
    if (!registration) return;
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  });
  navigator.serviceWorker.ready.then((registration) => {
    registration.active.postMessage({ precache: document.documentElement.lang });
  });
}

if ("serviceWorker" in navigator) {
  whenIdle(register);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && !banner.hidden) {
      reloading = true;
      location.reload();
    }
  });
}

// A form that came back with problems (422): focus its first, unless the page's own script already did.
if (document.activeElement === document.body) focusFirstProblem();
