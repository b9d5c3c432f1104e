// The checkouts' configuration keys (§15.2, §15.4, §16.5; docs/deployment.md "Configuration").
import { areaConfig, derived, integer, unset, variable } from '../../config/keys.js';

const ttl = {
  min: integer('CHECKOUT_MIN_TTL_SECONDS', { default: 60, min: 1, max: 2_592_000, docs: "the shortest a checkout's `expiresInSeconds` may be (§15.2)" }),
  default: integer('CHECKOUT_DEFAULT_TTL_SECONDS', { default: 900, min: 1, max: 2_592_000, docs: "a checkout's lifetime when `expiresInSeconds` is absent (§15.2)" }),
  max: integer('CHECKOUT_MAX_TTL_SECONDS', { default: 604_800, min: 1, max: 2_592_000, docs: "the longest a checkout's `expiresInSeconds` may be (§15.2)" }),
};

// §15.4 links and the hosted page.

const checkoutMaxLinks = integer('CHECKOUT_MAX_LINKS', {
  default: 20,
  min: 1,
  max: 1000,
  docs: 'links a checkout may have, expired ones included; one more is 409 `CHECKOUT_LINK_LIMIT_REACHED` (§15.4)',
});

const checkoutPageRateLimitPerMinute = integer('CHECKOUT_PAGE_RATE_LIMIT_PER_MINUTE', {
  default: 60,
  min: 1,
  max: 100_000,
  docs: '`GET /pay/{token}` requests per source address: a token bucket of this capacity refilled at this / 60 per second; past it 429 `RATE_LIMITED` (§15.4)',
});

/**
 * §16.5: an absolute http(s) URL of at most 2000 characters with no query, fragment or userinfo and no
 * trailing `/`; https in production (so production must set it: the default is http).
 */
const checkoutLinkBaseUrl = variable('CHECKOUT_LINK_BASE_URL', {
  default: 'http://localhost:<PORT>/pay',
  values: 'an absolute `http(s)` URL, ≤ 2000 characters, no query, fragment, userinfo or trailing `/`; `https` in production',
  docs: 'the prefix of a link: its `url` is this + `/` + the token (§15.4); required in production',
  read: (raw, env, ctx) => {
    // §16.5: production is https only, and the default is http, so production must set it.
    if (unset(raw)) {
      if (ctx.production) throw new Error('CHECKOUT_LINK_BASE_URL is required in production: the public https address of the hosted page, e.g. https://pay.example.com/pay');
      return `http://localhost:${unset(env.PORT) ? '4000' : env.PORT}/pay`;
    }
    const fault = baseUrlFault(raw, ctx.production);
    if (fault) throw new Error(`CHECKOUT_LINK_BASE_URL ${fault}`);
    return raw;
  },
});

function baseUrlFault(value: string, production: boolean): string | undefined {
  if (value.length > 2000) return 'must be at most 2000 characters';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (production && url.protocol !== 'https:') return 'must be an https URL in production';
  if (url.username || url.password || /^[a-z]+:\/\/[^/]*@/i.test(value)) return 'must have no userinfo';
  if (value.includes('?')) return 'must have no query';
  if (value.includes('#')) return 'must have no fragment';
  if (value.endsWith('/')) return 'must not end with /';
  if (/\s/.test(value)) return 'must have no whitespace';
  return undefined;
}

export default areaConfig({
  // §16.5: min ≤ default ≤ max, else the start stops naming the three.
  checkoutTtlSeconds: derived(ttl, (v) => {
    if (!(v.min <= v.default && v.default <= v.max))
      throw new Error(
        `CHECKOUT_MIN_TTL_SECONDS (${v.min}) ≤ CHECKOUT_DEFAULT_TTL_SECONDS (${v.default}) ≤ CHECKOUT_MAX_TTL_SECONDS (${v.max}) must hold`,
      );
    return v;
  }),
  checkoutMaxLinks,
  checkoutLinkBaseUrl,
  checkoutPageRateLimitPerMinute,
});
