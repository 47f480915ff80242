// One town's outbox at a table: its changes as operations the flow keeps (webscore/flow/sync_outbox.py, under
// MicroPython), stored on this phone and carried to the server one at a time, each dropped once acknowledged.
import { doneKey, draftKey, keyKey, outboxKey, showOffline, text } from "./table-store.mjs";

const JSON_CALL = { "Content-Type": "application/json", "X-Requested-With": "marquoir" };
// A request that has not answered in this time is taken for lost and sent again (the server applies it once).
const TIMEOUT = 10000;
const RETRY_MOST = 30000;
// How long a tap waits for the next before its operation goes: a player tapping fast sends a few requests.
const GATHER = 250;

const newClient = () => (crypto.randomUUID ? crypto.randomUUID()
  : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join(""));

// One town's outbox on this phone, carried to the server one operation at a time, in order, each removed only
// once the server acknowledged it. `known` (the server's town as a page showed it) makes a new outbox.
// handlers: applied(answer, op, changed), conflict(conflict), handedIn(), owned(), empty(names), problems(messages),
// refused(message), finished(result), gone(), status(report); each is optional. A promise of the outbox, once the core has read it.
export async function outbox(core, table, n, saveUrl, known, handlers = {}) {
  const key = outboxKey(table, n);
  let box = JSON.parse(localStorage.getItem(key) || "null");
  let shown = null;
  let waiting = 0;
  let sending = null;
  let blocked = false;
  // Blocked by a question the page asks (a conflict, a handed-in town, another phone's town, towns still empty): what
  // waits goes once the player has answered it.
  let asking = false;
  let failures = 0;
  let timer = null;
  let unreachable = false;
  let lastAck = null;
  // Why the server refused the last operation, said until the next change: its kind, and the server's sentences
  // (a refused hand-in's problems, or its message), said one after the other by the flow's piece
  // (table_pieces.table_town_lines).
  let notice = null;
  // The server's own word when it asks to wait (429), said instead of "can't reach".
  let limited = null;
  // Asked by the player: take the town over from the phone it belongs to; end the game with towns still empty.
  let taking = false;
  let ending = false;
  // The scores are shown: nothing this phone holds will ever be sent.
  let over = false;
  // This town's key on this phone. An outbox kept before phones had keys was the town's by its client id.
  let townKeyKept = localStorage.getItem(keyKey(table, n)) ?? (box?.sent ? box.client : null);
  function townKey() {
    // Another tab of this phone may have made it first: one key per town and phone.
    townKeyKept = localStorage.getItem(keyKey(table, n)) ?? townKeyKept ?? newClient();
    try {
      localStorage.setItem(keyKey(table, n), townKeyKept);
    } catch (error) {
      // Storage full: the key lives in this page, as the outbox then does.
    }
    return townKeyKept;
  }

  // Stored, the outbox is the one truth for every page of this phone on this town (two tabs share it).
  let stored = true;
  // The core answers in its own thread: each call waits for the one before, so each reads the outbox the one
  // before wrote, and none is lost between them.
  let queue = Promise.resolve();
  function call(name, extra = {}) {
    const answered = queue.then(() => callNow(name, extra));
    queue = answered.catch(() => {});
    return answered;
  }

  async function callNow(name, extra) {
    if (stored) box = JSON.parse(localStorage.getItem(key) || "null") ?? box;
    const answer = await core.outbox({ call: name, outbox: box, client: newClient(), town: known, ...extra });
    box = answer.outbox;
    shown = answer.shown;
    waiting = answer.waiting;
    try {
      localStorage.setItem(key, JSON.stringify(box));
      stored = true;
    } catch (error) {
      // Storage full or refused: the outbox lives in this page until it is sent.
      stored = false;
    }
    return answer;
  }

  // Handed in by a take-in from the town's link on another phone (the server's town says so), and not opened again
  // here since: said as that, never as this player's own hand-in.
  const takenIn = () => Boolean(shown?.done && box?.known?.done && box.known.taken_in
    && !box.ops.some((op) => "reopen" in op));

  function report() {
    handlers.status?.({ sending: sending !== null, unreachable, waiting: over ? 0 : waiting, lastAck, blocked, asking,
      done: shown?.done, taken_in: takenIn(), notice, limited, over });
  }

  function retryLater(wait) {
    clearTimeout(timer);
    timer = setTimeout(drain, wait);
  }

  async function drain() {
    if (sending !== null || blocked || over || !box || box.ops.length === 0) return report();
    clearTimeout(timer);
    if (!navigator.onLine) {
      // Surely not sent: taps go on joining the operation, and "online" sends it.
      unreachable = true;
      showOffline(true);
      retryLater(RETRY_MOST);
      return report();
    }
    sending = box.ops[0].seq;
    // From now on it may be applied even if no answer comes: the outbox keeps it as it is. (Taps taken in
    // before this call joined the operation: it is read again after it.)
    await call("sending", { seq: sending });
    const op = box.ops[0];
    if (!op) {
      // Nothing left to send (another page of this phone sent it meanwhile).
      sending = null;
      return report();
    }
    report();
    let response = null;
    let answer = null;
    // Whether this one takes the town over: the player may ask to while it is on its way.
    const takes = taking;
    const stop = new AbortController();
    const late = setTimeout(() => stop.abort(), TIMEOUT);
    try {
      response = await fetch(saveUrl, { method: "POST", cache: "no-store", headers: JSON_CALL, signal: stop.signal,
        body: JSON.stringify({ client: box.client, op, key: townKey(), ...(takes ? { take: true } : {}),
          ...(ending ? { end: true } : {}) }) });
      answer = await response.json();
    } catch (error) {
      // No answer, or not ours (a proxy's error page): sent again later.
      response = null;
    } finally {
      clearTimeout(late);
    }
    if (!response || response.status >= 500 || response.status === 429) {
      sending = null;
      failures += 1;
      limited = response?.status === 429 ? answer?.message ?? null : null;
      unreachable = !limited;
      showOffline(!navigator.onLine);
      const asked = Number(response?.headers.get("Retry-After"));
      retryLater(asked > 0 ? asked * 1000 : Math.min(RETRY_MOST, 1000 * 2 ** Math.min(failures - 1, 5)));
      return report();
    }
    failures = 0;
    unreachable = false;
    limited = null;
    // Still sending until the answer is taken in: a drain started meanwhile (a tap) would send the same
    // operation again, and find it gone once acknowledged.
    try {
      await answered(response.status, answer, op, takes);
    } finally {
      sending = null;
    }
    report();
    if (!blocked) drain();
  }

  async function answered(status, answer, op, takes) {
    const reason = answer?.reason;
    if (status === 200) {
      const took = takes;
      taking = false;
      ending = false;
      const { changed } = await call("acknowledged", { seq: answer.seq, town: answer.town });
      lastAck = new Date();
      handlers.applied?.(answer, op, changed, took);
      if (answer.finished) handlers.finished?.(answer.result);
    } else if (status === 409 && answer.conflict) {
      await call("refreshed", { town: answer.town });
      blocked = true;
      asking = true;
      handlers.conflict?.(answer.conflict);
    } else if (status === 409 && answer.handed_in) {
      await call("refreshed", { town: answer.town });
      blocked = true;
      asking = true;
      handlers.handedIn?.();
    } else if (status === 409 && reason === "owned") {
      // The town is another phone's: nothing goes until the player takes it over, on purpose.
      const { changed } = await call("refreshed", { town: answer.town });
      // Asked to take it over while this one was on its way (a handed-in town's reopen, sent while the page asks as it
      // opens): sent again, taking it.
      if (taking && !takes) return;
      taking = false;
      blocked = true;
      asking = true;
      handlers.owned?.(Boolean(answer.was_yours), changed ?? []);
    } else if (status === 409 && reason === "empty") {
      blocked = true;
      asking = true;
      handlers.empty?.(answer.empty ?? []);
    } else if (status === 409 && (reason === "finished" || (!reason && answer.finished !== false))) {
      // The scores are shown: what waited can no longer be sent. It is dropped here, and said once.
      blocked = true;
      over = true;
      notice = null;
      localStorage.removeItem(key);
      localStorage.removeItem(draftKey(table, n));
      localStorage.removeItem(doneKey(table, n));
      handlers.finished?.(answer.result, true);
    } else if (status === 422 && answer.problems) {
      await call("dropped_head");
      notice = { kind: "done", reasons: answer.problems };
      handlers.problems?.(answer.problems);
    } else if (status === 404) {
      blocked = true;
      handlers.gone?.();
    } else {
      // Refused as it is (400, 403, 413; a number or a version the table refuses): sending it again would not help.
      await call("dropped_head");
      if (answer?.town) await call("refreshed", { town: answer.town });
      const message = answer?.message ?? "";
      notice = { kind: "save", reasons: [message] };
      handlers.refused?.(message);
    }
  }

  if (box) await call("refreshed", { town: known ?? box.known });
  else if (known) await call("look");
  return {
    get box() { return box; },
    get shown() { return shown; },
    get takenIn() { return takenIn(); },
    get sending() { return sending; },
    call(name, extra) {
      if (name === "edit" || name === "hand_in" || name === "reopen") notice = null;
      return call(name, extra);
    },
    drain,
    // Taps close together travel as one operation.
    drainSoon() {
      clearTimeout(timer);
      timer = setTimeout(drain, GATHER);
      // Said at once: the tap waits, even for the few milliseconds before it goes.
      report();
    },
    report,
    // Let the outbox be sent again after the player chose (a conflict, a handed-in town).
    unblock() {
      blocked = false;
      asking = false;
      drain();
    },
    // Send the outbox again, taking the town over from the phone it belongs to: with nothing of this phone's waiting,
    // a change of nothing takes it (sync_outbox.take_over).
    async takeOver() {
      taking = true;
      await call("take_over");
      this.unblock();
    },
    // Send the hand-in again, ending the game though some towns are empty.
    endGame() {
      ending = true;
      this.unblock();
    },
    get over() { return over; },
    // Hold what waits while the page asks the player something of its own (another phone's town, asked as it opens):
    // sent once answered (unblock, takeOver), and said to wait for the answer, offline too.
    ask() {
      blocked = true;
      asking = true;
      report();
    },
    // The server's town as the table's state says it moved on: fetched when nothing is on its way.
    async refresh(townUrl) {
      if (sending !== null || blocked) return [];
      try {
        const response = await fetch(townUrl, { cache: "no-store" });
        if (!response.ok) return [];
        const { town } = await response.json();
        if (sending !== null || blocked) return [];
        return (await call("refreshed", { town })).changed;
      } catch (error) {
        return [];
      }
    },
  };
}
