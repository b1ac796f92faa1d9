import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createClient } from '@libsql/client';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDataDir, startNodeServer } from '../support/node-server.ts';

// A graceful stop of the Node server (decision 0057), on the real server started as `npm run dev`
// starts it: on SIGTERM it takes no new connection, lets the request under way finish, empties
// the WAL into the database file and exits 0.

const MB = 1024 * 1024;

/** Resolves once the server's output matches `pattern`. */
async function said(server: { child: ChildProcess; output: () => string }, pattern: RegExp): Promise<void> {
  while (!pattern.test(server.output())) await once(server.child.stdout!, 'data');
}

/** Resolves with the error code of a new TCP connection to `port` ('connected' when one opens). */
function connectOutcome(port: number): Promise<string> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      done('connected');
    });
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code ?? err.message));
  });
}

describe('a graceful stop of the Node server', () => {
  let server: { child: ChildProcess } | undefined;
  afterAll(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('on SIGTERM refuses new connections, finishes the download under way, empties the WAL and exits 0', async () => {
    const dataDir = freshDataDir('graceful');
    // A public file far larger than the sockets' buffers: its download stays under way while the
    // client does not read.
    const key = `${randomUUID()}.bin`;
    const bytes = randomBytes(32 * MB);
    writeFileSync(resolve(dataDir, 'uploads', key), bytes);
    writeFileSync(resolve(dataDir, 'uploads', `${key}.type`), 'application/octet-stream');

    const started = await startNodeServer(dataDir);
    server = started;
    const { child, port } = started;
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));

    // A write, so the WAL holds pages; and a kept-alive idle connection, which must not hold the stop up.
    const keepAlive = new Agent({ keepAlive: true });
    const contact = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', subject: 'Before the stop', message: 'Written before the stop.' }),
    });
    expect(contact.status).toBe(201);
    const health = await new Promise<IncomingMessage>((done) => get({ host: '127.0.0.1', port, path: '/api/health', agent: keepAlive }, done));
    expect(health.statusCode).toBe(200);
    health.resume();
    await once(health, 'end');
    expect(statSync(resolve(dataDir, 'drx.db-wal')).size).toBeGreaterThan(0);

    // The download starts and the client stops reading.
    const request = get({ host: '127.0.0.1', port, path: `/uploads/${key}`, agent: false });
    const [response] = (await once(request, 'response')) as [IncomingMessage];
    response.pause();
    await new Promise((r) => setTimeout(r, 300));

    child.kill('SIGTERM');
    await said(started, /SIGTERM: no new connections/);
    await new Promise((r) => setTimeout(r, 100));
    expect(await connectOutcome(port)).toBe('ECONNREFUSED');
    expect(child.exitCode).toBeNull();

    // The client reads on: the whole file arrives.
    const hash = createHash('sha256');
    let received = 0;
    response.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      received += chunk.length;
    });
    response.resume();
    await once(response, 'end');
    const downloaded = Date.now();
    expect(response.statusCode).toBe(200);
    expect(received).toBe(bytes.length);
    expect(hash.digest('hex')).toBe(createHash('sha256').update(bytes).digest('hex'));

    expect(await exited).toBe(0);
    // The idle kept-alive connection was closed at once, not after the 10 s wait.
    expect(Date.now() - downloaded).toBeLessThan(5_000);
    keepAlive.destroy();

    // The WAL was emptied into the database file: the file alone holds the write.
    const wal = resolve(dataDir, 'drx.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const client = createClient({ url: `file:${resolve(dataDir, 'drx.db')}` });
    try {
      const rows = await client.execute("SELECT subject FROM contact_messages WHERE email = 'ada@example.com'");
      expect(rows.rows.map((r) => r.subject)).toEqual(['Before the stop']);
    } finally {
      client.close();
    }
  }, 90_000);
});
