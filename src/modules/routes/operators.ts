// §8, §10.7 operator actions on the lists screening and the simulated rail consult: the deny list and the
// sandbox failures of destinations. Each runs in one transaction of the engine's writer, on either engine.
import { isBlockchain, isValidAddress, normalizeAddressForComparison } from '../../core/addresses/index.js';
import { OperatorError, type Operated } from '../../core/command.js';
import { deleteDenied, deleteSandboxFailure, insertDenied, saveSandboxFailure } from './index.js';

const now = () => new Date().toISOString();

/** A destination named by an operator: its chain and the address's canonical form (usage errors). */
function addressKeyOf(blockchain: string, address: string): string {
  if (!isBlockchain(blockchain)) throw new OperatorError('blockchain must be one of ETH, TRON, BTC, SOL');
  if (!isValidAddress(blockchain, address)) throw new OperatorError(`not a valid ${blockchain} address`);
  return normalizeAddressForComparison(blockchain, address);
}

export async function denyAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  await db.writer.run((tx) => insertDenied(tx, blockchain, key, now()));
  return { blockchain, address, denied: true };
}

/** §10.7: removes a deny-list entry (later screenings clear the address). */
export async function allowAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  return { removed: await db.writer.run((tx) => deleteDenied(tx, blockchain, key)) };
}

export const FAIL_STEPS = ['BROADCASTING', 'CONFIRMING'] as const;

/** §10.7: adds or replaces the forced failure of a destination; records entering the pipeline capture it. */
export async function failAddress(db: Operated, blockchain: string, address: string, at: string) {
  const key = addressKeyOf(blockchain, address);
  if (!(FAIL_STEPS as readonly string[]).includes(at)) throw new OperatorError(`--at must be one of ${FAIL_STEPS.join(', ')}`);
  await db.writer.run((tx) => saveSandboxFailure(tx, blockchain, key, at, now()));
  return { blockchain, address, at };
}

/** §10.7: removes the forced failure of a destination. */
export async function clearFailAddress(db: Operated, blockchain: string, address: string) {
  const key = addressKeyOf(blockchain, address);
  return { removed: await db.writer.run((tx) => deleteSandboxFailure(tx, blockchain, key)) };
}
