/* Tapete: the dealer's hand page. Draws what the server says (store/hand/table_view.py table_view,
 * from the referee's hand_state) and turns taps into CONTRACT.md action strings sent
 * through TapQueue (static/hand/tapqueue.js).
 *
 * No rule lives here: whose turn, the legal actions and their amounts, the pots, who has
 * acted, the awards and the findings are the server's. Until the server answers a tap the
 * page draws TapeteEcho.echo(server view, waiting taps) (static/hand/echo.js): the tap in the
 * log as pending, its seat as acted, and "waiting" where the referee's answer is needed. */
(function () {
  "use strict";

  var S = JSON.parse(document.getElementById("strings").textContent);
  var CFG = JSON.parse(document.getElementById("config").textContent);
  var server = JSON.parse(document.getElementById("initial-state").textContent);
  // The last table the server gave, kept on this device: a page reloaded without connection
  // (served by the service worker, static/hand/sw.js, as it was last loaded) draws the newer
  // of the two (the later hand, or the same hand at a later version).
  var VIEW_KEY = "tapete-view-night-" + CFG.night;
  function newerView(a, b) {
    if (!a || !b) { return !!a; }
    var ha = a.hand_id || 0, hb = b.hand_id || 0;
    return ha > hb || (ha === hb && (a.version || 0) > (b.version || 0));
  }
  function keepView(data) {
    try { window.localStorage.setItem(VIEW_KEY, JSON.stringify(data)); } catch (e) { /* private mode or full */ }
  }
  try {
    var keptView = JSON.parse(window.localStorage.getItem(VIEW_KEY) || "null");
    if (keptView && keptView.night === server.night && newerView(keptView, server)) { server = keptView; }
  } catch (e) { /* nothing kept */ }
  var Echo = window.TapeteEcho;
  var Banner = window.TapeteBanner;
  var view = Echo.echo(server, []);
  // the action grammar (CONTRACT.md section 2), from the server: the verbs the page offers
  // and those that take a chip amount
  var ALL_VERBS = CFG.verbs || [];
  var AMOUNT_VERBS = CFG.amount_verbs || [];

  // a double activation (the same button clicked again, nothing clicked between, within
  // 300 ms: one touch whose click fired twice) is dropped; any other tap is a tap of its
  // own, with its own key (tapqueue.js). Every click of the page goes past the guard.
  var doubles = new window.TapDoubleGuard();
  var doubleClick = false;   // the click being handled is the second half of a double
  document.addEventListener("click", function (e) {
    doubleClick = doubles.isDouble(e.target && e.target.closest ? e.target.closest("button") : null);
  }, true);
  document.addEventListener("click", function () { doubleClick = false; });   // after its handlers
  var checkedGesture = 0, gestureOk = true;   // the gesture last checked, and its verdict
  var seatChosen = false;    // a seat was tapped since the last tap was made

  var selected = server.to_act === undefined ? null : server.to_act;
  var pending = null;        // {verb, seat} waiting for an amount or cards
  var picked = [];
  var gesture = 0;           // one click that sends several taps (award lines) is one gesture
  var answers = 0;           // taps the server has answered: a refresh asked before one is stale
  var awardGap = server.award_gap || null;
  var keypadFresh = false;   // the keypad shows the amount offered: the first key replaces it

  var NUMBER = CFG.number || {group: ",", minus: "-"};
  // chips (whole numbers) as the page's language writes them: the group and minus symbols
  // come from Babel (CLDR) on the server, grouped by thousands as Babel's pattern does
  // (flask_babel.format_decimal: 18000 -> "18.000" in Spanish, "18,000" in English)
  function num(n) {
    if (n === null || n === undefined || n === "") { return ""; }
    var value = Number(n);
    if (!isFinite(value)) { return String(n); }
    var digits = String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, NUMBER.group);
    return (value < 0 ? NUMBER.minus : "") + digits;
  }
  window.tapeteFormatChips = num;

  function $(id) { return document.getElementById(id); }
  function fmt(text, args) {
    return text.replace(/%\((\w+)\)s/g, function (_, k) { return args[k]; });
  }
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function known(x) { return x !== null && x !== undefined; }
  function seatInfo(seat) {
    return (view.seats || []).filter(function (x) { return x.seat === seat; })[0] || null;
  }
  function seatName(seat) {
    var s = seatInfo(seat);
    return s ? fmt(S.seat, {seat: seat}) + " \u00b7 " + s.name : fmt(S.seat, {seat: seat});
  }
  // A seat by the name of who sits there ("Ana"), else "Seat 3".
  function seatLabel(seat) {
    var s = seatInfo(parseInt(seat, 10));
    return s && s.name ? s.name : fmt(S.seat, {seat: seat});
  }
  function awardsText(awards) {
    return Object.keys(awards).map(function (seat) {
      return seatLabel(seat) + ": " + num(awards[seat]);
    }).join(", ");
  }
  // A tap waits that starts a hand (a "next hand", or "confirm and next hand"): the taps
  // made now are for the hand it starts (their hand is null until its answer says which,
  // static/hand/tapqueue.js settleAfter).
  function startWaiting() {
    return queue.items.some(function (t) { return TapQueue.startsHand(t); });
  }
  function plural(forms, n) { return fmt(n === 1 ? forms[0] : forms[1], {n: n}); }
  function sameAwards(a, b) {
    if (!a || !b) { return false; }
    var ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return ka.join() === kb.join() && ka.every(function (k) { return a[k] === b[k]; });
  }
  function panelsClosed() {
    return $("keypad").hidden && $("picker").hidden && $("draw-panel").hidden && $("confirm").hidden &&
      $("seat-choice").hidden && $("fix-panel").hidden;
  }
  // The legal entry for a verb: only for the seat the server says is due, only while no
  // tap waits (TapeteEcho.legalFor); else null (nothing is known to be legal).
  function legalFor(verb, seat) { return Echo.legalFor(view, seat === undefined ? selected : seat, verb); }
  function isDue(seat) { return known(seat) && !view.waiting && view.to_act === seat; }

  var queue = new TapQueue({
    url: CFG.tap_url,
    storageKey: "tapete-taps-night-" + CFG.night,
    onAnswer: function (data) {
      answers += 1;
      server = data;
      keepView(data);
      if ("award_gap" in data) { awardGap = data.award_gap; }
      // the seat to act is the referee's; the dealer's own choice stands while they are on it
      var moved = false;
      if (!queue.items.length && !seatChosen && panelsClosed() && known(data.to_act)) {
        moved = selected !== data.to_act;
        selected = data.to_act;
      }
      // the out-of-turn notice is the referee's own finding on the stored tap (TDA 53); it
      // goes once the findings no longer hold it (that action undone)
      if (data.notice) { showNotice(data.notice, true); } else { dropStaleNotice(data); }
      redraw(moved);
    },
    onRefused: function (data, tap, info) {
      info = info || {};
      if (info.status === 410) { nightClosed(data && data.error, 1 + (info.dropped || []).length); return; }
      if (info.status === 404) { linkRevoked(1 + (info.dropped || []).length); return; }   // the host withdrew this tablet's link
      // the tap as the server says it in words (web/hand/tablet.py), else what the button said
      var words = (data && data.tap) || Echo.logWords(tap, view, S, num);
      var text = fmt(S.error, {msg: (data && data.error) || "?"}) + " (" + words + ")";
      var dropped = (info.dropped || []).length;
      if (info.status === 409 || dropped) {
        // nothing stored: that tap and the later ones of its hand (made on a table that
        // included it) were not stored; the table is read again
        text += " " + plural(S.stale_dropped, 1 + dropped);
        refresh(true);
      }
      showNotice(text);
      redraw();
    },
    // "confirm and next hand" was stored but started no next hand (a seat has no chips
    // left: a rebuy may come first): the taps made for that hand were not stored, named
    onDropped: function (data, tap, dropped) {
      var names = dropped.map(function (t) { return Echo.logWords(t, view, S, num); }).join(", ");
      showNotice(fmt(S.no_next_hand, {taps: names}) + " " + plural(S.stale_dropped, dropped.length));
      redraw();
    },
    onChange: function () { redraw(); },
    renewToken: renewToken,
  });

  // Reloaded with taps still waiting (offline): the seat the kept table had due may be the
  // one that just acted; as before the reload, nobody is selected until the referee answers
  // (the dealer taps the seat).
  if (queue.items.length) { selected = null; }

  // The tap was refused for its CSRF token (web/core/csrf.py): the table's state carries a fresh
  // one (the session's), which the page keeps in its meta for the next taps.
  function renewToken() {
    return fetch(CFG.state_url, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) { keepToken(data); });
  }
  function keepToken(data) {
    var meta = document.querySelector('meta[name="csrf-token"]');
    if (meta && data && data.csrf_token) { meta.setAttribute("content", data.csrf_token); }
  }

  // The host withdrew this tablet's link (a 404 to a tap or to the table's state): the
  // page says so and offers nothing more; taps still waiting are not sent (nor stored).
  var revoked = false;
  var lostTaps = 0;   // taps refused or dropped since: not stored
  function linkRevoked(lost) {
    lostTaps += lost || 0;
    if (revoked) { renderNet(); return; }
    revoked = true;
    queue.stop();
    closePanels();
    document.querySelector(".dealer-grid").hidden = true;
    $("link-revoked").hidden = false;
    renderNet();
  }

  // The host closed the night (a 410 to a tap or to the table's state): the page says so
  // and offers nothing more (no "Next hand"); the taps still waiting are not sent (the
  // server stores nothing on a closed night) and are counted as not stored.
  var closed = false;
  function nightClosed(message, lost) {
    lostTaps += lost || 0;
    if (!closed) {
      closed = true;
      queue.stop();
      closePanels();
      document.querySelector(".dealer-grid").hidden = true;
      if (message) { $("night-closed-text").textContent = message; }
      $("night-closed").hidden = false;
    }
    renderNet();
  }

  // ``finding``: the text is the referee's out-of-turn finding (kept while it holds)
  var noticeFinding = null;
  function showNotice(text, finding) {
    var n = $("notice");
    n.textContent = text;
    n.hidden = false;
    noticeFinding = finding ? text : null;
  }
  // An out-of-turn notice whose finding the server's findings no longer hold (the action
  // it is about was undone): hidden. The same sentence, as the server said both.
  function dropStaleNotice(data) {
    if (noticeFinding === null) { return; }
    var holds = ((data && data.findings) || []).some(function (f) {
      return f.kind === "out_of_turn" && f.sentence === noticeFinding;
    });
    if (!holds) {
      $("notice").hidden = true;
      noticeFinding = null;
    }
  }
  function showNote(text) {
    var n = $("tap-note");
    n.textContent = text;
    n.hidden = false;
    window.clearTimeout(showNote.timer);
    showNote.timer = window.setTimeout(function () { n.hidden = true; }, 4000);
  }

  // --- sending ------------------------------------------------------------------------
  // Every tap the dealer makes is a tap of its own: it gets its key when it is made (the
  // queue's push; a retry sends the same key, the server stores a key once), so taps that
  // read the same ("Pot" for five seats in a row) are all stored. Dropped, with a short
  // note: the second half of a double activation (the very button clicked again within
  // 300 ms, TapDoubleGuard), and a button whose own tap still waits to be sent.
  function firstTap(button) {
    var double = doubleClick;
    var busy = button && queue.items.some(function (t) { return t.ui_button === button && t.gesture !== gesture; });
    if (double || busy) {
      showNote(S.double_tap);
      return false;
    }
    seatChosen = false;
    return true;
  }
  // Queue one tap; ``button`` (an element id) stays disabled while the tap is in flight.
  // The taps of one gesture (the award lines of one "Confirm") are checked once.
  function pushTap(tap, button, sameGesture) {
    if (!sameGesture) { gesture += 1; }
    if (checkedGesture !== gesture) { checkedGesture = gesture; gestureOk = firstTap(button); }
    if (!gestureOk) { return null; }
    tap.gesture = gesture;
    if (button) { tap.ui_button = button; }   // the page's own mark (the API's "button" is a seat)
    // what the tablet showed when the tap was made: the queue counts the hand's version on
    // from it (static/hand/tapqueue.js stamp)
    var key = queue.push(tap, {hand_id: server.hand_id, version: server.version || 0});
    redraw();
    return key;
  }
  // One action line; ``what`` says what was tapped (actor "p" or "d", seat, verb, amount)
  // so that the echo never reads the line's words back.
  function sendAction(action, what, button, sameGesture) {
    // after a "Next hand" (or "Confirm and next hand") still waiting to be sent, the tap is
    // for the hand it will start
    var tap = {op: "action", hand_id: startWaiting() ? null : server.hand_id, action: action,
               actor: what.actor, seat: what.seat, verb: what.verb,
               amount: known(what.amount) ? what.amount : null};
    var key = pushTap(tap, button, sameGesture);
    if (key) { afterLocalTap(); }
    return key;
  }
  function playerAction(seat, verb, amount, cards) {
    $("notice").hidden = true;
    noticeFinding = null;
    var words = ["p" + seat, verb];
    if (known(amount)) { words.push(String(amount)); }
    if (cards) { words.push(cards); }
    sendAction(words.join(" "), {actor: "p", seat: seat, verb: verb, amount: amount});
  }
  function dealerAction(verb, seat, rest, amount) {
    sendAction("d " + verb + " p" + seat + " " + rest, {actor: "d", seat: seat, verb: verb, amount: amount});
  }
  // After a tap nobody is known to be due until the referee answers: the dealer taps the
  // next seat (or the answer selects the referee's seat to act).
  function afterLocalTap() {
    selected = null;
    redraw();
  }

  // --- drawing ------------------------------------------------------------------------
  // Redraw from the server's last view and the waiting taps; keep the keyboard focus on
  // the same seat or verb when the redraw replaces it, else on the first action
  // (``toVerbs``: the selection has just moved to the referee's seat to act: its first
  // action gets the focus).
  function redraw(toVerbs) {
    var ae = document.activeElement;
    var inside = ae && ae.closest ? ae.closest("#verbs, #more-verbs, #seats") : null;
    var lost = !ae || ae === document.body || !!inside;
    var again = inside && !toVerbs ? (ae.getAttribute("data-verb") ? '#verbs [data-verb="' + ae.getAttribute("data-verb") + '"]'
      : ae.getAttribute("data-seat") ? '#seats [data-seat="' + ae.getAttribute("data-seat") + '"]' : null) : null;
    render();
    if (askOpeners()) { return; }
    if (!lost || !panelsClosed()) { return; }
    var target = (again && document.querySelector(again)) || document.querySelector("#verbs button") ||
      document.querySelector("#seats button:not([disabled])");
    if (target && document.activeElement !== target) { target.focus(); }
  }

  function render() {
    view = Echo.echo(server, queue.items);
    if (known(selected) && seatInfo(selected) && seatInfo(selected).sitting_out) { selected = null; }
    $("phase").textContent = view.waiting ? S.waiting_referee : askingOpeners() ? S.openers_phase
      : (S.phase[view.phase || "none"] || view.phase);
    $("pot").textContent = num(view.pot);
    $("pot").classList.toggle("pending-value", !!view.waiting);
    $("pot").setAttribute("data-pot", String(view.pot));
    $("pot").setAttribute("data-pending", String(!!view.waiting));
    renderPots();
    $("opening").textContent = view.opening ? "\u2265 " + view.opening + view.opening : "";
    var who = view.waiting ? "?" : known(view.to_act) ? seatName(view.to_act) : S.nobody;
    renderToAct(fmt(S.to_act, {who: who}), known(view.to_act) && !view.waiting ? seatInfo(view.to_act) : null);
    $("to-act").setAttribute("data-seat", known(view.to_act) ? String(view.to_act) : "");
    renderSeats();
    renderButtonPick();
    renderForced();
    renderVerbs();
    renderSeatFinding();
    renderAward();
    renderGap();
    renderDisputes();
    renderRebuys();
    renderEnding();
    renderButtons();
    renderFindings();
    renderLog();
    renderNet();
    renderIrregularSeats();
  }

  // The centre line, "To act: Seat 2 · Name": the name in a span of its own that goes to a
  // second line and is cut short there when it is long (tablet.css), the whole line in the
  // title; the text stays the sentence as said.
  function renderToAct(text, seat) {
    var box = $("to-act");
    box.textContent = "";
    box.title = text;
    var at = seat && seat.name ? text.lastIndexOf(seat.name) : -1;
    if (at < 0) { box.textContent = text; return; }
    box.appendChild(document.createTextNode(text.slice(0, at)));
    box.appendChild(el("span", {"class": "to-act-name"}, seat.name));
    box.appendChild(document.createTextNode(text.slice(at + seat.name.length)));
  }

  // The referee's pots in the middle (main pot first, then side pots, with who contests
  // each, by name), listed during the hand whenever there is more than one with chips in it
  // (the bets of the round in progress are in front of the seats, not in these pots).
  function renderPots() {
    var ul = $("pots");
    ul.textContent = "";
    var pots = (view.pots || []).filter(function (p) { return p.amount > 0; });
    ul.hidden = pots.length < 2;
    if (ul.hidden) { return; }
    pots.forEach(function (p, i) {
      var names = (p.seats || []).map(seatLabel).join(", ");
      var text = fmt(i === 0 ? S.main_pot_names : S.side_pot_names, {amount: num(p.amount), names: names});
      ul.appendChild(el("li", {"data-amount": String(p.amount), "data-seats": (p.seats || []).join(",")}, text));
    });
  }

  function pendingLabel(p) {
    return (S.verbs[p.verb] || S[p.verb] || p.verb || "") + (known(p.amount) ? " " + num(p.amount) : "");
  }

  function renderSeats() {
    var box = $("seats");
    box.textContent = "";
    var seats = view.seats || [];
    // eight seats or more: a taller table and compact seats (tablet.css), so ten fit at 1024×768
    $("felt").classList.toggle("many", seats.length >= 8);
    seats.forEach(function (s, i) {
      var angle = Math.PI / 2 + (2 * Math.PI * i) / Math.max(seats.length, 1);
      var b = el("button", {type: "button", "class": "seat", "data-seat": s.seat,
                            "aria-pressed": String(selected === s.seat)});
      b.style.left = (50 + 42 * Math.cos(angle)) + "%";
      b.style.top = (50 + 38 * Math.sin(angle)) + "%";
      if (s.to_act) { b.classList.add("to-act"); }
      if (!s.in_hand && view.phase && view.phase !== "predeal") { b.classList.add("out"); }
      if (s.acted) { b.classList.add("acted"); }
      b.setAttribute("data-acted", String(!!s.acted));
      if (s.sitting_out) {
        b.classList.add("sitting-out");
        b.disabled = true;
        b.setAttribute("data-sitting-out", "true");
        b.setAttribute("aria-pressed", "false");
      }
      b.setAttribute("data-stack", String(s.stack));
      b.setAttribute("data-pending", String(!!s.pending));
      if (s.to_act) { b.appendChild(el("span", {"class": "seat-turn"}, S.speaks)); }
      var no = el("span", {"class": "seat-no"}, String(s.seat));
      if (s.button) { no.appendChild(el("span", {"class": "dealer-button", title: S.button}, "D")); }
      if (s.acted) { no.appendChild(el("span", {"class": "seat-acted", title: S.acted, "aria-label": S.acted}, "\u2713")); }
      b.appendChild(no);
      // a long name is cut short on the seat (CSS), whole where the seat is selected and
      // in its title
      b.appendChild(el("span", {"class": "seat-name", title: s.name}, s.name));
      // the chips on the table (CONTRACT.md 4): the referee's stack beside it only where they differ
      var held = (s.held === undefined || s.held === null) ? s.stack : s.held;
      b.setAttribute("data-held", String(held));
      var stackEl = el("span", {"class": "seat-stack" + (view.waiting ? " stale" : ""), title: S.on_table}, num(held));
      if (held !== s.stack) {
        stackEl.appendChild(el("small", {"class": "seat-referee"},
                               " (" + S.referee_stack.replace("%(chips)s", num(s.stack)) + ")"));
        if (s.held_why && s.held_why.length) { stackEl.setAttribute("title", s.held_why.join("; ")); }
      }
      b.appendChild(stackEl);
      // a rebuy taken during the hand: it counts from the next hand, never in this one
      if (s.coming) {
        b.appendChild(el("span", {"class": "seat-coming"}, S.coming.replace("%(chips)s", num(s.coming))));
      }
      // (a seat that said it abstains, seed 000, in other words than one with no chips)
      if (s.sitting_out) {
        b.appendChild(el("span", {"class": "seat-out"},
                         s.abstains ? S.sitting_out : (s.stack > 0 ? S.not_dealt_in : S.no_chips)));
      }
      var shown = (view.shown || {})[String(s.seat)];
      if (shown) {   // the hand tabled face up, and its name in the referee's words
        var cardsEl = el("span", {"class": "seat-cards", "data-cards": shown.cards.join("")});
        shown.cards.forEach(function (c) {
          cardsEl.appendChild(el("span", {"class": "seat-card suit-" + (c[1] || "x")}, cardText(c)));
        });
        b.appendChild(cardsEl);
        if (shown.words) { b.appendChild(el("span", {"class": "seat-hand", title: shown.words}, shown.words)); }
      }
      // a card exposed in the deal (``d expose``, seed 002): everyone saw it, so it is drawn
      // face up at its seat, and no other card of the seat (the referee's ``exposed_cards``)
      var exposed = (view.exposed_cards || {})[String(s.seat)];
      if (!shown && exposed && exposed.length) {
        var exposedEl = el("span", {"class": "seat-cards exposed", "data-exposed": exposed.join(""),
                                    title: S.exposed_seen});
        exposed.forEach(function (c) {
          exposedEl.appendChild(el("span", {"class": "seat-card suit-" + (c[1] || "x")}, cardText(c)));
        });
        b.appendChild(exposedEl);
      }
      if (s.bet && view.phase !== "complete") {
        b.appendChild(el("span", {"class": "seat-bet"}, num(s.bet)));
      }
      if (s.pending_actions && s.pending_actions.length) {
        b.appendChild(el("span", {"class": "seat-pending pending-value"},
                         s.pending_actions.map(pendingLabel).join(", ")));
      }
      b.addEventListener("click", function () {
        if (s.sitting_out) { return; }
        selected = s.seat;
        seatChosen = true;
        closePanels();
        render();
        focusFirstVerb();
      });
      box.appendChild(b);
    });
  }

  // Everyone folded to the opener, who has not shown openers (the referee's
  // ``show_openers``): the card picker opens for the opener at once, its known cards first,
  // once for each state of the hand. Returns whether it opened.
  var askedOpeners = null;
  // While the referee's ``show_openers`` stands the page asks for the openers: the question
  // in place of the verbs, the phase and the referee's verdict on it (its finding stays in
  // the data).
  function askingOpeners() { return !view.waiting && known(view.show_openers); }
  function openersQuestion() { return fmt(S.show_openers, {name: seatLabel(view.show_openers)}); }
  function isOpenersVerdict(f) { return askingOpeners() && f.kind === "openers_not_shown" && f.seat === view.show_openers; }
  function openOpenersPicker(seat) {
    openPicker({verb: "show", seat: seat}, fmt(S.show_openers, {name: seatLabel(seat)}));
    renderVerbs();
    var picker = $("picker");
    if (picker.scrollIntoView) { picker.scrollIntoView({block: "start"}); }
  }
  function askOpeners() {
    var seat = server.show_openers;
    var mark = server.hand_id + ":" + server.version;
    if (!known(seat) || queue.items.length || !panelsClosed() || revoked || askedOpeners === mark) { return false; }
    askedOpeners = mark;
    selected = seat;
    render();
    openOpenersPicker(seat);
    return true;
  }

  // Keyboard use: after the table is redrawn, focus goes to the first action button.
  function focusFirstVerb() {
    var first = document.querySelector("#verbs button");
    if (first) { first.focus(); }
  }

  // A seat not due (a tap out of turn): the referee's bounds for it as if it were due
  // (``legal_if_due``), while no tap waits; else null.
  function boundsIfDue(verb, seat) {
    if (view.waiting || !known(seat)) { return null; }
    var list = (view.legal_if_due || {})[String(seat)] || [];
    return list.filter(function (l) { return l.verb === verb; })[0] || null;
  }

  function hasAmount(legal) { return !!legal && known(legal.min); }

  // The cards the referee knows ``seat`` holds (from the deal, the draw and the serve;
  // "??" where not seen), or [].
  // The cards the referee knows are held (``known_cards``, exposed ones among them) at
  // every seat but ``except`` (null: at every seat).
  function cardsOut(except) {
    var out = [];
    Object.keys(view.known_cards || {}).forEach(function (seat) {
      if (except !== null && String(except) === seat) { return; }
      view.known_cards[seat].forEach(function (c) { if (c !== "??") { out.push(c); } });
    });
    return out;
  }
  function knownCards(seat) {
    return ((view.known_cards || {})[String(seat)] || []).slice();
  }
  // A card as the pages draw it (rank and suit drawn): the server's one card_face, sent per code of
  // the deck (CFG.faces); a code it did not send ("??") as it is.
  function cardText(card) {
    return (CFG.faces && CFG.faces[card]) || card;
  }
  // The seat's whole hand when every card of it is known, else null.
  function wholeKnownHand(seat) {
    var cards = knownCards(seat);
    return cards.length && cards.indexOf("??") < 0 ? cards : null;
  }

  function verbButton(verb, legal, big) {
    var label = S.verbs[verb] || verb;
    var fixed = null;   // min == max: one tap, no keypad
    var shows = verb === "show" && big && known(selected) ? wholeKnownHand(selected) : null;
    if (shows) { label = fmt(S.show_known, {cards: shows.map(cardText).join(" ")}); }
    if (hasAmount(legal) && AMOUNT_VERBS.indexOf(verb) >= 0) {
      label += " " + num(legal.min) + (known(legal.max) && legal.max !== legal.min ? "\u2013" + num(legal.max) : "");
      if (legal.max === legal.min) { fixed = legal.min; }
    }
    var b = el("button", {type: "button", "class": "verb " + verb + (big ? " big" : ""), "data-verb": verb}, label);
    if (fixed !== null) { b.setAttribute("data-amount", String(fixed)); }
    if (shows) { b.setAttribute("data-cards", shows.join("")); }
    b.addEventListener("click", function () {
      if (b.disabled) { return; }
      if (fixed !== null && known(selected)) {
        closePanels();
        playerAction(selected, verb, fixed);
        return;
      }
      if (shows && known(selected)) {   // the whole hand is known: one tap shows it
        closePanels();
        playerAction(selected, "show", null, shows.join(""));
        return;
      }
      onVerb(verb);
    });
    return b;
  }

  // The draw of the seat due in one tap: a button per count (0: stands pat), those past the
  // referee's limit (its legal ``max``) marked but offered, since the log records what
  // happened; "How many?" stays for picking the discards first.
  function drawCounts(seat, legal) {
    var out = [];
    for (var n = 0; n <= 5; n++) {
      (function (count) {
        var b = el("button", {type: "button", "class": "verb draw-count", "data-verb": "draw-count",
                              "data-count": String(count)}, count === 0 ? S.pat : String(count));
        if (known(legal.max) && count > legal.max) { b.classList.add("over"); b.setAttribute("title", S.over_limit); }
        b.addEventListener("click", function () {
          if (b.disabled) { return; }
              closePanels();
          playerAction(seat, "draw", count, "");
        });
        out.push(b);
      })(n);
    }
    return out;
  }

  // The seat the referee has to act: its legal actions, big, with their amounts; the rest
  // (irregular ones) folded away. Any other seat, or any seat while a tap waits: every
  // action, without amounts (nothing is known to be legal), and a line saying why.
  function renderVerbs() {
    var seat = selected;
    var main = $("verbs"), more = $("more-verbs"), hint = $("verbs-hint");
    main.textContent = "";
    more.textContent = "";
    $("actor-title").textContent = known(seat) ? seatName(seat)
      : view.waiting || (view.in_progress && view.phase !== "complete") ? S.pick_seat : "";
    var text = "";
    if (view.waiting) { text = S.not_known; }
    else if (known(seat) && known(view.to_act) && view.to_act !== seat) { text = fmt(S.not_due, {seat: view.to_act}); }
    hint.textContent = text;
    hint.hidden = !text;
    main.setAttribute("data-due", String(isDue(seat)));
    if (askingOpeners()) {   // the openers' question alone: no verbs for a finished hand
      $("actor-title").textContent = seatName(view.show_openers);
      hint.hidden = true;
      $("more").hidden = true;
      if ($("picker").hidden) {
        var again = el("button", {type: "button", "class": "verb show big", "data-verb": "show-openers"}, openersQuestion());
        again.addEventListener("click", function () { closePanels(); openOpenersPicker(view.show_openers); });
        main.appendChild(again);
      }
      return;
    }
    if (!known(seat)) {
      $("more").hidden = true;
      return;
    }
    if (isDue(seat)) {
      var legal = (view.legal || []).filter(function (l) { return ALL_VERBS.indexOf(l.verb) >= 0; });
      legal.forEach(function (l) {
        if (l.verb === "draw") { drawCounts(seat, l).forEach(function (b) { main.appendChild(b); }); }
        main.appendChild(verbButton(l.verb, l, true));
      });
      var offered = legal.map(function (l) { return l.verb; });
      ALL_VERBS.forEach(function (v) {
        if (offered.indexOf(v) < 0) { more.appendChild(verbButton(v, null, false)); }
      });
      $("more").hidden = !more.children.length;
    } else {
      ALL_VERBS.forEach(function (v) { main.appendChild(verbButton(v, null, false)); });
      $("more").hidden = true;
    }
  }

  // The award, said once: the referee's proposal while nothing is recorded, then the
  // referee's award beside the recorded one (when they are not the same words again).
  function renderAward() {
    var proposal = view.proposed_awards;
    var rec = view.recorded_awards || {};
    var recorded = Object.keys(rec).length > 0;
    var proposes = !!proposal && Object.keys(proposal).length > 0 && !recorded && !askingOpeners();   // {}: the pot carries
    $("proposal").textContent = proposes ? fmt(S.proposal, {awards: awardsText(proposal)}) +
      (view.proposal_words ? " \u2014 " + view.proposal_words : "") : "";
    $("proposal").hidden = !proposes;
    // nothing in doubt (the server's ``finish``): award, close and next hand in one tap
    var finish = view.in_progress && !view.waiting ? view.finish : null;
    var fin = $("finish-btn");
    fin.hidden = !finish;
    if (finish) {
      var awarded = Object.keys(finish.awards || {}).length || Object.keys(rec).length;
      // the night's last hand ("última mano"): award and close, no next hand
      fin.textContent = server.last_hand ? (awarded ? S.finish_last : fmt(S.finish_last_carry, {amount: num(finish.carries)}))
        : awarded ? S.finish : fmt(S.finish_carry, {amount: num(finish.carries)});
      fin.setAttribute("data-last", String(!!server.last_hand));
    }
    $("award-confirm").hidden = !proposes || !view.in_progress || !!finish;
    var ref = $("referee-award");
    var showRef = !!view.awards && !(proposal && !recorded && sameAwards(view.awards, proposal));
    ref.textContent = showRef ? fmt(S.referee_award, {awards: awardsText(view.awards)}) : "";
    ref.hidden = !showRef;
    ref.setAttribute("data-awards", JSON.stringify(view.awards || null));
    $("recorded-award").textContent = recorded ? fmt(S.recorded_award, {awards: awardsText(rec)}) : "";
    // another award and closing by hand only once the hand has something to award or close
    // (its betting begun: not during the antes)
    var under_way = !!view.in_progress && !!view.phase && view.phase !== "predeal";
    $("award-other").hidden = !under_way;
    $("end-hand").hidden = !under_way;
    $("misdeal-btn").hidden = !view.in_progress;   // no hand, or between hands: nothing to void
    $("next-hand").hidden = !!view.in_progress || !known(server.hand_id);
    // nothing to award, record or close yet (the antes; no hand): no empty panel
    var box = $("award-box");
    box.hidden = ["proposal", "finish-btn", "award-confirm", "award-other", "end-hand", "next-hand"].every(function (id) {
      return $(id).hidden;
    }) && !ref.textContent && !$("recorded-award").textContent;
  }

  // No hand yet tonight: who deals the first hand (the button)? One tap on a name starts
  // hand 1 with that button (later hands: the referee moves the button).
  function renderButtonPick() {
    var box = $("button-pick"), list = $("button-seats");
    var show = !revoked && !known(server.hand_id) && !queue.items.some(function (t) { return t.op === "start_hand"; });
    box.hidden = !show;
    list.textContent = "";
    if (!show) { return; }
    (view.seats || []).forEach(function (s) {
      var b = el("button", {type: "button", "class": "go", "data-button": String(s.seat)}, s.name);
      b.addEventListener("click", function () {
        pushTap({op: "start_hand", button: s.seat}, "button-pick");
      });
      list.appendChild(b);
    });
  }

  // Everyone's forced chips in one tap, while the referee asks for a fixed ante or blind
  // (the server's ``forced``; the amounts are the referee's, stored seat by seat).
  function renderForced() {
    var b = $("forced-btn");
    var show = !!(view.forced && view.forced.length) && !view.waiting && !!view.in_progress;
    b.hidden = !show;
    if (!show) { return; }
    var first = (view.legal || [])[0] || {};
    b.textContent = first.verb === "ante" ? S.forced_ante : S.forced_blinds;
  }

  // The selected seat's own findings of severity error (a dead hand, a false opener), by
  // the verbs: in view where the dealer acts, not only below the fold.
  function renderSeatFinding() {
    var p = $("seat-finding");
    var seat = selected;
    var list = known(seat) ? (view.findings || []).filter(function (f) {
      return f.seat === seat && f.severity === "error" && f.sentence && !isOpenersVerdict(f);
    }) : [];
    p.hidden = !list.length;
    p.textContent = list.map(function (f) { return (f.label ? f.label + ": " : "") + f.sentence; }).join(" ");
    p.setAttribute("data-kinds", list.map(function (f) { return f.kind; }).join(","));
  }

  // The night's open disputes (the server's count): a banner beside the table; play goes on.
  function renderDisputes() {
    var text = Banner.disputeBanner(server.open_disputes, S.disputes_open);
    var box = $("dispute-banner");
    box.hidden = !text;
    box.textContent = text || "";
    box.setAttribute("data-count", String(text ? server.open_disputes : 0));
  }

  // Rebuys asked from a phone (issue 28; the server's list, web.night.rebuy_requests): each
  // request in the server's words; where the host let the tablets answer them, Accept and
  // Decline (one tap each; the answer is the new table), else a line saying the host does.
  // Nothing is decided here: the server refuses what the host did not allow.
  var rebuyBusy = false;
  function rebuysKey(data) {
    return JSON.stringify([(data && data.rebuy_requests) || [], !!(data && data.tablet_rebuys)]);
  }
  function renderRebuys() {
    var box = $("rebuy-requests");
    if (!box) { return; }
    var list = server.rebuy_requests || [];
    box.hidden = !list.length;
    $("rebuy-host-only").hidden = !!server.tablet_rebuys;
    var ul = $("rebuy-list");
    ul.textContent = "";
    list.forEach(function (r) {
      var li = el("li", {"class": "rebuy-request", "data-request": String(r.id)});
      li.appendChild(el("span", {"class": "name"}, fmt(S.rebuy_asks, {name: r.name, chips: num(r.chips)})));
      if (server.tablet_rebuys) {
        [["accepted", "go", S.rebuy_accept, S.rebuy_accept_label], ["declined", "ghost", S.rebuy_decline,
          S.rebuy_decline_label]].forEach(function (b) {
          var button = el("button", {type: "button", "class": b[1] + " rebuy-" + b[0],
            "aria-label": fmt(b[3], {name: r.name, chips: num(r.chips)})}, b[2]);
          button.addEventListener("click", function () { answerRebuy(r.id, b[0]); });
          li.appendChild(button);
        });
      }
      ul.appendChild(li);
    });
  }
  function answerRebuy(id, answer) {
    if (rebuyBusy) { return; }
    rebuyBusy = true;
    var meta = document.querySelector('meta[name="csrf-token"]');
    var key = "rebuy-" + id + "-" + answer + "-" + Math.random().toString(36).slice(2, 10);
    fetch(CFG.rebuy_url, {method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "Accept": "application/json",
                "X-CSRFToken": meta ? meta.getAttribute("content") : ""},
      body: JSON.stringify({key: key, request_id: id, answer: answer})})
      .then(function (res) {
        return res.json().then(function (data) { return {ok: res.ok, data: data}; });
      })
      .then(function (got) {
        if (!got.ok) { showNotice(fmt(S.error, {msg: (got.data && got.data.error) || ""})); refresh(true); return; }
        server = got.data;
        keepView(got.data);
        showNote(got.data.said || "");
        redraw();
      })
      .catch(function () { showNotice(S.offline); })
      .then(function () { rebuyBusy = false; });
  }

  // After a hand whose pushed chips differ from the referee's award: say so, which hand, by
  // how much (players by name), how to correct the log (naming the buttons as the page
  // labels them), and the choice a host's ruling offers, in its words: at the table (the
  // server's lines, said in words: one tap hands the chips back) or in money (the next
  // hand; the difference stays on the table until a ruling settles it). The banner ends
  // with its hand: the server gives no gap once a hand is in progress, nor once the chips
  // were handed back (store/hand/table_view.py award_gap).
  function gapHiddenKey(gap) { return "tapete-gap-hidden-" + CFG.night + "-" + gap.hand_id; }
  function renderGap() {
    var box = $("award-gap"), gap = awardGap;
    var hidden = !gap || !!server.in_progress || startWaiting();   // (a next hand waits: the choice is made)
    try { hidden = hidden || window.localStorage.getItem(gapHiddenKey(gap)) === "1"; } catch (e) { /* private mode */ }
    box.hidden = hidden;
    if (hidden) { return; }
    var diff = Object.keys(gap.diff).map(function (seat) {
      var d = gap.diff[seat];
      return seatLabel(seat) + " " + (d > 0 ? "+" : "\u2212") + num(Math.abs(d));
    }).join(", ");
    $("award-gap-text").textContent = fmt(S.gap, {hand: gap.hand, diff: diff});
    $("award-gap-fix").textContent = fmt(S.gap_fix, {undo: undoLabel(), confirm: S.confirm});
    var words = gap.words || gap.lines || [];
    $("award-gap-table-choice").hidden = !(gap.lines || []).length;   // none: the tablet cannot hand over
    $("award-gap-lines").textContent = words.join("; ");
    $("award-gap-money-hint").textContent = fmt(S.gap_money, {hand: gap.hand});
    box.setAttribute("data-hand", String(gap.hand));
  }

  // "Última mano" (the server's ``last_declared``, ``last_hand``, ``play_over``): the
  // button says it or takes it back; a line says the hand is the last; once it is closed,
  // the night's play is over and the counts are the host's.
  function renderEnding() {
    var over = !!server.play_over && !startWaiting();
    $("play-over").hidden = !over;
    $("play-over").textContent = over ? S.play_over : "";
    var note = !!server.last_hand && !over;
    $("last-hand-note").hidden = !note;
    $("last-hand-note").textContent = note ? S.last_hand_on : "";
    var btn = $("last-hand-btn");
    btn.textContent = server.last_declared ? S.last_hand_off : S.last_hand;
    btn.setAttribute("data-on", String(!!server.last_declared));
    btn.hidden = !known(server.hand_id);
  }

  // A seat to tap for what the dealer records (an award, an irregular count of cards),
  // asked in a panel: one button per seat at the table (sitting out ones left out).
  function chooseSeat(title, then) {
    closePanels();
    $("seat-choice-title").textContent = title;
    var box = $("seat-choice-seats");
    box.textContent = "";
    (view.seats || []).forEach(function (s) {
      if (s.sitting_out) { return; }
      var b = el("button", {type: "button", "class": "choose-seat", "data-seat": String(s.seat)}, s.name);
      b.addEventListener("click", function () {
        $("seat-choice").hidden = true;
        selected = s.seat;
        seatChosen = true;
        render();
        then(s.seat);
      });
      box.appendChild(b);
    });
    $("seat-choice").hidden = false;
    var first = box.querySelector("button");
    if (first) { first.focus(); }
  }

  // Buttons whose tap is waiting stay disabled until the server has it.
  function renderButtons() {
    ["award-confirm", "end-hand", "next-hand", "misdeal-btn", "undo-btn", "award-gap-table", "award-gap-money",
     "forced-btn", "finish-btn", "last-hand-btn"].forEach(function (id) {
      $(id).disabled = queue.items.some(function (t) { return t.ui_button === id; });
    });
    ["deal-btn", "serve-btn"].forEach(function (id) { $(id).disabled = !known(selected); });
    renderUndo();
  }

  // Undo names what it undoes (the server's newest entry of the hand, said in words); while
  // taps wait the newest entry is not known yet: wait for them.
  function undoLabel() {
    var target = server.undo;
    return queue.items.length ? S.undo_wait
      : target ? fmt(S.undo_what, {what: target.text || target.action || ""}) : S.undo_nothing;
  }
  function renderUndo() {
    var b = $("undo-btn"), target = server.undo;
    b.textContent = undoLabel();
    b.disabled = !!queue.items.length || !target;
    b.setAttribute("data-event", target && !queue.items.length ? String(target.event_id) : "");
  }

  // A finding as the server says it in the page's language (the referee's own templates:
  // f.label, f.sentence, f.rule_text); nothing is worked out here from f.details or f.message.
  function renderFindings() {
    var ul = $("findings");
    ul.textContent = "";
    var list = view.findings || [];
    if (!list.length) { ul.appendChild(el("li", {"class": "none"}, S.no_findings)); }
    list.forEach(function (f) {
      if (isOpenersVerdict(f)) {   // asked for now: the question, not the verdict
        ul.appendChild(el("li", {"class": "finding asking", "data-kind": "show_openers"}, openersQuestion()));
        return;
      }
      var li = el("li", {"class": "finding " + (f.severity || ""), "data-kind": f.kind,
                         "data-action": known(f.action) ? String(f.action) : ""});
      var label = f.label || (S.kinds && S.kinds[f.kind]) || "";
      // the action it is about in the server's words (``action_words``), never a bare number
      li.appendChild(el("strong", {}, label));
      var at = f.action_words ? " " + fmt(S.at_action, {what: f.action_words}) : "";
      li.appendChild(document.createTextNode(at + " \u2014 "));
      if (f.sentence) { li.appendChild(el("span", {"class": "sentence"}, f.sentence)); }
      if (f.rule_text) { li.appendChild(el("small", {"class": "rule"}, " " + S.rule + ": " + f.rule_text)); }
      ul.appendChild(li);
    });
  }

  function renderLog() {
    var ol = $("log");
    ol.textContent = "";
    ol.setAttribute("start", "1");   // a tap waiting in a hand with nothing stored is "1."
    var n = 0;
    (view.actions || []).forEach(function (a) {
      // the line in words (the server's, web.core.i18n.say_line; a waiting tap as tapped): the
      // line as written is only the title
      var words = Echo.logWords(a, view, S, num);
      var title = a.action ? {title: a.action} : {};
      if (a.pending) {
        ol.appendChild(el("li", Object.assign({"class": "waiting", "data-key": a.key || ""}, title),
                          words + " \u2026 " + S.waiting));
        return;
      }
      var li = el("li", Object.assign({"class": a.voided ? "voided" : ""}, title), words);
      if (a.voided) {   // no number: it is not one of the hand's actions any more
        li.appendChild(el("em", {}, " (" + S.voided + ")"));
        li.style.listStyleType = "none";
      } else {
        n += 1;   // live actions counted from 1: a finding's "#n" is the n-th of them
        li.setAttribute("value", String(n));
      }
      ol.appendChild(li);
    });
  }

  function renderNet() {
    var net = $("net");
    var waiting = queue.items.length;
    if (closed) {
      var gone = waiting + lostTaps;
      net.textContent = S.night_closed + (gone ? " " + plural(S.stale_dropped, gone) : "");
      net.className = "net offline";
    } else if (revoked) {
      var lost = waiting + lostTaps;
      net.textContent = S.link_revoked + (lost ? " " + plural(S.stale_dropped, lost) : "");
      net.className = "net offline";
    } else if (!queue.online && waiting) {
      net.textContent = S.offline + " " + plural(S.pending, waiting);
      net.className = "net offline";
    } else if (waiting && queue.lastError) {
      // the server said why the tap is not stored yet (busy, or its disk full): said, and
      // the tap kept and sent again (static/hand/tapqueue.js)
      net.textContent = plural(S.pending, waiting) + " " + queue.lastError;
      net.className = "net offline";
    } else if (waiting) {
      net.textContent = plural(S.pending, waiting);
      net.className = "net waiting";
    } else {
      net.textContent = S.sent;
      net.className = "net ok";
    }
    net.setAttribute("data-pending", String(waiting));
  }

  // --- panels -------------------------------------------------------------------------
  function closePanels() {
    ["keypad", "draw-panel", "picker", "draw-note", "confirm", "seat-choice", "fix-panel", "fix-note"].forEach(function (id) { $(id).hidden = true; });
    confirming = null;
    pending = null;
    picked = [];
  }

  function onVerb(verb) {
    var seat = selected;
    if (!known(seat)) { return; }
    closePanels();
    if (AMOUNT_VERBS.indexOf(verb) >= 0) {
      openKeypad({verb: verb, seat: seat}, legalFor(verb, seat) || boundsIfDue(verb, seat));
    } else if (verb === "draw") {
      openDraw(seat);
    } else if (verb === "show") {
      openPicker({verb: "show", seat: seat}, fmt(S.cards_for, {what: seatName(seat)}));
    } else {
      playerAction(seat, verb);
    }
  }

  // The draw: a count from 0 to 5 cards; those past the referee's limit for the seat due
  // (its legal ``max``) stay offered, marked, since the log records what happened.
  function openDraw(seat) {
    pending = {verb: "draw", seat: seat};
    var legal = legalFor("draw", seat);
    document.querySelectorAll("#draw-panel .count").forEach(function (b) {
      var over = !!legal && known(legal.max) && parseInt(b.getAttribute("data-count"), 10) > legal.max;
      b.classList.toggle("over", over);
      if (over) { b.setAttribute("title", S.over_limit); } else { b.removeAttribute("title"); }
    });
    $("draw-panel").hidden = false;
    openPicker(pending, fmt(S.cards_for, {what: S.discards}), true);
    $("draw-panel").querySelector("button").focus();
  }

  // The keypad, prefilled with the referee's minimum when the seat is due (its Min and Max
  // buttons the legal bounds); empty, without bounds, for any other seat.
  function openKeypad(what, legal) {
    pending = what;
    var min = legal ? legal.min : null, max = legal ? legal.max : null;
    var input = $("amount");
    input.value = known(min) ? String(min) : "";
    keypadFresh = true;   // the first key replaces the amount offered (as a selected field)
    $("amount-min").textContent = S.min + (known(min) ? " " + num(min) : "");
    $("amount-max").textContent = S.max + (known(max) ? " " + num(max) : "");
    $("amount-min").hidden = !known(min);
    $("amount-max").hidden = !known(max);
    $("amount-min").onclick = function () { if (known(min)) { input.value = min; } };
    $("amount-max").onclick = function () { if (known(max)) { input.value = max; } };
    $("amount-label").textContent = (S.verbs[what.verb] || S.award) + " \u00b7 " + seatName(what.seat);
    $("amount-note").hidden = true;
    $("keypad").hidden = false;
    input.focus();
    input.select();
  }

  function amountEntered() {
    var value = $("amount").value.trim();
    if (!/^[0-9]+$/.test(value) || !pending) {
      var note = $("amount-note");
      note.textContent = S.type_chips;
      note.hidden = false;
      $("amount").focus();
      return;
    }
    value = value.replace(/^0+(?=[0-9])/, "");
    if (value.length > 12) { showNote(S.too_large); $("amount").focus(); return; }
    var what = pending;
    closePanels();
    if (what.verb === "award") {
      dealerAction("award", what.seat, value, parseInt(value, 10));
    } else {
      playerAction(what.seat, what.verb, parseInt(value, 10));
    }
  }

  function openPicker(what, title, keepDraw) {
    pending = what;
    picked = [];
    $("picker-title").textContent = title;
    $("picker-ok").hidden = false;
    var box = $("picker-cards");
    box.textContent = "";
    // a shown hand: the cards the referee knows the seat holds first (one tap shows them
    // all when the whole hand is known), then the deck; the show is entered by itself once
    // as many cards are picked as the seat holds
    var held = what.verb === "show" || what.verb === "deal" ? knownCards(what.seat) : [];
    var seen = what.verb === "show" ? held.filter(function (c) { return c !== "??"; }) :
      what.verb === "deal" ? ((view.exposed_cards || {})[String(what.seat)] || []).slice() : [];
    // the cards the referee knows are out are not offered again (a deal, a serve, an
    // exposed card, a fix): at another seat, and for a serve or an exposure, at this one
    // too; a seat's own exposed card comes first in its deal, picked
    var out = what.verb === "show" ? [] :
      cardsOut(what.verb === "serve" || what.verb === "expose" ? null : what.seat);
    var deck = seen.concat((CFG.deck || []).filter(function (c) {
      return seen.indexOf(c) < 0 && out.indexOf(c) < 0;
    }));
    var whole = what.verb === "show" ? wholeKnownHand(what.seat) : null;
    $("picker-known").hidden = !whole;
    $("picker-known").textContent = whole ? fmt(S.show_known, {cards: whole.map(cardText).join(" ")}) : "";
    $("picker-known").setAttribute("data-cards", whole ? whole.join("") : "");
    deck.forEach(function (card) {
      var b = el("button", {type: "button", "class": "card suit-" + card[1] + (seen.indexOf(card) >= 0 ? " known" : ""),
                            "data-card": card, "aria-pressed": "false"}, cardText(card));
      b.setAttribute("aria-label", cardText(card));
      b.addEventListener("click", function () {
        var i = picked.indexOf(card);
        if (i >= 0) { picked.splice(i, 1); } else { picked.push(card); }
        b.setAttribute("aria-pressed", String(i < 0));
        $("picked").textContent = picked.map(cardText).join(" ");
        // entered by itself once as many cards are picked as the seat holds (a show, a deal
        // of five); an irregular deal (too many, too few: ``what.counts``) never, so six
        // cards can be picked: the dealer taps Enter
        if (i < 0 && !what.counts && held.length && picked.length === held.length) { pickerEntered(); }
        // an exposed card is one card: entered at the first tap
        if (i < 0 && what.verb === "expose") { pickerEntered(); }
      });
      if (seen.indexOf(card) >= 0) { picked.push(card); b.setAttribute("aria-pressed", "true"); }   // known: picked
      box.appendChild(b);
    });
    $("picked").textContent = picked.map(cardText).join(" ");
    // dealing and serving: the cards when seen, else how many unseen cards
    $("picker-unseen").hidden = !(what.verb === "deal" || what.verb === "serve");
    // the counts offered: 1-5 (a deal or serve as it should be), or those of an irregular
    // deal (``what.counts``: too many, too few)
    document.querySelectorAll("#picker-unseen .count").forEach(function (b) {
      var n = parseInt(b.getAttribute("data-count"), 10);
      b.hidden = what.counts ? what.counts.indexOf(n) < 0 : n > 5;
    });
    $("picker").hidden = false;
    if (!keepDraw) { $("draw-panel").hidden = true; }
  }

  function pickerEntered() {
    var what = pending;
    if (!what) { return; }
    var cards = picked.join("");
    if (!cards) {
      showNote(what.verb === "show" ? S.pick_shown : S.pick_cards);
      return;
    }
    if (what.verb === "fix") {   // the cards go with the number tapped (fix panel)
      $("fix-note").textContent = S.fix_pick_count;
      $("fix-note").hidden = false;
      return;
    }
    closePanels();
    if (what.verb === "show") {
      playerAction(what.seat, "show", null, cards);
    } else if (what.verb === "expose") {
      dealerAction("expose", what.seat, cards);
    } else if (what.verb === "deal" || what.verb === "serve") {
      dealerAction(what.verb, what.seat, cards);
    }
  }

  // --- wiring -------------------------------------------------------------------------
  document.querySelectorAll("#keypad .key").forEach(function (b) {
    b.addEventListener("click", function () {
      var input = $("amount"), k = b.getAttribute("data-key");
      var fresh = keypadFresh;
      keypadFresh = false;
      if (k === "C") { input.value = ""; }
      else if (fresh && /^[0-9]$/.test(k)) { input.value = k; }
      else if (k === "\u232b") { input.value = input.value.slice(0, -1); }
      else { input.value += k; }
    });
  });
  $("amount").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); amountEntered(); }
    if (e.key === "Escape") { closePanels(); }
  });
  $("amount-ok").addEventListener("click", amountEntered);
  $("amount-cancel").addEventListener("click", closePanels);
  $("picker-ok").addEventListener("click", pickerEntered);
  $("picker-known").addEventListener("click", function () {
    var what = pending, cards = $("picker-known").getAttribute("data-cards");
    if (!what || what.verb !== "show" || !cards) { return; }
    closePanels();
    playerAction(what.seat, "show", null, cards);
  });
  $("forced-btn").addEventListener("click", function () {
    var lines = server.forced || [];
    if (!lines.length || view.waiting || !known(server.hand_id)) { return; }
    closePanels();
    // the lines it stores, as the referee listed them (the server's ``forced``): the queue
    // counts the hand's version on by as many for the taps made after it (tapqueue.js
    // stamp); the server refuses it where it would store another count
    pushTap({op: "forced_bets", hand_id: server.hand_id, events: lines.length}, "forced-btn");
    afterLocalTap();
  });
  $("finish-btn").addEventListener("click", function () {
    if (!view.finish || view.waiting || !known(server.hand_id)) { return; }
    closePanels();
    // for the queue it starts the next hand: the taps made after it are for that hand
    pushTap({op: "finish_hand", hand_id: server.hand_id}, "finish-btn");
    afterLocalTap();
  });
  $("picker-cancel").addEventListener("click", function () { closePanels(); render(); });
  $("picker-clear").addEventListener("click", function () {
    picked = [];
    $("picked").textContent = "";
    document.querySelectorAll("#picker-cards .card").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
  });
  document.querySelectorAll("#picker-unseen .count").forEach(function (b) {
    b.addEventListener("click", function () {
      var what = pending;
      if (!what || (what.verb !== "deal" && what.verb !== "serve")) { return; }
      var count = b.getAttribute("data-count");
      if (picked.length) {   // never drop picked cards silently
        showNote(fmt(S.draw_mismatch, {picked: picked.length, count: count}));
        return;
      }
      closePanels();
      // a count held (too many, too few): the line the referee names for it (``miscount``)
      var line = what.lines && what.lines[count];
      if (line) { dealerAction(line.verb, what.seat, String(line.count), line.count); return; }
      dealerAction(what.verb, what.seat, count, parseInt(count, 10));
    });
  });
  document.querySelectorAll("#draw-panel .count").forEach(function (b) {
    b.addEventListener("click", function () {
      var what = pending;
      if (!what || what.verb !== "draw") { return; }
      var count = parseInt(b.getAttribute("data-count"), 10);
      if (picked.length && picked.length !== count) {   // never drop picked cards silently
        $("draw-note").textContent = fmt(S.draw_mismatch, {picked: picked.length, count: count});
        $("draw-note").hidden = false;
        return;
      }
      var cards = picked.join("");
      closePanels();
      playerAction(what.seat, "draw", count, cards);
    });
  });
  $("deal-btn").addEventListener("click", function () {
    if (!known(selected)) { return; }
    closePanels();
    openPicker({verb: "deal", seat: selected}, fmt(S.cards_for, {what: S.deal + " \u00b7 " + seatName(selected)}));
  });
  $("serve-btn").addEventListener("click", function () {
    if (!known(selected)) { return; }
    closePanels();
    openPicker({verb: "serve", seat: selected}, fmt(S.cards_for, {what: S.serve + " \u00b7 " + seatName(selected)}));
  });
  // --- confirms, in the page (no system dialog on the tablet) --------------------------
  // ``ask(text, okLabel, why, ok)``: the row says what the tap will do; ``ok(reason)`` runs
  // on its button (``why``: a reason is asked, prefilled, with quick reasons to tap);
  // Cancel, another panel or a new table closes it without a tap.
  var confirming = null;
  function ask(text, okLabel, why, ok) {
    closePanels();
    $("confirm-text").textContent = text;
    $("confirm-ok").textContent = okLabel;
    $("confirm-why").hidden = !why;
    $("confirm-reason").value = why ? S.undo_default : "";
    confirming = ok;
    $("confirm").hidden = false;
    $("confirm-ok").focus();
  }
  function closeConfirm() {
    $("confirm").hidden = true;
    confirming = null;
  }
  function confirmed() {
    var ok = confirming;
    if (!ok) { return; }
    var reason = $("confirm-reason").value.trim();
    if (!$("confirm-why").hidden && !reason) {
      showNote(S.undo_reason);
      $("confirm-reason").focus();
      return;
    }
    closeConfirm();
    ok(reason);
  }
  $("confirm-ok").addEventListener("click", confirmed);
  $("confirm-cancel").addEventListener("click", closeConfirm);
  $("confirm-reason").addEventListener("keydown", function (e) {
    if (e.key === "Enter") { e.preventDefault(); confirmed(); }
    if (e.key === "Escape") { closeConfirm(); }
  });
  document.querySelectorAll("#confirm-why .reason").forEach(function (b) {
    b.addEventListener("click", function () { $("confirm-reason").value = b.getAttribute("data-reason"); });
  });

  $("misdeal-btn").addEventListener("click", function () {
    ask(S.misdeal_confirm, S.misdeal, false, function () {
      sendAction("d misdeal", {actor: "d", seat: null, verb: "misdeal"}, "misdeal-btn");
    });
  });
  // Undo says what it voids (the server's newest entry, in words) and asks why, in the page
  $("undo-btn").addEventListener("click", function () {
    var target = server.undo;
    if (!target || queue.items.length) { return; }
    ask(fmt(S.undo_confirm, {what: target.text || target.action || ""}), S.undo_log, true, function (reason) {
      if (queue.items.length || server.undo !== target) { showNote(S.undo_changed); return; }
      pushTap({op: "undo", hand_id: server.hand_id, event_id: target.event_id, reason: reason}, "undo-btn");
    });
  });
  $("award-confirm").addEventListener("click", function () {
    if ($("award-confirm").disabled) { return; }
    var proposal = server.proposed_awards || {};
    gesture += 1;
    Object.keys(proposal).forEach(function (seat) {
      sendAction("d award p" + seat + " " + proposal[seat],
                 {actor: "d", seat: parseInt(seat, 10), verb: "award", amount: proposal[seat]}, "award-confirm", true);
    });
  });
  // "Record something else": the award to the seat tapped, else asked: to whom?
  $("award-other").addEventListener("click", function () {
    var award = function (seat) { closePanels(); openKeypad({verb: "award", seat: seat}, {min: view.pot, max: view.pot}); };
    if (!seatChosen || !known(selected)) { chooseSeat(S.award_to, award); return; }
    award(selected);
  });
  $("seat-choice-cancel").addEventListener("click", function () { closePanels(); render(); });
  // Irregularities: what the dealer sees, each one line the referee judges (CONTRACT.md 2):
  // a seat found holding too many or too few cards is the line the referee names for it as
  // the hand stands (the server's ``miscount``: before the seat drew, its deal, ``d deal pN
  // K``; after, the draw's serve, ``d serve pN K``, K the cards served), or the cards
  // picked; judged ``wrong_card_count``. Which line, and K for each count held, are the
  // referee's, never worked out here. A misdeal (``d misdeal``) is the dealer row's one
  // button "Mal reparto" (issue 26: one place, not two).
  function irregularDeal(kind, seat) {
    var many = kind === "many";
    var miscount = (view.miscount || {})[String(seat)] || {verb: "deal", counts: null};
    openPicker({verb: miscount.verb, seat: seat, counts: many ? [6, 7] : [1, 2, 3, 4], lines: miscount.counts},
               fmt(many ? S.too_many : S.too_few, {name: seatLabel(seat)}) + " \u00b7 " +
               fmt(S.count_for, {name: seatLabel(seat)}));
  }
  // The seeds' irregularities (issue 27), each one line the referee judges (whether it was
  // allowed is the referee's finding, never worked out here): a card exposed in the deal
  // (``d expose pN CARD``: the seat, then the card), a player withdrawing (``pN withdraw``)
  // or sitting the hand out (``pN sitout``: the seat), the dealer putting a serve right
  // (``d fix pN +K|-K [CARDS]``: the seat, the cards if seen, then the number).
  // Each is a row of the seats in the menu (issue 27: the menu, the seat, then the card or
  // the number: three taps at most from the menu closed), the seats as the table has them.
  function irregularSeat(kind, seat) {
    selected = seat;
    seatChosen = true;
    closePanels();
    render();
    if (kind === "many" || kind === "few") {
      irregularDeal(kind, seat);
    } else if (kind === "withdraw" || kind === "sitout") {
      playerAction(seat, kind);
    } else if (kind === "expose") {
      openPicker({verb: "expose", seat: seat}, fmt(S.exposed_card, {name: seatLabel(seat)}));
    } else {
      openFix(seat);
    }
  }
  function renderIrregularSeats() {
    // the lines the referee offers now (``view.irregular``: no withdrawal or sitout once the
    // hands are shown, a tabled hand is judged as shown); a deal's count is always offered
    var offered = view.irregular || ["expose", "fix", "withdraw", "sitout"];
    document.querySelectorAll("#irregular [data-irregular-kind]").forEach(function (row) {
      var kind = row.getAttribute("data-irregular-kind");
      row.hidden = kind !== "many" && kind !== "few" && offered.indexOf(kind) < 0;
      var box = row.querySelector(".seats");
      var seats = (view.seats || []).filter(function (s) { return !s.sitting_out; });
      var now = seats.map(function (s) { return s.seat + ":" + s.name; }).join("|");
      if (box.getAttribute("data-seats") === now) { return; }   // as drawn: keep the focus
      box.setAttribute("data-seats", now);
      box.textContent = "";
      seats.forEach(function (s) {
        var b = el("button", {type: "button", "class": "choose-seat", "data-seat": String(s.seat),
                              title: s.name}, s.name);
        b.addEventListener("click", function () { irregularSeat(kind, s.seat); });
        box.appendChild(b);
      });
    });
  }
  function openFix(seat) {
    $("fix-title").textContent = fmt(S.fix_for, {name: seatLabel(seat)});
    openPicker({verb: "fix", seat: seat}, fmt(S.cards_for, {what: S.fix_cards}), true);
    $("picker-ok").hidden = true;   // the number tapped enters the line, with the cards picked
    $("fix-panel").hidden = false;
    $("fix-panel").querySelector("button").focus();
  }
  document.querySelectorAll("#fix-panel [data-fix]").forEach(function (b) {
    b.addEventListener("click", function () {
      var what = pending;
      if (!what || what.verb !== "fix") { return; }
      var k = b.getAttribute("data-fix");
      var count = parseInt(k.slice(1), 10);
      if (picked.length && picked.length !== count) {   // never drop picked cards silently
        $("fix-note").textContent = fmt(S.draw_mismatch, {picked: picked.length, count: count});
        $("fix-note").hidden = false;
        return;
      }
      var cards = picked.join("");
      closePanels();
      dealerAction("fix", what.seat, k + (cards ? " " + cards : ""));
    });
  });
  $("last-hand-btn").addEventListener("click", function () {
    pushTap({op: "last_hand", on: !server.last_declared}, "last-hand-btn");
  });
  $("end-hand").addEventListener("click", function () {
    // a hand the referee does not see as finished is closed only when the dealer says so
    var close = function () { pushTap({op: "end_hand", hand_id: startWaiting() ? null : server.hand_id}, "end-hand"); };
    if (view.phase !== "complete") { ask(S.close_incomplete, S.close_hand_log, false, close); return; }
    close();
  });
  $("next-hand").addEventListener("click", function () { pushTap({op: "start_hand"}, "next-hand"); });
  // at the table: the d move lines the banner shows, on the hand it names (its version);
  // in money: the ordinary next hand, the chips where they are
  $("award-gap-table").addEventListener("click", function () {
    if (awardGap && (awardGap.lines || []).length && !startWaiting()) {
      pushTap({op: "hand_over", hand_id: awardGap.hand_id, events: awardGap.lines.length}, "award-gap-table");
    }
  });
  $("award-gap-money").addEventListener("click", function () { pushTap({op: "start_hand"}, "award-gap-money"); });
  $("award-gap-hide").addEventListener("click", function () {
    try { window.localStorage.setItem(gapHiddenKey(awardGap), "1"); } catch (e) { /* private mode */ }
    renderGap();
  });

  // Another device (the host's page) may start or end a hand: when nothing is waiting to
  // be sent and no panel is open, fetch the table again every 10 s and on coming back.
  // A tap made while the fetch is on its way makes its answer stale: the server may have
  // read the table before it stored the tap (a slow server answers the tap first), and the
  // tap's own answer is the newer table; so that answer is dropped, never drawn.
  // ``force``: after a refusal as out of date: read the table even with a panel open.
  var etag = null;   // the state's ETag last drawn: the poll costs a 304 while nothing changed
  function refresh(force) {
    if (revoked || closed || queue.items.length || (!force && !panelsClosed())) { return; }
    var asked = answers;
    var headers = {"Accept": "application/json"};
    if (etag && !force) { headers["If-None-Match"] = etag; }
    fetch(CFG.state_url, {headers: headers, credentials: "same-origin", cache: "no-store"})
      .then(function (res) {
        if (res.status === 304) { return null; }   // nothing changed
        if (res.ok) { etag = res.headers.get("ETag"); }
        if (res.status === 410) {   // the night closed
          return res.json().then(function (data) { nightClosed(data && data.error, 0); return null; },
                                 function () { nightClosed(null, 0); return null; });
        }
        if (res.status === 404) { linkRevoked(0); return null; }   // the link was withdrawn
        return res.ok ? res.json() : null;
      })
      .then(function (data) {
        keepToken(data);
        if (!data || queue.items.length || answers !== asked) { return; }
        var changed = force || data.hand_id !== server.hand_id || data.version !== server.version ||
          (data.actions || []).length !== (server.actions || []).length || data.in_progress !== server.in_progress ||
          Banner.tableChanged(server, data);
        if (data.open_disputes !== server.open_disputes) {   // the banner alone: no redraw
          server.open_disputes = data.open_disputes;
          renderDisputes();
        }
        if (rebuysKey(data) !== rebuysKey(server)) {   // the rebuys asked from a phone alone: no redraw
          server.rebuy_requests = data.rebuy_requests;
          server.tablet_rebuys = data.tablet_rebuys;
          renderRebuys();
        }
        if (!changed) { return; }   // redrawing would take the keyboard focus away
        server = data;
        keepView(data);
        if ("award_gap" in data) { awardGap = data.award_gap; }
        if (known(data.to_act)) { selected = data.to_act; }
        dropStaleNotice(data);
        redraw();
      })
      .catch(function () {});
  }
  // every 2 s: a rebuy, a seat change or a new player shows within 3 s (a 304 when nothing changed)
  window.setInterval(function () { refresh(false); }, 2000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(false); }
  });

  render();
  askOpeners();
  queue.flush(true);
})();
