// §12.2 the expiry step: a PENDING_UPLOAD file whose window is over becomes EXPIRED (every mode). It races
// the upload on the status and the window: exactly one wins.
import type { TaskFactory } from '../../core/task.js';
import { transition } from '../lifecycle/index.js';
import { dueExpiries } from './repository.js';
import { fileLifecycle } from './rules.js';

const tasks: TaskFactory = () => [
  {
    name: 'customer-file-expiry',
    due: (db, now, limit) => dueExpiries(db, now.toISOString(), limit),
    step: async (tx, fileId, now) => {
      const at = now.toISOString();
      const expired = await transition(tx, fileLifecycle({ due: at }), {
        id: fileId,
        from: 'PENDING_UPLOAD',
        to: 'EXPIRED',
        at,
        set: { uploadExpiresAt: null },
      });
      return expired !== undefined;
    },
  },
];
export default tasks;
