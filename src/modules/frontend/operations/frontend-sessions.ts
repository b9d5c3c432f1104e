// frontendSessions: scaffolded by `npm run codegen` from the SDL. Cite the contract section, then write the
// descriptor (docs/architecture.md, "Adding an operation").
import { query } from '../../../core/operation.js';

export default query('frontendSessions', {
  run: async () => {
    throw new Error('frontendSessions: not implemented (src/modules/frontend/operations/frontend-sessions.ts)');
  },
});
