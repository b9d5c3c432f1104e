// §10.6–§10.7 the sandbox simulator, one implementation of the outbound-rail seam (rail.ts): no network —
// the attempt's reference is a transaction hash derived from the record id (§10.4), and the network
// shows success except where the record captured a failure entry when it entered the pipeline.
import { generatedTxHash } from '../../core/addresses/derive.js';
import { isBlockchain } from '../../core/addresses/index.js';
import type { OutboundRail } from './rail.js';

export const sandboxRail: OutboundRail = {
  async submit(r, ctx) {
    if (!isBlockchain(r.blockchain)) throw new Error(`transfer ${r.id}: unknown blockchain ${r.blockchain}`);
    const reference = generatedTxHash(r.blockchain, r.id);
    return (await ctx.run((tx) => ctx.take(tx, { step: 'stored', reference }))) ? 'stored' : 'skipped';
  },
  async observe(r) {
    if (r.status === 'BROADCASTING') return [{ step: r.failAt === 'BROADCASTING' ? { step: 'failed', stage: 'BROADCASTING' } : { step: 'accepted' } }];
    return [{ step: r.failAt === 'CONFIRMING' ? { step: 'failed', stage: 'CONFIRMING' } : { step: 'succeeded' } }];
  },
};
