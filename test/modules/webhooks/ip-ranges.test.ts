// §11.7 refused destination ranges, address by address, and the IPv6 forms that embed an IPv4 address.
import { describe, expect, it } from 'vitest';
import { embeddedIPv4, embeddedIPv4s, isRefusedAddress } from '../../../src/modules/webhooks/ip-ranges.js';

describe('§11.7 refused ranges', () => {
  it.each([
    '0.0.0.0', '0.255.255.255', '10.0.0.1', '100.64.0.1', '100.127.255.255', '127.0.0.1', '127.255.255.254', '169.254.169.254',
    '172.16.0.1', '172.31.255.255', '192.0.0.8', '192.168.1.1', '198.18.0.1', '198.19.255.255', '224.0.0.1', '239.255.255.255',
    '240.0.0.1', '255.255.255.255', '::', '::1', 'fc00::1', 'fdff::1', 'fe80::1', 'febf::1', 'ff02::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.1.2.3', '::127.0.0.1', '::a00:1', '64:ff9b::a9fe:a9fe', '64:ff9b::10.0.0.1',
    '2002:7f00:1::', '2002:c0a8:101::1', 'not an address', '',
    // IPv4-translated (::ffff:0:0:0/96), local-use NAT64 (64:ff9b:1::/48), Teredo (2001::/32: client inverted, server)
    '::ffff:0:127.0.0.1', '::ffff:0:7f00:1', '::ffff:0:10.0.0.1', '64:ff9b:1::7f00:1', '64:ff9b:1::a9fe:a9fe',
    '64:ff9b:1:7f00:1::', '64:ff9b:1:0808:0008:0800::', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:a00:1:8000:63bf:3fff:fdd2',
  ])('%s is refused', (ip) => expect(isRefusedAddress(ip)).toBe(true));

  it.each([
    '1.1.1.1', '8.8.8.8', '100.63.255.255', '100.128.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.169.0.1', '198.17.255.255',
    '198.20.0.0', '223.255.255.255', '2606:4700::1111', '2001:4860:4860::8888', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', 'fbff::1', 'fec0::1',
    '::ffff:0:8.8.8.8', '64:ff9b:1::808:808', '2001:0:4136:e378:8000:63bf:3fff:fdd2', '2001:db8::1',
  ])('%s is allowed', (ip) => expect(isRefusedAddress(ip)).toBe(false));

  it('embedded IPv4 addresses', () => {
    expect(embeddedIPv4('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('::1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('64:ff9b::0102:0304')).toBe('1.2.3.4');
    expect(embeddedIPv4('2002:0102:0304::')).toBe('1.2.3.4');
    expect(embeddedIPv4('2606:4700::1111')).toBeUndefined();
    expect(embeddedIPv4('::1')).toBeUndefined();
    expect(embeddedIPv4('::ffff:0:1.2.3.4')).toBe('1.2.3.4');
    expect(embeddedIPv4('64:ff9b:1::0102:0304')).toBe('1.2.3.4');
    // RFC 4380's example: client 192.0.2.45 (inverted in the last 32 bits), server 65.54.227.120.
    expect(embeddedIPv4s('2001:0:4136:e378:8000:63bf:3fff:fdd2')).toEqual(['192.0.2.45', '65.54.227.120']);
  });
});
