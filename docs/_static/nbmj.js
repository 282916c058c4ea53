// The language switch lands on the same rule: carry the page's #anchor (NB-4.2) and,
// on the search page, the query over to the other edition's page.
document.addEventListener("click", (event) => {
  const link = event.target.closest("a.nbmj-edition");
  if (!link) return;
  const target = new URL(link.href, window.location.href);
  if (!target.hash && window.location.hash) target.hash = window.location.hash;
  if (!target.search && window.location.search) target.search = window.location.search;
  link.href = target.href;
});

// Sphinx 9.0's Chinese search data ends with `window.Stemmer = ChineseStemmer`, a class
// it never defines (the Chinese search stems its Latin words with the English stemmer),
// so the search page stops with a ReferenceError and finds nothing. This script runs
// before language_data.js: give that name to the English stemmer it does ship.
if (typeof window.ChineseStemmer === "undefined") {
  window.ChineseStemmer = function ChineseStemmer() {
    return new window.EnglishStemmer();
  };
}
