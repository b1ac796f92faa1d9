import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { root, templateDb, tmpDir } from './paths.ts';

/**
 * The real Node server (worker/src/node.ts, as `npm run dev` starts it) as a child process, for the
 * tests of what only a whole process shows: how it starts or refuses to, its memory, its stop.
 * Each runs on its own copy of the migrated template database, on a free port.
 */

export interface NodeServer {
  child: ChildProcess;
  /** Everything the server has written so far, stdout and stderr together. */
  output(): string;
  /** What it has written to stderr so far. */
  stderr(): string;
  /** The port, once it listens; rejected when the process exits first. */
  listening: Promise<number>;
}

/** A fresh data folder holding a copy of the migrated template database (and an uploads folder). */
export function freshDataDir(prefix = 'server'): string {
  const dataDir = resolve(tmpDir, `${prefix}-${randomUUID()}`);
  mkdirSync(resolve(dataDir, 'uploads'), { recursive: true });
  copyFileSync(templateDb, resolve(dataDir, 'drx.db'));
  return dataDir;
}

/**
 * Starts the server on `dataDir` with the environment of a test (no seed, the embedded database, no
 * mail transport, limits scaled as the test app scales them), `variables` over it.
 */
export function spawnNodeServer(dataDir: string, variables: Record<string, string> = {}): NodeServer {
  const child = spawn(process.execPath, [resolve(root, 'worker/src/node.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRX_SEED: 'none',
      APP_ENV: 'test',
      RATE_LIMIT_MULTIPLIER: '1000',
      LIBSQL_URL: '',
      SMTP_URL: '',
      ...variables,
    },
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    output += d.toString();
    stderr += d.toString();
  });
  const listening = new Promise<number>((done, fail) => {
    const check = () => {
      const port = /DRX is running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) done(Number(port));
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => fail(new Error(`The server exited (${code}) before it listened:\n${output}`)));
  });
  // A test that expects a refusal reads the exit, not this promise.
  listening.catch(() => undefined);
  return { child, output: () => output, stderr: () => stderr, listening };
}

/** Starts the server and resolves once it listens, with its port. */
export async function startNodeServer(dataDir: string, variables: Record<string, string> = {}): Promise<NodeServer & { port: number }> {
  const server = spawnNodeServer(dataDir, variables);
  return { ...server, port: await server.listening };
}
