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
