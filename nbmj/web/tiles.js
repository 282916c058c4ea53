// One tile as an element: the face is the tile's Chinese name (every CJK font has it,
// while the Unicode mahjong glyphs are missing from many systems and unreadable at text
// size), the notation beneath, and a gold star when the tile is wild. TILES maps each
// code to {glyph, zh}; it is filled in by the page that includes this script.
function nbmjTile(code, wilds, opts) {
  opts = opts || {};
  const t = document.createElement(opts.button ? "button" : "span");
  t.className = "tile" + (opts.small ? " small" : "") + (opts.large ? " large" : "");
  const info = TILES[code] || {glyph: "?", zh: code};
  t.title = info.glyph + " " + info.zh + " " + code;
  t.dataset.code = code;
  const face = document.createElement("span");
  face.className = "g suit-" + code[1];
  if (info.zh.length === 2) {
    face.appendChild(document.createTextNode(info.zh[0]));
    const s = document.createElement("span"); s.className = "s"; s.textContent = info.zh[1]; face.appendChild(s);
  } else { face.textContent = info.zh; face.classList.add("honor-" + code); }
  t.appendChild(face);
  const c = document.createElement("span"); c.className = "c"; c.textContent = code; t.appendChild(c);
  if (wilds && wilds.includes(code)) { t.classList.add("wild"); t.title += " ★"; }
  if (opts.claimedBy) {
    t.classList.add("claimed");
    const by = document.createElement("span"); by.className = "by"; by.textContent = "→" + opts.claimedBy; t.appendChild(by);
  }
  return t;
}
