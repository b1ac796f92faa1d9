import { readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contactMessages, uploads } from '../../db/schema/index.ts';
import { DISK_FULL_MESSAGE } from '../../worker/src/http/errors.ts';
import { createDiskStorage } from '../../worker/src/platform/disk-storage.ts';
import { createSignedInUser } from '../support/factories.ts';
import * as sample from '../support/file-samples.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

// A full disk (decision 0057): the write that finds no space answers 507 with a message in the
// API's error shape, leaves no partial file, is logged at most once a minute, and the next
// request once there is space again goes through.

/** Every file under `dir` (sub-folders walked), as paths relative to it. */
function filesUnder(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

describe('a full disk', () => {
  let t: TestApp;
  let token: string;
  let diskFull = true;
  const uploadsDir = () => resolve(t.dir, 'uploads');

  beforeAll(async () => {
    t = await createTestApp();
    // The store's writes go to the disk until `diskFull`: then half the bytes land, and the write
    // fails as the file system's does when the disk fills up.
    t.platform.storage = createDiskStorage(uploadsDir(), {
      writeFile: (async (path: string, data: Uint8Array | string) => {
        if (!diskFull) return writeFile(path, data);
        await writeFile(path, typeof data === 'string' ? data.slice(0, data.length >> 1) : data.subarray(0, data.length >> 1));
        throw enospc();
      }) as typeof writeFile,
    });
    ({ token } = await createSignedInUser(t.db));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(() => t.close());

  const upload = () => {
    const body = new FormData();
    body.append('file', new File([sample.pdf], 'notes.pdf', { type: 'application/pdf' }));
    return t.request('/api/upload', { method: 'POST', body, headers: { authorization: `Bearer ${token}` } });
  };
  const contact = (n: number) =>
    t.json('POST', '/api/contact', { name: 'Ada', email: `ada${n}@example.com`, subject: 'A long note', message: 'x'.repeat(5000) });

  it('refuses an upload with 507, keeps no partial file and takes the next one once there is space', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await upload();
    expect(res.status).toBe(507);
    expect(await read<ErrorBody>(res)).toEqual({ message: DISK_FULL_MESSAGE });
    expect(filesUnder(uploadsDir())).toEqual([]);
    expect((await t.db.select({ n: count() }).from(uploads))[0]!.n).toBe(0);
    // Logged without a stack trace.
    for (const call of errors.mock.calls) expect(call.join(' ')).not.toMatch(/\n\s+at /);

    diskFull = false;
    const next = await upload();
    expect(next.status).toBe(201);
    const { url } = await read<{ url: string }>(next);
    const key = url.slice('/uploads/'.length);
    expect(filesUnder(uploadsDir()).sort()).toEqual([key, `${key}.type`]);
    const served = await t.request(url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sample.pdf);
    diskFull = true;
  });

  it('answers SQLITE_FULL with 507, and writes again once the database may grow', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // No free page left and none to add: a 5,000-character message needs overflow pages.
    await t.client.execute('VACUUM');
    const pages = Number((await t.client.execute('PRAGMA page_count')).rows[0]![0]);
    await t.client.execute(`PRAGMA max_page_count = ${pages}`);
    try {
      const res = await contact(1);
      expect(res.status).toBe(507);
      expect(await read<ErrorBody>(res)).toEqual({ message: DISK_FULL_MESSAGE });
      expect((await t.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(0);
    } finally {
      await t.client.execute('PRAGMA max_page_count = 1073741823');
    }
    const next = await contact(2);
    expect(next.status).toBe(201);
    expect((await t.db.select({ n: count() }).from(contactMessages))[0]!.n).toBe(1);
  });

  it('logs a full disk at most once a minute, with how many more were refused in between', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Past any message of the tests before: the clock an hour on.
    const start = Date.now() + 3_600_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);
    for (let i = 0; i < 3; i++) expect((await upload()).status).toBe(507);
    const diskLines = () => errors.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('Disk full'));
    // One line for the three (with the count of those refused unlogged by the tests before).
    expect(diskLines()).toEqual([expect.stringMatching(/^Disk full \(ENOSPC\): POST \/api\/upload answered 507(; \d+ more refused since the last message)?$/)]);

    now.mockReturnValue(start + 61_000);
    expect((await upload()).status).toBe(507);
    expect(diskLines()).toHaveLength(2);
    expect(diskLines()[1]).toMatch(/2 more refused since the last message/);
    expect(errors.mock.calls.flat().join(' ')).not.toMatch(/\n\s+at /);
    expect(filesUnder(uploadsDir()).filter((f) => f.startsWith('.partial'))).toEqual([]);
  });
});
