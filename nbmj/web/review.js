// The review layer of the replay page (nbmj view --review SEAT): the reviewed seat's
// disagreements with the strong bot marked on the timeline, and at each such step the
// player's choice beside the bot's, what they leave, the points at stake and the reasons
// with their rule IDs. It reads DATA.review (nbmj.bots.review's JSON) and wraps render():
// the rest of the page does not know it is here.
(function () {
  "use strict";
  const R = DATA.review;
  if (!R) return;
  const WORDS = {
    en: { title: "Review of", by: "by", played: "played", bot: "bot", stake: "expected points at stake",
          shanten: "shanten", ready: "ready on", refused: "cannot win", wild: "wild", agree: "the bot agrees",
          summary: (n, k, s) => `${k} of ${n} decisions differ from the bot's (${n ? Math.round(100 * k / n) : 0}%); ${s} expected points at stake` },
    zh: { title: "复盘", by: "机器人", played: "玩家", bot: "机器人", stake: "期望分差",
          shanten: "向听", ready: "听", refused: "不能和", wild: "百搭", agree: "机器人也这样选",
          summary: (n, k, s) => `${n} 次决定中 ${k} 次与机器人不同（${n ? Math.round(100 * k / n) : 0}%）；期望分差 ${s}` },
  };
  const style = document.createElement("style");
  style.nonce = document.currentScript ? document.currentScript.nonce : "";  // the page's policy runs only its own styles
  style.textContent = `
    .review-track { position: relative; height: 1.1rem; margin: 0 3.2rem 0.3rem 6rem; }
    .review-mark { position: absolute; top: 0; width: 0.7rem; height: 0.9rem; margin-left: -0.35rem; padding: 0;
                   border: 0; border-radius: 2px; background: #d97706; cursor: pointer; }
    .review-mark.big { background: #b42318; }
    .review-panel { background: #fff7ed; border: 1px solid #d97706; border-radius: 6px; padding: 0.4rem 0.8rem; margin: 0.4rem 0; }
    .review-panel h3 { font-size: 0.95rem; margin: 0.1rem 0; }
    .review-panel ul { margin: 0.2rem 0; padding-left: 1.2rem; }
    .review-choice { margin: 0.15rem 0; }`;
  document.head.appendChild(style);
  const byFrame = new Map(R.items.map(d => [d.frame, d]));
  const track = el("div", "review-track");
  track.setAttribute("aria-label", "review");
  for (const d of R.items) {
    if (d.agree) continue;
    const mark = el("button", "review-mark" + (d.stake >= 0.5 ? " big" : ""));
    mark.style.left = (last ? (100 * d.frame / last) : 0) + "%";
    mark.title = `${d.player.text} → ${d.bot.text}`;
    mark.dataset.frame = String(d.frame);
    mark.onclick = () => go(d.frame);
    track.appendChild(mark);
  }
  document.querySelector(".controls").after(track);
  const panel = el("section", "review-panel");
  panel.id = "review";
  document.getElementById("events").after(panel);

  function waitsText(waits, W) {
    return waits.map(x => (x.tile === "wild" ? W.wild : x.tile) + "×" + x.unseen +
      (x.self_draw.valid || x.discard.valid ? "" : ` (${W.refused})`)).join(", ");
  }
  function choiceText(o, W) {
    if (o.waits.length && o.shanten === 0) return `${o.text} — ${W.ready} ${waitsText(o.waits, W)}`;
    return o.shanten >= 0 ? `${o.text} — ${o.shanten} ${W.shanten}` : o.text;
  }
  function show() {
    const W = WORDS[lang];
    const d = byFrame.get(step);
    panel.replaceChildren();
    panel.appendChild(el("h3", "", `${W.title} ${TEXT[lang].seat[R.seat]} (${W.by} ${R.bot}): ` +
      W.summary(R.decisions, R.disagreements, R.stakes.toFixed(1))));
    if (!d) return;
    panel.appendChild(el("p", "review-choice", `${W.played}: ${choiceText(d.player, W)}`));
    if (d.agree) { panel.appendChild(el("p", "review-choice", W.agree)); return; }
    panel.appendChild(el("p", "review-choice", `${W.bot}: ${choiceText(d.bot, W)} — ${W.stake} ${d.stake.toFixed(2)}`));
    const ul = el("ul");
    for (const r of d.reasons) ul.appendChild(el("li", "", r[lang]));
    panel.appendChild(ul);
  }
  const base = render;
  render = function () { base(); show(); };
  render();
})();
