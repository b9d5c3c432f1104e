// §12.3 verification evidence (KYC / KYB): the shape of a submission (stage B), the rules that read the
// customer's type and the clock (stage G), and the review (a worker step in every mode, R21). The evidence
// itself is sealed with the customer and never rendered, logged or audited; what the review reads of it
// is the checks' types and results alone.
import type { Config } from '../../config.js';
import { ISO_3166_ALPHA2 } from '../../core/countries.js';
import { FieldErrors } from '../../core/problem.js';
import type { Exec } from '../../db/exec.js';
import { transition } from '../lifecycle/index.js';
import { duePurges, findCustomer, listVerificationSubmissions, purgeVerificationSubmission, recordVerificationDecision, updateCustomer } from './repository.js';
import { outcomeSet, reviewLifecycle, type VerificationOutcome } from './rules.js';
import type { CustomerRow } from './tables.js';

/** §12.3's table: the check types each kind allows and requires. */
const KYC_ALLOWED = ['IDENTITY_DOCUMENT', 'LIVENESS', 'PROOF_OF_ADDRESS', 'SANCTIONS_SCREENING', 'PEP_SCREENING', 'ADVERSE_MEDIA'];
const KYB_ALLOWED = ['COMPANY_REGISTRY', 'BENEFICIAL_OWNERS', 'DIRECTORS', 'PROOF_OF_ADDRESS', 'SANCTIONS_SCREENING', 'PEP_SCREENING', 'ADVERSE_MEDIA'];
const KYC_REQUIRED = ['IDENTITY_DOCUMENT', 'SANCTIONS_SCREENING', 'PEP_SCREENING'];
const KYB_REQUIRED = ['COMPANY_REGISTRY', 'BENEFICIAL_OWNERS', 'SANCTIONS_SCREENING', 'PEP_SCREENING'];

/** §5's window ahead of the server clock, which §12.3 uses for `completedAt` and `attestedAt` alike. */
const AHEAD_MS = 300_000;
const DAY_MS = 86_400_000;

export type CheckInput = {
  type: string;
  result: string;
  completedAt: Date;
  providerName?: string | null;
  providerReference?: string | null;
  fileIds?: readonly string[] | null;
};
export type EvidenceInput = {
  subject: { legalName: string; country: string; dateOfBirth?: string | null; registrationNumber?: string | null };
  checks: readonly CheckInput[];
  attestedAt: Date;
  attestedByPartnerUserRef: string;
  attestedByPartnerPolicyRef?: string | null;
};

const length = (v: string) => [...v].length;
const within = (errors: FieldErrors, pointer: string, v: string | null | undefined, min: number, max: number) => {
  if (v !== null && v !== undefined && (length(v) < min || length(v) > max)) errors.add(pointer, min > 0 ? `must be ${min}–${max} characters` : `must be at most ${max} characters`);
};

/** YYYY-MM-DD, a real calendar date. */
function calendarDate(v: string): { y: number; m: number; d: number } | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d ? { y, m: mo, d } : undefined;
}

/** Stage B: the input's shape (no record, no clock); every fault at once. Fault details never quote the values. */
export function checkEvidenceShape(errors: FieldErrors, input: EvidenceInput): void {
  const { subject } = input;
  within(errors, '/subject/legalName', subject.legalName, 1, 200);
  if (!ISO_3166_ALPHA2.has(subject.country)) errors.add('/subject/country', 'must be an ISO 3166-1 alpha-2 code (upper case)');
  if (subject.dateOfBirth !== null && subject.dateOfBirth !== undefined) {
    if (!calendarDate(subject.dateOfBirth) || subject.dateOfBirth < '1900-01-01') errors.add('/subject/dateOfBirth', 'must be a calendar date YYYY-MM-DD from 1900-01-01');
  }
  within(errors, '/subject/registrationNumber', subject.registrationNumber, 1, 100);
  if (input.checks.length < 1 || input.checks.length > 20) errors.add('/checks', 'must hold 1–20 checks');
  const seen = new Set<string>();
  input.checks.forEach((c, i) => {
    if (seen.has(c.type)) errors.add(`/checks/${i}/type`, 'each check type may appear once');
    seen.add(c.type);
    within(errors, `/checks/${i}/providerName`, c.providerName, 0, 100);
    within(errors, `/checks/${i}/providerReference`, c.providerReference, 0, 200);
    if ((c.fileIds?.length ?? 0) > 10) errors.add(`/checks/${i}/fileIds`, 'must hold at most 10 files');
  });
  within(errors, '/attestedByPartnerUserRef', input.attestedByPartnerUserRef, 1, 128);
  within(errors, '/attestedByPartnerPolicyRef', input.attestedByPartnerPolicyRef, 1, 128);
}

/** §12.3 "age": the 18th birthday (same month and day, 18 years on; 29 February → 1 March). */
export function eighteenthBirthday(dateOfBirth: string): string {
  const { y, m, d } = calendarDate(dateOfBirth)!;
  const t = new Date(Date.UTC(y + 18, m - 1, d)); // Date.UTC rolls 29 February of a common year to 1 March.
  return t.toISOString().slice(0, 10);
}

/** Stage G: the rules that read the customer's type or the clock (400 VALIDATION_FAILED, all at once). */
export function checkEvidenceRules(
  customer: Pick<CustomerRow, 'type'>,
  input: EvidenceInput,
  now: Date,
  config: Pick<Config, 'verificationCheckMaxAgeDays' | 'authorizationMaxAgeSeconds'>,
): void {
  const errors = new FieldErrors();
  const kyb = customer.type === 'CORPORATE';
  const { subject } = input;
  const present = (v: string | null | undefined) => v !== null && v !== undefined;
  if (kyb) {
    if (!present(subject.registrationNumber)) errors.add('/subject/registrationNumber', 'is required for a CORPORATE customer (KYB)');
    if (present(subject.dateOfBirth)) errors.add('/subject/dateOfBirth', 'is refused for a CORPORATE customer (KYB)');
  } else {
    if (!present(subject.dateOfBirth)) errors.add('/subject/dateOfBirth', 'is required for an INDIVIDUAL customer (KYC)');
    if (present(subject.registrationNumber)) errors.add('/subject/registrationNumber', 'is refused for an INDIVIDUAL customer (KYC)');
  }
  const allowed = kyb ? KYB_ALLOWED : KYC_ALLOWED;
  input.checks.forEach((c, i) => {
    if (!allowed.includes(c.type)) errors.add(`/checks/${i}/type`, `is not a ${kyb ? 'KYB' : 'KYC'} check: use ${allowed.join(', ')}`);
  });
  const missing = (kyb ? KYB_REQUIRED : KYC_REQUIRED).filter((t) => !input.checks.some((c) => c.type === t));
  if (missing.length > 0) errors.add('/checks', `must include the ${kyb ? 'KYB' : 'KYC'} checks ${missing.join(', ')}`);
  if (!kyb && present(subject.dateOfBirth) && eighteenthBirthday(subject.dateOfBirth!) > now.toISOString().slice(0, 10))
    errors.add('/subject/dateOfBirth', 'must be the date of birth of an adult (18 or older)');
  const oldest = now.getTime() - config.verificationCheckMaxAgeDays * DAY_MS;
  input.checks.forEach((c, i) => {
    const t = c.completedAt.getTime();
    if (t < oldest || t > now.getTime() + AHEAD_MS)
      errors.add(`/checks/${i}/completedAt`, `must be within the last ${config.verificationCheckMaxAgeDays} days (VERIFICATION_CHECK_MAX_AGE_DAYS) and at most 300 s ahead of the server's clock`);
  });
  const attested = input.attestedAt.getTime();
  if (attested < now.getTime() - config.authorizationMaxAgeSeconds * 1000 || attested > now.getTime() + AHEAD_MS)
    errors.add('/attestedAt', `must be within the last ${config.authorizationMaxAgeSeconds} s (AUTHORIZATION_MAX_AGE_SECONDS) and at most 300 s ahead of the server's clock`);
  errors.throwIfAny();
}

/** What the review reads of a submission: each check's type and result, in input order. */
export type ReviewCheck = { type: string; result: string };

/**
 * §12.3 the review step (every mode), first match: a FAILED check → REJECTED ("Check failed: <TYPE>", the
 * first in input order); sandbox mode → the captured outcome, else VERIFIED; a REFERRED check → no change,
 * the review waits for an operator; → VERIFIED. A compare-and-set on the pending review: an operator's
 * decision in between ended it, and the step changes nothing. False when there was no review to take.
 */
export async function reviewStep(tx: Exec, customerId: string, now: Date, sandbox: boolean): Promise<boolean> {
  const c = await findCustomer(tx, customerId);
  if (!c || c.reviewId === null || !c.verificationReviewPending || c.reviewDueAt === null || c.reviewDueAt > now.toISOString()) return false;
  const checks = JSON.parse(c.reviewChecks ?? '[]') as ReviewCheck[];
  const failed = checks.find((k) => k.result === 'FAILED');
  let outcome: VerificationOutcome;
  let info: string | null = null;
  if (failed) [outcome, info] = ['REJECTED', `Check failed: ${failed.type}`];
  else if (sandbox) [outcome, info] = [(c.reviewOutcome as VerificationOutcome | null) ?? 'VERIFIED', c.reviewOutcomeInfo];
  else if (checks.some((k) => k.result === 'REFERRED')) {
    // Waits for `partnerctl customer verification-decide`: no longer due, still pending (no event: nothing
    // a partner sees changed).
    return (await updateCustomer(tx, customerId, c.verificationStatus, { reviewDueAt: null }, c.reviewId)) !== undefined;
  } else outcome = 'VERIFIED';
  const at = now.toISOString();
  const done = await transition(tx, reviewLifecycle(c.reviewId), {
    id: customerId,
    from: c.verificationStatus,
    to: outcome,
    at,
    set: outcomeSet(outcome, info, at),
  });
  if (done) await recordVerificationDecision(tx, customerId, c.reviewId, outcome, at);
  return done !== undefined;
}

/** §16.9 what `partnerctl customer evidence` prints of a submission: no personal data. */
export type SubmissionSummary = {
  submittedAt: string;
  outcome: string | null;
  decidedAt: string | null;
  checks: ReviewCheck[];
};

/**
 * §16.9 (amended 2026-12-07) the customer's submissions, newest first, for operators only: of the sealed
 * evidence, each check's type and result alone (the subject, providers' references, attestation and
 * files stay sealed). `outcome` and `decidedAt` are null while the submission's review is pending.
 */
export async function submissionSummaries(x: Exec, customerId: string, open: (customerId: string, sealed: string) => string): Promise<SubmissionSummary[]> {
  const rows = await listVerificationSubmissions(x, customerId);
  return rows.map((r) => {
    const evidence = JSON.parse(open(customerId, r.evidence)) as { checks: ReviewCheck[] };
    return {
      submittedAt: r.submittedAt,
      outcome: r.outcome,
      decidedAt: r.decidedAt,
      checks: evidence.checks.map((c) => ({ type: c.type, result: c.result })),
    };
  });
}

/** §16.9: the newest `replacedAt` a submission may have to be purged at `now`. */
export function purgeBound(now: Date, retentionDays: number): string {
  return new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
}

/** §16.9 the purge: a submission VERIFICATION_EVIDENCE_RETENTION_DAYS after its replacement, never earlier. */
export function purgeStep(tx: Exec, submissionId: string, now: Date, retentionDays: number): Promise<boolean> {
  return purgeVerificationSubmission(tx, submissionId, purgeBound(now, retentionDays));
}

export const dueEvidencePurges = (x: Exec, now: Date, retentionDays: number, limit: number) => duePurges(x, purgeBound(now, retentionDays), limit);
