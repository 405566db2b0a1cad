// A TapQueue (static/hand/tapqueue.js) whose server answers the scripted {status, body} in
// turn, for the node tests of the queue (tapversion, tapcompound); every sent body kept,
// every answer, refusal and dropped tap recorded. Not a test file itself.
"use strict";

const {TapQueue} = require("../../static/hand/tapqueue.js");

const settle = () => new Promise((resolve) => setImmediate(resolve));

function makeQueue(script) {
  const sent = [], answers = [], refusals = [], drops = [];
  const store = new Map();
  const queue = new TapQueue({
    url: "/dealer/1/tok/tap", storageKey: "taps",
    storage: {getItem: (k) => store.get(k) || null, setItem: (k, v) => store.set(k, v)},
    fetch: (url, init) => {
      sent.push(JSON.parse(init.body));
      const next = script.shift() || {status: 200, body: {}};
      return Promise.resolve({status: next.status, json: () => Promise.resolve(next.body)});
    },
    setTimeout: () => null, clearTimeout: () => {}, events: null, random: () => 0,
    onAnswer: (data, tap) => answers.push(tap.key),
    onRefused: (data, tap, info) => refusals.push({key: tap.key, status: info.status,
                                                   dropped: info.dropped.map((t) => t.key)}),
    onDropped: (data, tap, dropped) => drops.push({key: tap.key, dropped: dropped.map((t) => t.key)}),
  });
  return {queue, sent, answers, refusals, drops};
}

module.exports = {makeQueue, settle};
