/* Tapete tap queue: no tap is lost when the connection drops.
 *
 * Each tap gets a client-made idempotency key and goes into a queue kept in localStorage
 * (so a reload keeps it too). The queue is sent in order, one request at a time. The
 * server stores each key once, so a tap that reached it but whose answer was lost is
 * harmless to resend.
 *
 * - 2xx with a JSON body: stored; the tap leaves the queue and ``onAnswer(data, tap)`` runs.
 * - 4xx (the server refused the tap: bad input): the tap leaves the queue at once, never
 *   resent, and ``onRefused(data, tap)`` says why (``data.error``; a body that is not JSON
 *   gives ``{error: "HTTP <status>"}``). 408 and 429 are the exceptions: the server did not
 *   judge the tap, so they are retried as a 5xx is.
 * - Any refusal (a 4xx: 409, the tap was made on a table that is out of date, another
 *   tablet or the host wrote to the hand since; or any other 4xx: nothing was stored): the
 *   later queued taps of that hand go with it, never sent (they were made on a table that
 *   included the refused tap; sent, they would be stored on a log without it);
 *   ``onRefused(data, tap, {status, dropped})`` names them so the page can reload the
 *   table and say which were not stored.
 * - 5xx, a network failure, or a 2xx whose body is not JSON (a captive portal): the tap
 *   stays at the head of the queue and is sent again after a back-off that doubles from
 *   ``retryMs`` up to ``maxRetryMs`` (with up to a quarter of it added at random, so two
 *   tablets do not retry in step). The browser's ``online`` event, or a new tap, sends at
 *   once.
 *   The server's words for why it could not store the tap yet (a 5xx's JSON ``error``: the
 *   database busy, its disk full, web/core/errors.py) are kept in ``lastError`` until the
 *   head tap is stored or refused, or the connection drops, so the page shows them while
 *   the tap waits (``null``: no words; nothing is ever retried silently).
 *
 * Two tablets on one hand: each tap carries what the tablet saw when it was made
 * (:func:`stamp`, called by ``push(tap, seen)``): ``version``, the hand's version (its
 * number of events, store/hand/table_view.py) the table showed plus the events of the taps queued
 * before it for the same hand (:func:`eventsOf`: one each; a ``forced_bets`` or a
 * ``hand_over`` the count it says, ``events``, from the server's ``forced`` list or the
 * award gap's ``lines``); a ``start_hand`` carries
 * ``after_hand``, the last hand seen. A ``finish_hand`` (award, close, next hand in one tap)
 * starts a hand for the taps queued after it, as a ``start_hand`` does. A refused tap takes
 * the later taps of its hand with it (:func:`settleAfter`); so does a stored ``finish_hand``
 * that started no next hand (``onDropped(data, tap, dropped)`` names them).
 * Each request carries the page's CSRF token in the ``X-CSRFToken`` header
 * (``opts.csrfToken()``; default: the page's ``<meta name="csrf-token">``, web/core/csrf.py). A
 * tap refused for its token (``{csrf: true}``, a 400) is refused like any 4xx; then
 * ``opts.renewToken()`` (a promise: the page fetches a fresh token) runs before the next
 * tap is sent, so the taps queued behind it do not meet the same old token.
 *
 * Usable in the page (``window.TapQueue``) and in node (``require``): the network, the
 * storage, the timers and the events come in ``opts`` (defaults: the browser's).
 */
(function (root, factory) {
  var api = factory(root);
  if (typeof module === "object" && module.exports) { module.exports = api; }
  else { root.TapQueue = api.TapQueue; root.tapeteUuid = api.uuid; root.TapDoubleGuard = api.DoubleGuard; }
})(typeof globalThis !== "undefined" ? globalThis : this, function (global) {
  "use strict";

  function uuid(crypto) {
    crypto = crypto || global.crypto;
    if (crypto && typeof crypto.randomUUID === "function") {
      return crypto.randomUUID();
    }
    // Pages served over plain http on a LAN address are not a secure context: build a
    // version-4 UUID from getRandomValues instead.
    var b = new Uint8Array(16);
    crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  /* The page's CSRF token (``<meta name="csrf-token">``), or null. */
  function pageToken(doc) {
    var meta = doc && doc.querySelector ? doc.querySelector('meta[name="csrf-token"]') : null;
    return meta ? meta.getAttribute("content") : null;
  }

  /* How one answer's status is handled: "stored", "refused" (never resent) or "retry". */
  function outcome(status) {
    if (status === 408 || status === 429 || status >= 500) { return "retry"; }
    if (status >= 400) { return "refused"; }
    if (status >= 200 && status < 300) { return "stored"; }
    return "retry";
  }

  /* The server's words in an answer whose tap waits (its JSON ``error``, a string), or null. */
  function serverWords(answer) {
    var data = answer.json ? answer.data : null;
    return data && typeof data.error === "string" && data.error ? data.error : null;
  }

  // each stores events of its hand (:func:`eventsOf` says how many)
  var EVENT_OPS = ["action", "undo", "end_hand", "forced_bets", "finish_hand", "hand_over"];
  // each starts a hand for the taps queued after it (a finish_hand: where the server can)
  var START_OPS = ["start_hand", "finish_hand"];

  function isEvent(t) { return EVENT_OPS.indexOf(t.op) >= 0; }

  /* Whether the taps queued after ``t`` are for a hand it starts (``start_hand``, and
   * ``finish_hand``, which closes its hand and starts the next). */
  function startsHand(t) { return START_OPS.indexOf(t.op) >= 0; }

  /* How many events of its hand ``t`` stores: a ``forced_bets`` or a ``hand_over`` the
   * lines it said (``events``: the server's ``forced`` list, or the award gap's ``lines``,
   * when it was tapped; the server refuses it, 409, where it would store another count),
   * any other event tap one. */
  function eventsOf(t) {
    if (t.op === "forced_bets" || t.op === "hand_over") {
      return typeof t.events === "number" && isFinite(t.events) && t.events >= 0 ? Math.floor(t.events) : 1;
    }
    return isEvent(t) ? 1 : 0;
  }

  /* The tap as sent: ``tap`` given what the tablet saw, ``seen`` ({hand_id, version}: the
   * server's last table), and ``items`` (the taps queued before it, in order). Sets
   * ``version`` on an action/undo/end_hand/forced_bets/finish_hand/hand_over: the version seen plus
   * the events (:func:`eventsOf`) of the taps queued before it for the same hand; after a
   * queued start_hand or finish_hand (:func:`startsHand`; the tap's ``hand_id`` is null) the
   * events of the taps queued since that start, from 0. Sets ``after_hand`` on a start_hand
   * (``after_pending`` when a start is queued: filled in by its answer). Returns ``tap``. */
  function stamp(items, tap, seen) {
    seen = seen || {};
    var lastStart = -1;
    items.forEach(function (t, i) { if (startsHand(t)) { lastStart = i; } });
    if (tap.op === "start_hand") {
      if (lastStart >= 0) { tap.after_hand = null; tap.after_pending = true; }
      else { tap.after_hand = seen.hand_id === undefined ? null : seen.hand_id; }
      return tap;
    }
    if (!isEvent(tap)) { return tap; }
    var base = lastStart >= 0 ? 0 : (seen.version || 0);
    var ahead = 0;
    items.slice(lastStart + 1).forEach(function (t) {
      if (t.hand_id === tap.hand_id) { ahead += eventsOf(t); }
    });
    tap.version = base + ahead;
    return tap;
  }

  /* The hand ``tap`` (a start) started, from the server's answer ``data``: a start_hand's
   * ``hand_id``; a finish_hand's ``started_hand`` (null: the hand closed, no next hand
   * started, e.g. a seat with no chips left). undefined: not known. */
  function startedHand(tap, data) {
    if (!data) { return undefined; }
    return tap.op === "finish_hand" ? data.started_hand : data.hand_id;
  }

  /* After ``tap`` (at ``items[0]``, just taken off) was answered: the later taps that
   * depended on it. ``how``: "stored" (a start's new hand id, :func:`startedHand`, fills the
   * next start_hand's ``after_hand`` and the hand of the taps made for it, up to and
   * including the next finish_hand; a stored finish_hand that started no hand drops every
   * later tap: they were made for that hand), "refused" or "stale" (any 4xx, 409 included:
   * nothing stored, and the later taps of its hand were made on a table that included it,
   * so they are dropped, never re-stamped to another version; a start's: every later tap;
   * a dropped finish_hand takes every tap after it too). Returns the dropped taps, in
   * order. */
  function settleAfter(items, tap, how, data) {
    var dropped = [];
    function dropFrom(drop) {
      var keep = [], rest = false;
      items.forEach(function (t) {
        if (rest || drop(t)) {
          dropped.push(t);
          rest = rest || t.op === "finish_hand";
        } else { keep.push(t); }
      });
      items.length = 0;
      Array.prototype.push.apply(items, keep);
      return dropped;
    }
    if (how === "stale" || how === "refused") {
      var all = startsHand(tap) || tap.hand_id === null || tap.hand_id === undefined;
      return dropFrom(function (t) { return all || (t.hand_id === tap.hand_id && t.op !== "start_hand"); });
    }
    if (!startsHand(tap) || how !== "stored") { return dropped; }
    var started = startedHand(tap, data);
    if (started === undefined) { return dropped; }
    if (started === null) { return dropFrom(function () { return true; }); }
    for (var i = 0; i < items.length; i++) {
      if (items[i].op === "start_hand") {
        if (items[i].after_pending) { items[i].after_hand = started; delete items[i].after_pending; }
        break;
      }
      if (items[i].hand_id === null) { items[i].hand_id = started; }
      if (items[i].op === "finish_hand") { break; }
    }
    return dropped;
  }

  function TapQueue(opts) {
    var self = this;
    this.url = opts.url;
    this.storageKey = opts.storageKey;
    this.onAnswer = opts.onAnswer || function () {};
    this.onRefused = opts.onRefused || function () {};
    this.onDropped = opts.onDropped || function () {};
    this.onChange = opts.onChange || function () {};
    this.retryMs = opts.retryMs || 1000;
    this.maxRetryMs = opts.maxRetryMs || 30000;
    this.fetch = opts.fetch || function (url, init) { return global.fetch(url, init); };
    this.storage = opts.storage !== undefined ? opts.storage : global.localStorage;
    this.setTimeout = opts.setTimeout || function (f, ms) { return global.setTimeout(f, ms); };
    this.clearTimeout = opts.clearTimeout || function (t) { return global.clearTimeout(t); };
    this.random = opts.random || Math.random;
    this.crypto = opts.crypto || global.crypto;
    this.csrfToken = opts.csrfToken || function () { return pageToken(global.document); };
    this.renewToken = opts.renewToken || function () { return Promise.resolve(); };
    this.sending = false;
    this.online = true;
    this.failures = 0;       // failed sends of the head tap in a row
    this.lastError = null;   // the server's words for the last try not stored yet (null: none)
    this.retryTimer = null;
    this.wokenWhileSending = false; // "online" came while a try was in flight
    this.nextDelayMs = null; // the back-off now waited, for the page (null: none)
    this.items = this.load();
    var events = opts.events !== undefined ? opts.events : global;
    if (events && typeof events.addEventListener === "function") {
      events.addEventListener("online", function () {
        // a try still in flight left while offline and will fail: send again once it has
        if (self.sending) { self.wokenWhileSending = true; }
        self.flush(true);
      });
      events.addEventListener("offline", function () { self.online = false; self.onChange(self); });
    }
  }

  TapQueue.prototype.load = function () {
    try {
      var items = JSON.parse(this.storage.getItem(this.storageKey) || "[]");
      return Array.isArray(items) ? items : [];
    } catch (e) {
      return [];
    }
  };

  TapQueue.prototype.save = function () {
    try {
      this.storage.setItem(this.storageKey, JSON.stringify(this.items));
    } catch (e) { /* private mode or full: the queue still lives in memory */ }
    this.onChange(this);
  };

  /* Queue one tap (a plain object: op, action, hand_id ...) made on ``seen`` ({hand_id,
   * version}: the table the tablet showed, :func:`stamp`); returns its key. */
  TapQueue.prototype.push = function (tap, seen) {
    if (seen !== undefined) { stamp(this.items, tap, seen); }
    tap.key = tap.key || uuid(this.crypto);
    tap.queued_at = tap.queued_at || new Date().toISOString();
    this.items.push(tap);
    this.save();
    this.flush(true);
    return tap.key;
  };

  /* The back-off before the next try after ``failures`` failed tries (ms). */
  TapQueue.prototype.delayFor = function (failures) {
    var base = Math.min(this.maxRetryMs, this.retryMs * Math.pow(2, Math.max(0, failures - 1)));
    return Math.round(base + base * 0.25 * this.random());
  };

  TapQueue.prototype.retryLater = function () {
    var self = this;
    self.failures += 1;
    self.nextDelayMs = self.delayFor(self.failures);
    if (self.retryTimer !== null) { self.clearTimeout(self.retryTimer); }
    self.retryTimer = self.setTimeout(function () {
      self.retryTimer = null;
      self.flush(true);
    }, self.nextDelayMs);
  };

  /* Send nothing more (the page's link no longer works): the taps stay in the queue, kept. */
  TapQueue.prototype.stop = function () {
    this.stopped = true;
    if (this.retryTimer !== null) { this.clearTimeout(this.retryTimer); this.retryTimer = null; }
  };

  /* Send the head of the queue, then the rest. ``now``: do not wait out a back-off (a new
   * tap, the connection back, the back-off timer itself). Resolves when the queue is empty
   * or a try has failed. */
  TapQueue.prototype.flush = function (now) {
    var self = this;
    if (self.sending || self.stopped || self.items.length === 0) { return Promise.resolve(); }
    if (self.retryTimer !== null) {
      if (!now) { return Promise.resolve(); }
      self.clearTimeout(self.retryTimer);
      self.retryTimer = null;
    }
    self.sending = true;
    self.wokenWhileSending = false;
    var tap = self.items[0];
    return Promise.resolve().then(function () {
      var headers = {"Content-Type": "application/json", "Accept": "application/json"};
      var token = self.csrfToken();
      if (token) { headers["X-CSRFToken"] = token; }
      return self.fetch(self.url, {
        method: "POST",
        headers: headers,
        body: JSON.stringify(tap),
        credentials: "same-origin",
      });
    }).then(function (res) {
      var how = outcome(res.status);
      return Promise.resolve().then(function () { return res.json(); })
        .then(function (data) { return {how: how, data: data, json: true, status: res.status}; },
              function () { return {how: how, data: {error: "HTTP " + res.status}, json: false, status: res.status}; });
    }).then(function (answer) {
      self.sending = false;
      self.online = true;
      if (answer.how === "retry" || (answer.how === "stored" && !answer.json)) {
        self.lastError = serverWords(answer);
        self.retryLater();
        self.onChange(self);
        return;
      }
      // stored, or refused for good: off the queue (a refused one with the later taps of
      // its hand), then the next one
      if (self.items.length && self.items[0].key === tap.key) { self.items.shift(); }
      var how = answer.how === "stored" ? "stored" : answer.status === 409 ? "stale" : "refused";
      var dropped = settleAfter(self.items, tap, how, answer.data);
      self.failures = 0;
      self.lastError = null;
      self.nextDelayMs = null;
      self.save();
      try {
        if (answer.how === "stored") {
          self.onAnswer(answer.data, tap);
          // stored, but the later taps were made for a hand it did not start
          if (dropped.length) { self.onDropped(answer.data, tap, dropped); }
        }
        else { self.onRefused(answer.data, tap, {status: answer.status, dropped: dropped}); }
      } catch (e) {
        self.setTimeout(function () { throw e; }, 0);   // reported, and the queue goes on
      }
      if (answer.how === "refused" && answer.data && answer.data.csrf === true) {
        // a fresh token first (nothing goes out meanwhile); the next tap goes with it, and
        // goes even if the renewal failed
        self.sending = true;
        return Promise.resolve().then(function () { return self.renewToken(); })
          .then(null, function () {})
          .then(function () { self.sending = false; return self.flush(true); });
      }
      return self.flush(true);
    }, function () {
      self.sending = false;
      self.lastError = null;
      if (self.wokenWhileSending) {        // the connection came back meanwhile: try now
        self.wokenWhileSending = false;
        self.onChange(self);
        return self.flush(true);
      }
      self.online = false;
      self.retryLater();
      self.onChange(self);
    });
  };

  /* Doubles are recognised by the tap, never by its words: each tap the dealer makes gets
   * its own key in :func:`TapQueue.push` (a retry sends that key again and the server stores
   * a key once), so two taps that read the same ("Pot" for five seats in a row, "p4 call"
   * before and after the draw) are two taps. The one thing dropped is a double activation:
   * the SAME element (the very button, not another drawn in its place) activated again
   * within ``ms`` (default :data:`DOUBLE_MS`) with nothing activated between (the page
   * passes every click), as when one touch fires its click twice.
   * ``now``: the clock (ms; default ``Date.now``). */
  var DOUBLE_MS = 300;

  function DoubleGuard(ms, now) {
    this.ms = ms === undefined ? DOUBLE_MS : ms;
    this.now = now || function () { return Date.now(); };
    this.last = null;
    this.at = 0;
  }

  /* True when activating ``target`` now is the second half of a double activation (the
   * same element within ``ms``); every call remembers ``target`` and when. */
  DoubleGuard.prototype.isDouble = function (target) {
    var t = this.now();
    var again = target !== null && target !== undefined && target === this.last && t - this.at < this.ms;
    this.last = target === undefined ? null : target;
    this.at = t;
    return again;
  };

  TapQueue.startsHand = startsHand;

  return {TapQueue: TapQueue, uuid: uuid, outcome: outcome, stamp: stamp, settleAfter: settleAfter,
          startsHand: startsHand, eventsOf: eventsOf, DoubleGuard: DoubleGuard, DOUBLE_MS: DOUBLE_MS};
});
