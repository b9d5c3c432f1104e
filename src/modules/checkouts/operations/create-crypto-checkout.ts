// createCryptoCheckout: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { mutation } from '../../../core/operation.js';

export default mutation('createCryptoCheckout', {
  target: null,
  evidence: null,
  resultId: () => {
    throw new Error('createCryptoCheckout: not implemented (src/modules/checkouts/operations/create-crypto-checkout.ts)');
  },
  run: async () => {
    throw new Error('createCryptoCheckout: not implemented (src/modules/checkouts/operations/create-crypto-checkout.ts)');
  },
});
