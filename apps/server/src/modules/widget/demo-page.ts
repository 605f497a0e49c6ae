// The /demo page: a small sample store with the demo workspace's chat widget, so a new user sees
// the whole loop (visitor writes, agent answers in the dashboard) in a minute. No framework.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const PRODUCTS = [
  { name: 'Trail runner shoes', price: '89.00', colour: '#e76f51', note: 'Light, grippy, waterproof.' },
  { name: 'Merino wool beanie', price: '24.00', colour: '#2a9d8f', note: 'Warm without the itch.' },
  { name: 'Insulated bottle', price: '32.00', colour: '#264653', note: 'Cold for 24 h, hot for 12 h.' },
  { name: 'Packable rain jacket', price: '119.00', colour: '#e9c46a', note: 'Folds into its own pocket.' },
];

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#354052;background:#f7f8fa}
header{background:#fff;border-bottom:1px solid #e3e6ea;padding:16px 24px;display:flex;align-items:center;justify-content:space-between}
header strong{font-size:20px}main{max-width:1040px;margin:0 auto;padding:24px}
.note{background:#e6f7f4;border:1px solid #b5e6dc;border-radius:8px;padding:12px 16px;margin-bottom:24px}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:20px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:10px;overflow:hidden;display:flex;flex-direction:column}
.swatch{height:140px}.body{padding:14px;display:flex;flex-direction:column;gap:6px;flex:1}
.price{font-weight:600}button{margin-top:auto;border:0;border-radius:6px;padding:10px;background:#03B49B;color:#fff;font-size:15px;cursor:pointer}
button:focus-visible{outline:3px solid #354052;outline-offset:2px}code{background:#eef0f3;padding:1px 4px;border-radius:4px}
`;

export function demoStorePage(input: { appName: string; snippet: string; dashboardUrl: string }): string {
  const cards = PRODUCTS.map(
    (
      p,
    ) => `<article class="card"><div class="swatch" style="background:${p.colour}" role="img" aria-label="${escapeHtml(p.name)}"></div>
<div class="body"><h2 style="margin:0;font-size:17px">${escapeHtml(p.name)}</h2><span>${escapeHtml(p.note)}</span>
<span class="price">$${p.price}</span><button type="button" data-product="${escapeHtml(p.name)}">Ask about this</button></div></article>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(input.appName)} — demo store</title><style>${STYLE}</style></head>
<body><header><strong>${escapeHtml(input.appName)}</strong><span>Outdoor gear</span></header>
<main><p class="note">This is a sample store page with the chat widget of the demo workspace. Write in the chat at the
bottom of the page, then answer as an agent in the <a href="${escapeHtml(input.dashboardUrl)}">dashboard</a>
(<code>agent1@demo.convo.local</code>, password <code>Demo1234</code>).</p>
<div class="grid">${cards}</div></main>
${input.snippet}
<script>
document.querySelectorAll("button[data-product]").forEach(function (b) {
  b.addEventListener("click", function () { if (window.Convo) window.Convo.open(); });
});
</script>
</body></html>`;
}

export function noDemoPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>No demo workspace</title><style>${STYLE}</style></head><body><main>
<h1>No demo workspace</h1>
<p>This server has no demo workspace, so there is no sample store to show. The demo workspace is created on the
first start of an empty database unless <code>SEED_DEMO=false</code>. Your own widget's snippet is in the
dashboard under Settings → Install.</p></main></body></html>`;
}
