// §15.4 the hosted page as HTML: no script, no external resource (the CSP below allows inline style and
// data: images only), every value escaped. It shows the amount due as `<plain decimal> <currency>`, the
// address, statusInfo and, while something is due, the payment URI and its QR code (§16.9: the same text).
import { minorToPlainDecimal } from '../payment-uri.js';
import type { PageView } from './view.js';

/** §15.4: the HTML answers' policy, exactly. */
export const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** §18.6: what the page of a SANDBOX route's checkout states. */
export const SANDBOX_NOTICE = 'Sandbox address — do not send funds';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1c1e21}
main{max-width:420px;margin:32px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:18px;margin:0 0 16px}
.amount{font-size:28px;font-weight:600;margin:0}
.label{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#606770;margin:16px 0 4px}
.mono{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px;word-break:break-all;margin:0}
.status{display:inline-block;padding:4px 10px;border-radius:999px;background:#e7f0ff;color:#1a4fa0;font-size:14px}
.sandbox{background:#fff4d6;color:#7a5300;border-radius:8px;padding:8px 12px;margin:0 0 16px;font-weight:600}
.qr{text-align:center;margin:20px 0 4px}
.qr svg{display:inline-block}
`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

/** The page of a link; `qr` the inline SVG of `view.paymentUri` (absent when it is null). */
export function pageHtml(view: PageView, o: { sandbox: boolean; qr?: string }): string {
  const due = `${minorToPlainDecimal(view.amountDueMinor, view.currencyScale)} ${view.currency}`;
  const parts = [
    o.sandbox ? `<p class="sandbox" id="sandbox-notice">${esc(SANDBOX_NOTICE)}</p>` : '',
    `<h1>Payment</h1>`,
    `<p class="label">Amount due</p>`,
    `<p class="amount" id="amount-due">${esc(due)}</p>`,
    `<p class="label">Status</p>`,
    `<p><span class="status" id="status-info">${esc(view.statusInfo)}</span></p>`,
    `<p class="label">Send ${esc(view.currency)} on ${esc(view.blockchain)} to</p>`,
    `<p class="mono" id="address">${esc(view.address)}</p>`,
  ];
  if (view.paymentUri !== null && o.qr) {
    parts.push(
      `<div class="qr" id="qr" role="img" aria-label="QR code of the payment URI">${o.qr}</div>`,
      `<p class="label">Payment URI</p>`,
      `<p class="mono" id="payment-uri">${esc(view.paymentUri)}</p>`,
    );
  }
  parts.push(`<p class="label">Link valid until</p>`, `<p class="mono" id="expires-at">${esc(view.expiresAt)}</p>`);
  return layout(`Pay ${due}`, parts.filter(Boolean).join('\n'));
}

/** §15.4 rule 3's one answer for a browser: the same page whatever failed. */
export function notFoundHtml(): string {
  return layout('Not found', `<h1>Not found</h1>\n<p>This payment link does not exist or is no longer valid.</p>`);
}
