// The card gallery's filters: words, deck and kind; no framework, no requests.
(function () {
  "use strict";
  var q = document.getElementById("q");
  var deck = document.getElementById("deck");
  var kind = document.getElementById("kind");
  var shown = document.getElementById("shown");
  if (!q || !deck || !kind) { return; }
  var cards = Array.prototype.slice.call(document.querySelectorAll("li.card"));
  var sections = Array.prototype.slice.call(document.querySelectorAll("section.deck"));
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function apply() {
    var words = fold(q.value).split(/\s+/).filter(Boolean);
    var n = 0;
    cards.forEach(function (card) {
      var text = fold(card.getAttribute("data-words") || "");
      var ok = (!deck.value || card.getAttribute("data-deck") === deck.value) &&
        (!kind.value || card.getAttribute("data-kind") === kind.value) &&
        words.every(function (w) { return text.indexOf(w) !== -1; });
      card.hidden = !ok;
      if (ok) { n += 1; }
    });
    sections.forEach(function (section) {
      section.hidden = !section.querySelector("li.card:not([hidden])");
    });
    shown.textContent = n + (n === 1 ? " card shown" : " cards shown");
  }
  q.addEventListener("input", apply);
  deck.addEventListener("change", apply);
  kind.addEventListener("change", apply);
  var hash = decodeURIComponent(window.location.hash.slice(1));
  if (hash && document.getElementById(hash)) {
    document.getElementById(hash).scrollIntoView();
  }
}());
