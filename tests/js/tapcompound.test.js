// Taps that store several events (static/hand/tapqueue.js): everyone's forced bets (as many
// lines as it says, ``events``: the server's ``forced`` list) and "confirm and next hand"
// (award, close, next hand: for the queue it starts a hand, as "next hand" does). The taps
// queued after them queue normally; what a stored or refused one does to them.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {stamp, settleAfter, eventsOf} = require("../../static/hand/tapqueue.js");
const {makeQueue, settle} = require("./scripted_queue.js");


test("the taps after everyone's forced bets count the hand's version on by the lines it said", () => {
  const seen = {hand_id: 7, version: 0};
  const items = [];
  items.push(stamp(items, {op: "forced_bets", hand_id: 7, events: 3}, seen));
  items.push(stamp(items, {op: "action", hand_id: 7, action: "p1 check"}, seen));
  items.push(stamp(items, {op: "action", hand_id: 7, action: "p3 check"}, seen));
  assert.deepEqual(items.map((t) => t.version), [0, 3, 4]);
  // blinds: two lines, after a tap already waiting
  const blinds = [stamp([], {op: "action", hand_id: 2, action: "p9 fold"}, {hand_id: 2, version: 5})];
  blinds.push(stamp(blinds, {op: "forced_bets", hand_id: 2, events: 2}, {hand_id: 2, version: 5}));
  blinds.push(stamp(blinds, {op: "end_hand", hand_id: 2}, {hand_id: 2, version: 5}));
  assert.deepEqual(blinds.map((t) => t.version), [5, 6, 8]);
  assert.equal(eventsOf({op: "forced_bets", events: 4}), 4);
  assert.equal(eventsOf({op: "start_hand"}), 0);
});

test("handing a wrong push's chips over carries the closed hand's version and counts on by the lines it said", () => {
  // the award gap's "at the table" tap (store/hand/operations.py hand_over): its lines are
  // events of the closed hand; a later tap of that hand (an undo) counts past them, and a
  // next hand queued after it starts from 0
  const seen = {hand_id: 7, version: 16};
  const items = [];
  items.push(stamp(items, {op: "hand_over", hand_id: 7, events: 2}, seen));
  items.push(stamp(items, {op: "undo", hand_id: 7, event_id: 99}, seen));
  assert.deepEqual(items.map((t) => t.version), [16, 18]);
  assert.equal(eventsOf({op: "hand_over", events: 2}), 2);
  assert.equal(eventsOf({op: "hand_over"}), 1);
  items.push(stamp(items, {op: "start_hand"}, seen));
  assert.equal(items[2].after_hand, 7);
  items.push(stamp(items, {op: "action", hand_id: null, action: "p1 ante 5"}, seen));
  assert.equal(items[3].version, 0);
  // refused (409: the referee now asks for other lines): the later taps of its hand go with it
  const more = [{op: "undo", hand_id: 7, key: "u"}, {op: "start_hand", key: "s"}];
  assert.deepEqual(settleAfter(more, {op: "hand_over", hand_id: 7}, "stale", {}).map((t) => t.key), ["u"]);
});

test("confirm and next hand carries its hand's version; the taps after it are the next hand's, from 0", () => {
  const seen = {hand_id: 7, version: 9};
  const items = [];
  items.push(stamp(items, {op: "finish_hand", hand_id: 7}, seen));
  assert.equal(items[0].version, 9);
  items.push(stamp(items, {op: "forced_bets", hand_id: null, events: 3}, seen));
  items.push(stamp(items, {op: "action", hand_id: null, action: "p1 check"}, seen));
  items.push(stamp(items, {op: "action", hand_id: null, action: "p3 check"}, seen));
  assert.deepEqual(items.slice(1).map((t) => t.version), [0, 3, 4]);
  // a second finish queued in that hand: counted there; then a next hand waits for its answer
  items.push(stamp(items, {op: "finish_hand", hand_id: null}, seen));
  assert.equal(items[4].version, 5);
  items.push(stamp(items, {op: "action", hand_id: null, action: "p1 ante 5"}, seen));
  assert.equal(items[5].version, 0);
  const start = stamp(items, {op: "start_hand"}, seen);
  assert.equal(start.after_hand, null);
  assert.equal(start.after_pending, true);
});

test("a stored confirm and next hand names the hand it started in the taps made for it, up to the next start", () => {
  const items = [{op: "action", hand_id: null, version: 0, key: "a"},
                 {op: "finish_hand", hand_id: null, version: 1, key: "b"},
                 {op: "action", hand_id: null, version: 0, key: "c"},
                 {op: "start_hand", after_hand: null, after_pending: true, key: "d"}];
  const dropped = settleAfter(items, {op: "finish_hand", hand_id: 7, key: "f"}, "stored",
                              {hand_id: 8, started_hand: 8});
  assert.deepEqual(dropped, []);
  assert.deepEqual(items.map((t) => t.hand_id), [8, 8, null, undefined]);
  assert.equal(items[3].after_pending, true);   // filled in by the second finish's answer
  const rest = items.slice(2);
  settleAfter(rest, {op: "finish_hand", hand_id: 8}, "stored", {started_hand: 9});
  assert.deepEqual([rest[0].hand_id, rest[1].after_hand, rest[1].after_pending], [9, 9, undefined]);
});

test("a stored confirm and next hand that started no hand drops every tap made for it", () => {
  const items = [{op: "forced_bets", hand_id: null, version: 0, events: 3, key: "a"},
                 {op: "action", hand_id: null, version: 3, key: "b"},
                 {op: "start_hand", after_hand: null, after_pending: true, key: "c"}];
  const dropped = settleAfter(items, {op: "finish_hand", hand_id: 7}, "stored", {hand_id: 7, started_hand: null});
  assert.deepEqual(dropped.map((t) => t.key), ["a", "b", "c"]);
  assert.deepEqual(items, []);
});

test("a refused tap before a queued confirm and next hand takes it and every tap after it", () => {
  const items = [{op: "action", hand_id: 7, version: 5, key: "a"},
                 {op: "finish_hand", hand_id: 7, version: 6, key: "b"},
                 {op: "action", hand_id: null, version: 0, key: "c"},
                 {op: "action", hand_id: 3, version: 0, key: "other"}];
  const dropped = settleAfter(items, {op: "action", hand_id: 7, key: "x"}, "stale", {});
  assert.deepEqual(dropped.map((t) => t.key), ["a", "b", "c", "other"]);
  // a refused forced bets: the later taps of its hand go, a queued next hand's stay
  const more = [{op: "action", hand_id: 7, key: "a"}, {op: "start_hand", key: "s"},
                {op: "action", hand_id: null, key: "n"}];
  assert.deepEqual(settleAfter(more, {op: "forced_bets", hand_id: 7}, "stale", {}).map((t) => t.key), ["a"]);
  assert.deepEqual(more.map((t) => t.key), ["s", "n"]);
  // a refused confirm and next hand: every later tap
  const after = [{op: "action", hand_id: null, key: "a"}, {op: "start_hand", key: "s"}];
  assert.deepEqual(settleAfter(after, {op: "finish_hand", hand_id: 7}, "refused", {}).map((t) => t.key), ["a", "s"]);
});

test("queued offline: forced bets, two actions, confirm and next hand, two actions: sent in order with " +
     "the versions and hands the server will have", async () => {
  const {queue, sent, answers, drops} = makeQueue([
    {status: 200, body: {hand_id: 7, version: 3}},
    {status: 200, body: {hand_id: 7, version: 4}},
    {status: 200, body: {hand_id: 7, version: 5}},
    {status: 200, body: {hand_id: 8, version: 0, started_hand: 8}},
    {status: 200, body: {hand_id: 8, version: 1}},
    {status: 200, body: {hand_id: 8, version: 2}},
  ]);
  queue.flush = () => Promise.resolve();        // offline: nothing goes out while tapping
  const seen = {hand_id: 7, version: 0};
  queue.push({op: "forced_bets", hand_id: 7, events: 3}, seen);
  queue.push({op: "action", hand_id: 7, action: "p1 check"}, seen);
  queue.push({op: "action", hand_id: 7, action: "p3 check"}, seen);
  queue.push({op: "finish_hand", hand_id: 7}, seen);
  queue.push({op: "action", hand_id: null, action: "p1 ante 5"}, seen);
  queue.push({op: "action", hand_id: null, action: "p3 ante 5"}, seen);
  delete queue.flush;                            // back online
  await queue.flush(true);
  for (let i = 0; i < 10; i++) { await settle(); }
  assert.deepEqual(sent.map((t) => [t.op, t.hand_id, t.version]),
                   [["forced_bets", 7, 0], ["action", 7, 3], ["action", 7, 4], ["finish_hand", 7, 5],
                    ["action", 8, 0], ["action", 8, 1]]);
  assert.equal(answers.length, 6);
  assert.deepEqual(drops, []);
  assert.equal(queue.items.length, 0);
});

test("a confirm and next hand stored without a next hand: the taps made for it are not sent, and named", async () => {
  const {queue, sent, answers, refusals, drops} = makeQueue([
    {status: 200, body: {hand_id: 7, version: 8, in_progress: false, started_hand: null}},
  ]);
  queue.flush = () => Promise.resolve();
  const seen = {hand_id: 7, version: 6};
  queue.push({op: "finish_hand", hand_id: 7, key: "finish-0001"}, seen);
  queue.push({op: "action", hand_id: null, action: "p1 ante 5", key: "ante-0001"}, seen);
  queue.push({op: "end_hand", hand_id: null, key: "close-0001"}, seen);
  delete queue.flush;
  await queue.flush(true);
  for (let i = 0; i < 5; i++) { await settle(); }
  assert.deepEqual(sent.map((t) => t.key), ["finish-0001"]);
  assert.deepEqual(answers, ["finish-0001"]);
  assert.deepEqual(refusals, []);
  assert.deepEqual(drops, [{key: "finish-0001", dropped: ["ante-0001", "close-0001"]}]);
  assert.equal(queue.items.length, 0);
});
