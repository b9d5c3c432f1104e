// §15.4 the hosted page's pieces without a server: Accept negotiation (rule 4, §16.9 case-insensitive),
// the inline SVG QR code read back with `jsqr` (byte mode, the payment URI exactly), and the HTML's
// content (escaped, no script, no URL of any resource, nothing the page may not show).
import fc from 'fast-check';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { wantsHtml } from '../../../src/modules/checkouts/page/accept.js';
import { notFoundHtml, pageHtml, SANDBOX_NOTICE } from '../../../src/modules/checkouts/page/html.js';
import { qrSvg } from '../../../src/modules/checkouts/page/qr-svg.js';
import { pageViewOf, type PageView } from '../../../src/modules/checkouts/page/view.js';
import { decodeSvgQr, errorCorrectionLevelOf, svgModules } from '../../helpers/qr-decode.js';

describe('rule 4: Accept', () => {
  it.each([
    ['text/html', true],
    ['TEXT/HTML', true],
    ['Text/Html; charset=utf-8', true],
    ['text/html;q=0.5', true],
    ['text/html; Q=1', true],
    ['application/json, text/html;q=0.001', true],
    ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
    ['text/html;q=0', false],
    ['text/html; q=0.000', false],
    ['TEXT/HTML;Q=0.0, application/json', false],
    ['application/json', false],
    ['*/*', false],
    ['text/*', false],
    ['text/htmlx', false],
    ['', false],
    [undefined, false],
  ])('%s → HTML %s', (accept, html) => expect(wantsHtml(accept)).toBe(html));

  it('is the same whatever the case of the media type and its parameter names', () => {
    const variant = (s: string) => fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));
    fc.assert(
      fc.property(variant('text/html'), variant('q'), fc.constantFrom('0', '0.0', '0.5', '1', '1.000'), (type, q, weight) => {
        expect(wantsHtml(`${type}; ${q}=${weight}`)).toBe(wantsHtml(`text/html; q=${weight}`));
        expect(wantsHtml(type)).toBe(true);
      }),
    );
  });
});

describe('the QR code', () => {
  const uris = [
    'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.0015',
    'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0xF39CB7204F2c09562D60E50BC4100BEB8737D47C&uint256=25000000',
    'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  ];

  it.each(uris)('encodes exactly %s, in byte mode, at error correction M', async (uri) => {
    const svg = await qrSvg(uri);
    expect(decodeSvgQr(svg)).toEqual({ text: uri, modes: ['byte'] });
    const { size, dark } = svgModules(svg);
    expect(errorCorrectionLevelOf(dark, 4)).toBe('M');
    // The modules are the library's code of the URI at level M in byte mode, inside a quiet zone of 4.
    const expected = QRCode.create([{ data: Buffer.from(uri), mode: 'byte' }], { errorCorrectionLevel: 'M' });
    const n = expected.modules.size;
    expect(size).toBe(n + 8);
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) expect(dark[r + 4]![c + 4]).toBe(expected.modules.get(r, c) === 1);
    expect(svg.startsWith('<svg ')).toBe(true);
    expect(svg).not.toMatch(/https?:|<script|href/i);
  });
});

const view = (o: Partial<PageView> = {}): PageView => ({
  ...pageViewOf({
    checkout: {
      status: 'PARTIALLY_PAID',
      statusInfo: 'Partially paid',
      blockchain: 'BTC',
      currency: 'BTC',
      currencyScale: 8,
      amountMinor: '200000',
      amountDueMinor: '150000',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    },
    route: { tokenContract: null, rail: 'SANDBOX' },
    linkExpiresAt: '2026-12-07T10:15:00.000Z',
  }),
  ...o,
});

describe('the level reader', () => {
  it('reads each level back from a code made at it', () => {
    for (const level of ['L', 'M', 'Q', 'H'] as const) {
      const { modules } = QRCode.create([{ data: Buffer.from('bitcoin:x?amount=1'), mode: 'byte' }], { errorCorrectionLevel: level });
      const dark = Array.from({ length: modules.size }, (_, r) => Array.from({ length: modules.size }, (_, c) => modules.get(r, c) === 1));
      expect(errorCorrectionLevelOf(dark, 0)).toBe(level);
    }
  });
});

describe('the page', () => {
  it('the JSON view: the checkout values, the payment URI of the amount due, the link expiry', () => {
    expect(view()).toEqual({
      status: 'PARTIALLY_PAID',
      statusInfo: 'Partially paid',
      blockchain: 'BTC',
      currency: 'BTC',
      currencyScale: 8,
      amountMinor: '200000',
      amountDueMinor: '150000',
      address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      paymentUri: 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.0015',
      expiresAt: '2026-12-07T10:15:00.000Z',
    });
    const paid = pageViewOf({
      checkout: { ...view(), status: 'PAID', statusInfo: 'Paid', amountDueMinor: '0' },
      route: { tokenContract: null, rail: 'SANDBOX' },
      linkExpiresAt: '2026-12-07T10:15:00.000Z',
    });
    expect(paid.paymentUri).toBeNull();
  });

  it('HTML: amount due as a plain decimal with the currency, address, statusInfo, the QR of the URI shown, the sandbox notice', async () => {
    const v = view();
    const html = pageHtml(v, { sandbox: true, qr: await qrSvg(v.paymentUri!) });
    expect(html).toContain('<p class="amount" id="amount-due">0.0015 BTC</p>');
    expect(html).toContain(v.address);
    expect(html).toContain('Partially paid');
    expect(html).toContain(SANDBOX_NOTICE);
    expect(html).toContain(`<p class="mono" id="payment-uri">${v.paymentUri}</p>`);
    const svg = /<svg[\s\S]*?<\/svg>/.exec(html)![0];
    expect(decodeSvgQr(svg)?.text).toBe(v.paymentUri);
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|https?:|url\(/i);
    expect(pageHtml(v, { sandbox: false, qr: await qrSvg(v.paymentUri!) })).not.toContain(SANDBOX_NOTICE);
  });

  it('HTML with nothing due: "0 <currency>", no QR and no URI', () => {
    const html = pageHtml(view({ status: 'PAID', statusInfo: 'Paid', amountDueMinor: '0', paymentUri: null }), { sandbox: true });
    expect(html).toContain('>0 BTC<');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('payment-uri');
  });

  it('escapes every value', () => {
    const html = pageHtml(view({ statusInfo: '<b>"x"&\'y\'</b>', currency: '<i>' }), { sandbox: false });
    expect(html).toContain('&lt;b&gt;&quot;x&quot;&amp;&#39;y&#39;&lt;/b&gt;');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<i>');
  });

  it('the 404 page names nothing and is one page', () => {
    expect(notFoundHtml()).toBe(notFoundHtml());
    expect(notFoundHtml()).not.toMatch(/<script|https?:/i);
  });
});
