// The offline tap queue (static/hand/tapqueue.js): idempotency keys, order, resend on
// reconnect, 4xx never resent, 5xx retried with back-off.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {TapQueue, uuid, outcome} = require("../../static/hand/tapqueue.js");

function memoryStorage(initial) {
  const data = new Map(Object.entries(initial || {}));
  return {
    getItem: (k) => (data.has(k) ? data.get(k) : null),
    setItem: (k, v) => { data.set(k, String(v)); },
    data,
  };
}

// A fake clock: timers run only when the test says so.
function fakeTimers() {
  const timers = [];
  return {
    timers,
    setTimeout: (f, ms) => { const t = {f, ms, done: false}; timers.push(t); return t; },
    clearTimeout: (t) => { if (t) { t.done = true; } },
    pending: () => timers.filter((t) => !t.done),
    fire: async () => {
      const live = timers.filter((t) => !t.done);
      assert.ok(live.length, "a timer is set");
      const t = live[live.length - 1];
      t.done = true;
      await t.f();
      await settle();
    },
  };
}

function fakeEvents() {
  const handlers = {};
  return {
    addEventListener: (name, f) => { (handlers[name] = handlers[name] || []).push(f); },
    fire: (name) => (handlers[name] || []).forEach((f) => f()),
  };
}

// The server: answers the scripted responses in turn ({status, body} or "network").
function fakeServer(script) {
  const calls = [];
  const fetch = (url, init) => {
    calls.push({url, body: JSON.parse(init.body), method: init.method});
    const next = script.length ? script.shift() : {status: 200, body: {ok: true}};
    if (next === "network") { return Promise.reject(new TypeError("Failed to fetch")); }
    return Promise.resolve({
      status: next.status,
      json: () => (next.raw !== undefined ? Promise.reject(new SyntaxError("not JSON")) : Promise.resolve(next.body)),
    });
  };
  return {fetch, calls};
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function makeQueue(script, extra) {
  const server = fakeServer(script);
  const timers = fakeTimers();
  const events = fakeEvents();
  const storage = memoryStorage();
  const answers = [], refusals = [];
  const queue = new TapQueue(Object.assign({
    url: "/dealer/1/tok/tap", storageKey: "taps", fetch: server.fetch, storage,
    setTimeout: timers.setTimeout, clearTimeout: timers.clearTimeout, events,
    random: () => 0, retryMs: 1000, maxRetryMs: 8000,
    onAnswer: (data, tap) => answers.push([data, tap.key]),
    onRefused: (data, tap) => refusals.push([data, tap.key]),
  }, extra || {}));
  return {queue, server, timers, events, storage, answers, refusals};
}

test("each tap gets an idempotency key, is kept in storage and sent once answered", async () => {
  const t = makeQueue([{status: 200, body: {to_act: 3}}]);
  const key = t.queue.push({op: "action", action: "p1 ante 5"});
  assert.match(key, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(JSON.parse(t.storage.getItem("taps"))[0].key, key);
  await settle();
  assert.equal(t.server.calls.length, 1);
  assert.equal(t.server.calls[0].body.key, key);
  assert.equal(t.server.calls[0].method, "POST");
  assert.deepEqual(t.answers, [[{to_act: 3}, key]]);
  assert.deepEqual(t.queue.items, []);
  assert.equal(t.storage.getItem("taps"), "[]");
});

test("a key given by the page is kept; two taps get two keys", () => {
  const t = makeQueue([]);
  assert.equal(t.queue.push({op: "action", action: "p1 check", key: "my-key-000001"}), "my-key-000001");
  assert.notEqual(uuid(), uuid());
});

test("offline, taps wait in order and go out in order, the same keys, when the connection is back", async () => {
  const t = makeQueue(["network", "network", {status: 200, body: {n: 1}}, {status: 200, body: {n: 2}}]);
  const k1 = t.queue.push({op: "action", action: "p1 ante 5"});
  await settle();
  const k2 = t.queue.push({op: "action", action: "p3 ante 5"});   // a new tap tries at once
  await settle();
  assert.equal(t.queue.online, false);
  assert.deepEqual(t.queue.items.map((x) => x.key), [k1, k2]);
  assert.equal(t.timers.pending().length, 1);                    // one back-off timer, not two
  t.events.fire("online");
  await settle(); await settle();
  assert.deepEqual(t.server.calls.map((c) => c.body.key), [k1, k1, k1, k2]);
  assert.deepEqual(t.answers.map((a) => a[1]), [k1, k2]);
  assert.equal(t.queue.online, true);
  assert.deepEqual(t.queue.items, []);
});

test("the connection back while a try is still failing: sent at once, not after the back-off", async () => {
  // the try in flight when the browser says "online" fails (it left while offline); the
  // queue must not wait out a back-off nobody will shorten (the page's clock may not run)
  let reject;
  const calls = [];
  const fetch = (url, init) => {
    calls.push(JSON.parse(init.body).key);
    if (calls.length === 1) { return new Promise((_, no) => { reject = no; }); }
    return Promise.resolve({status: 200, json: () => Promise.resolve({n: calls.length})});
  };
  const t = makeQueue([], {fetch});
  const key = t.queue.push({op: "action", action: "p1 ante 5"});
  await settle();
  t.events.fire("online");                  // while the first try is in flight
  reject(new TypeError("Failed to fetch"));
  await settle(); await settle();
  assert.deepEqual(calls, [key, key]);
  assert.deepEqual(t.answers.map((a) => a[1]), [key]);
  assert.deepEqual(t.queue.items, []);
  assert.equal(t.timers.pending().length, 0);
});

test("a reload keeps the waiting taps and sends them", async () => {
  const storage = memoryStorage({taps: JSON.stringify([{op: "action", action: "p1 check", key: "kept-000001"}])});
  const t = makeQueue([], {storage});
  assert.deepEqual(t.queue.items.map((x) => x.key), ["kept-000001"]);
  await t.queue.flush();
  assert.deepEqual(t.server.calls.map((c) => c.body.key), ["kept-000001"]);
});

test("a 4xx answer is reported and not resent", async () => {
  const t = makeQueue([{status: 400, body: {error: "An action is a line of text"}}]);
  const key = t.queue.push({op: "action", hand_id: 7, action: ""});
  const next = t.queue.push({op: "action", hand_id: 8, action: "p1 check"});   // another hand: sent
  await settle(); await settle();
  assert.deepEqual(t.refusals, [[{error: "An action is a line of text"}, key]]);
  assert.deepEqual(t.answers.map((a) => a[1]), [next]);
  assert.deepEqual(t.server.calls.map((c) => c.body.key), [key, next]);   // sent once each
  assert.deepEqual(t.timers.pending(), []);                                // no retry set
});

test("a 4xx whose body is not JSON (a 404 page) is refused once, not resent forever", async () => {
  const t = makeQueue([{status: 404, raw: "<html>"}]);
  const key = t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.deepEqual(t.refusals, [[{error: "HTTP 404"}, key]]);
  assert.deepEqual(t.queue.items, []);
  assert.deepEqual(t.timers.pending(), []);
});

test("a 5xx is retried with a doubling back-off, capped, and the tap is kept until stored", async () => {
  const t = makeQueue([{status: 500, body: {}}, {status: 503, raw: ""}, {status: 502, body: {}},
                       {status: 500, body: {}}, {status: 500, body: {}}, {status: 200, body: {ok: 1}}]);
  const key = t.queue.push({op: "action", action: "p1 check"});
  await settle();
  const delays = [];
  for (let i = 0; i < 5; i++) {
    assert.equal(t.timers.pending().length, 1);
    delays.push(t.timers.pending()[0].ms);
    await t.timers.fire();
  }
  assert.deepEqual(delays, [1000, 2000, 4000, 8000, 8000]);
  assert.equal(t.server.calls.length, 6);
  assert.ok(t.server.calls.every((c) => c.body.key === key));
  assert.deepEqual(t.answers, [[{ok: 1}, key]]);
  assert.deepEqual(t.refusals, []);
  assert.equal(t.queue.failures, 0);
  assert.deepEqual(t.timers.pending(), []);
});

test("the server's words for a tap not stored yet (busy, disk full) are kept while it waits, never silent", async () => {
  const full = "The server's disk is full: the tap was not stored.";
  const t = makeQueue([{status: 507, body: {error: full}}, {status: 503, raw: ""}, "network",
                       {status: 503, body: {error: "busy"}}, {status: 200, body: {ok: 1}}]);
  const seen = [];
  t.queue.onChange = (q) => seen.push(q.lastError);
  const key = t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.equal(t.queue.lastError, full);            // said, and the tap kept for the next try
  assert.deepEqual(t.queue.items.map((x) => x.key), [key]);
  assert.ok(seen.includes(full));                   // the page was told (it redraws on onChange)
  await t.timers.fire();
  assert.equal(t.queue.lastError, null);            // a body with no words: none kept
  await t.timers.fire();
  assert.equal(t.queue.lastError, null);            // offline: the page says that instead
  await t.timers.fire();
  assert.equal(t.queue.lastError, "busy");
  await t.timers.fire();
  assert.equal(t.queue.lastError, null);            // stored: nothing to say
  assert.deepEqual(t.answers, [[{ok: 1}, key]]);
  assert.ok(t.server.calls.every((c) => c.body.key === key));
});

test("while a back-off runs, nothing is sent early except for a new tap or the connection back", async () => {
  const t = makeQueue([{status: 500, body: {}}, {status: 200, body: {}}, {status: 200, body: {}}]);
  t.queue.push({op: "action", action: "p1 check"});
  await settle();
  await t.queue.flush();                       // the page's own refresh: waits the back-off
  assert.equal(t.server.calls.length, 1);
  t.queue.push({op: "action", action: "p3 check"});
  await settle(); await settle();
  assert.equal(t.server.calls.length, 3);
  assert.deepEqual(t.queue.items, []);
});

test("408 and 429 are retried (the server did not judge the tap)", async () => {
  assert.equal(outcome(408), "retry");
  assert.equal(outcome(429), "retry");
  assert.equal(outcome(400), "refused");
  assert.equal(outcome(409), "refused");
  assert.equal(outcome(200), "stored");
  assert.equal(outcome(503), "retry");
  const t = makeQueue([{status: 429, body: {}}, {status: 200, body: {}}]);
  t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.equal(t.queue.items.length, 1);
  await t.timers.fire();
  assert.equal(t.queue.items.length, 0);
});

test("a 2xx whose body is not JSON (a captive portal) is resent, not taken as stored", async () => {
  const t = makeQueue([{status: 200, raw: "<html>login</html>"}, {status: 200, body: {ok: 1}}]);
  t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.equal(t.queue.items.length, 1);
  assert.deepEqual(t.answers, []);
  await t.timers.fire();
  assert.equal(t.answers.length, 1);
});

test("the back-off gets up to a quarter added at random", () => {
  const t = makeQueue([], {random: () => 1});
  assert.equal(t.queue.delayFor(1), 1250);
  assert.equal(t.queue.delayFor(10), 10000);
});

test("a page callback that throws does not stop the queue", async () => {
  let thrown = 0;
  const t = makeQueue([{status: 200, body: {}}, {status: 200, body: {}}], {
    onAnswer: () => { thrown += 1; throw new Error("render failed"); },
  });
  t.queue.push({op: "action", action: "p1 check"});
  t.queue.push({op: "action", action: "p3 check"});
  await settle(); await settle();
  assert.equal(thrown, 2);
  assert.deepEqual(t.queue.items, []);
});

test("storage that refuses writes (private mode) keeps the queue in memory", async () => {
  const storage = {getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("quota"); }};
  const t = makeQueue(["network"], {storage});
  t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.equal(t.queue.items.length, 1);
});
