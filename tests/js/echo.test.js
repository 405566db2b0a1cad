// The tablet's echo (static/hand/echo.js): what is drawn between a tap and the server's answer.
// Run: node --test tests/js/
"use strict";

const test = require("node:test");
const assert = require("node:assert/strict");
const {echo, legalFor, logWords} = require("../../static/hand/echo.js");

// A server view as store/hand/table_view.py table_view gives it: jackpots, seats 1, 3 and 4, the
// antes in, seat 1 due (the first seat after the button, seat 4).
function serverView() {
  return {
    hand_id: 7, in_progress: true, phase: "predraw", to_act: 1, pot: 15,
    pots: [{amount: 15, seats: [1, 3, 4]}],
    legal: [{verb: "check", min: null, max: null}, {verb: "open", min: 10, max: 10},
            {verb: "fold", min: null, max: null}],
    bets: {"1": 0, "3": 0, "4": 0}, stacks: {"1": 495, "3": 495, "4": 495},
    in_hand: [1, 3, 4], dealt_in: [1, 3, 4], acted: [1, 3, 4],
    findings: [{kind: "out_of_turn", action: 1, seat: 3, details: {due: 1}}],
    proposed_awards: null, awards: null, recorded_awards: {},
    seats: [
      {seat: 1, name: "Ana", stack: 495, bet: 0, in_hand: true, button: false, to_act: true, sitting_out: false},
      {seat: 3, name: "Bruno", stack: 495, bet: 0, in_hand: true, button: false, to_act: false, sitting_out: false},
      {seat: 4, name: "Chus", stack: 495, bet: 0, in_hand: true, button: true, to_act: false, sitting_out: false},
    ],
    actions: [{event_id: 1, seq: 1, action: "p1 ante 5", voided: false},
              {event_id: 2, seq: 2, action: "p3 ante 5", voided: false},
              {event_id: 3, seq: 3, action: "p4 ante 5", voided: false}],
  };
}

const openTap = {op: "action", key: "k-open-0001", action: "p1 open 10", actor: "p", seat: 1, verb: "open", amount: 10};

test("with nothing waiting the view is the server's, with each seat's acted mark from it", () => {
  const view = serverView();
  view.acted = [1, 3];
  const out = echo(view, []);
  assert.equal(out.waiting, 0);
  assert.equal(out.to_act, 1);
  assert.deepEqual(out.legal, view.legal);
  assert.deepEqual(out.seats.map((s) => [s.seat, s.acted, s.to_act]), [[1, true, true], [3, true, false], [4, false, false]]);
  assert.deepEqual(out.actions, view.actions);
});

test("a tap is appended to the log as pending and its seat marked as acted", () => {
  const out = echo(serverView(), [openTap]);
  assert.equal(out.waiting, 1);
  assert.deepEqual(out.actions.slice(-1)[0],
                   {action: "p1 open 10", op: "action", key: "k-open-0001", reason: null, pending: true,
                    voided: false, event_id: null, actor: "p", seat: 1, verb: "open", amount: 10});
  assert.equal(out.actions.length, 4);
  const seat1 = out.seats.find((s) => s.seat === 1);
  assert.equal(seat1.acted, true);
  assert.equal(seat1.pending, true);
  assert.deepEqual(seat1.pending_actions, [{verb: "open", amount: 10}]);
  assert.equal(out.seats.find((s) => s.seat === 3).pending, false);
});

test("nothing is guessed while a tap waits: nobody due, nothing legal, no seat highlighted", () => {
  const out = echo(serverView(), [openTap]);
  assert.equal(out.to_act, null);
  assert.deepEqual(out.legal, []);
  assert.ok(out.seats.every((s) => s.to_act === false));
  // no pot arithmetic, no bets moved, no phase change: the server's numbers stay
  assert.equal(out.pot, 15);
  assert.deepEqual(out.pots, [{amount: 15, seats: [1, 3, 4]}]);
  assert.deepEqual(out.bets, {"1": 0, "3": 0, "4": 0});
  assert.equal(out.seats.find((s) => s.seat === 1).stack, 495);
  assert.equal(out.phase, "predraw");
  assert.equal(legalFor(out, 1, "open"), null);
});

test("the server's view is not changed by the echo", () => {
  const view = serverView();
  const before = JSON.stringify(view);
  echo(view, [openTap, {op: "undo", key: "k-undo-0001", reason: "typo"}]);
  assert.equal(JSON.stringify(view), before);
});

test("the server's answer replaces the echo entirely", () => {
  const waiting = echo(serverView(), [openTap]);
  const answer = serverView();
  answer.to_act = 3;
  answer.pot = 25;
  answer.legal = [{verb: "call", min: 10, max: 10}, {verb: "raise", min: 20, max: 20}, {verb: "fold", min: null, max: null}];
  answer.actions.push({event_id: 4, seq: 4, action: "p1 open 10", voided: false});
  answer.seats.forEach((s) => { s.to_act = s.seat === 3; });
  const out = echo(answer, []);
  assert.equal(waiting.to_act, null);
  assert.equal(out.to_act, 3);
  assert.equal(out.pot, 25);
  assert.ok(out.actions.every((a) => !a.pending));
  assert.equal(out.seats.find((s) => s.seat === 1).pending, false);
  assert.deepEqual(legalFor(out, 3, "raise"), {verb: "raise", min: 20, max: 20});
});

test("several taps wait in order; a dealer line marks no seat as acted", () => {
  const view = serverView();
  view.acted = [];
  const taps = [
    {op: "action", key: "a1-000001", action: "d deal p3 5", actor: "d", seat: 3, verb: "deal"},
    openTap,
    {op: "action", key: "a3-000001", action: "p3 call", actor: "p", seat: 3, verb: "call", amount: null},
    {op: "action", key: "a4-000001", action: "p3 fold", actor: "p", seat: 3, verb: "fold"},
  ];
  const out = echo(view, taps);
  assert.equal(out.waiting, 4);
  assert.deepEqual(out.actions.slice(3).map((a) => a.action), ["d deal p3 5", "p1 open 10", "p3 call", "p3 fold"]);
  assert.deepEqual(out.acted, [1, 3]);
  assert.deepEqual(out.seats.find((s) => s.seat === 3).pending_actions,
                   [{verb: "call", amount: null}, {verb: "fold", amount: null}]);
  assert.equal(out.seats.find((s) => s.seat === 4).acted, false);
});

test("an undo, a close and a next hand wait too; the next hand's log starts empty", () => {
  const out = echo(serverView(), [{op: "undo", key: "u-000001", reason: "wrong seat"}]);
  assert.equal(out.waiting, 1);
  assert.equal(out.to_act, null);
  assert.deepEqual(out.actions.slice(-1)[0].op, "undo");
  assert.equal(out.actions.slice(-1)[0].reason, "wrong seat");
  assert.equal(out.actions.length, 4);            // nothing voided by guess: the server says which

  const next = echo(serverView(), [{op: "end_hand", key: "e-000001"}, {op: "start_hand", key: "s-000001"},
                                   {op: "action", key: "n-000001", action: "p3 ante 5", actor: "p", seat: 3, verb: "ante", amount: 5}]);
  assert.deepEqual(next.actions.map((a) => [a.op, a.action]), [["start_hand", null], ["action", "p3 ante 5"]]);
  assert.deepEqual(next.acted, [3]);
  assert.deepEqual(next.findings, []);
  assert.equal(next.seats.find((s) => s.seat === 1).acted, false);
});

test("taps of unknown kinds are not echoed", () => {
  const out = echo(serverView(), [{op: "teleport", key: "x-000001"}, null]);
  assert.equal(out.waiting, 0);
  assert.equal(out.to_act, 1);
});

test("legalFor answers only for the seat the server says is due", () => {
  const view = echo(serverView(), []);
  assert.deepEqual(legalFor(view, 1, "open"), {verb: "open", min: 10, max: 10});
  assert.equal(legalFor(view, 3, "open"), null);           // not seat 3's turn: no bounds known
  assert.equal(legalFor(view, 1, "raise"), null);          // not a legal verb now
  assert.equal(legalFor(null, 1, "open"), null);
});

test("an empty or missing view still echoes a tap", () => {
  const out = echo(null, [openTap]);
  assert.equal(out.waiting, 1);
  assert.deepEqual(out.actions.map((a) => a.action), ["p1 open 10"]);
  assert.deepEqual(out.acted, [1]);
});

// The page's words as web/hand/tablet.py page_strings gives them on a Spanish page.
const ES = {
  verbs: {open: "Abro", call: "Veo", fold: "Me retiro", ante: "Ante", draw: "¿Cuántas?"},
  seat: "Asiento %(seat)s", award: "Adjudicar", serve: "Servir", misdeal: "Mal reparto",
  undo_log: "Anular", next_hand_log: "Mano siguiente", close_hand_log: "Cerrar la mano",
};
const spanishChips = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");

test("a stored log line is shown in the server's words, never as written", () => {
  const view = serverView();
  view.actions = [{event_id: 1, seq: 1, action: "p1 ante 5", voided: false, words: "Ana pone 5 de ante"},
                  {event_id: 2, seq: 2, action: "p3 open 2", voided: true, words: "Bruno abre 2"}];
  const out = echo(view, []);
  assert.deepEqual(out.actions.map((a) => logWords(a, out, ES)), ["Ana pone 5 de ante", "Bruno abre 2"]);
  // no words from the server: nothing made up from the line (no rule or wording in the page)
  assert.equal(logWords({event_id: 3, seq: 3, action: "p4 fold", voided: false}, out, ES), "");
});

test("a waiting tap is said as tapped: the seat's name and the button's label, not its line", () => {
  const taps = [openTap,
                {op: "action", key: "k-award-01", action: "d award p4 1800", actor: "d", seat: 4, verb: "award", amount: 1800},
                {op: "action", key: "k-misdeal", action: "d misdeal", actor: "d", seat: null, verb: "misdeal"},
                {op: "undo", key: "k-undo-001", event_id: 3, reason: "error"},
                {op: "end_hand", key: "k-end-0001"}];
  const out = echo(serverView(), taps);
  const said = out.actions.filter((a) => a.pending).map((a) => logWords(a, out, ES, spanishChips));
  assert.deepEqual(said, ["Ana · Abro 10", "Chus · Adjudicar 1.800", "Mal reparto", "Anular: error", "Cerrar la mano"]);
  assert.ok(said.every((w) => !/\bp\d|\bd (award|misdeal)/.test(w)), said.join(" | "));
  // a seat nobody sits in is named by its number; a "next hand" tap by name
  const next = echo(serverView(), [{op: "start_hand", key: "k-next-001"},
                                   {op: "action", key: "k-p7-00001", action: "p7 call", actor: "p", seat: 7, verb: "call"}]);
  assert.deepEqual(next.actions.map((a) => logWords(a, next, ES)), ["Mano siguiente", "Asiento 7 · Veo"]);
});

test("a refused tap (the page's own object, not yet in the log) is said the same way", () => {
  assert.equal(logWords({op: "action", key: "k-fold-001", action: "p3 fold", actor: "p", seat: 3, verb: "fold",
                         amount: null}, serverView(), ES), "Bruno · Me retiro");
  assert.equal(logWords({op: "undo", key: "k-undo-002", event_id: 9, reason: "mal"}, serverView(), ES), "Anular: mal");
});
