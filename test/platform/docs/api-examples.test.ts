// docs/api/operations.md is what the server answers: the scenario behind it (tools/api-examples/) runs
// against a fresh server through the client, every operation on both surfaces, and its rendering must be
// the committed page, so a changed field, status or route shows here first.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/graphql/generated/operations.js';
import { generateReference } from '../../../tools/api-examples/run.js';

const committed = () => fs.readFileSync(new URL('../../../docs/api/operations.md', import.meta.url), 'utf8');

describe('docs/api/operations.md', () => {
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
