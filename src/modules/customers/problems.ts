// What the customer codes (§7) mean for a partner and what to do about them: the text of
// `/problems/<code>` and docs/problems.md. The codes and their statuses are in schema.graphql
// (`extend enum ProblemCode`); a code there without its guide here does not compile.
import type { ProblemGuides } from '../../core/problem-guide.js';

export const problemGuides: ProblemGuides<'customers'> = {
  CUSTOMER_NOT_FOUND: {
    when: 'The customerId names no customer.',
    action: 'Create the customer first (createCustomer), or check the id.',
  },
  DUPLICATE_CUSTOMER: {
    when: 'You already have a customer with this externalRef.',
    action: 'Look up the existing customer instead of creating another, or use a different externalRef.',
  },
  CUSTOMER_SUSPENDED: {
    when: 'The customer (of the path, or of the record acted on) is SUSPENDED by an operator: money and crypto operations are refused until it is reactivated.',
    action: 'Contact the operator of the service. Reads, files, verification evidence and updates still work.',
  },
  CUSTOMER_NOT_VERIFIED: {
    when: 'The operation needs a VERIFIED customer (KYC or KYB), and the customer is UNVERIFIED, PENDING_REVIEW or REJECTED.',
    action: 'Submit verification evidence (submitCustomerVerificationEvidence) and wait for the customer.verified event, then retry.',
  },
};
