// §12.3 the verification review: a worker step in every mode (R21: the review is a rule, not a provider).
// §16.9 (amended 2026-12-07) the purge of a submission past its retention after the decision that replaced it.
import type { TaskFactory } from '../../core/task.js';
import { dueReviews } from './repository.js';
import { dueEvidencePurges, purgeStep, reviewStep } from './verification.js';

const tasks: TaskFactory = (config) => [
  {
    name: 'customer-verification-review',
    due: (db, now, limit) => dueReviews(db, now.toISOString(), limit),
    step: (tx, customerId, now) => reviewStep(tx, customerId, now, config.sandbox),
  },
  {
    name: 'verification-evidence-purge',
    due: (db, now, limit) => dueEvidencePurges(db, now, config.verificationEvidenceRetentionDays, limit),
    step: (tx, submissionId, now) => purgeStep(tx, submissionId, now, config.verificationEvidenceRetentionDays),
  },
];
export default tasks;
