// docs/api/operations.md is what the server answers: the scenario behind it (tools/api-examples/, the
// steps of every module's src/modules/<area>/examples.ts in order of position) runs against a fresh
// server through the client, every operation on both surfaces, and its rendering must be the committed
// page, so a changed field, status or route shows here first.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PartnerClient } from '../../../src/client/index.js';
import { operations } from '../../../src/graphql/generated/operations.js';
import { generateReference } from '../../../tools/api-examples/run.js';
import { moduleExamples } from '../../../tools/api-examples/generated/examples.js';
import { examplesFileOf } from '../../../tools/api-examples/modules.js';
import { orderedExamples, scenario } from '../../../tools/api-examples/scenario.js';

const committed = () => fs.readFileSync(new URL('../../../docs/api/operations.md', import.meta.url), 'utf8');

describe('docs/api/operations.md', () => {
  it('the scenario has a step for every operation', () => {
    const client = new PartnerClient({ baseUrl: 'http://127.0.0.1:9', clientId: 'unused', secret: 'unused' });
    const stepped = new Set(scenario(client, 'USDT-ETH').map((step) => step.op));
    const missing = Object.keys(operations).filter((name) => !stepped.has(name));
    expect(
      missing.map(
        (name) =>
          `${examplesFileOf(name)} has no step for ${name}: add { at: /* a position after the steps that make the records it needs */, op: '${name}', args: (surface, walk) => ({ /* its arguments */ }) } to its default export (a new file: then npm run codegen), then run npm run docs:api`,
      ),
    ).toEqual([]);
  });

  it('orders every module’s steps by position; a step at another’s position or in another module’s file fails naming both', () => {
    const steps = orderedExamples();
    expect(steps.map((s) => s.at)).toEqual([...steps.map((s) => s.at)].sort((a, b) => a - b));
    expect(steps.at(-1)!.op).toBe('removeCryptoWalletBeneficiary');
    expect(moduleExamples.map((m) => m.file)).toContain('src/modules/withdrawals/examples.ts');
    const args = () => ({});
    expect(() =>
      orderedExamples([
        { file: 'src/modules/customers/examples.ts', steps: [{ at: 100, op: 'createCustomer', args }] },
        { file: 'src/modules/withdrawals/examples.ts', steps: [{ at: 100, op: 'cryptoWithdrawal', args }] },
      ]),
    ).toThrow('src/modules/withdrawals/examples.ts: cryptoWithdrawal at 100 has the position of src/modules/customers/examples.ts: createCustomer at 100');
    expect(() => orderedExamples([{ file: 'src/modules/customers/examples.ts', steps: [{ at: 100, op: 'cryptoWithdrawal', args }] }])).toThrow(
      'src/modules/customers/examples.ts: cryptoWithdrawal at 100 is not this module’s operation (its step belongs in src/modules/withdrawals/examples.ts)',
    );
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
