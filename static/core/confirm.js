// A form with data-confirm="question" is sent only when the user confirms the question; a
// submit button's own data-confirm asks for that button alone (a form with two buttons)
// (the Content-Security-Policy allows no inline onsubmit handler).
(function () {
  "use strict";
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var button = event.submitter;
    var question = (button && button.getAttribute && button.getAttribute("data-confirm")) ||
                   (form.getAttribute && form.getAttribute("data-confirm"));
    if (question && !window.confirm(question)) { event.preventDefault(); }
  });
}());
