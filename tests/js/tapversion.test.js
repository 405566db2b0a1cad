// Two tablets on one hand (static/hand/tapqueue.js): the version each queued tap carries, the
// last hand a "next hand" saw, and what a 409 (a tap made on an out-of-date table) drops.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {stamp, settleAfter} = require("../../static/hand/tapqueue.js");
const {makeQueue, settle} = require("./scripted_queue.js");


test("a tap carries the version the table showed plus the taps queued before it for that hand", () => {
  const items = [];
  const seen = {hand_id: 7, version: 4};
  items.push(stamp(items, {op: "action", hand_id: 7, action: "p1 check"}, seen));
  items.push(stamp(items, {op: "action", hand_id: 7, action: "p3 open 10"}, seen));
  items.push(stamp(items, {op: "undo", hand_id: 7, event_id: 99, reason: "x"}, seen));
  items.push(stamp(items, {op: "end_hand", hand_id: 7}, seen));
  assert.deepEqual(items.map((t) => t.version), [4, 5, 6, 7]);
  // a tap of another hand (a table seen later) does not count them
  assert.equal(stamp(items, {op: "action", hand_id: 8}, {hand_id: 8, version: 0}).version, 0);
});

test("the next hand says the last hand seen; taps made for it count from 0", () => {
  const items = [stamp([], {op: "end_hand", hand_id: 7}, {hand_id: 7, version: 12})];
  items.push(stamp(items, {op: "start_hand"}, {hand_id: 7, version: 12}));
  assert.equal(items[1].after_hand, 7);
  items.push(stamp(items, {op: "action", hand_id: null, action: "p1 ante 5"}, {hand_id: 7, version: 12}));
  items.push(stamp(items, {op: "action", hand_id: null, action: "p2 ante 5"}, {hand_id: 7, version: 12}));
  assert.deepEqual(items.slice(2).map((t) => t.version), [0, 1]);
  assert.equal(stamp([], {op: "start_hand"}, {hand_id: null, version: 0}).after_hand, null);
  // a second next hand queued: its last hand is the one the first starts (filled in later)
  const second = stamp(items, {op: "start_hand"}, {hand_id: 7, version: 12});
  assert.equal(second.after_hand, null);
  assert.equal(second.after_pending, true);
});

test("a stored next hand names its hand in the taps made for it and in the next start", () => {
  const items = [{op: "action", hand_id: null, version: 0, key: "a"},
                 {op: "end_hand", hand_id: null, version: 1, key: "b"},
                 {op: "start_hand", after_hand: null, after_pending: true, key: "c"},
                 {op: "action", hand_id: null, version: 0, key: "d"}];
  settleAfter(items, {op: "start_hand", key: "s"}, "stored", {hand_id: 31});
  assert.deepEqual(items.map((t) => t.hand_id), [31, 31, undefined, null]);
  assert.equal(items[2].after_hand, 31);
  assert.equal(items[2].after_pending, undefined);
});

test("a tap refused for good (a 400) stored nothing: the later taps of its hand were made on a " +
     "table that included it, so they are dropped, never re-stamped to lower versions", () => {
  const items = [{op: "action", hand_id: 7, version: 11, key: "b"},
                 {op: "action", hand_id: 8, version: 2, key: "c"},
                 {op: "end_hand", hand_id: 7, version: 12, key: "d"}];
  const dropped = settleAfter(items, {op: "action", hand_id: 7, version: 10, key: "a"}, "refused");
  assert.deepEqual(dropped.map((t) => [t.key, t.version]), [["b", 11], ["d", 12]]);
  assert.deepEqual(items.map((t) => [t.key, t.version]), [["c", 2]]);
});

test("a tap refused for its token (400, csrf) drops the later taps of its hand and names them: " +
     "none of them is sent", async () => {
  const t = makeQueue([{status: 400, body: {error: "token", csrf: true}}, {status: 200, body: {}}]);
  const seen = {hand_id: 1, version: 0};
  t.queue.push({op: "action", hand_id: 1, action: "p2 ante 1", key: "tap-ante"}, seen);
  t.queue.push({op: "action", hand_id: 1, action: "p3 check", key: "tap-check"}, seen);
  t.queue.push({op: "action", hand_id: 1, action: "p4 check", key: "tap-check4"}, seen);
  for (let i = 0; i < 6; i++) { await settle(); }
  assert.deepEqual(t.sent.map((b) => [b.key, b.version]), [["tap-ante", 0]]);
  assert.deepEqual(t.refusals, [{key: "tap-ante", status: 400, dropped: ["tap-check", "tap-check4"]}]);
  assert.deepEqual(t.queue.items, []);
});

test("a refused next hand (a 400) drops every tap queued after it", async () => {
  const t = makeQueue([{status: 400, body: {error: "A hand is in progress"}}]);
  t.queue.push({op: "start_hand", key: "start"}, {hand_id: 7, version: 3});
  t.queue.push({op: "action", hand_id: null, action: "p1 ante 5", key: "ante"}, {hand_id: 7, version: 3});
  for (let i = 0; i < 3; i++) { await settle(); }
  assert.deepEqual(t.sent.map((b) => b.key), ["start"]);
  assert.deepEqual(t.refusals, [{key: "start", status: 400, dropped: ["ante"]}]);
});

test("a 409 drops the tap and the later taps of its hand, names them, and sends the rest", async () => {
  const t = makeQueue([{status: 409, body: {error: "stale", stale: true}}, {status: 200, body: {}}]);
  const seen = {hand_id: 7, version: 4};
  t.queue.push({op: "action", hand_id: 7, action: "p1 check", key: "tap-a"}, seen);
  t.queue.push({op: "action", hand_id: 7, action: "p3 open 10", key: "tap-b"}, seen);
  t.queue.push({op: "end_hand", hand_id: 7, key: "tap-c"}, seen);
  t.queue.push({op: "action", hand_id: 8, action: "p2 ante 5", key: "tap-d"}, {hand_id: 8, version: 0});
  await settle(); await settle(); await settle();
  assert.deepEqual(t.sent.map((b) => [b.key, b.version]), [["tap-a", 4], ["tap-d", 0]]);
  assert.deepEqual(t.refusals, [{key: "tap-a", status: 409, dropped: ["tap-b", "tap-c"]}]);
  assert.deepEqual(t.answers, ["tap-d"]);
  assert.deepEqual(t.queue.items, []);
});

test("a 409 is never resent, and a refused next hand drops every tap made after it", async () => {
  const t = makeQueue([{status: 409, body: {error: "another hand", stale: true}}]);
  t.queue.push({op: "start_hand", key: "start"}, {hand_id: 7, version: 3});
  t.queue.push({op: "action", hand_id: null, action: "p1 ante 5", key: "ante"}, {hand_id: 7, version: 3});
  await settle(); await settle();
  assert.deepEqual(t.sent.map((b) => [b.key, b.after_hand]), [["start", 7]]);
  assert.deepEqual(t.refusals, [{key: "start", status: 409, dropped: ["ante"]}]);
  assert.deepEqual(t.queue.items, []);
});
