// §7: a problem's `type` (`/problems/<code in kebab case>`) is a page about the code: what it means and
// what to do, as HTML for a browser and JSON otherwise; `/problems` lists them all. Unsigned, also in
// production: it says nothing about any partner.
import { codeOfType, guideOf, problemCodes, type ProblemGuide } from '../problem-guides.js';
import { Problem } from '../../core/problem.js';
import { json } from '../render.js';
import { escapeHtml, htmlPage, wantsHtml } from './html.js';
import type { Page } from './page.js';

const CACHE = { 'cache-control': 'public, max-age=3600' };

function guidePage(g: ProblemGuide): string {
  return `<p><a href="/problems">All problem codes</a></p>
<h1>${escapeHtml(g.title)}</h1>
<dl><dt>Code</dt><dd><code>${g.code}</code></dd>
<dt>HTTP status</dt><dd>${g.status}</dd>
<dt>When</dt><dd>${escapeHtml(g.when)}</dd>
<dt>What to do</dt><dd>${escapeHtml(g.action)}</dd></dl>
<p>Every problem also carries <code>detail</code> (this occurrence) and <code>requestId</code> (quote it when you ask for help).</p>`;
}

function indexPage(guides: ProblemGuide[]): string {
  const rows = guides.map((g) => `<tr><td><a href="${g.type}"><code>${g.code}</code></a></td><td>${g.status}</td><td>${escapeHtml(g.when)}</td></tr>`);
  return `<h1>Problem codes</h1><p>Errors are RFC 9457 problem documents; their <code>type</code> is one of these pages.</p>
<table><tr><th>code</th><th>status</th><th>when</th></tr>${rows.join('')}</table>`;
}

export const problemsPage = (): Page => ({
  path: '/problems/',
  answer(call, pathname) {
    const html = wantsHtml(call.headers.accept);
    const rest = pathname.slice('/problems/'.length);
    if (rest === '') {
      const all = problemCodes.map(guideOf);
      if (!html) return json(200, { items: all }, CACHE);
      const page = htmlPage(200, 'Problem codes', indexPage(all));
      return { ...page, headers: { ...page.headers, ...CACHE } };
    }
    // The code as it is written in problems (OPERATION_HASH_MISMATCH) names the same page as its type.
    const code = codeOfType(rest.toLowerCase().replaceAll('_', '-'));
    if (!code) throw new Problem('NOT_FOUND', `No problem type ${pathname}; the list is at /problems.`);
    const g = guideOf(code);
    if (!html) return json(200, g, CACHE);
    const page = htmlPage(200, `${g.title} (${g.code})`, guidePage(g));
    return { ...page, headers: { ...page.headers, ...CACHE } };
  },
});

/** `/problems` without the slash is the index too. */
export const problemsIndexPage = (): Page => ({
  path: '/problems',
  answer: (call) => problemsPage().answer(call, '/problems/'),
});
