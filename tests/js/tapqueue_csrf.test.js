// The tap queue and CSRF tokens (static/hand/tapqueue.js, web/core/csrf.py): every tap carries the
// page's token in X-CSRFToken; a tap refused for its token is dropped (a 4xx, never
// resent) and a fresh token is fetched before the next tap goes out.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {TapQueue} = require("../../static/hand/tapqueue.js");

const settle = () => new Promise((resolve) => setImmediate(resolve));

function memoryStorage() {
  const data = new Map();
  return {getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => { data.set(k, String(v)); }};
}

// The server: answers the scripted responses in turn; records each request's headers.
function fakeServer(script) {
  const calls = [];
  const fetch = (url, init) => {
    calls.push({key: JSON.parse(init.body).key, headers: init.headers});
    const next = script.length ? script.shift() : {status: 200, body: {ok: true}};
    return Promise.resolve({status: next.status, json: () => Promise.resolve(next.body)});
  };
  return {fetch, calls};
}

function makeQueue(script, extra) {
  const server = fakeServer(script);
  const refusals = [], answers = [];
  const timers = [];
  const queue = new TapQueue(Object.assign({
    url: "/dealer/1/tok/tap", storageKey: "taps", fetch: server.fetch, storage: memoryStorage(),
    setTimeout: (f, ms) => { timers.push(ms); return timers.length; }, clearTimeout: () => {},
    events: null, random: () => 0,
    onAnswer: (data, tap) => answers.push(tap.key),
    onRefused: (data, tap) => refusals.push([data, tap.key]),
  }, extra || {}));
  return {queue, server, refusals, answers, timers};
}

const CSRF_REFUSAL = {status: 400, body: {error: "The page's security token has expired", csrf: true}};

test("each tap carries the page's CSRF token in X-CSRFToken", async () => {
  let token = "token-1";
  const t = makeQueue([], {csrfToken: () => token});
  t.queue.push({op: "action", action: "p1 ante 5"});
  await settle();
  token = "token-2";                     // the page took a new token: the next tap sends it
  t.queue.push({op: "action", action: "p3 ante 5"});
  await settle();
  assert.deepEqual(t.server.calls.map((c) => c.headers["X-CSRFToken"]), ["token-1", "token-2"]);
  assert.equal(t.server.calls[0].headers["Content-Type"], "application/json");
});

test("the default token is the page's <meta name=\"csrf-token\">", async () => {
  const meta = {getAttribute: (name) => (name === "content" ? "from-meta" : null)};
  const doc = {querySelector: (sel) => (sel === 'meta[name="csrf-token"]' ? meta : null)};
  const saved = globalThis.document;
  globalThis.document = doc;
  try {
    const t = makeQueue([]);
    t.queue.push({op: "action", action: "p1 check"});
    await settle();
    assert.equal(t.server.calls[0].headers["X-CSRFToken"], "from-meta");
  } finally {
    globalThis.document = saved;
  }
});

test("without a token (no meta) no X-CSRFToken header is made up", async () => {
  const t = makeQueue([], {csrfToken: () => null});
  t.queue.push({op: "action", action: "p1 check"});
  await settle();
  assert.equal("X-CSRFToken" in t.server.calls[0].headers, false);
});

test("a tap refused for its token is dropped with the message, never resent, and a fresh " +
     "token is fetched before the next tap goes out", async () => {
  let token = "old";
  const order = [];
  const t = makeQueue([CSRF_REFUSAL, {status: 200, body: {}}], {
    csrfToken: () => token,
    renewToken: () => { order.push("renew"); token = "fresh"; return Promise.resolve(); },
    onRefused: (data, tap) => { order.push("refused"); t.refusals.push([data, tap.key]); },
  });
  // the next tap is not of the refused tap's hand (the later taps of its hand are dropped
  // with it: tests/js/tapversion.test.js)
  const first = t.queue.push({op: "action", hand_id: 7, action: "p1 check"});
  const second = t.queue.push({op: "start_hand", after_hand: 7});
  for (let i = 0; i < 5; i++) { await settle(); }
  assert.deepEqual(order, ["refused", "renew"]);
  assert.equal(t.refusals.length, 1);
  assert.equal(t.refusals[0][1], first);
  assert.match(t.refusals[0][0].error, /security token/);
  assert.deepEqual(t.server.calls.map((c) => [c.key, c.headers["X-CSRFToken"]]),
                   [[first, "old"], [second, "fresh"]]);
  assert.deepEqual(t.answers, [second]);
  assert.deepEqual(t.queue.items, []);
  assert.deepEqual(t.timers, []);          // refused for good: no retry timer
});

test("nothing is sent while the fresh token is on its way, and a failed renewal does not " +
     "stop the queue", async () => {
  let release;
  const t = makeQueue([CSRF_REFUSAL, {status: 200, body: {}}], {
    csrfToken: () => "tok",
    renewToken: () => new Promise((resolve, reject) => { release = reject; }),
  });
  t.queue.push({op: "action", action: "p1 check"});
  await settle(); await settle();
  const later = t.queue.push({op: "action", action: "p3 check"});   // made during the renewal
  await settle();
  assert.equal(t.server.calls.length, 1);
  release(new Error("offline"));
  for (let i = 0; i < 5; i++) { await settle(); }
  assert.deepEqual(t.server.calls.map((c) => c.key).slice(1), [later]);
  assert.deepEqual(t.queue.items, []);
});

test("another 4xx does not fetch a token", async () => {
  let renewed = 0;
  const t = makeQueue([{status: 400, body: {error: "An action is a line of text"}}], {
    csrfToken: () => "tok", renewToken: () => { renewed += 1; return Promise.resolve(); },
  });
  t.queue.push({op: "action", action: ""});
  for (let i = 0; i < 3; i++) { await settle(); }
  assert.equal(t.refusals.length, 1);
  assert.equal(renewed, 0);
});
