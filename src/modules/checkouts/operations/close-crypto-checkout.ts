// closeCryptoCheckout: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { mutation } from '../../../core/operation.js';

export default mutation('closeCryptoCheckout', {
  target: null,
  evidence: null,
  resultId: () => {
    throw new Error('closeCryptoCheckout: not implemented (src/modules/checkouts/operations/close-crypto-checkout.ts)');
  },
  run: async () => {
    throw new Error('closeCryptoCheckout: not implemented (src/modules/checkouts/operations/close-crypto-checkout.ts)');
  },
});
