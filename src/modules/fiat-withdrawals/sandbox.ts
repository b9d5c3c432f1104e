// §14.3 the sandbox's withdrawal outcomes (`partnerctl sandbox fiat-withdrawal-outcome`): an entry per
// bank identifier, kept by its fingerprint (§14.5), persists until cleared; a withdrawal to a bank account
// with that identifier captures it at submission and keeps it.
import type { SecretBox } from '../../core/secret-box.js';
import type { Exec } from '../../db/exec.js';
import { bankFingerprint, normaliseIdentifier } from '../bank-accounts/index.js';
import type { InformationKey } from '../information/index.js';
import { deleteSandboxFiatWithdrawalOutcome, findSandboxFiatWithdrawalOutcome, saveSandboxFiatWithdrawalOutcome } from './repository.js';
import type { ReturnReason } from './rules.js';

export const WITHDRAWAL_OUTCOMES = ['NEEDS_ADDITIONAL_INFORMATION', 'REJECTED', 'RETURNED'] as const;
export type WithdrawalOutcome = (typeof WITHDRAWAL_OUTCOMES)[number];

/** What a withdrawal captures at submission: the columns of its review and of its sandbox bank. */
export type CapturedOutcome = { reviewOutcome: string | null; reviewKeys: string | null; sandboxReturnReason: string | null };

const PASS: CapturedOutcome = { reviewOutcome: null, reviewKeys: null, sandboxReturnReason: null };

/** The entry a withdrawal to the bank account with `fingerprint` captures (sandbox mode only; else none). */
export async function capturedWithdrawalOutcome(x: Exec, fingerprint: string, sandbox: boolean): Promise<CapturedOutcome> {
  if (!sandbox) return PASS;
  const row = await findSandboxFiatWithdrawalOutcome(x, fingerprint);
  if (!row) return PASS;
  if (row.outcome === 'RETURNED') return { ...PASS, sandboxReturnReason: row.returnReason };
  return { reviewOutcome: row.outcome, reviewKeys: row.keys, sandboxReturnReason: null };
}

/** The entry as partnerctl prints it: its fingerprint, never the identifier (§14.5). */
export type OutcomeEntry = { fingerprint: string; outcome: WithdrawalOutcome; keys: InformationKey[] | null; returnReason: ReturnReason | null };

export async function setSandboxWithdrawalOutcome(
  x: Exec,
  box: SecretBox,
  identifier: string,
  entry: Omit<OutcomeEntry, 'fingerprint'>,
  at: string,
): Promise<OutcomeEntry> {
  const row = await saveSandboxFiatWithdrawalOutcome(x, {
    fingerprint: bankFingerprint(box, normaliseIdentifier(identifier)),
    outcome: entry.outcome,
    keys: entry.keys?.join(',') ?? null,
    returnReason: entry.returnReason,
    createdAt: at,
  });
  return {
    fingerprint: row.fingerprint,
    outcome: row.outcome as WithdrawalOutcome,
    keys: row.keys ? (row.keys.split(',') as InformationKey[]) : null,
    returnReason: row.returnReason as ReturnReason | null,
  };
}

export const clearSandboxWithdrawalOutcome = (x: Exec, box: SecretBox, identifier: string) =>
  deleteSandboxFiatWithdrawalOutcome(x, bankFingerprint(box, normaliseIdentifier(identifier)));
