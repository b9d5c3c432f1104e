// The few HTML pages the service serves (problem types) share one small, self-contained layout: no
// scripts, no external assets, so they render offline and under a strict policy.
import type { HttpReply } from '../types.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** `body` is HTML the caller built from escaped text. */
export function htmlPage(status: number, title: string, body: string): HttpReply {
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code{background:#f3f4f6;padding:0 .25em;border-radius:3px}dt{font-weight:600;margin-top:.75rem}table{border-collapse:collapse}
td,th{padding:.25rem .75rem .25rem 0;text-align:left;vertical-align:top}a{color:#0b57d0}</style></head>
<body>${body}</body></html>
`;
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" },
    body: page,
  };
}

/** A browser asks for HTML first; tools (curl, fetch, SDKs) get JSON. */
export function wantsHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const html = accept.indexOf('text/html');
  const json = accept.indexOf('application/json');
  return html !== -1 && (json === -1 || html < json);
}
