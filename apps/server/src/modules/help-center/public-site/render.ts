// The public help-center pages as HTML strings: no client framework, readable with JavaScript off.
// One small inline script (nonce) adds search as you type, the feedback without a reload and the
// chat widget, loaded only when "Chat with us" is clicked.

import { themeCss } from './theme.js';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface SiteView {
  name: string;
  applicationId: string;
  language: string;
  /** Links inside the site start with this ('' on a custom domain, /hc/<id> otherwise). */
  base: string;
  /** Absolute origin + base for canonical URLs and the sitemap. */
  canonicalBase: string;
  /** Origin the widget loader and its frame come from. */
  widgetOrigin: string;
  widgetVariant: 'classic' | 'agentic';
  nonce: string;
  languages: readonly string[];
  /** The application's customization (colours, logo, links, footer). */
  theme: SiteTheme;
}

export interface SiteTheme {
  primaryColor: string;
  logoUrl: string | null;
  faviconUrl: string | null;
  headerLinks: readonly { label: string; url: string }[];
  footerText: string;
}

type Strings = Record<
  | 'search'
  | 'results'
  | 'noResults'
  | 'articles'
  | 'other'
  | 'helpful'
  | 'yes'
  | 'no'
  | 'thanks'
  | 'needHelp'
  | 'chat'
  | 'updated'
  | 'notFound'
  | 'notFoundText'
  | 'home'
  | 'empty',
  string
>;

const STRINGS: Record<'en' | 'es' | 'fr' | 'kn', Strings> = {
  en: {
    search: 'Search for answers',
    results: 'Search results',
    noResults: 'No articles match your search.',
    articles: 'articles',
    other: 'Other articles',
    helpful: 'Was this helpful?',
    yes: 'Yes',
    no: 'No',
    thanks: 'Thanks for your feedback!',
    needHelp: 'Still need help?',
    chat: 'Chat with us',
    updated: 'Updated',
    notFound: 'This page does not exist',
    notFoundText: 'The article may have been moved or unpublished.',
    home: 'Help center home',
    empty: 'No articles yet.',
  },
  es: {
    search: 'Buscar respuestas',
    results: 'Resultados de la búsqueda',
    noResults: 'Ningún artículo coincide con tu búsqueda.',
    articles: 'artículos',
    other: 'Otros artículos',
    helpful: '¿Te ha resultado útil?',
    yes: 'Sí',
    no: 'No',
    thanks: '¡Gracias por tu opinión!',
    needHelp: '¿Aún necesitas ayuda?',
    chat: 'Chatea con nosotros',
    updated: 'Actualizado',
    notFound: 'Esta página no existe',
    notFoundText: 'Puede que el artículo se haya movido o despublicado.',
    home: 'Inicio del centro de ayuda',
    empty: 'Todavía no hay artículos.',
  },
  fr: {
    search: 'Rechercher des réponses',
    results: 'Résultats de la recherche',
    noResults: 'Aucun article ne correspond à votre recherche.',
    articles: 'articles',
    other: 'Autres articles',
    helpful: 'Cet article vous a-t-il aidé ?',
    yes: 'Oui',
    no: 'Non',
    thanks: 'Merci pour votre avis !',
    needHelp: 'Besoin d’aide supplémentaire ?',
    chat: 'Discutez avec nous',
    updated: 'Mis à jour',
    notFound: 'Cette page n’existe pas',
    notFoundText: 'L’article a peut-être été déplacé ou dépublié.',
    home: 'Accueil du centre d’aide',
    empty: 'Aucun article pour le moment.',
  },
  kn: {
    search: 'ಉತ್ತರಗಳಿಗಾಗಿ ಹುಡುಕಿ',
    results: 'ಹುಡುಕಾಟದ ಫಲಿತಾಂಶಗಳು',
    noResults: 'ನಿಮ್ಮ ಹುಡುಕಾಟಕ್ಕೆ ಯಾವುದೇ ಲೇಖನ ಹೊಂದುತ್ತಿಲ್ಲ.',
    articles: 'ಲೇಖನಗಳು',
    other: 'ಇತರ ಲೇಖನಗಳು',
    helpful: 'ಇದು ಸಹಾಯಕವಾಗಿತ್ತೇ?',
    yes: 'ಹೌದು',
    no: 'ಇಲ್ಲ',
    thanks: 'ನಿಮ್ಮ ಪ್ರತಿಕ್ರಿಯೆಗೆ ಧನ್ಯವಾದಗಳು!',
    needHelp: 'ಇನ್ನೂ ಸಹಾಯ ಬೇಕೇ?',
    chat: 'ನಮ್ಮೊಂದಿಗೆ ಚಾಟ್ ಮಾಡಿ',
    updated: 'ನವೀಕರಿಸಲಾಗಿದೆ',
    notFound: 'ಈ ಪುಟ ಅಸ್ತಿತ್ವದಲ್ಲಿಲ್ಲ',
    notFoundText: 'ಲೇಖನವನ್ನು ಸರಿಸಿರಬಹುದು ಅಥವಾ ಪ್ರಕಟಣೆ ರದ್ದುಗೊಳಿಸಿರಬಹುದು.',
    home: 'ಸಹಾಯ ಕೇಂದ್ರದ ಮುಖಪುಟ',
    empty: 'ಇನ್ನೂ ಯಾವುದೇ ಲೇಖನಗಳಿಲ್ಲ.',
  },
};
export const stringsFor = (language: string): Strings =>
  language in STRINGS ? STRINGS[language as keyof typeof STRINGS] : STRINGS.en;

const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#24292f;background:#f7f8fa}
a{color:var(--pd)}header{background:var(--p);color:var(--pt);padding:20px 16px 28px}header a{color:var(--pt);text-decoration:none}
.w{max-width:880px;margin:0 auto}.top{display:flex;justify-content:space-between;align-items:center;gap:12px;flex-wrap:wrap}
.brand{font-weight:700;font-size:20px;display:flex;align-items:center;gap:10px}.brand img{max-height:36px;max-width:160px}nav.links a{margin-right:14px;font-size:15px;text-decoration:underline}nav.langs a{margin-left:10px;font-size:14px}nav.langs a[aria-current]{font-weight:700}
form.s{margin-top:18px;position:relative}form.s input{width:100%;padding:12px 14px;font-size:17px;border:0;border-radius:8px}
#r{position:absolute;left:0;right:0;background:#fff;border-radius:8px;box-shadow:0 6px 24px #0003;list-style:none;margin:6px 0 0;padding:0;z-index:2}
#r:empty{display:none}#r a{display:block;padding:10px 14px;color:#24292f;text-decoration:none}#r a:hover,#r a:focus{background:#eef7f5}
main{padding:24px 16px}.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:16px}
.card{background:#fff;border:1px solid #e3e6ea;border-radius:10px;padding:16px}.card h2{margin:0 0 4px;font-size:18px}
.muted{color:#57606a;font-size:14px}article.a{background:#fff;border:1px solid #e3e6ea;border-radius:10px;padding:20px 24px}
article.a img{max-width:100%;height:auto}article.a table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
article.a td,article.a th{border:1px solid #d0d7de;padding:6px 10px}pre{background:#f0f2f4;padding:12px;border-radius:6px;overflow-x:auto}
code{font-family:ui-monospace,Menlo,monospace;font-size:14px}.box{margin-top:20px;background:#fff;border:1px solid #e3e6ea;border-radius:10px;padding:16px 20px}
button,.btn{font:inherit;border:1px solid var(--pd);background:#fff;color:var(--pd);border-radius:6px;padding:6px 16px;cursor:pointer;margin-right:8px;text-decoration:none;display:inline-block}
.btn.p{background:var(--p);color:var(--pt)}:focus-visible{outline:3px solid #24292f;outline-offset:2px}ul.l{padding-left:20px}footer{text-align:center;padding:24px;color:#57606a;font-size:13px;white-space:pre-line}`;

const SCRIPT = `(function(){var d=document,c=d.getElementById('hc');if(!c)return;var b=c.dataset.base,l=c.dataset.lang,i=d.querySelector('form.s input[type=search]'),r=d.getElementById('r'),t,n=0;
if(i&&r){i.addEventListener('input',function(){clearTimeout(t);t=setTimeout(function(){var q=i.value.trim(),m=++n;if(q.length<2){r.textContent='';return}
fetch(b+'/search.json?lang='+l+'&q='+encodeURIComponent(q)).then(function(x){return x.json()}).then(function(j){if(m!==n)return;r.textContent='';j.results.forEach(function(x){var li=d.createElement('li'),a=d.createElement('a');a.href=x.url;a.textContent=x.title;li.appendChild(a);r.appendChild(li)})}).catch(function(){})},120)});
i.addEventListener('keydown',function(e){if(e.key==='Escape')r.textContent=''})}
var f=d.getElementById('fb');if(f){f.addEventListener('submit',function(e){e.preventDefault();var v=e.submitter&&e.submitter.value||'yes';fetch(f.action,{method:'POST',headers:{'content-type':'application/x-www-form-urlencoded',accept:'application/json'},body:'helpful='+v}).then(function(){f.textContent=f.dataset.thanks})})}
var h=d.getElementById('chat');if(h){h.addEventListener('click',function(e){e.preventDefault();var w=window;if(w.Convo&&w.Convo.open){w.Convo.open();return}
w.convoSettings={appId:c.dataset.app,userId:'',popupWidget:true,automaticChatOpenOnNavigation:false};var s=d.createElement('script');s.async=true;s.src=h.dataset.loader;s.onload=function(){w.Convo&&w.Convo.open()};d.head.appendChild(s)})}})();`;

export interface PageInput {
  title: string;
  description: string;
  /** Path inside the site ('' for home), for the canonical URL and language links. */
  path: string;
  body: string;
  ogType?: 'website' | 'article';
  /** Other languages of the same page: hreflang links. */
  alternates?: { language: string; path: string }[];
  status?: number;
}

function langQuery(language: string) {
  return `?lang=${encodeURIComponent(language)}`;
}

export function page(site: SiteView, input: PageInput): string {
  const s = stringsFor(site.language);
  const canonical = `${site.canonicalBase}${input.path}${langQuery(site.language)}`;
  const alternates = (input.alternates ?? [])
    .map(
      (a) =>
        `<link rel="alternate" hreflang="${escapeHtml(a.language)}" href="${escapeHtml(`${site.canonicalBase}${a.path}${langQuery(a.language)}`)}">`,
    )
    .join('');
  const langs = site.languages
    .map(
      (l) =>
        `<a href="${escapeHtml(`${site.base}${input.path || '/'}${langQuery(l)}`)}" lang="${l}"${l === site.language ? ' aria-current="true"' : ''}>${l.toUpperCase()}</a>`,
    )
    .join('');
  const fullTitle = input.title === site.name ? site.name : `${input.title} | ${site.name}`;
  const theme = site.theme;
  const favicon = theme.faviconUrl ? `<link rel="icon" href="${escapeHtml(theme.faviconUrl)}">` : '';
  const logo = theme.logoUrl ? `<img src="${escapeHtml(theme.logoUrl)}" alt="">` : '';
  const links = theme.headerLinks.length
    ? `<nav class="links" aria-label="Links">${theme.headerLinks
        .map((l) => `<a href="${escapeHtml(l.url)}" rel="noopener">${escapeHtml(l.label)}</a>`)
        .join('')}</nav>`
    : '';
  const footer = theme.footerText ? `<p>${escapeHtml(theme.footerText)}</p>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(site.language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(fullTitle)}</title><meta name="description" content="${escapeHtml(input.description)}">
<link rel="canonical" href="${escapeHtml(canonical)}">${alternates}
<meta property="og:type" content="${input.ogType ?? 'website'}"><meta property="og:title" content="${escapeHtml(input.title)}">
<meta property="og:description" content="${escapeHtml(input.description)}"><meta property="og:url" content="${escapeHtml(canonical)}">
<meta property="og:site_name" content="${escapeHtml(site.name)}"><meta name="twitter:card" content="summary">${favicon}
<style>${themeCss(theme.primaryColor)}${STYLE}</style></head>
<body><div id="hc" data-base="${escapeHtml(site.base)}" data-lang="${escapeHtml(site.language)}" data-app="${escapeHtml(site.applicationId)}">
<header><div class="w"><div class="top"><a class="brand" href="${escapeHtml(`${site.base}/${langQuery(site.language)}`)}">${logo}<span>${escapeHtml(site.name)}</span></a>
${links}${site.languages.length > 1 ? `<nav class="langs" aria-label="Language">${langs}</nav>` : ''}</div>
<form class="s" role="search" method="get" action="${escapeHtml(`${site.base}/search`)}"><input type="hidden" name="lang" value="${escapeHtml(site.language)}">
<input type="search" name="q" placeholder="${escapeHtml(s.search)}" aria-label="${escapeHtml(s.search)}" autocomplete="off"><ul id="r" aria-live="polite"></ul></form></div></header>
<main class="w">${input.body}</main><footer>${footer}${escapeHtml(site.name)}</footer></div>
<script nonce="${site.nonce}">${SCRIPT}</script></body></html>`;
}

export const articleHref = (site: SiteView, slug: string) =>
  `${site.base}/articles/${encodeURIComponent(slug)}${langQuery(site.language)}`;
export const categoryHref = (site: SiteView, slug: string) =>
  `${site.base}/categories/${encodeURIComponent(slug)}${langQuery(site.language)}`;

function articleList(site: SiteView, items: { title: string; slug: string }[]): string {
  return `<ul class="l">${items.map((a) => `<li><a href="${escapeHtml(articleHref(site, a.slug))}">${escapeHtml(a.title)}</a></li>`).join('')}</ul>`;
}

export function homePage(
  site: SiteView,
  categories: {
    name: string;
    description: string;
    slug: string;
    count: number;
    top: { title: string; slug: string }[];
  }[],
  uncategorized: { title: string; slug: string }[],
): string {
  const s = stringsFor(site.language);
  const cards = categories
    .filter((c) => c.count > 0)
    .map(
      (
        c,
      ) => `<section class="card"><h2><a href="${escapeHtml(categoryHref(site, c.slug))}">${escapeHtml(c.name)}</a></h2>
<div class="muted">${escapeHtml(c.description)} · ${c.count} ${s.articles}</div>${articleList(site, c.top)}</section>`,
    )
    .join('');
  const other = uncategorized.length
    ? `<section class="card"><h2>${escapeHtml(s.other)}</h2>${articleList(site, uncategorized)}</section>`
    : '';
  const body = cards || other ? `<div class="grid">${cards}${other}</div>` : `<p>${escapeHtml(s.empty)}</p>`;
  return page(site, { title: site.name, description: `${site.name}: ${s.search}`, path: '', body });
}

export function categoryPage(
  site: SiteView,
  category: { name: string; description: string; slug: string },
  items: { title: string; slug: string }[],
): string {
  const s = stringsFor(site.language);
  const body = `<p><a href="${escapeHtml(`${site.base}/${langQuery(site.language)}`)}">${escapeHtml(s.home)}</a></p>
<section class="card"><h1>${escapeHtml(category.name)}</h1><p class="muted">${escapeHtml(category.description)}</p>
${items.length ? articleList(site, items) : `<p>${escapeHtml(s.empty)}</p>`}</section>`;
  return page(site, {
    title: category.name,
    description: category.description || category.name,
    path: `/categories/${encodeURIComponent(category.slug)}`,
    body,
  });
}

export function articlePage(
  site: SiteView,
  article: { title: string; slug: string; html: string; text: string; updatedAt: Date },
  options: {
    rated: boolean;
    category: { name: string; slug: string } | null;
    alternates: { language: string; slug: string }[];
  },
): string {
  const s = stringsFor(site.language);
  const feedbackAction = `${site.base}/articles/${encodeURIComponent(article.slug)}/feedback${langQuery(site.language)}`;
  const feedback = options.rated
    ? `<p role="status">${escapeHtml(s.thanks)}</p>`
    : `<form id="fb" method="post" action="${escapeHtml(feedbackAction)}" data-thanks="${escapeHtml(s.thanks)}">
<span>${escapeHtml(s.helpful)}</span> <button type="submit" name="helpful" value="yes">${escapeHtml(s.yes)}</button><button type="submit" name="helpful" value="no">${escapeHtml(s.no)}</button></form>`;
  const chatFallback = `${site.widgetOrigin}/widget/frame.html?appId=${encodeURIComponent(site.applicationId)}&mode=embedded`;
  const loader = `${site.widgetOrigin}/widget/${site.widgetVariant === 'agentic' ? 'agentic/' : ''}loader.js`;
  const crumbs = `<p><a href="${escapeHtml(`${site.base}/${langQuery(site.language)}`)}">${escapeHtml(s.home)}</a>${
    options.category
      ? ` › <a href="${escapeHtml(categoryHref(site, options.category.slug))}">${escapeHtml(options.category.name)}</a>`
      : ''
  }</p>`;
  const body = `${crumbs}<article class="a"><h1>${escapeHtml(article.title)}</h1>
<p class="muted">${escapeHtml(s.updated)} <time datetime="${article.updatedAt.toISOString()}">${article.updatedAt.toISOString().slice(0, 10)}</time></p>
${article.html}</article>
<div class="box" id="feedback">${feedback}</div>
<div class="box"><strong>${escapeHtml(s.needHelp)}</strong> <a class="btn p" id="chat" href="${escapeHtml(chatFallback)}" target="_blank" rel="noopener" data-loader="${escapeHtml(loader)}">${escapeHtml(s.chat)}</a></div>`;
  const path = `/articles/${encodeURIComponent(article.slug)}`;
  return page(site, {
    title: article.title,
    description: article.text.slice(0, 160),
    path,
    body,
    ogType: 'article',
    alternates: options.alternates.map((a) => ({
      language: a.language,
      path: `/articles/${encodeURIComponent(a.slug)}`,
    })),
  });
}

export function searchPage(
  site: SiteView,
  q: string,
  results: { title: string; slug: string; snippet: string }[],
): string {
  const s = stringsFor(site.language);
  const body = `<h1>${escapeHtml(s.results)}: “${escapeHtml(q)}”</h1>${
    results.length
      ? results
          .map(
            (r) =>
              `<section class="card" style="margin-bottom:12px"><h2><a href="${escapeHtml(articleHref(site, r.slug))}">${escapeHtml(r.title)}</a></h2><p class="muted">${escapeHtml(r.snippet)}</p></section>`,
          )
          .join('')
      : `<p>${escapeHtml(s.noResults)}</p>`
  }`;
  return page(site, { title: s.results, description: s.results, path: '/search', body });
}

export function notFoundPage(site: SiteView): string {
  const s = stringsFor(site.language);
  return page(site, {
    title: s.notFound,
    description: s.notFoundText,
    path: '',
    body: `<h1>${escapeHtml(s.notFound)}</h1><p>${escapeHtml(s.notFoundText)}</p><p><a href="${escapeHtml(`${site.base}/${langQuery(site.language)}`)}">${escapeHtml(s.home)}</a></p>`,
  });
}

/** A 404 for an application that does not exist: nothing of any site. */
export function unknownSitePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Not found</title><meta name="robots" content="noindex"></head><body><h1>Not found</h1><p>There is no help center here.</p></body></html>`;
}

export function sitemapXml(
  canonicalBase: string,
  rows: { language: string; slug: string; updatedAt: Date }[],
): string {
  const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const urls = rows
    .map(
      (r) =>
        `<url><loc>${esc(`${canonicalBase}/articles/${encodeURIComponent(r.slug)}?lang=${r.language}`)}</loc><lastmod>${r.updatedAt.toISOString()}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>${esc(`${canonicalBase}/`)}</loc></url>
${urls}
</urlset>`;
}
