// The devnet token compiled by the solc npm package pinned in devDependencies (C14): the repository keeps
// the source and its compiled JSON; this is how both are checked to agree.
import fs from 'node:fs';
import { createRequire } from 'node:module';

const dir = new URL('../src/modules/devnet/', import.meta.url);
export const TOKEN_SOURCE = new URL('DevnetToken.sol', dir);
export const TOKEN_JSON = new URL('DevnetToken.json', dir);

type SolcOutput = { errors?: { severity: string; formattedMessage: string }[]; contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>> };

export function compileDevnetToken(): { contractName: string; compiler: string; abi: unknown[]; bytecode: string } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string; version(): string };
  const input = {
    language: 'Solidity',
    sources: { 'DevnetToken.sol': { content: fs.readFileSync(TOKEN_SOURCE, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = out.contracts['DevnetToken.sol']!.DevnetToken!;
  return { contractName: 'DevnetToken', compiler: `solc ${solc.version()}`, abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}
