import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The embedded file's WAL checkpoints, run beside the requests instead of inside them (decision
 * 0034). SQLite checkpoints by itself when a commit finds the WAL over `wal_autocheckpoint` pages:
 * that commit then copies the pages into the database file and waits for its fsync, and on one
 * event loop every request waits with it (with 20 writers at once, a few ms to tens of ms, and the
 * writes' p99 with it). Here a thread with its own connection to the file runs a PASSIVE
 * checkpoint every `everyMs` (it never blocks a writer or a reader: it copies what no reader still
 * needs), so the commits seldom reach the threshold. The threshold stays as it was, as the fallback
 * should the thread fall behind or stop: the WAL never grows beyond what it did before.
 *
 * The thread's code is a short script run by the Node worker; it loads the same native driver the
 * app uses (its path resolved here, so the server bundle needs no second entry).
 */
const THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.exec('PRAGMA busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another checkpoint, a schema change): the next turn tries again; the commits' own
    // checkpoints remain the fallback.
  }
}, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startWalCheckpointer(file: string, everyMs = 100): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(THREAD, { eval: true, workerData: { driver, file, everyMs }, resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } });
  worker.unref();
  worker.on('error', (err) => console.error('The WAL checkpoint thread stopped; commits checkpoint by themselves', err));
  return {
    stop: () =>
      new Promise((resolve) => {
        // Held until it has closed its connection, even by a process with nothing else to do.
        worker.ref();
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
      }),
  };
}
