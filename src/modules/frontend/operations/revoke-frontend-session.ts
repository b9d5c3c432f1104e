// revokeFrontendSession: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { mutation } from '../../../core/operation.js';

export default mutation('revokeFrontendSession', {
  target: null,
  evidence: null,
  resultId: () => {
    throw new Error('revokeFrontendSession: not implemented (src/modules/frontend/operations/revoke-frontend-session.ts)');
  },
  run: async () => {
    throw new Error('revokeFrontendSession: not implemented (src/modules/frontend/operations/revoke-frontend-session.ts)');
  },
});
