/* Tapete tap queue: no tap is lost when the connection drops.
 *
 * Each tap gets a client-made idempotency key and goes into a queue kept in localStorage
 * (so a reload keeps it too). The queue is sent in order, one request at a time, with
 * fetch. A network failure or a 5xx leaves the tap at the head of the queue; sending
 * resumes when the browser fires `online`, on a timer, or on the next tap. The server
 * stores each key once, so a tap that reached it but whose answer was lost is harmless
 * to resend. A 4xx answer (the server refused the tap: bad input) drops it and reports it.
 */
(function (global) {
  "use strict";

  function uuid() {
    if (global.crypto && typeof global.crypto.randomUUID === "function") {
      return global.crypto.randomUUID();
    }
    // Pages served over plain http on a LAN address are not a secure context: build a
    // version-4 UUID from getRandomValues instead.
    var b = new Uint8Array(16);
    global.crypto.getRandomValues(b);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    var h = Array.prototype.map.call(b, function (x) { return (x + 0x100).toString(16).slice(1); }).join("");
    return h.slice(0, 8) + "-" + h.slice(8, 12) + "-" + h.slice(12, 16) + "-" + h.slice(16, 20) + "-" + h.slice(20);
  }

  function TapQueue(opts) {
    this.url = opts.url;
    this.storageKey = opts.storageKey;
    this.onAnswer = opts.onAnswer || function () {};
    this.onRefused = opts.onRefused || function () {};
    this.onChange = opts.onChange || function () {};
    this.retryMs = opts.retryMs || 3000;
    this.sending = false;
    this.online = true;
    this.items = this.load();
    var self = this;
    global.addEventListener("online", function () { self.flush(); });
    global.addEventListener("offline", function () { self.online = false; self.onChange(self); });
    this.timer = global.setInterval(function () { self.flush(); }, this.retryMs);
  }

  TapQueue.prototype.load = function () {
    try {
      return JSON.parse(global.localStorage.getItem(this.storageKey) || "[]");
    } catch (e) {
      return [];
    }
  };

  TapQueue.prototype.save = function () {
    global.localStorage.setItem(this.storageKey, JSON.stringify(this.items));
    this.onChange(this);
  };

  /* Queue one tap (a plain object: op, action, ...); returns its key. */
  TapQueue.prototype.push = function (tap) {
    tap.key = tap.key || uuid();
    tap.queued_at = new Date().toISOString();
    this.items.push(tap);
    this.save();
    this.flush();
    return tap.key;
  };

  TapQueue.prototype.flush = function () {
    var self = this;
    if (self.sending || self.items.length === 0) {
      return Promise.resolve();
    }
    self.sending = true;
    var tap = self.items[0];
    return global.fetch(self.url, {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept": "application/json"},
      body: JSON.stringify(tap),
      credentials: "same-origin",
    }).then(function (res) {
      if (res.status >= 500) {
        throw new Error("server " + res.status);
      }
      return res.json().then(function (data) { return {ok: res.ok, data: data}; });
    }).then(function (answer) {
      // Stored (or refused for good): take it off the queue, then send the next one.
      if (self.items.length && self.items[0].key === tap.key) {
        self.items.shift();
      }
      self.online = true;
      self.sending = false;
      self.save();
      if (answer.ok) {
        self.onAnswer(answer.data, tap);
      } else {
        self.onRefused(answer.data, tap);
      }
      return self.flush();
    }).catch(function () {
      self.online = false;
      self.sending = false;
      self.onChange(self);
    });
  };

  global.TapQueue = TapQueue;
  global.tapeteUuid = uuid;
})(window);
