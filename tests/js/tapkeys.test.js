// Doubles by the tap's key (issue 15): each tap the dealer makes gets its own key when it is
// made, a retry sends the same key again, a reload keeps it; taps that read the same are
// distinct taps, all sent. Only the same element activated twice within 300 ms is a double
// (static/hand/tapqueue.js DoubleGuard).
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {TapQueue, DoubleGuard, DOUBLE_MS} = require("../../static/hand/tapqueue.js");

const settle = () => new Promise((resolve) => setImmediate(resolve));

function makeQueue(script, storage) {
  const sent = [];
  const timers = [];
  storage = storage || new Map();
  const queue = new TapQueue({
    url: "/dealer/1/tok/tap", storageKey: "taps",
    storage: {getItem: (k) => storage.get(k) || null, setItem: (k, v) => storage.set(k, v)},
    fetch: (url, init) => {
      sent.push(JSON.parse(init.body));
      const next = script.length ? script.shift() : {status: 200, body: {}};
      if (next === "network") { return Promise.reject(new TypeError("Failed to fetch")); }
      return Promise.resolve({status: next.status, json: () => Promise.resolve(next.body)});
    },
    setTimeout: (f) => { timers.push(f); return timers.length; }, clearTimeout: () => {},
    events: null, random: () => 0,
  });
  return {queue, sent, timers, storage};
}

test("five taps with the same words for five seats are five keys, all sent", async () => {
  const t = makeQueue([]);
  const keys = [1, 2, 3, 4, 5].map((seat) => t.queue.push({op: "action", hand_id: 7, action: "p" + seat + " ante 5"},
                                                          {hand_id: 7, version: seat - 1}));
  const again = [1, 2].map(() => t.queue.push({op: "action", hand_id: 7, action: "p4 call"}, {hand_id: 7, version: 5}));
  for (let i = 0; i < 10; i++) { await settle(); }
  assert.equal(new Set(keys.concat(again)).size, 7);
  assert.deepEqual(t.sent.map((b) => b.key), keys.concat(again));
  assert.deepEqual(t.sent.slice(5).map((b) => b.action), ["p4 call", "p4 call"]);
  assert.equal(t.queue.items.length, 0);
});

test("a retry sends the tap's own key again, and a reload keeps it", async () => {
  const t = makeQueue(["network"]);
  const key = t.queue.push({op: "action", hand_id: 7, action: "p1 check"}, {hand_id: 7, version: 3});
  await settle(); await settle();
  assert.equal(t.sent.length, 1);
  assert.equal(t.queue.items[0].key, key);                   // still waiting, same key
  // the page reloads: a new queue on the same storage has the tap with its key
  const reloaded = makeQueue([{status: 200, body: {}}], t.storage);
  assert.equal(reloaded.queue.items.length, 1);
  assert.equal(reloaded.queue.items[0].key, key);
  await reloaded.queue.flush(true);
  assert.deepEqual(reloaded.sent.map((b) => [b.key, b.version]), [[key, 3]]);
  assert.equal(reloaded.queue.items.length, 0);
});

test("only the same element activated again within 300 ms is a double", () => {
  let now = 1000;
  const guard = new DoubleGuard(undefined, () => now);
  assert.equal(DOUBLE_MS, 300);
  const call = {id: "call"}, callRedrawn = {id: "call"}, fold = {id: "fold"};
  assert.equal(guard.isDouble(call), false);
  assert.equal(guard.isDouble(call), true);                  // one touch, two clicks
  now += 10;
  assert.equal(guard.isDouble(callRedrawn), false);          // the next seat's button in its place
  assert.equal(guard.isDouble(fold), false);
  now += 299;
  assert.equal(guard.isDouble(fold), true);
  now += 300;
  assert.equal(guard.isDouble(fold), false);                 // the same button later: a new tap
  assert.equal(guard.isDouble(null), false);                 // no element (the keyboard's Enter)
  assert.equal(guard.isDouble(null), false);
  // the keypad's Enter, a seat, the keypad's Enter again: two entries, not a double
  const ok = {id: "amount-ok"}, seat = {id: "seat-4"};
  assert.equal(guard.isDouble(ok), false);
  assert.equal(guard.isDouble(seat), false);
  assert.equal(guard.isDouble(ok), false);
});
