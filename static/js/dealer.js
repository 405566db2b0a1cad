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

  var selected = view.to_act;
  var pending = null;        // {verb, seat} waiting for an amount or cards
  var picked = [];
  var lastRefusal = null;
  var saidAtOnce = {};       // tap keys whose out-of-turn notice the page already showed

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
      return fmt(S.seat, {seat: seat}) + ": " + awards[seat];
    }).join(", ");
  }

  var queue = new TapQueue({
    url: CFG.tap_url,
    storageKey: "tapete-taps-night-" + CFG.night,
    onAnswer: function (data, tap) {
      view = data;
      selected = view.to_act !== null && view.to_act !== undefined ? view.to_act : selected;
      // the referee's own out-of-turn message, for a tap the page had no notice for
      // (sent from the queue after a reload, or judged differently by the referee)
      if (data.notice && !saidAtOnce[tap.key]) { showNotice(data.notice); }
      delete saidAtOnce[tap.key];
      var lost = !document.activeElement || document.activeElement === document.body ||
        !document.body.contains(document.activeElement);
      render();
      if (lost && $("keypad").hidden && $("picker").hidden) { focusFirstVerb(); }
    },
    onRefused: function (data, tap) {
      lastRefusal = fmt(S.error, {msg: (data && data.error) || "?"}) + " (" + (tap.action || tap.op) + ")";
      showNotice(lastRefusal);
      renderNet();
    },
    onChange: function () { renderNet(); renderLog(); },
  });

  function showNotice(text) {
    var n = $("notice");
    n.textContent = text;
    n.hidden = false;
  }

  // --- sending ------------------------------------------------------------------------
  function sendAction(action, key) {
    queue.push({op: "action", hand_id: view.hand_id, action: action, key: key});
    renderLog();
  }
  function playerAction(seat, words) {
    var due = view.to_act, key = tapeteUuid();
    if (due !== null && due !== undefined && seat !== due && view.in_progress) {
      showNotice(fmt(S.out_of_turn, {seat: due}));   // said at once; the tap is still stored
      saidAtOnce[key] = true;
    } else {
      $("notice").hidden = true;
    }
    sendAction("p" + seat + " " + words, key);
  }

  // --- drawing ------------------------------------------------------------------------
  function render() {
    $("phase").textContent = S.phase[view.phase || "none"] || view.phase;
    $("pot").textContent = view.pot;
    $("opening").textContent = view.opening ? "\u2265 " + view.opening + view.opening : "";
    $("to-act").textContent = fmt(S.to_act, {who: view.to_act ? seatName(view.to_act) : S.nobody});
    renderSeats();
    renderVerbs();
    renderAward();
    renderFindings();
    renderLog();
    renderNet();
  }

  function renderSeats() {
    var box = $("seats");
    box.textContent = "";
    var seats = view.seats || [];
    seats.forEach(function (s, i) {
      var angle = Math.PI / 2 + (2 * Math.PI * i) / Math.max(seats.length, 1);
      var b = el("button", {type: "button", "class": "seat", "data-seat": s.seat,
                            "aria-pressed": String(selected === s.seat)});
      b.style.left = (50 + 42 * Math.cos(angle)) + "%";
      b.style.top = (50 + 38 * Math.sin(angle)) + "%";
      if (s.to_act) { b.classList.add("to-act"); }
      if (!s.in_hand && view.phase && view.phase !== "predeal") { b.classList.add("out"); }
      var no = el("span", {"class": "seat-no"}, String(s.seat));
      if (s.button) { no.appendChild(el("span", {"class": "dealer-button", title: S.button}, "D")); }
      b.appendChild(no);
      b.appendChild(el("span", {"class": "seat-name"}, s.name));
      b.appendChild(el("span", {"class": "seat-stack"}, String(s.stack)));
      if (s.bet && view.phase !== "complete") { b.appendChild(el("span", {"class": "seat-bet"}, String(s.bet))); }
      b.addEventListener("click", function () {
        selected = s.seat;
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

  function legalFor(verb) {
    return (view.legal || []).filter(function (l) { return l.verb === verb; })[0];
  }

  function verbButton(verb, big) {
    var legal = legalFor(verb);
    var label = S.verbs[verb] || verb;
    if (legal && legal.min !== null && legal.min !== undefined && AMOUNT_VERBS.indexOf(verb) >= 0) {
      label += " " + legal.min + (legal.max !== null && legal.max !== legal.min ? "\u2013" + legal.max : "");
    }
    var b = el("button", {type: "button", "class": "verb " + verb + (big ? " big" : ""), "data-verb": verb}, label);
    b.addEventListener("click", function () { onVerb(verb); });
    return b;
  }

  function renderVerbs() {
    var seat = selected;
    $("actor-title").textContent = seat ? seatName(seat) : S.nobody;
    var main = $("verbs"), more = $("more-verbs");
    main.textContent = "";
    more.textContent = "";
    var legalVerbs = (view.legal || []).map(function (l) { return l.verb; })
      .filter(function (v) { return ALL_VERBS.indexOf(v) >= 0; });
    legalVerbs.forEach(function (v) { main.appendChild(verbButton(v, true)); });
    ALL_VERBS.forEach(function (v) {
      if (legalVerbs.indexOf(v) < 0) { more.appendChild(verbButton(v, false)); }
    });
  }

  function renderAward() {
    var proposal = view.proposed_awards;
    $("proposal").textContent = proposal ? fmt(S.proposal, {awards: awardsText(proposal)}) : "";
    var rec = view.recorded_awards || {};
    $("award-confirm").hidden = !proposal || !view.in_progress || Object.keys(rec).length > 0;
    var ref = $("referee-award");
    ref.textContent = view.awards ? fmt(S.referee_award, {awards: awardsText(view.awards)}) : "";
    ref.setAttribute("data-awards", JSON.stringify(view.awards || null));
    $("recorded-award").textContent = Object.keys(rec).length ? fmt(S.recorded_award, {awards: awardsText(rec)}) : "";
    $("end-hand").hidden = !view.in_progress;
    $("next-hand").hidden = !!view.in_progress;
  }

  function renderFindings() {
    var ul = $("findings");
    ul.textContent = "";
    var list = view.findings || [];
    if (!list.length) { ul.appendChild(el("li", {"class": "none"}, S.no_findings)); }
    list.forEach(function (f) {
      var li = el("li", {"class": "finding " + (f.severity || ""), "data-kind": f.kind,
                         "data-action": f.action === null || f.action === undefined ? "" : String(f.action)});
      li.appendChild(el("strong", {}, f.kind));
      li.appendChild(document.createTextNode(
        (f.action !== null && f.action !== undefined ? " #" + f.action : "") + " \u2014 " + (f.message || "")));
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
      net.textContent = S.offline + " " + fmt(S.pending, {n: waiting});
      net.className = "net offline";
    } else if (waiting) {
      net.textContent = fmt(S.pending, {n: waiting});
      net.className = "net waiting";
    } else {
      net.textContent = S.sent;
      net.className = "net ok";
    }
    net.setAttribute("data-pending", String(waiting));
  }

  // --- panels -------------------------------------------------------------------------
  function closePanels() {
    ["keypad", "draw-panel", "picker"].forEach(function (id) { $(id).hidden = true; });
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
    $("amount-min").textContent = S.min + (min !== null && min !== undefined ? " " + min : "");
    $("amount-max").textContent = S.max + (max !== null && max !== undefined ? " " + max : "");
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
    var what = pending;
    closePanels();
    if (what.verb === "award") {
      sendAction("d award p" + what.seat + " " + parseInt(value, 10));
    } else {
      playerAction(what.seat, what.verb + " " + parseInt(value, 10));
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
    } else if (what.verb === "deal" || what.verb === "serve") {
      sendAction("d " + what.verb + " p" + what.seat + " " + (cards || (what.verb === "deal" ? "5" : "0")));
    }
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
      var cards = picked.length === count ? " " + picked.join("") : "";
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
  $("misdeal-btn").addEventListener("click", function () { sendAction("d misdeal"); });
  $("undo-btn").addEventListener("click", function () {
    var reason = window.prompt(S.undo_reason, S.undo_default);
    if (reason && reason.trim()) {
      queue.push({op: "undo", hand_id: view.hand_id, reason: reason.trim()});
      renderLog();
    }
  });
  $("award-confirm").addEventListener("click", function () {
    var proposal = view.proposed_awards || {};
    Object.keys(proposal).forEach(function (seat) {
      sendAction("d award p" + seat + " " + proposal[seat]);
    });
  });
  $("award-other").addEventListener("click", function () {
    if (!selected) { return; }
    closePanels();
    openKeypad({verb: "award", seat: selected}, view.pot, view.pot);
  });
  $("end-hand").addEventListener("click", function () { queue.push({op: "end_hand", hand_id: view.hand_id}); });
  $("next-hand").addEventListener("click", function () { queue.push({op: "start_hand"}); });

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
        selected = view.to_act || selected;
        render();
      })
      .catch(function () {});
  }
  window.setInterval(refresh, 10000);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { refresh(); }
  });

  render();
  queue.flush();
})();
