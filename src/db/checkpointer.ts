// WAL checkpoints off the request path: the serving connection never checkpoints (wal_autocheckpoint=0);
// a worker thread with a connection of its own runs a PASSIVE checkpoint every 25 ms. A checkpoint
// copies pages into the database file and fsyncs it, tens of milliseconds that would otherwise stall
// every request of the event loop.
//
// Under steady load a PASSIVE checkpoint never lets the WAL start over: SQLite rewinds it only when a
// writer begins while every frame is backfilled, and there are always newer frames by then. The WAL
// would grow by tens of MB a second until the load stops. So once
// it holds more than RESTART_FRAMES and a PASSIVE pass has caught up, a RESTART checkpoint makes the
// next writer rewind it. RESTART holds writers off while it runs (the sync of the database file), so it
// is kept rare: the writer retries without blocking the event loop
// (src/db/group-commit.ts), but every request of that moment waits.
import { Worker } from 'node:worker_threads';

/** 65536 frames of 4 KiB pages: the WAL file stays within about 256 MiB, rewound every few seconds at most. */
const RESTART_FRAMES = 65_536;

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try {
    const [r] = db.pragma('wal_checkpoint(PASSIVE)');
    if (r.log > workerData.restartFrames && r.checkpointed === r.log) db.pragma('wal_checkpoint(RESTART)');
  } catch (err) { parentPort.postMessage({ error: String(err) }); }
}, workerData.intervalMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} db.close(); process.exit(0); } });
`;

export type Checkpointer = { stop(): Promise<void> };

export function startCheckpointer(
  file: string,
  driverPath: string,
  intervalMs = 25,
  onError: (message: string) => void = () => {},
  restartFrames = RESTART_FRAMES,
): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: driverPath, intervalMs, restartFrames } });
  worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
  worker.on('error', (err) => onError(String(err)));
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Held while it stops: otherwise a process with nothing else to wait for (a start refused before
        // the server listens) ends with this promise unsettled (exit 13) instead of reporting why.
        worker.ref();
        worker.postMessage('stop');
      }),
  };
}
