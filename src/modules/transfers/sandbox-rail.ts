// §10.6–§10.7 the sandbox simulator, the only rail shipped: screening by the deny list as it is at the
// step, a transaction hash derived from the record id (§10.4), failures only where the record captured
// a failure entry when it entered the pipeline.
import type { Exec } from '../../db/exec.js';
import { normalizeAddressForComparison } from '../../core/addresses/index.js';
import { generatedTxHash } from '../../core/addresses/derive.js';
import { isDenied } from '../routes/index.js';
import type { Destination, Stage, TransferOrder, TransferRail } from './rail.js';

export const sandboxRail: TransferRail = {
  async screen(x: Exec, to: Destination) {
    return (await isDenied(x, to.blockchain, normalizeAddressForComparison(to.blockchain, to.address))) ? 'REJECTED' : 'CLEARED';
  },
  async broadcast(_x: Exec, order: TransferOrder) {
    return generatedTxHash(order.destination.blockchain, order.id);
  },
  async confirm(_x: Exec, order: TransferOrder, stage: Stage) {
    return order.failAt === stage ? 'FAILED' : 'PASSED';
  },
};
