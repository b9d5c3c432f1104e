// §14.3 the sandbox's review outcomes (`partnerctl sandbox fiat-review-outcome`): an entry per (customer,
// subject) persists until cleared; a record captures it when it enters review and keeps it.
import type { Exec } from '../../db/exec.js';
import type { InformationKey, InformationSubject } from './catalog.js';
import { deleteSandboxReviewOutcome, findSandboxReviewOutcome, saveSandboxReviewOutcome } from './repository.js';

export const REVIEW_OUTCOMES = ['APPROVED', 'REJECTED', 'NEEDS_ADDITIONAL_INFORMATION'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];

/** What a record captures: the first review's outcome and, for NEEDS_ADDITIONAL_INFORMATION, the keys. */
export type CapturedReview = { outcome: ReviewOutcome; keys: InformationKey[] | null };

/** The entry a record of `subject` captures at entering review (sandbox mode only; else none). */
export async function capturedReviewOutcome(x: Exec, customerId: string, subject: InformationSubject, sandbox: boolean): Promise<CapturedReview | null> {
  if (!sandbox) return null;
  const row = await findSandboxReviewOutcome(x, customerId, subject);
  return row ? { outcome: row.outcome as ReviewOutcome, keys: row.keys ? (row.keys.split(',') as InformationKey[]) : null } : null;
}

export async function setSandboxReviewOutcome(x: Exec, customerId: string, subject: InformationSubject, review: CapturedReview, at: string) {
  const row = await saveSandboxReviewOutcome(x, { customerId, subject, outcome: review.outcome, keys: review.keys?.join(',') ?? null, createdAt: at });
  return { customerId: row.customerId, subject: row.subject, outcome: row.outcome, keys: row.keys ? row.keys.split(',') : null };
}

export const clearSandboxReviewOutcome = (x: Exec, customerId: string, subject: InformationSubject) => deleteSandboxReviewOutcome(x, customerId, subject);
