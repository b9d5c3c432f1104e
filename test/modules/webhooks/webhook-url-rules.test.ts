// §11.7 endpoint URL rules, case by case: syntax (both modes), and in production the scheme, localhost
// names and IP literals in refused ranges, as the WHATWG parser normalizes them (SSRF forms).
import { describe, expect, it } from 'vitest';
import { checkEndpointUrl } from '../../../src/modules/webhooks/url-rules.js';

const OK = { ok: true };
const invalid = { code: 'VALIDATION_FAILED', detail: expect.any(String) };
const notAllowed = { code: 'WEBHOOK_URL_NOT_ALLOWED', detail: expect.any(String) };

describe('§11.7 endpoint URL rules', () => {
  // [url, production verdict, development verdict]
  it.each<[string, object, object]>([
    // syntax: refused in both modes
    ['hooks.example.com/x', invalid, invalid],
    ['/relative/path', invalid, invalid],
    ['', invalid, invalid],
    ['ftp://example.com/x', invalid, invalid],
    ['javascript:alert(1)', invalid, invalid],
    ['file:///etc/passwd', invalid, invalid],
    ['ws://example.com/x', invalid, invalid],
    ['https://user@example.com/x', invalid, invalid],
    ['https://user:pass@example.com/x', invalid, invalid],
    ['https://:pass@example.com/x', invalid, invalid],
    ['https://example.com/x#frag', invalid, invalid],
    ['https://example.com/x#', invalid, invalid],
    ['http://[::1', invalid, invalid],
    [`https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length + 1)}`, invalid, invalid],
    // allowed everywhere
    ['https://hooks.example.com/partner?x=1', OK, OK],
    ['https://hooks.example.com:8443/p', OK, OK],
    [`https://example.com/${'a'.repeat(2048 - 'https://example.com/'.length)}`, OK, OK],
    ['https://1.1.1.1/hook', OK, OK],
    ['https://[2606:4700::1111]/hook', OK, OK],
    ['https://[::ffff:8.8.8.8]/hook', OK, OK],
    ['https://localhost.example.com/hook', OK, OK],
    ['https://mylocalhost/hook', OK, OK],
    // the scheme: https only in production
    ['http://hooks.example.com/x', notAllowed, OK],
    ['HTTP://hooks.example.com/x', notAllowed, OK],
    // localhost names (a trailing dot names the same host; the parser lower-cases)
    ['https://localhost/x', notAllowed, OK],
    ['https://LOCALHOST:3000/x', notAllowed, OK],
    ['https://localhost./x', notAllowed, OK],
    ['https://api.localhost/x', notAllowed, OK],
    ['https://a.b.localhost./x', notAllowed, OK],
    ['https://localhost../x', notAllowed, OK],
    ['https://localhost.../x', notAllowed, OK],
    ['https://api.localhost../x', notAllowed, OK],
    ['http://localhost:3000/hooks', notAllowed, OK],
    // IPv4 literals in refused ranges, in every form the parser normalizes
    ['https://127.0.0.1/x', notAllowed, OK],
    ['https://127.0.0.1./x', notAllowed, OK],
    ['https://2130706433/x', notAllowed, OK],
    ['https://0x7f.1/x', notAllowed, OK],
    ['https://0x7f000001/x', notAllowed, OK],
    ['https://017700000001/x', notAllowed, OK],
    ['https://127.1/x', notAllowed, OK],
    ['https://0/x', notAllowed, OK],
    ['https://0.0.0.0/x', notAllowed, OK],
    ['https://10.1.2.3/x', notAllowed, OK],
    ['https://100.64.0.1/x', notAllowed, OK],
    ['https://169.254.169.254/latest/meta-data', notAllowed, OK],
    ['https://172.16.0.1/x', notAllowed, OK],
    ['https://192.0.0.1/x', notAllowed, OK],
    ['https://192.168.0.1/x', notAllowed, OK],
    ['https://198.18.0.1/x', notAllowed, OK],
    ['https://224.0.0.1/x', notAllowed, OK],
    ['https://255.255.255.255/x', notAllowed, OK],
    ['https://%31%32%37.0.0.1/x', notAllowed, OK],
    // IPv6 literals (bracketed), and those embedding a refused IPv4 address
    ['https://[::1]/x', notAllowed, OK],
    ['https://[::]/x', notAllowed, OK],
    ['https://[0:0:0:0:0:0:0:1]/x', notAllowed, OK],
    ['https://[fd00::1]/x', notAllowed, OK],
    ['https://[fe80::1]/x', notAllowed, OK],
    ['https://[ff02::1]/x', notAllowed, OK],
    ['https://[::ffff:127.0.0.1]/x', notAllowed, OK],
    ['https://[::ffff:7f00:1]/x', notAllowed, OK],
    ['https://[::ffff:169.254.169.254]/x', notAllowed, OK],
    ['https://[::10.0.0.1]/x', notAllowed, OK],
    ['https://[64:ff9b::a9fe:a9fe]/x', notAllowed, OK],
    ['https://[2002:7f00:1::]/x', notAllowed, OK],
    ['https://[::ffff:0:127.0.0.1]/x', notAllowed, OK],
    ['https://[::ffff:0:a9fe:a9fe]/x', notAllowed, OK],
    ['https://[64:ff9b:1::7f00:1]/x', notAllowed, OK],
    ['https://[64:ff9b:1::10.0.0.1]/x', notAllowed, OK],
    ['https://[64:ff9b:1:7f00:1::]/x', notAllowed, OK],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x', notAllowed, OK],
    ['https://[2001:0:7f00:1:8000:63bf:3fff:fdd2]/x', notAllowed, OK],
    ['https://[::ffff:0:8.8.8.8]/x', OK, OK],
    ['https://[64:ff9b:1::808:808]/x', OK, OK],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x', OK, OK],
  ])('%s → production %o, otherwise %o', (url, production, development) => {
    expect(checkEndpointUrl(url, true)).toEqual(production);
    expect(checkEndpointUrl(url, false)).toEqual(development);
  });
});
