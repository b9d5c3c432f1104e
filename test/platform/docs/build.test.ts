// test: slow — npm run build, and the compiled service as a process
// test: SQLite only — the compiled service on an embedded database (the build is engine-neutral)
// npm run build → dist/, and the production start: the compiled service on plain node (no TypeScript
// loader) serves signed requests, its explorers and documents; the package's client export resolves
// to the compiled client.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PartnerClient } from '../../../src/client/index.js';
import { until } from '../../helpers/harness.js';
import { processKit, ROOT, run } from '../../helpers/processes.js';

const kit = processKit({ tempPrefix: 'partner-build-' });

beforeAll(async () => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = await run(npm, ['run', '-s', 'build'], kit.cleanEnv(), 120_000);
  expect(r.code, r.stderr + r.stdout).toBe(0);
}, 150_000);

describe('npm run build', () => {
  it('emits JavaScript, declarations and the SDL files the service reads', () => {
    for (const f of ['main.js', 'service.js', 'cli/partnerctl.js', 'client/index.js', 'client/index.d.ts', 'graphql/common.graphql', 'modules/withdrawals/schema.graphql', 'core/codes.json'])
      expect(fs.existsSync(path.join(ROOT, 'dist', f)), f).toBe(true);
  });

  it('node dist/main.js starts on plain node and answers signed requests', async () => {
    const dir = kit.tempDir();
    const server = await kit.startMain({ DATABASE_URL: `file:${path.join(dir, 'partner.db')}`, LOG_LEVEL: 'warn' }, ['dist/main.js']);
    try {
      // The banner follows the listening line.
      await until(() => /secret:\s+\S+/.test(server.stdout()));
      const secret = /secret:\s+(\S+)/.exec(server.stdout())![1]!;
      const client = new PartnerClient({ baseUrl: server.url, clientId: 'demo-partner', secret });
      const data = await client.execute<{ events: { items: unknown[] } }>('{ events(first: 1) { items { type } } }');
      // §12.5: the demo customer's one event.
      expect(data.events.items).toEqual([{ type: 'customer.verified' }]);
      expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
      expect((await fetch(`${server.url}/graphiql`)).status).toBe(200);
      expect(server.stderr()).toBe('');
    } finally {
      await kit.stopMain(server);
    }
  }, 60_000);

  it("the package's client export resolves to the compiled client", async () => {
    const r = await run(process.execPath, ['--input-type=module', '-e', "const m = await import('partner-crypto-api/client'); console.log(typeof m.PartnerClient, typeof m.buildEvidence)"], kit.cleanEnv(), 30_000);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe('function function');
  });
});

