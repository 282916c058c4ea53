// The settlement explained, as nbmj.scoring.explanation's JSON gives it (Settlement.to_json):
// drawn the same way at the web table and in the replay viewer, as the terminal draws it with
// rich. Every number and sentence is the model's, in the page's language; nothing is worked
// out here. Text goes in as text (textContent), never as markup.
const NBMJ_EXPLAIN_WORDS = {
  en: {item: "item", value: "value", rule: "rule", seat: "seat", change: "change", why: "why",
       steps: "the value", payments: "who pays whom", refused: "refused"},
  zh: {item: "计分项", value: "分值", rule: "规则", seat: "座位", change: "得失", why: "缘由",
       steps: "算分", payments: "谁付谁", refused: "不能胡"},
};
function nbmjAdd(parent, tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
// One win: the items that count (with their values in the page's units and their rules),
// then its value step by step, or why the rules refuse it.
function nbmjWinExplanation(win, lang) {
  const words = NBMJ_EXPLAIN_WORDS[lang], box = document.createElement("div");
  box.className = "explanation";
  if (!win.valid) nbmjAdd(box, "p", "warn", `${words.refused}: ${win.reason || ""}${win.reason_rule ? " [" + win.reason_rule + "]" : ""}`);
  if (win.items.length) {
    const table = nbmjAdd(box, "table", "items");
    const head = nbmjAdd(table, "tr");
    for (const h of [words.item, words.value, words.rule]) nbmjAdd(head, "th", "", h);
    for (const it of win.items) {
      const tr = nbmjAdd(table, "tr");
      nbmjAdd(tr, "td", "", (it.label ? `${it.label} (${it.name})` : it.name) + (it.count > 1 ? ` ×${it.count}` : ""));
      nbmjAdd(tr, "td", "num", it.text[lang]);
      nbmjAdd(tr, "td", "rule", it.rule);
    }
  }
  if (win.steps.length) {
    nbmjAdd(box, "h3", "", words.steps);
    const ol = nbmjAdd(box, "ol", "steps");
    for (const s of win.steps) {
      const li = nbmjAdd(ol, "li", "", s.text[lang] + " ");
      nbmjAdd(li, "span", "rule", s.rule);
    }
  }
  return box;
}
// Every seat's terms: what it gains or pays, to or from whom, why, under which rule (null
// where no term moved or explained anything: a drawn hand without kong or flower payments).
function nbmjPaymentsTable(settlement, lang, seatName) {
  if (!["E", "S", "W", "N"].some(seat => (settlement.seats[seat] || []).length)) return null;
  const words = NBMJ_EXPLAIN_WORDS[lang], box = document.createElement("div");
  box.className = "explanation";
  nbmjAdd(box, "h3", "", words.payments);
  const table = nbmjAdd(box, "table", "terms");
  const head = nbmjAdd(table, "tr");
  for (const h of [words.seat, words.change, words.why, words.rule]) nbmjAdd(head, "th", "", h);
  for (const seat of ["E", "S", "W", "N"]) {
    (settlement.seats[seat] || []).forEach((line, i) => {
      const tr = nbmjAdd(table, "tr", i === 0 ? "first" : "");
      nbmjAdd(tr, "td", "", i === 0 ? seatName(seat) : "");
      nbmjAdd(tr, "td", line.change > 0 ? "plus num" : line.change < 0 ? "minus num" : "num",
              (line.change > 0 ? "+" : "") + line.change);
      nbmjAdd(tr, "td", "why", line.text[lang]);
      nbmjAdd(tr, "td", "rule", line.rule);
    });
  }
  return box;
}
