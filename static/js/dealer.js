/* Tapete: the dealer's hand page. Draws the table from the server's answer (the referee's
 * table_state) and turns taps into CONTRACT.md action strings sent through TapQueue. */
(function () {
  "use strict";

  var S = JSON.parse(document.getElementById("strings").textContent);
  var CFG = JSON.parse(document.getElementById("config").textContent);
  var view = JSON.parse(document.getElementById("initial-state").textContent);
  var AMOUNT_VERBS = ["open", "bet", "raise", "ante", "blind", "straddle"];
  var ALL_VERBS = ["check", "open", "bet", "call", "raise", "allin", "fold", "draw", "show",
                   "muck", "ante", "blind", "straddle", "split"];
  var SUIT = {s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663"};

  var BET_VERBS = ["open", "bet", "raise", "allin"];
  var DOUBLE_TAP_MS = 1500;  // the same tap again within this time is a double tap
  var TAP_GUARD_MS = 400;    // any verb this soon after a tap, no seat chosen: a double tap
  var seatChosen = false;    // a seat was tapped since the last tap was made

  var selected = view.to_act;
  var pending = null;        // {verb, seat} waiting for an amount or cards
  var picked = [];
  var lastRefusal = null;
  var lastTap = {signature: null, at: 0};   // the last tap made, for double taps
  var gesture = 0;           // one click that sends several taps (award lines) is one gesture
  var awardGap = view.award_gap || null;

  var BET = CFG.betting || {};
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
  function seatName(seat) {
    var s = (view.seats || []).filter(function (x) { return x.seat === seat; })[0];
    return s ? fmt(S.seat, {seat: seat}) + " \u00b7 " + s.name : fmt(S.seat, {seat: seat});
  }
  function awardsText(awards) {
    return Object.keys(awards).map(function (seat) {
      return fmt(S.seat, {seat: seat}) + ": " + num(awards[seat]);
    }).join(", ");
  }
  function plural(forms, n) { return fmt(n === 1 ? forms[0] : forms[1], {n: n}); }
  function seatInfo(seat) {
    return (view.seats || []).filter(function (x) { return x.seat === seat; })[0] || null;
  }
  // a seat with no chips that has not acted this hand is not dealt in: never a seat to act
  function sittingOut(seat) {
    var info = seatInfo(seat);
    return !!(info && info.sitting_out);
  }
  function sameAwards(a, b) {
    if (!a || !b) { return false; }
    var ka = Object.keys(a).sort(), kb = Object.keys(b).sort();
    return ka.join() === kb.join() && ka.every(function (k) { return a[k] === b[k]; });
  }

  var queue = new TapQueue({
    url: CFG.tap_url,
    storageKey: "tapete-taps-night-" + CFG.night,
    onAnswer: function (data, tap) {
      view = data;
      if ("award_gap" in data) { awardGap = data.award_gap; }
      var turn = currentTurn();
      selected = turn !== null && turn !== undefined ? turn : selected;
      // the out-of-turn notice is the referee's own finding on the stored tap (TDA 53):
      // never a guess from a table the queue has already moved past (antes have no order)
      if (data.notice) { showNotice(data.notice); }
      var ae = document.activeElement;   // the redraw replaces the seats and the verbs
      var lost = !ae || ae === document.body || !document.body.contains(ae) ||
        !!(ae.closest && ae.closest("#verbs, #more-verbs, #seats"));
      render();
      if (lost && $("keypad").hidden && $("picker").hidden) { focusFirstVerb(); }
    },
    onRefused: function (data, tap) {
      lastRefusal = fmt(S.error, {msg: (data && data.error) || "?"}) + " (" + (tap.action || tap.op) + ")";
      showNotice(lastRefusal);
      renderNet();
      renderButtons();
    },
    onChange: function () { renderNet(); renderLog(); renderButtons(); },
  });

  function showNotice(text) {
    var n = $("notice");
    n.textContent = text;
    n.hidden = false;
  }
  function showNote(text) {
    var n = $("tap-note");
    n.textContent = text;
    n.hidden = false;
    window.clearTimeout(showNote.timer);
    showNote.timer = window.setTimeout(function () { n.hidden = true; }, 4000);
  }

  // --- sending ------------------------------------------------------------------------
  // A double tap (the very tap just made, same seat, verb, amount and cards, again within
  // DOUBLE_TAP_MS) is not a second action: it is dropped with a short note, so it is stored
  // once. The same words later in the hand ("p4 call" before and after the draw) are new.
  function firstTap(signature, button) {
    var now = Date.now();
    var again = lastTap.signature === signature && now - lastTap.at < DOUBLE_TAP_MS;
    var busy = button && queue.items.some(function (t) { return t.ui_button === button && t.gesture !== gesture; });
    if (again || busy) {
      showNote(S.double_tap);
      return false;
    }
    lastTap = {signature: signature, at: now};
    seatChosen = false;
    return true;
  }
  // Queue one tap; ``button`` (an element id) stays disabled while the tap is in flight.
  function pushTap(tap, button, sameGesture) {
    if (!sameGesture) { gesture += 1; }
    var signature = tap.op + " " + (tap.hand_id || "") + " " + (tap.action || "");
    if (!firstTap(signature, button)) { return null; }
    tap.gesture = gesture;
    if (button) { tap.ui_button = button; }   // the page's own mark (the API's "button" is a seat)
    var key = queue.push(tap);
    renderButtons();
    return key;
  }
  function sendAction(action, button, sameGesture) {
    // after a "Next hand" still waiting to be sent, the tap is for the hand it will start
    var starting = queue.items.some(function (t) { return t.op === "start_hand"; });
    var key = pushTap({op: "action", hand_id: starting ? null : view.hand_id, action: action}, button, sameGesture);
    if (key) { afterLocalTap(); }
    return key;
  }
  function playerAction(seat, words) {
    $("notice").hidden = true;
    sendAction("p" + seat + " " + words);
  }
  // After a tap the page moves on at once, even before the server answers (offline, or a
  // slow answer): the selection goes to the next live seat in the direction of play.
  function afterLocalTap() {
    var turn = currentTurn();
    if (turn !== null && turn !== undefined) { selected = turn; }
    render();
    if ($("keypad").hidden && $("picker").hidden && $("draw-panel").hidden) { focusFirstVerb(); }
  }

  // --- the table while taps wait ------------------------------------------------------
  function waitingActions() {
    return queue.items.filter(function (t) { return t.op === "action" && t.action; });
  }
  function liveOrder(folded) {
    var order = (view.in_hand || []).filter(function (s) { return !folded[s] && !sittingOut(s); });
    if (order.length) { return order; }
    return (view.seats || []).map(function (s) { return s.seat; }).filter(function (s) { return !folded[s] && !sittingOut(s); });
  }
  function nextLive(seat, folded) {
    var order = liveOrder(folded);
    if (!order.length) { return null; }
    var i = order.indexOf(seat);
    if (i >= 0) { return order[(i + 1) % order.length]; }
    var all = (view.seats || []).map(function (s) { return s.seat; });
    if (CFG.direction === "counterclockwise") { all.reverse(); }
    var j = all.indexOf(seat);
    for (var k = 1; j >= 0 && k <= all.length; k++) {
      var s = all[(j + k) % all.length];
      if (order.indexOf(s) >= 0) { return s; }
    }
    return order[0];
  }
  // The table as it will be once the waiting taps are stored: the server's last answer
  // moved on by the taps it has not answered yet (a guide only; the referee decides).
  function predicted() {
    var st = {phase: view.phase, facing: !!legalFor("call", view.legal), folded: {}, last: null,
              aggressor: null, drew: 0, to_act: view.to_act, pot: view.pot || 0,
              bets: Object.assign({}, view.bets || {}), stacks: {}, touched: {}};
    (view.seats || []).forEach(function (s) { st.stacks[String(s.seat)] = s.stack; });
    var anteStart = view.to_act;
    if (anteStart !== null && anteStart !== undefined && sittingOut(anteStart)) {
      anteStart = nextLive(anteStart, {});
    }
    waitingActions().forEach(function (t) {
      var w = t.action.split(/\s+/);
      if (!/^p[0-9]+$/.test(w[0])) { return; }   // dealer lines do not move the turn
      var seat = parseInt(w[0].slice(1), 10), verb = w[1];
      applyChips(st, seat, verb, w[2]);
      if (verb === "draw" && st.phase !== "draw") { st.bets = {}; }   // the betting round is over
      if (verb === "fold" || verb === "muck") { st.folded[seat] = true; st.touched[seat] = true; }
      if (BET_VERBS.indexOf(verb) >= 0 || verb === "check") {
        if (st.phase === "predeal") { st.phase = "predraw"; }
        if (BET_VERBS.indexOf(verb) >= 0) { st.facing = true; st.aggressor = seat; }
      }
      if (verb === "draw") { st.phase = "draw"; st.drew += 1; }
      if (verb === "show") { st.phase = "showdown"; }
      st.last = seat;
    });
    if (st.last === null) { return st; }
    var next = nextLive(st.last, st.folded);
    var order = liveOrder(st.folded);
    if (st.phase === "predeal" && next === anteStart) {          // every seat has anted
      st.phase = "predraw"; st.facing = false; next = order[0];
    } else if ((st.phase === "predraw" || st.phase === "postdraw") && st.facing && next === st.aggressor) {
      st.phase = st.phase === "predraw" ? "draw" : "showdown";   // everyone called
      st.facing = false;
      st.bets = {};
      next = st.phase === "draw" ? order[0] : st.aggressor;
    } else if (st.phase === "draw" && st.drew >= order.length) {
      st.phase = "postdraw"; st.facing = false; next = order[0];
    }
    st.to_act = next;
    return st;
  }
  // The simple verbs moved into the shown pot, stacks and chips in front at once (marked
  // pending until the referee's answer replaces them): ante, blind, call, bet/open/raise
  // to a round total, all in. A guide only: the stored log and the referee decide.
  function applyChips(st, seat, verb, word) {
    var key = String(seat);
    var stack = st.stacks[key];
    if (stack === null || stack === undefined) { return; }
    var bet = st.bets[key] || 0;
    var amount = /^[0-9]+$/.test(word || "") ? parseInt(word, 10) : null;
    var put = null;
    if (verb === "ante" && amount !== null) {
      put = Math.min(amount, stack);
      st.stacks[key] = stack - put;
      st.pot += put;
      st.touched[seat] = true;
      return;
    }
    if ((verb === "blind" || verb === "straddle" || verb === "open" || verb === "bet" || verb === "raise") && amount !== null) {
      put = amount - bet;
    } else if (verb === "call") {
      var high = 0;
      Object.keys(st.bets).forEach(function (k) { high = Math.max(high, st.bets[k] || 0); });
      put = high - bet;
    } else if (verb === "allin") {
      put = stack;
    }
    if (put === null) { return; }
    put = Math.max(0, Math.min(put, stack));
    st.stacks[key] = stack - put;
    st.bets[key] = bet + put;
    st.pot += put;
    st.touched[seat] = true;
  }
  function currentTurn() {
    var turn = waitingActions().length ? predicted().to_act : view.to_act;
    if (turn !== null && turn !== undefined && sittingOut(turn)) { turn = nextLive(turn, {}); }
    return turn;
  }
  // The amount the house rules fix for a verb at this moment (the ante; a fixed-limit
  // open, bet or raise: the small bet before the draw, the big bet after, RRoP section 3),
  // else null: the amount is the dealer's choice.
  function fixedAmount(verb, st) {
    if (verb === "ante") { return BET.ante || null; }
    if (BET.betting !== "fixed_limit" || ["open", "bet", "raise"].indexOf(verb) < 0) { return null; }
    var size = st.phase === "postdraw" ? BET.big_bet : BET.small_bet;
    if (!size) { return null; }
    if (verb !== "raise") { return size; }
    var high = 0;
    Object.keys(st.bets || {}).forEach(function (k) { high = Math.max(high, st.bets[k] || 0); });
    return high + size;
  }
  function usualVerbs(st) {
    var forced = (view.legal || []).map(function (l) { return l.verb; })
      .filter(function (v) { return v === "ante" || v === "blind" || v === "straddle"; });
    return {
      predeal: forced.length ? forced : ["ante"],
      predraw: st.facing ? ["call", "raise", "fold"] : ["check", "open", "fold"],
      postdraw: st.facing ? ["call", "raise", "fold"] : ["check", "bet", "fold"],
      draw: ["draw"], showdown: ["show", "muck"],
    }[st.phase] || [];
  }
  // The verbs offered for a seat, with its own bounds: the referee's legal actions for the
  // seat to act; for another seat (or while taps wait) the usual verbs of the moment, at
  // most what that seat has (its stack plus its chips in front, round totals).
  function optionsFor(seat) {
    var waiting = waitingActions().length > 0;
    var stale = view.legal || [];
    var list;
    if (!waiting) {
      list = stale.map(function (l) { return {verb: l.verb, min: l.min, max: l.max}; });
    } else {
      list = usualVerbs(predicted()).map(function (v) {
        var l = legalFor(v, stale) || {};
        return {verb: v, min: l.min === undefined ? null : l.min, max: null};
      });
    }
    if (waiting || seat !== view.to_act) {
      var st = waiting ? predicted() : {phase: view.phase, bets: view.bets || {}, stacks: {}};
      var info = seatInfo(seat);
      var stack = info ? info.stack : null, bet = info ? (info.bet || 0) : 0;
      if (waiting && st.stacks[String(seat)] !== undefined) {
        stack = st.stacks[String(seat)];
        bet = st.bets[String(seat)] || 0;
      }
      var cap = stack !== null && stack !== undefined ? stack + bet : null;
      list.forEach(function (l) {
        if (AMOUNT_VERBS.indexOf(l.verb) < 0) { return; }
        var fixed = fixedAmount(l.verb, st);
        if (fixed === null && l.min !== null && l.min !== undefined && l.min === l.max &&
            (l.verb === "blind" || l.verb === "straddle")) { fixed = l.min; }
        if (fixed !== null) { l.min = l.max = fixed; }
        if (cap === null) { return; }
        if (fixed !== null) {
          l.min = l.max = Math.min(fixed, cap);
          return;
        }
        l.max = cap;
        if (l.min !== null && l.min !== undefined && l.min > cap) { l.min = cap; }
      });
    }
    return list;
  }

  // --- drawing ------------------------------------------------------------------------
  function render() {
    $("phase").textContent = S.phase[view.phase || "none"] || view.phase;
    var shown = waitingActions().length ? predicted() : null;
    $("pot").textContent = num(shown ? shown.pot : view.pot);
    $("pot").classList.toggle("pending-value", !!shown && shown.pot !== view.pot);
    $("pot").setAttribute("data-pot", String(shown ? shown.pot : view.pot));
    $("pot").setAttribute("data-pending", String(!!shown && shown.pot !== view.pot));
    $("opening").textContent = view.opening ? "\u2265 " + view.opening + view.opening : "";
    var turn = currentTurn();
    $("to-act").textContent = fmt(S.to_act, {who: turn ? seatName(turn) : S.nobody});
    renderSeats();
    renderVerbs();
    renderAward();
    renderGap();
    renderButtons();
    renderFindings();
    renderLog();
    renderNet();
  }

  function renderSeats() {
    var box = $("seats");
    box.textContent = "";
    var seats = view.seats || [];
    var shown = waitingActions().length ? predicted() : null;
    seats.forEach(function (s, i) {
      var angle = Math.PI / 2 + (2 * Math.PI * i) / Math.max(seats.length, 1);
      var b = el("button", {type: "button", "class": "seat", "data-seat": s.seat,
                            "aria-pressed": String(selected === s.seat)});
      b.style.left = (50 + 42 * Math.cos(angle)) + "%";
      b.style.top = (50 + 38 * Math.sin(angle)) + "%";
      if (s.seat === currentTurn()) { b.classList.add("to-act"); }
      if (!s.in_hand && view.phase && view.phase !== "predeal") { b.classList.add("out"); }
      if (s.sitting_out) {
        b.classList.add("sitting-out");
        b.disabled = true;
        b.setAttribute("data-sitting-out", "true");
        b.setAttribute("aria-pressed", "false");
      }
      var stack = s.stack, bet = s.bet, pendingSeat = false;
      if (shown && shown.touched[s.seat]) {
        pendingSeat = true;
        stack = shown.stacks[String(s.seat)];
        bet = shown.bets[String(s.seat)] || 0;
        if (shown.folded[s.seat]) { b.classList.add("out"); }
      }
      b.setAttribute("data-stack", String(stack));
      b.setAttribute("data-pending", String(pendingSeat));
      var no = el("span", {"class": "seat-no"}, String(s.seat));
      if (s.button) { no.appendChild(el("span", {"class": "dealer-button", title: S.button}, "D")); }
      b.appendChild(no);
      b.appendChild(el("span", {"class": "seat-name"}, s.name));
      b.appendChild(el("span", {"class": "seat-stack" + (pendingSeat ? " pending-value" : "")}, num(stack)));
      if (s.sitting_out) { b.appendChild(el("span", {"class": "seat-out"}, S.sitting_out)); }
      if (bet && view.phase !== "complete") {
        b.appendChild(el("span", {"class": "seat-bet" + (pendingSeat ? " pending-value" : "")}, num(bet)));
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

  // Keyboard use: after the table is redrawn, focus goes to the first action button.
  function focusFirstVerb() {
    var first = document.querySelector("#verbs button");
    if (first) { first.focus(); }
  }

  function legalFor(verb, list) {
    return (list || optionsFor(selected)).filter(function (l) { return l.verb === verb; })[0];
  }

  function verbButton(verb, big) {
    var legal = legalFor(verb);
    var label = S.verbs[verb] || verb;
    var fixed = null;   // min == max: one tap, no keypad
    if (legal && legal.min !== null && legal.min !== undefined && AMOUNT_VERBS.indexOf(verb) >= 0) {
      label += " " + num(legal.min) + (legal.max !== null && legal.max !== undefined && legal.max !== legal.min ? "\u2013" + num(legal.max) : "");
      if (legal.max === legal.min) { fixed = legal.min; }
    }
    var b = el("button", {type: "button", "class": "verb " + verb + (big ? " big" : ""), "data-verb": verb}, label);
    if (fixed !== null) { b.setAttribute("data-amount", String(fixed)); }
    b.addEventListener("click", function () {
      if (b.disabled) { return; }
      // the second half of a double tap lands on the next seat's buttons (the selection has
      // just moved on): a verb within TAP_GUARD_MS of the last tap, with no seat chosen in
      // between, is that second half, not a new action
      if (!seatChosen && Date.now() - lastTap.at < TAP_GUARD_MS) { showNote(S.double_tap); return; }
      if (fixed !== null && selected) {
        closePanels();
        playerAction(selected, verb + " " + fixed);
        b.disabled = true;
        return;
      }
      onVerb(verb);
      if (AMOUNT_VERBS.indexOf(verb) < 0 && verb !== "draw" && verb !== "show") {
        b.disabled = true;   // its tap is in flight: the redraw brings fresh buttons
      }
    });
    return b;
  }

  function renderVerbs() {
    var seat = selected;
    $("actor-title").textContent = seat ? seatName(seat) : S.nobody;
    var main = $("verbs"), more = $("more-verbs");
    main.textContent = "";
    more.textContent = "";
    var legalVerbs = optionsFor(seat).map(function (l) { return l.verb; })
      .filter(function (v) { return ALL_VERBS.indexOf(v) >= 0; });
    legalVerbs.forEach(function (v) { main.appendChild(verbButton(v, true)); });
    ALL_VERBS.forEach(function (v) {
      if (legalVerbs.indexOf(v) < 0) { more.appendChild(verbButton(v, false)); }
    });
  }

  // The award, said once: the referee's proposal while nothing is recorded, then the
  // referee's award beside the recorded one (when they are not the same words again).
  function renderAward() {
    var proposal = view.proposed_awards;
    var rec = view.recorded_awards || {};
    var recorded = Object.keys(rec).length > 0;
    $("proposal").textContent = proposal && !recorded ? fmt(S.proposal, {awards: awardsText(proposal)}) : "";
    $("proposal").hidden = !(proposal && !recorded);
    $("award-confirm").hidden = !proposal || !view.in_progress || recorded;
    var ref = $("referee-award");
    var showRef = !!view.awards && !(proposal && !recorded && sameAwards(view.awards, proposal));
    ref.textContent = showRef ? fmt(S.referee_award, {awards: awardsText(view.awards)}) : "";
    ref.hidden = !showRef;
    ref.setAttribute("data-awards", JSON.stringify(view.awards || null));
    $("recorded-award").textContent = recorded ? fmt(S.recorded_award, {awards: awardsText(rec)}) : "";
    $("award-other").hidden = !view.in_progress;
    $("end-hand").hidden = !view.in_progress;
    $("next-hand").hidden = !!view.in_progress;
  }

  // After a hand whose pushed chips differ from the referee's award, the referee carries
  // its own stacks: say so, which hand, by how much, and the two ways out.
  function gapHiddenKey(gap) { return "tapete-gap-hidden-" + CFG.night + "-" + gap.hand_id; }
  function renderGap() {
    var box = $("award-gap"), gap = awardGap;
    var hidden = !gap;
    try { hidden = hidden || window.localStorage.getItem(gapHiddenKey(gap)) === "1"; } catch (e) { /* private mode */ }
    box.hidden = hidden;
    if (hidden) { return; }
    var diff = Object.keys(gap.diff).map(function (seat) {
      var d = gap.diff[seat];
      return fmt(S.seat, {seat: seat}) + " " + (d > 0 ? "+" : "−") + num(Math.abs(d));
    }).join(", ");
    $("award-gap-text").textContent = fmt(S.gap, {hand: gap.hand, diff: diff});
    $("award-gap-fix").textContent = S.gap_fix;
    box.setAttribute("data-hand", String(gap.hand));
    $("award-gap-accept").hidden = !!view.in_progress;
  }

  // Buttons whose tap is waiting stay disabled until the server has it.
  function renderButtons() {
    ["award-confirm", "end-hand", "next-hand", "misdeal-btn", "undo-btn", "award-gap-accept"].forEach(function (id) {
      $(id).disabled = queue.items.some(function (t) { return t.ui_button === id; });
    });
  }

  function renderFindings() {
    var ul = $("findings");
    ul.textContent = "";
    var list = view.findings || [];
    if (!list.length) { ul.appendChild(el("li", {"class": "none"}, S.no_findings)); }
    list.forEach(function (f) {
      var li = el("li", {"class": "finding " + (f.severity || ""), "data-kind": f.kind,
                         "data-action": f.action === null || f.action === undefined ? "" : String(f.action)});
      var label = (S.kinds && S.kinds[f.kind]) || f.kind;
      var hasAction = f.action !== null && f.action !== undefined;
      var hasSeat = f.seat !== null && f.seat !== undefined;
      if (CFG.lang === "en") {
        li.appendChild(el("strong", {}, label));
        li.appendChild(document.createTextNode((hasAction ? " #" + f.action : "") + " \u2014 " + (f.message || "")));
      } else {
        // the sentence in the page's language; the referee's own (English) words beside it
        var sentence = hasSeat && hasAction ? fmt(S.finding_seat_action, {seat: f.seat, label: label, n: f.action})
          : hasSeat ? fmt(S.finding_seat, {seat: f.seat, label: label})
          : hasAction ? fmt(S.finding_action, {label: label, n: f.action}) : label;
        li.appendChild(el("strong", {"class": "sentence"}, sentence));
        if (f.message) { li.appendChild(el("small", {"class": "detail", lang: "en"}, f.message)); }
      }
      if (f.rule) { li.appendChild(el("small", {}, " (" + f.rule + ")")); }
      ul.appendChild(li);
    });
  }

  function renderLog() {
    var ol = $("log");
    ol.textContent = "";
    var n = 0;
    (view.actions || []).forEach(function (a) {
      var li = el("li", {"class": a.voided ? "voided" : ""}, a.action);
      if (a.voided) {
        li.appendChild(el("em", {}, " (" + S.voided + ")"));
      } else {
        li.setAttribute("value", String(n));
        n += 1;
      }
      ol.appendChild(li);
    });
    queue.items.forEach(function (t) {
      if (t.op === "action" || t.op === "undo") {
        var li = el("li", {"class": "waiting"}, (t.action || "undo: " + t.reason) + " \u2026 " + S.waiting);
        ol.appendChild(li);
      }
    });
  }

  function renderNet() {
    var net = $("net");
    var waiting = queue.items.length;
    if (!queue.online && waiting) {
      net.textContent = S.offline + " " + plural(S.pending, waiting);
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
    ["keypad", "draw-panel", "picker", "draw-note"].forEach(function (id) { $(id).hidden = true; });
    pending = null;
    picked = [];
  }

  function onVerb(verb) {
    var seat = selected;
    if (!seat) { return; }
    closePanels();
    if (AMOUNT_VERBS.indexOf(verb) >= 0) {
      var legal = legalFor(verb) || {};
      openKeypad({verb: verb, seat: seat}, legal.min, legal.max);
    } else if (verb === "draw") {
      pending = {verb: "draw", seat: seat};
      $("draw-panel").hidden = false;
      openPicker(pending, fmt(S.cards_for, {what: S.discards}), true);
      $("draw-panel").querySelector("button").focus();
    } else if (verb === "show") {
      openPicker({verb: "show", seat: seat}, fmt(S.cards_for, {what: seatName(seat)}));
    } else {
      playerAction(seat, verb);
    }
  }

  function openKeypad(what, min, max) {
    pending = what;
    var input = $("amount");
    input.value = min !== null && min !== undefined ? String(min) : "";
    $("amount-min").textContent = S.min + (min !== null && min !== undefined ? " " + num(min) : "");
    $("amount-max").textContent = S.max + (max !== null && max !== undefined ? " " + num(max) : "");
    $("amount-min").onclick = function () { if (min !== null && min !== undefined) { input.value = min; } };
    $("amount-max").onclick = function () { if (max !== null && max !== undefined) { input.value = max; } };
    $("amount-label").textContent = (S.verbs[what.verb] || S.award) + " \u00b7 " + seatName(what.seat);
    $("keypad").hidden = false;
    input.focus();
    input.select();
  }

  function amountEntered() {
    var value = $("amount").value.trim();
    if (!/^[0-9]+$/.test(value) || !pending) { $("amount").focus(); return; }
    if (value.replace(/^0+(?=[0-9])/, "").length > 12) { showNote(S.too_large); $("amount").focus(); return; }
    var what = pending;
    closePanels();
    if (what.verb === "award") {
      sendAction("d award p" + what.seat + " " + value.replace(/^0+(?=[0-9])/, ""));
    } else {
      playerAction(what.seat, what.verb + " " + value.replace(/^0+(?=[0-9])/, ""));
    }
  }

  function openPicker(what, title, keepDraw) {
    pending = what;
    picked = [];
    $("picker-title").textContent = title;
    var box = $("picker-cards");
    box.textContent = "";
    (CFG.deck || []).forEach(function (card) {
      var b = el("button", {type: "button", "class": "card suit-" + card[1], "data-card": card,
                            "aria-pressed": "false"},
                 card === "Jk" ? "\u2605" : card[0].replace("T", "10") + (SUIT[card[1]] || ""));
      b.setAttribute("aria-label", card);
      b.addEventListener("click", function () {
        var i = picked.indexOf(card);
        if (i >= 0) { picked.splice(i, 1); } else { picked.push(card); }
        b.setAttribute("aria-pressed", String(i < 0));
        $("picked").textContent = picked.join("");
      });
      box.appendChild(b);
    });
    $("picked").textContent = "";
    $("picker").hidden = false;
    if (!keepDraw) { $("draw-panel").hidden = true; }
  }

  function pickerEntered() {
    var what = pending;
    if (!what) { return; }
    var cards = picked.join("");
    closePanels();
    if (what.verb === "show") {
      playerAction(what.seat, "show " + (cards || "??????????"));
    } else if (what.verb === "deal") {
      sendAction("d deal p" + what.seat + " " + (cards || "5"));
    } else if (what.verb === "serve") {
      // no cards picked: serve as many unseen cards as the seat asked for on the draw
      var count = cards ? null : drawCount(what.seat);
      if (!cards && count === null) { showNote(fmt(S.serve_no_draw, {seat: what.seat})); return; }
      sendAction("d serve p" + what.seat + " " + (cards || String(count)));
    }
  }

  // How many cards the seat asked for on its last draw (waiting taps included), or null.
  function drawCount(seat) {
    var lines = (view.actions || []).filter(function (a) { return !a.voided; })
      .map(function (a) { return a.action; })
      .concat(waitingActions().map(function (t) { return t.action; }));
    for (var i = lines.length - 1; i >= 0; i--) {
      var m = new RegExp("^p" + seat + " draw ([0-9]+)").exec(lines[i]);
      if (m) { return parseInt(m[1], 10); }
    }
    return null;
  }

  // --- wiring -------------------------------------------------------------------------
  document.querySelectorAll("#keypad .key").forEach(function (b) {
    b.addEventListener("click", function () {
      var input = $("amount"), k = b.getAttribute("data-key");
      if (k === "C") { input.value = ""; }
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
  $("picker-cancel").addEventListener("click", closePanels);
  $("picker-clear").addEventListener("click", function () {
    picked = [];
    $("picked").textContent = "";
    document.querySelectorAll("#picker-cards .card").forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
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
      var cards = picked.length ? " " + picked.join("") : "";
      closePanels();
      playerAction(what.seat, "draw " + count + cards);
    });
  });
  $("deal-btn").addEventListener("click", function () {
    if (!selected) { return; }
    closePanels();
    openPicker({verb: "deal", seat: selected}, fmt(S.cards_for, {what: S.deal + " \u00b7 " + seatName(selected)}));
  });
  $("serve-btn").addEventListener("click", function () {
    if (!selected) { return; }
    closePanels();
    openPicker({verb: "serve", seat: selected}, fmt(S.cards_for, {what: S.serve + " \u00b7 " + seatName(selected)}));
  });
  $("misdeal-btn").addEventListener("click", function () {
    if (window.confirm(S.misdeal_confirm)) { sendAction("d misdeal", "misdeal-btn"); }
  });
  $("undo-btn").addEventListener("click", function () {
    var reason = window.prompt(S.undo_reason, S.undo_default);
    if (reason && reason.trim()) {
      pushTap({op: "undo", hand_id: view.hand_id, reason: reason.trim()}, "undo-btn");
      renderLog();
    }
  });
  $("award-confirm").addEventListener("click", function () {
    if ($("award-confirm").disabled) { return; }
    var proposal = view.proposed_awards || {};
    gesture += 1;
    Object.keys(proposal).forEach(function (seat) {
      sendAction("d award p" + seat + " " + proposal[seat], "award-confirm", true);
    });
  });
  $("award-other").addEventListener("click", function () {
    if (!selected) { return; }
    closePanels();
    openKeypad({verb: "award", seat: selected}, view.pot, view.pot);
  });
  $("end-hand").addEventListener("click", function () {
    // a hand the referee does not see as finished is closed only when the dealer says so
    if (view.phase !== "complete" && !window.confirm(S.close_incomplete)) { return; }
    pushTap({op: "end_hand", hand_id: view.hand_id}, "end-hand");
  });
  $("next-hand").addEventListener("click", function () { pushTap({op: "start_hand"}, "next-hand"); });
  $("award-gap-accept").addEventListener("click", function () {
    if (awardGap) { pushTap({op: "start_hand", stacks: awardGap.table_stacks}, "award-gap-accept"); }
  });
  $("award-gap-hide").addEventListener("click", function () {
    try { window.localStorage.setItem(gapHiddenKey(awardGap), "1"); } catch (e) { /* private mode */ }
    renderGap();
  });

  // Another device (the host's page) may start or end a hand: when nothing is waiting to
  // be sent and no panel is open, fetch the table again every 10 s and on coming back.
  function refresh() {
    if (queue.items.length || !$("keypad").hidden || !$("picker").hidden || !$("draw-panel").hidden) {
      return;
    }
    fetch(CFG.state_url, {headers: {"Accept": "application/json"}, credentials: "same-origin"})
      .then(function (res) { return res.ok ? res.json() : null; })
      .then(function (data) {
        if (!data || queue.items.length) { return; }
        var changed = data.hand_id !== view.hand_id || (data.actions || []).length !== (view.actions || []).length ||
          data.in_progress !== view.in_progress;
        if (!changed) { return; }   // redrawing would take the keyboard focus away
        view = data;
        if ("award_gap" in data) { awardGap = data.award_gap; }
        selected = currentTurn() || selected;
        render();
      })
      .catch(function () {});
  }
  window.setInterval(refresh, 10000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(); }
  });

  if (selected && sittingOut(selected)) { selected = currentTurn(); }
  render();
  queue.flush();
})();
