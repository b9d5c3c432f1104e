// cryptoCheckout: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { query } from '../../../core/operation.js';

export default query('cryptoCheckout', {
  run: async () => {
    throw new Error('cryptoCheckout: not implemented (src/modules/checkouts/operations/crypto-checkout.ts)');
  },
});
