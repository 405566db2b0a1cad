/* Tapete: the tablet's echo of taps the server has not answered yet. Pure: no DOM, no clock,
 * no network; usable from the page (window.TapeteEcho) and from node (require).
 *
 * echo(view, taps) -> the view to draw until the server answers: the server's last view
 * (``store/hand/table_view.py`` ``table_view``) with the waiting taps shown as they were tapped, and
 * nothing guessed. The rules stay with the referee: no turn order, no bet size, no pot
 * arithmetic, no legal moves here. While a tap waits:
 *   - ``waiting`` is the number of taps not yet answered (0: the view is the server's own);
 *   - each tap is appended to ``actions`` as ``{"action", "op", "key", "pending": true}``
 *     with what was tapped (``actor``, ``seat``, ``verb``, ``amount``: :func:`logWords`);
 *   - a player's tap (``actor: "p"``) adds its seat to ``acted`` and marks that seat
 *     ``acted`` and ``pending``, with the tap's words in ``pending_actions``;
 *   - nobody is due and nothing is legal: ``to_act`` null, ``legal`` empty, no seat
 *     ``to_act`` (the page says "waiting" until the referee answers);
 *   - after a waiting "next hand" or "confirm and next hand" tap the log, the seats' acted
 *     marks, the findings and the awards are the new hand's: empty.
 * A tap is the page's own object: ``{"op": "action"|"undo"|"end_hand"|"start_hand"|
 * "forced_bets"|"finish_hand", "key",
 * "action": "p3 open 10", "actor": "p"|"d", "seat": int, "verb": str, "amount": int|null,
 * "reason": str}``; its seat and verb are what the dealer tapped, never read back from the
 * action's words. The server's answer replaces the whole echo (call echo(answer, rest)).
 */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) { module.exports = api; }
  else { root.TapeteEcho = api; }
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  var OPS = ["action", "undo", "end_hand", "start_hand", "forced_bets", "finish_hand"];

  function copy(value) {
    return value === undefined ? undefined : JSON.parse(JSON.stringify(value));
  }

  function isSeat(n) {
    return typeof n === "number" && isFinite(n) && Math.floor(n) === n;
  }

  /* The optimistic view: ``view`` (not changed) with ``taps`` (in the order tapped) echoed.
   * :param view: the server's last view (a JSON-able object), or null before any.
   * :param taps: the taps waiting for an answer (array; taps of unknown ops are ignored).
   * :returns: a new object; ``waiting`` (int) says how many taps it echoes. */
  function echo(view, taps) {
    var out = copy(view || {});
    var list = (taps || []).filter(function (t) { return t && OPS.indexOf(t.op) >= 0; });
    out.waiting = list.length;
    out.actions = out.actions || [];
    out.acted = out.acted || [];
    out.seats = out.seats || [];
    out.seats.forEach(function (s) {
      s.acted = out.acted.indexOf(s.seat) >= 0;
      s.pending = false;
      s.pending_actions = [];
    });
    if (!list.length) { return out; }

    out.to_act = null;
    out.legal = [];
    out.seats.forEach(function (s) { s.to_act = false; });
    list.forEach(function (t) {
      if (t.op === "start_hand" || t.op === "finish_hand") {   // the taps after it: the next hand's
        out.actions = [];
        out.acted = [];
        out.findings = [];
        out.proposed_awards = null;
        out.awards = null;
        out.recorded_awards = {};
        out.seats.forEach(function (s) { s.acted = false; s.pending_actions = []; });
      }
      var tapped = t.op === "action";
      out.actions.push({action: tapped ? t.action : null, op: t.op, key: t.key || null,
                        reason: t.op === "undo" ? (t.reason || "") : null, pending: true,
                        voided: false, event_id: null,
                        actor: tapped ? t.actor || null : null, seat: tapped && isSeat(t.seat) ? t.seat : null,
                        verb: tapped ? t.verb || null : null,
                        amount: tapped && t.amount !== undefined ? t.amount : null});
      if (t.op !== "action" || t.actor !== "p" || !isSeat(t.seat)) { return; }
      if (out.acted.indexOf(t.seat) < 0) { out.acted.push(t.seat); }
      out.seats.forEach(function (s) {
        if (s.seat !== t.seat) { return; }
        s.acted = true;
        s.pending = true;
        s.pending_actions.push({verb: t.verb || null, amount: t.amount === undefined ? null : t.amount});
      });
    });
    return out;
  }

  /* The legal entry for ``verb`` in a view, or null: only for the seat the server says is
   * due, and only while no tap waits (then nothing is known to be legal). */
  function legalFor(view, seat, verb) {
    if (!view || view.waiting || seat === null || seat === undefined || view.to_act !== seat) {
      return null;
    }
    return (view.legal || []).filter(function (l) { return l.verb === verb; })[0] || null;
  }

  /* A log entry in words, never its line as written (that line is only its title):
   *   - a stored line: ``words``, the referee's sentence the server gave it in the page's
   *     language (web/hand/tablet.py ``said``, ``web.core.i18n.say_line``: "Íñigo abre 2");
   *   - a waiting tap (or one refused): what the dealer tapped, the seat's name and the
   *     button's label ("Íñigo · Abro 2"), as the seat's own waiting mark says it; an
   *     undo with its reason; "next hand" / "close the hand" by name.
   * :param entry: an ``actions`` entry of :func:`echo`'s view, or a tap (its own fields).
   * :param view: the view (its ``seats`` give the names).
   * :param strings: the page's words (web/hand/tablet.py ``page_strings``: ``verbs``, ``seat``,
   *     ``deal``, ``serve``, ``award``, ``misdeal``, ``undo_log``, ``next_hand_log``,
   *     ``close_hand_log``).
   * :param num: chips as the page writes them (function; default String). */
  function logWords(entry, view, strings, num) {
    num = num || String;
    if (!entry.op) { return entry.words || ""; }   // the server's stored line (a tap has an op)
    if (entry.op === "undo") { return strings.undo_log + (entry.reason ? ": " + entry.reason : ""); }
    if (entry.op === "start_hand") { return strings.next_hand_log; }
    if (entry.op === "forced_bets") { return strings.forced_ante; }
    if (entry.op === "finish_hand") { return strings.finish; }
    if (entry.op !== "action") { return strings.close_hand_log; }
    var label = (strings.verbs || {})[entry.verb] || strings[entry.verb] || entry.verb || "";
    if (entry.amount !== null && entry.amount !== undefined) { label += " " + num(entry.amount); }
    if (!isSeat(entry.seat)) { return label; }
    var seat = ((view && view.seats) || []).filter(function (s) { return s.seat === entry.seat; })[0];
    var who = seat && seat.name ? seat.name : (strings.seat || "%(seat)s").replace("%(seat)s", String(entry.seat));
    return who + " \u00b7 " + label;
  }

  return {echo: echo, legalFor: legalFor, logWords: logWords};
});
