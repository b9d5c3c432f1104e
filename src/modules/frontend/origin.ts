// §17.3: an origin is `scheme://host[:port]` as the WHATWG URL standard serialises it. Node's URL is that
// standard's parser, so its `origin` is the serialisation; what is refused is anything the serialisation
// would drop silently (a path, query, fragment or userinfo), so a partner never registers one string and
// has another compared.

export type OriginCheck = { origin: string } | { fault: string };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);

/**
 * The normalised origin, or why `value` is not one: `https` only in production; in development also
 * `http://localhost[:port]` and `http://127.0.0.1[:port]`. `header`: the value is a request's `Origin`
 * header, which a browser sends as the serialisation itself, so even a lone trailing slash is a path.
 */
export function normaliseOrigin(value: string, production: boolean, o: { header?: boolean } = {}): OriginCheck {
  if (value.length === 0 || value.length > 255) return { fault: 'must be 1–255 characters' };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { fault: 'is not an origin (scheme://host[:port])' };
  }
  if (url.username !== '' || url.password !== '') return { fault: 'must not carry userinfo' };
  if (url.search !== '' || value.includes('?')) return { fault: 'must not carry a query' };
  if (url.hash !== '' || value.includes('#')) return { fault: 'must not carry a fragment' };
  // The serialisation drops a lone trailing slash, which a registration or a create may carry (§17.3);
  // any other path is refused, and on a request's Origin (§17.2) the slash too.
  if (url.pathname !== '/' || /^[a-z][a-z0-9+.-]*:\/\/[^/]*\/./i.test(value) || (o.header && /^[a-z][a-z0-9+.-]*:\/\/[^/]*\//i.test(value)))
    return { fault: 'must not carry a path' };
  if (url.protocol === 'https:') return { origin: url.origin };
  if (url.protocol === 'http:' && !production && LOCAL_HOSTS.has(url.hostname)) return { origin: url.origin };
  return { fault: production ? 'must be an https origin' : 'must be an https origin, or http://localhost or http://127.0.0.1 with an optional port' };
}
