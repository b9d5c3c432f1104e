// createFrontendSession: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { mutation } from '../../../core/operation.js';

export default mutation('createFrontendSession', {
  target: null,
  evidence: null,
  resultId: () => {
    throw new Error('createFrontendSession: not implemented (src/modules/frontend/operations/create-frontend-session.ts)');
  },
  run: async () => {
    throw new Error('createFrontendSession: not implemented (src/modules/frontend/operations/create-frontend-session.ts)');
  },
});
