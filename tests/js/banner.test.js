// The tablet's dispute banner (static/hand/banner.js): the server's count, said in the page's words.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {disputeBanner} = require("../../static/hand/banner.js");

const FORMS = ["%(n)s dispute open: the host will rule on it. Play goes on.",
               "%(n)s disputes open: the host will rule on them. Play goes on."];

test("no open dispute, no banner", () => {
  assert.equal(disputeBanner(0, FORMS), null);
});

test("one open dispute takes the singular sentence with the count in it", () => {
  assert.equal(disputeBanner(1, FORMS), "1 dispute open: the host will rule on it. Play goes on.");
});

test("several open disputes take the plural sentence with the count in it", () => {
  assert.equal(disputeBanner(3, FORMS), "3 disputes open: the host will rule on them. Play goes on.");
});

test("a view without the count (an older server answer) or a nonsense count shows no banner", () => {
  for (const count of [undefined, null, "2", -1, 1.5, NaN]) {
    assert.equal(disputeBanner(count, FORMS), null, String(count));
  }
});

test("tableChanged: a rebuy, a new seat, a name or 'última mano' is a change; the same table is not", () => {
  const { tableChanged } = require("../../static/hand/banner.js");
  const seats = [{seat: 1, name: "Ana", stack: 500, held: 500, sitting_out: false, bet: 0}];
  const old = {seats, last_declared: false, last_hand: false, play_over: false};
  assert.equal(tableChanged(old, JSON.parse(JSON.stringify(old))), false);
  assert.equal(tableChanged(old, {...old, seats: [{...seats[0], stack: 700, held: 700}]}), true);   // a rebuy
  assert.equal(tableChanged(old, {...old, seats: seats.concat([{seat: 6, name: "Nuevo", stack: 300}])}), true);
  assert.equal(tableChanged(old, {...old, seats: [{...seats[0], name: "Ana María"}]}), true);
  assert.equal(tableChanged(old, {...old, last_declared: true, last_hand: true}), true);
  assert.equal(tableChanged(old, {...old, play_over: true}), true);
  assert.equal(tableChanged(old, {...old, seats: [{...seats[0], bet: 10}]}), false);   // the log's to compare
});
