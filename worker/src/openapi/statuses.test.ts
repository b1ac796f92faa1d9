import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createSignedInUser, signIn } from '../../../tests/support/factories.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { generateOpenApi, operationKey, type OpenApiDocument } from './generate.ts';
import { EXTRA_STATUSES } from './statuses.ts';

// Every status an operation answers is in the document (decision 0052): each operation is called
// as a guest, a student and an admin, with an empty body and with path ids that exist or not,
// and every 4xx answer must be one its description lists. A new throw in a route or a service
// that the description misses fails here.

let t: TestApp;
let doc: OpenApiDocument;
const tokens: Record<string, string | undefined> = { guest: undefined };

beforeAll(async () => {
  t = await createTestApp();
  doc = await generateOpenApi(t.app.routes);
  tokens.student = (await createSignedInUser(t.db)).token;
  const admin = await createAdmin(t.db);
  tokens.admin = await signIn(t.db, admin.id);
});
afterAll(() => t.close());

/** Reads that change nothing first, then writes, deletions last (they may remove what others read). */
const ORDER: Record<string, number> = { get: 0, head: 0, post: 1, put: 1, patch: 1, delete: 2 };

describe('the statuses of the document', () => {
  it('lists every 4xx status an operation answers to a guest, a student and an admin', { timeout: 240_000 }, async () => {
    const operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op: op! })))
      // The sign-out ends the session the next calls use.
      .filter(({ path }) => path !== '/api/logout')
      .sort((a, b) => ORDER[a.method]! - ORDER[b.method]!);
    expect(operations.length).toBeGreaterThan(150);
    const unlisted: string[] = [];
    let calls = 0;
    for (const who of ['guest', 'student', 'admin']) {
      for (const id of ['1', '999999999']) {
        for (const { method, path, op } of operations) {
          const url = path.replace(/\{[^}]+\}/g, id);
          const write = method !== 'get' && method !== 'head';
          const res = await t.request(url, {
            method: method.toUpperCase(),
            headers: {
              ...(tokens[who] ? { authorization: `Bearer ${tokens[who]}` } : {}),
              ...(write ? { 'content-type': 'application/json' } : {}),
            },
            body: write ? '{}' : undefined,
          });
          calls++;
          await res.arrayBuffer();
          if (res.status >= 400 && res.status < 500 && !(String(res.status) in op.responses)) {
            unlisted.push(`${method} ${path} answered ${res.status} (${who}, id ${id})`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(900);
    expect([...new Set(unlisted)].sort()).toEqual([]);
  });

  it('names only operations the app has in its table of extra statuses, and reads the middlewares\' statuses', () => {
    const described = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => operationKey(m, path))));
    expect(Object.keys(EXTRA_STATUSES).filter((key) => !described.has(key))).toEqual([]);
    // Rate-limited (429), behind a feature switch (403), a sign-in throttle and the uploads' file types.
    expect(doc.paths['/api/contact']?.post?.responses['429']).toBeDefined();
    expect(doc.paths['/api/register']?.post?.responses).toMatchObject({ '403': expect.anything(), '429': expect.anything() });
    expect(doc.paths['/api/login']?.post?.responses['429']).toBeDefined();
    expect(doc.paths['/api/upload']?.post?.responses['415']).toBeDefined();
  });
});
