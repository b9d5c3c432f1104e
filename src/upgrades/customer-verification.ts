// §12.5 upgrade: the customers a database held before §12 become ACTIVE, UNVERIFIED with no review
// pending (the SQL migration added the columns with these defaults; they are set here again so that the
// rule does not depend on them), each with its one event `customer.unverified` (sequence 1, at the
// customer's `updatedAt`), in `createdAt` order. Runs once per database (src/upgrades/index.ts).
import type { Exec } from '../db/exec.js';
import { allCustomers, recordNewCustomerEvent, setCustomer } from '../modules/customers/index.js';
import type { Upgrade } from './upgrade.js';

async function apply(tx: Exec): Promise<number> {
  const customers = await allCustomers(tx);
  for (const c of customers) {
    const row = await setCustomer(tx, c.customerId, {
      status: 'ACTIVE',
      suspendedAt: null,
      verificationStatus: 'UNVERIFIED',
      verificationStatusInfo: null,
      verificationReviewPending: false,
      verifiedAt: null,
    });
    await recordNewCustomerEvent(tx, row, row.updatedAt);
  }
  return customers.length;
}

export const customerVerification: Upgrade = { name: 'customer-verification-v1', apply };
