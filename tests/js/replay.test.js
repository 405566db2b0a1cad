// The hand replayer's stepping (static/hand/replayer.js): the pure helpers the page uses.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {clamp, stepFromHash, nextFinding} = require("../../static/hand/replayer.js");

test("a step is read from the URL fragment #step-N only", () => {
  assert.equal(stepFromHash("#step-0"), 0);
  assert.equal(stepFromHash("#step-17"), 17);
  for (const bad of ["", "#", "#step-", "#step-x", "#step--1", "#paso-3", "step-3", null, undefined]) {
    assert.equal(stepFromHash(bad), null, String(bad));
  }
});

test("the next finding is the first step with one after the current step, then wraps", () => {
  assert.equal(nextFinding(0, [11, 23]), 11);
  assert.equal(nextFinding(11, [11, 23]), 23);
  assert.equal(nextFinding(15, [11, 23]), 23);
  assert.equal(nextFinding(23, [11, 23]), 11);
  assert.equal(nextFinding(5, []), null);
});

test("stepping stops at the first and the last step", () => {
  assert.equal(clamp(-1, 24), 0);
  assert.equal(clamp(24, 24), 23);
  assert.equal(clamp(7, 24), 7);
  assert.equal(clamp(3, 0), 0);
});
