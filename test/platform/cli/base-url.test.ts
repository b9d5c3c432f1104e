// §1 the tools find the server where `npm start` put it: BASE when set, else PORT and HOST as the server
// reads them (examples/setup.ts, partnerctl sign's curl line).
import { describe, expect, it } from 'vitest';
import { defaultBaseUrl } from '../../../src/cli/base-url.js';

describe('defaultBaseUrl', () => {
  it.each<[Record<string, string>, string]>([
    [{}, 'http://127.0.0.1:4000'],
    [{ PORT: '' }, 'http://127.0.0.1:4000'],
    [{ PORT: '4001' }, 'http://127.0.0.1:4001'],
    [{ PORT: '4001', HOST: '0.0.0.0' }, 'http://127.0.0.1:4001'],
    [{ PORT: '4001', HOST: '::' }, 'http://127.0.0.1:4001'],
    [{ PORT: '4001', HOST: '::1' }, 'http://[::1]:4001'],
    [{ HOST: 'api.internal' }, 'http://api.internal:4000'],
    [{ BASE: 'https://sandbox.example.com/', PORT: '4001' }, 'https://sandbox.example.com'],
  ])('%o → %s', (env, url) => expect(defaultBaseUrl(env)).toBe(url));
});
