import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../scripts/server-flags.ts';

// The app as `npm start` runs it (built site and server, migrations, demo seed), for the browser
// tests. The demo database is made once per run (the template, by global-setup.ts); every
// Playwright worker then serves its own copy of it on its own port, so no test sees another
// worker's changes and tests that change settings or prices need no turn of their own.

const root = resolve(import.meta.dirname, '../..');
const serverEntry = resolve(root, 'build/server/index.mjs');

/** The first port; the template is made on it, worker n serves on BASE_PORT + 1 + n. */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 4400);

/** The seeded demo data folder every worker copies. */
export const templateDir = resolve(root, 'tests/.tmp', `e2e-template-${BASE_PORT}`);

/** A worker's data folder (the database file is drx.db in it). */
export function dataDirFor(port: number): string {
  return resolve(root, 'tests/.tmp', `e2e-data-${port}`);
}

export interface RunningServer {
  port: number;
  baseURL: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts the built server on `dataDir` (seeding it when empty) and waits until it answers. */
export async function startServer(port: number, dataDir: string, { timeoutMs = 120_000 } = {}): Promise<RunningServer> {
  if (!existsSync(serverEntry)) throw new Error('build/server/index.mjs is missing: run `npm run build` first.');
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRX_SEED: 'demo',
      APP_ENV: 'test',
      // The suite signs up many users from 127.0.0.1: scale the per-address limits up (never in production).
      RATE_LIMIT_MULTIPLIER: '1000',
    },
  });
  // What the server says is kept to explain a failed start, and its errors are shown as they come.
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => {
    output += d;
    process.stderr.write(`[server :${port}] ${d}`);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The e2e server on port ${port} exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The e2e server on port ${port} did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((wait) => setTimeout(wait, 100));
  }
  return {
    port,
    baseURL,
    dataDir,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Makes the template: a server seeds an empty folder, then stops (its database closed). */
export async function makeTemplate(): Promise<void> {
  rmSync(templateDir, { recursive: true, force: true });
  const server = await startServer(BASE_PORT, templateDir);
  await server.stop();
}

/** A worker's server on a fresh copy of the template; its copy is removed when it stops. */
export async function startWorkerServer(port: number): Promise<RunningServer> {
  const dataDir = dataDirFor(port);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(templateDir, dataDir, { recursive: true });
  const server = await startServer(port, dataDir);
  return {
    ...server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
