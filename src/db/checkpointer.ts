// WAL checkpoints off the request path: the serving connection never checkpoints (wal_autocheckpoint=0);
// a worker thread with a connection of its own runs a PASSIVE checkpoint twice a second. A checkpoint
// copies pages into the database file and fsyncs it, tens of milliseconds that would otherwise stall
// every request of the event loop (the p99 of issue #3).
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = FULL');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (err) { parentPort.postMessage({ error: String(err) }); }
}, workerData.intervalMs);
parentPort.on('message', (m) => { if (m === 'stop') { clearInterval(timer); try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} db.close(); process.exit(0); } });
`;

export type Checkpointer = { stop(): Promise<void> };

export function startCheckpointer(file: string, driverPath: string, intervalMs = 500, onError: (message: string) => void = () => {}): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, driver: driverPath, intervalMs } });
  worker.on('message', (m: { error?: string }) => m.error && onError(m.error));
  worker.on('error', (err) => onError(String(err)));
  worker.unref();
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
