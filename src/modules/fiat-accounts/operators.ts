// §14.4, §16.6 operator actions on fiat accounts: suspend / reactivate, in one transaction of the engine's
// writer, printing the account in its GraphQL shape.
import { OperatorRefusal, type Operated } from '../../core/command.js';
import { renderAs } from '../../graphql/render.js';
import { fiatAccountView, setFiatAccountSuspended } from './rules.js';

export async function suspendFiatAccount(db: Operated, fiatAccountId: string, suspended: boolean) {
  const row = await db.writer.run((tx) => setFiatAccountSuspended(tx, fiatAccountId, suspended, new Date().toISOString()));
  if (!row) throw new OperatorRefusal('NOT_FOUND', `fiat account ${fiatAccountId} does not exist`);
  return renderAs('PartnerFiatAccount', fiatAccountView(row));
}
