// The documentation stands on its own: every relative link in the README and docs/ names a file of the
// repository, and the worked examples are the contract's vectors (test/vectors/), so they cannot drift.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..');
const read = (f: string) => fs.readFileSync(path.join(root, f), 'utf8');

function markdownFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

const pages = ['README.md', ...markdownFiles('docs')];

describe('documentation links', () => {
  it.each(pages)('%s: every relative link resolves to a file in the repository', (page) => {
    const text = read(page).replace(/```[\s\S]*?```/g, '');
    const broken: string[] = [];
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1]!;
      if (/^[a-z]+:/i.test(target) || target.startsWith('#')) continue;
      const file = path.resolve(path.dirname(path.join(root, page)), decodeURIComponent(target.split('#')[0]!));
      if (!file.startsWith(root) || !fs.existsSync(file)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});

describe('worked examples', () => {
  it('authentication.md shows the first signature vector', () => {
    const v = JSON.parse(read('test/vectors/signature.json')).vectors[0];
    const page = read('docs/api/authentication.md');
    expect(page).toContain(v.canonical);
    expect(page).toContain(v.signature);
    expect(page).toContain(v.secret);
  });

  it('evidence.md shows the payload and hash of the withdrawal draft and submission vectors', () => {
    const vectors = JSON.parse(read('test/vectors/operation-hash.json')).vectors as { name: string; payloadJcs: string; operationHash: string }[];
    const page = read('docs/api/evidence.md');
    for (const name of ['withdrawal draft', 'withdrawal submit']) {
      const v = vectors.find((x) => x.name === name)!;
      expect(page).toContain(v.payloadJcs);
      expect(page).toContain(v.operationHash);
    }
  });

  it('getting-paid.md shows the checkout address and EIP-681 payment URI vectors (§15.2, §15.4)', () => {
    const v = JSON.parse(read('test/vectors/collection-address.json')) as {
      addresses: { kind: string; routeCode: string; checkoutId?: string; address: string }[];
      paymentUris: { blockchain: string; tokenContract?: string | null; paymentUri: string }[];
    };
    const page = read('docs/api/getting-paid.md');
    const checkout = v.addresses.find((a) => a.kind === 'checkout' && a.routeCode === 'USDT-ETH')!;
    expect(page).toContain(`"checkoutId": "${checkout.checkoutId}"`);
    expect(page).toContain(`"address": "${checkout.address}"`);
    expect(page).toContain(v.paymentUris.find((u) => u.blockchain === 'ETH' && u.tokenContract)!.paymentUri);
  });
});
