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
