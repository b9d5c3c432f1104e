// C14: the devnet token's compiled JSON in the repository is exactly what its source compiles to with the
// pinned solc (so the bytecode anvil runs is the source a reader sees).
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileDevnetToken, TOKEN_JSON } from '../../../tools/solc.js';

describe('the devnet token (C14)', () => {
  it('DevnetToken.json is DevnetToken.sol compiled by the pinned solc', () => {
    const stored = JSON.parse(fs.readFileSync(TOKEN_JSON, 'utf8'));
    expect(stored).toEqual(compileDevnetToken());
  }, 60_000);
});
