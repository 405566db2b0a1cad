/* Tapete: the tablet's banner for the night's open disputes. Pure: no DOM; usable from the
 * page (window.TapeteBanner) and from node (require).
 *
 * disputeBanner(count, forms) -> the banner's text, or null when nothing is open.
 *   count: the server's ``open_disputes`` (store/hand/table_view.py table_view: the night's disputes
 *          not ruled yet); anything but a whole number above 0 shows no banner.
 *   forms: [one, many], the server's translated sentences, "%(n)s" standing for the count.
 * The banner never blocks play: it is text, drawn beside the table.
 *
 * tableChanged(old, next) -> whether a polled state ``next`` draws another table than ``old``
 *   outside the hand's log (which the page compares by hand and version): a seat taken or
 *   left, a name, the chips (a rebuy between hands), who sits out, "última mano" said or
 *   taken back, the night's play over. */
(function (root, factory) {
  var api = factory();
  if (typeof module === "object" && module.exports) { module.exports = api; }
  else { root.TapeteBanner = api; }
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  function disputeBanner(count, forms) {
    if (typeof count !== "number" || !isFinite(count) || count < 1 || Math.floor(count) !== count) {
      return null;
    }
    var form = count === 1 ? forms[0] : forms[1];
    return String(form).replace(/%\(n\)s/g, String(count));
  }

  var SEAT_KEYS = ["seat", "name", "stack", "held", "sitting_out"];
  var NIGHT_KEYS = ["last_declared", "last_hand", "play_over"];

  function seatsKey(view) {
    return JSON.stringify(((view && view.seats) || []).map(function (s) {
      return SEAT_KEYS.map(function (k) { return s[k] === undefined ? null : s[k]; });
    }));
  }

  function tableChanged(old, next) {
    if (!old || !next) { return !!next; }
    if (seatsKey(old) !== seatsKey(next)) { return true; }
    return NIGHT_KEYS.some(function (k) { return !!old[k] !== !!next[k]; });
  }

  return {disputeBanner: disputeBanner, tableChanged: tableChanged};
});
