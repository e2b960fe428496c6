// @ts-check
// A self-contained, interactive flame graph page (no external service, no
// dependency): the call tree inlined as JSON plus ~60 lines of script. Each
// box is a function; its width is the CPU time spent in it and in what it
// called; boxes stack on their callers. Click to zoom, search to highlight.

/** @typedef {import('./cpuprofile.js').Frame} Frame */

/**
 * @param {Frame} tree
 * @param {{ title: string, subtitle: string }} text
 */
export function flameGraphHtml(tree, { title, subtitle }) {
  const minMs = tree.total / 2000; // boxes under 0.05% of the total are not drawable anyway
  const json = JSON.stringify(prune(tree, minMs)).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>
  body { font: 13px system-ui, sans-serif; margin: 16px; color: #222; }
  #graph { position: relative; width: 100%; }
  .f { position: absolute; height: 17px; box-sizing: border-box; border: 1px solid #fff; overflow: hidden;
       white-space: nowrap; font: 11px/15px ui-monospace, monospace; padding: 0 3px; cursor: pointer; }
  .f.hit { background: #e040fb !important; }
  #info { min-height: 1.4em; margin: 8px 0; font-family: ui-monospace, monospace; }
  .legend span { display: inline-block; padding: 0 6px; margin-right: 6px; }
</style></head><body>
<h1 style="font-size:16px;margin:0">${escape(title)}</h1>
<p style="margin:4px 0 8px">${escape(subtitle)}</p>
<p class="legend"><span style="background:hsl(25,85%,65%)">app code</span><span style="background:hsl(50,80%,60%)">dependencies</span><span style="background:hsl(190,45%,70%)">node internals</span><span style="background:hsl(0,0%,78%)">v8 / program</span><span style="background:hsl(0,80%,65%)">garbage collector</span>
<input id="search" placeholder="search (regexp)" style="margin-left:12px"> <button id="reset">reset zoom</button></p>
<div id="info">Hover a box for its time; click to zoom in.</div>
<div id="graph"></div>
<script type="application/json" id="tree">${json}</script>
<script>
const root = JSON.parse(document.getElementById('tree').textContent);
const graph = document.getElementById('graph'), info = document.getElementById('info');
const ROW = 17;
(function link(f, parent, depth) { f.parent = parent; f.depth = depth; f.children.forEach((c) => link(c, f, depth + 1)); })(root, null, 0);
const maxDepth = (function deepest(f) { return Math.max(f.depth, ...f.children.map(deepest)); })(root);
function colour(f) {
  const h = [...f.name].reduce((a, c) => (a * 31 + c.charCodeAt(0)) % 360, 7) % 20;
  if (f.kind === 'app') return 'hsl(' + (15 + h) + ',85%,65%)';
  if (f.kind.startsWith('dep:')) return 'hsl(' + (42 + h) + ',80%,60%)';
  if (f.kind === 'node') return 'hsl(' + (180 + h) + ',45%,70%)';
  if (f.kind === 'gc') return 'hsl(0,80%,65%)';
  return 'hsl(0,0%,' + (72 + h / 2) + '%)';
}
function render(focus) {
  graph.textContent = '';
  graph.style.height = (maxDepth + 1) * ROW + 'px';
  const box = (f, left, width) => {
    if (width < 0.05) return;
    const el = document.createElement('div');
    el.className = 'f';
    el.style.left = left + '%'; el.style.width = width + '%';
    el.style.bottom = f.depth * ROW + 'px'; el.style.background = colour(f);
    el.textContent = f.name;
    const pct = (100 * f.total / root.total).toFixed(1);
    el.onmouseenter = () => { info.textContent = f.name + '  ' + f.file + '  total ' + f.total.toFixed(1) + ' ms (' + pct + '%), self ' + f.self.toFixed(1) + ' ms'; };
    el.onclick = () => render(f);
    el.frame = f;
    graph.appendChild(el);
    let x = left;
    for (const c of f.children) { const w = width * c.total / f.total; box(c, x, w); x += w; }
  };
  for (let a = focus.parent; a; a = a.parent) box({ ...a, children: [] }, 0, 100);
  box(focus, 0, 100);
  search();
}
function search() {
  const text = document.getElementById('search').value;
  let re = null; try { re = text ? new RegExp(text, 'i') : null; } catch {}
  for (const el of graph.children) el.classList.toggle('hit', !!re && re.test(el.frame.name + ' ' + el.frame.file));
}
document.getElementById('search').oninput = search;
document.getElementById('reset').onclick = () => render(root);
render(root);
</script></body></html>
`;
}

/**
 * @param {Frame} frame
 * @param {number} minMs
 * @returns {Frame}
 */
function prune(frame, minMs) {
  return {
    ...frame,
    self: Math.round(frame.self * 100) / 100,
    total: Math.round(frame.total * 100) / 100,
    children: frame.children.filter((c) => c.total >= minMs).map((c) => prune(c, minMs)),
  };
}

/** @param {string} text */
function escape(text) {
  return text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
