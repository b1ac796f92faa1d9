import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { writesInTurn } from './writes-in-turn.ts';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const request = (method: string) => ({ method }) as IncomingMessage;
const response = () => {
  const written: { status?: number; body?: string } = {};
  const res = {
    headersSent: false,
    writeHead(status: number) {
      written.status = status;
      return res;
    },
    end(body?: string) {
      written.body = body;
      return res;
    },
  };
  return { res: res as unknown as ServerResponse, written };
};

describe('writesInTurn', () => {
  it('starts a read at once, and writes in the order they came, one per turn of the loop', async () => {
    const started: string[] = [];
    const listener = writesInTurn((incoming) => started.push(incoming.method!));
    listener(request('POST'), response().res);
    listener(request('PUT'), response().res);
    listener(request('GET'), response().res);
    listener(request('HEAD'), response().res);
    expect(started).toEqual(['GET', 'HEAD']);
    await turn();
    expect(started).toEqual(['GET', 'HEAD', 'POST']);
    // A write that comes between turns waits behind the one already waiting.
    listener(request('DELETE'), response().res);
    await turn();
    expect(started).toEqual(['GET', 'HEAD', 'POST', 'PUT']);
    await turn();
    expect(started).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'DELETE']);
    await turn();
    expect(started).toHaveLength(5);
  });

  it('a listener that throws when started gets a 500 in the error shape, and the next write still starts', async () => {
    const started: string[] = [];
    const listener = writesInTurn((incoming) => {
      if (incoming.method === 'POST') throw new Error('boom');
      started.push(incoming.method!);
    });
    const failing = response();
    const errors: unknown[] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      listener(request('POST'), failing.res);
      listener(request('PATCH'), response().res);
      await turn();
      await turn();
    } finally {
      console.error = consoleError;
    }
    expect(failing.written).toEqual({ status: 500, body: JSON.stringify({ message: 'Internal server error' }) });
    expect(started).toEqual(['PATCH']);
    expect(errors).toHaveLength(1);
  });

  it('through a real server: concurrent writes are all answered, each with its own body', async () => {
    const server = createServer(
      writesInTurn((incoming, outgoing) => {
        let body = '';
        incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
        incoming.on('end', () => outgoing.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ echo: JSON.parse(body) })));
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`http://127.0.0.1:${port}/w`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ i }) }).then(async (r) => [r.status, await r.json()]),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => [201, { echo: { i } }]));
    } finally {
      server.close();
    }
  });
});
