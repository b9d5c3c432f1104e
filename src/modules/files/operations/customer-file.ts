// §12.1 customerFile(fileId): unknown → null (REST: 404 FILE_NOT_FOUND), another partner's → FORBIDDEN.
import { ownOrNull } from '../../../core/ownership.js';
import { query } from '../../../core/operation.js';
import { findFile } from '../repository.js';
import { fileView } from '../rules.js';

export default query('customerFile', {
  session: { owner: (r) => r.customerId }, // §17.2
  rest: { method: 'GET', path: '/partner/v1/files/:fileId', notFound: 'FILE_NOT_FOUND' },
  run: async (ctx, { fileId }) => {
    const row = ownOrNull(ctx, await findFile(ctx.services.db, fileId), 'file');
    return row && fileView(row);
  },
});
