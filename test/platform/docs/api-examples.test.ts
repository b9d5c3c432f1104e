// docs/api/operations.md is what the server answers: the scenario behind it (tools/api-examples/) runs
// against a fresh server through the client, every operation on both surfaces, and its rendering must be
// the committed page, so a changed field, status or route shows here first.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PartnerClient } from '../../../src/client/index.js';
import { operations } from '../../../src/graphql/generated/operations.js';
import { generateReference } from '../../../tools/api-examples/run.js';
import { scenario } from '../../../tools/api-examples/scenario.js';

const committed = () => fs.readFileSync(new URL('../../../docs/api/operations.md', import.meta.url), 'utf8');

describe('docs/api/operations.md', () => {
  it('the scenario has a step for every operation', () => {
    const client = new PartnerClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'unused', secret: 'unused' });
    const stepped = new Set(scenario(client, 'USDT-ETH').map((step) => step.op));
    const missing = Object.keys(operations).filter((name) => !stepped.has(name));
    expect(
      missing.map((name) => `tools/api-examples/scenario.ts has no step for ${name}: add { op: '${name}', args: (surface) => ({ /* its arguments */ }) } after the steps that make the records it needs, then run npm run docs:api`),
    ).toEqual([]);
  });

  it('documents every operation, with a REST example wherever the operation has a route', () => {
    const page = committed();
    for (const [name, d] of Object.entries(operations)) {
      expect(page, name).toContain(`\n## ${name}\n`);
      if (d.rest) expect(page, name).toContain(`**REST** \`${d.rest.method} `);
    }
  });

  it('is what the server answers to its requests (regenerate with npm run docs:api)', async () => {
    expect(await generateReference()).toBe(committed());
  }, 60_000);
});
