// §16.5 the links' and the hosted page's keys: defaults, ranges, and CHECKOUT_LINK_BASE_URL's rule (an
// absolute http(s) URL, ≤ 2000, no query, fragment or userinfo, no trailing `/`; https in production,
// so production must set it). A bad value stops the start naming the variable.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';

const base = { NODE_ENV: 'development' };
const fault = (env: Record<string, string>): string => {
  try {
    loadConfig({ ...base, ...env });
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('§16.5 checkout link and page keys', () => {
  it('defaults: 20 links, the page at 60 a minute, links under http://localhost:<PORT>/pay', () => {
    const c = loadConfig(base);
    expect({ links: c.checkoutMaxLinks, rate: c.checkoutPageRateLimitPerMinute, url: c.checkoutLinkBaseUrl }).toEqual({
      links: 20,
      rate: 60,
      url: 'http://localhost:4000/pay',
    });
    expect(loadConfig({ ...base, PORT: '8080' }).checkoutLinkBaseUrl).toBe('http://localhost:8080/pay');
  });

  it('ranges: CHECKOUT_MAX_LINKS 1–1000, CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE 1–100000', () => {
    expect(loadConfig({ ...base, CHECKOUT_MAX_LINKS: '1000', CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE: '100000' })).toMatchObject({ checkoutMaxLinks: 1000, checkoutPageRateLimitPerMinute: 100000 });
    for (const v of ['0', '1001', '1.5', 'x']) expect(fault({ CHECKOUT_MAX_LINKS: v })).toContain('CHECKOUT_MAX_LINKS');
    for (const v of ['0', '100001', '-1']) expect(fault({ CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE: v })).toContain('CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE');
  });

  it('CHECKOUT_LINK_BASE_URL: accepted as given, refused by each rule', () => {
    for (const ok of ['https://pay.example.com', 'https://pay.example.com/pay', 'http://127.0.0.1:4000/p/q', 'https://example.com:8443/a-b_c'])
      expect(loadConfig({ ...base, CHECKOUT_LINK_BASE_URL: ok }).checkoutLinkBaseUrl).toBe(ok);
    for (const bad of [
      'pay.example.com',
      '/pay',
      'ftp://example.com/pay',
      'https://example.com/pay/',
      'https://example.com/',
      'https://example.com/pay?x=1',
      'https://example.com/pay?',
      'https://example.com/pay#top',
      'https://user@example.com/pay',
      'https://user:pw@example.com/pay',
      `https://example.com/${'a'.repeat(1990)}`,
    ])
      expect(fault({ CHECKOUT_LINK_BASE_URL: bad })).toContain('CHECKOUT_LINK_BASE_URL');
  });

  it('production: required, and https only (the http default does not stand)', () => {
    const prod = { NODE_ENV: 'production', PARTNER_SECRET_KEY: 'a'.repeat(64) };
    for (const none of [{}, { CHECKOUT_LINK_BASE_URL: '' }, { PORT: '443' }] as Record<string, string>[])
      expect(fault({ ...prod, ...none })).toBe('CHECKOUT_LINK_BASE_URL is required in production: the public https address of the hosted page, e.g. https://pay.example.com/pay');
    expect(fault({ ...prod, CHECKOUT_LINK_BASE_URL: 'http://pay.example.com' })).toBe('CHECKOUT_LINK_BASE_URL must be an https URL in production');
    expect(fault({ ...prod, CHECKOUT_LINK_BASE_URL: 'http://localhost:4000/pay' })).toBe('CHECKOUT_LINK_BASE_URL must be an https URL in production');
    expect(loadConfig({ ...prod, CHECKOUT_LINK_BASE_URL: 'https://pay.example.com' }).checkoutLinkBaseUrl).toBe('https://pay.example.com');
  });


  it('property: a URL passes exactly when it has none of the faults', () => {
    const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
    fc.assert(
      fc.property(
        fc.constantFrom('http', 'https'),
        fc.constantFrom('example.com', 'pay.example.org', '127.0.0.1:8080'),
        fc.array(segment, { maxLength: 3 }),
        fc.constantFrom('', '/', '?a=1', '#x'),
        (scheme, host, path, tail) => {
          const url = `${scheme}://${host}${path.map((p) => `/${p}`).join('')}${tail}`;
          const good = tail === '' && (path.length > 0 || !url.endsWith('/'));
          const r = (() => {
            try {
              return loadConfig({ ...base, CHECKOUT_LINK_BASE_URL: url }).checkoutLinkBaseUrl;
            } catch (e) {
              return (e as Error).message;
            }
          })();
          if (good) expect(r).toBe(url);
          else expect(r).toMatch(/^CHECKOUT_LINK_BASE_URL /);
        },
      ),
    );
  });
});
