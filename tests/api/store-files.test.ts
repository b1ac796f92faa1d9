import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceFiles, uploads } from '../../db/schema/index.ts';
import { FILES_FULL, ONLY_SELLER_FILES, PDF_UNREADABLE, TOO_MANY_FILES, type ResourceFilesAnswer } from '../../worker/src/services/store/resource-files.ts';
import { createUser, signIn } from '../support/factories.ts';
import { csv, docx, exe, html, mp3, pdf as notAPdf, png, sized, svg, text } from '../support/file-samples.ts';
import { makePdf, makeResource, makeResourceFile, makeSeller } from '../support/store-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * A resource's files (decision 0029): one to five accepted types of at most 20 MB, their type
 * read from the bytes, kept under private/resources/ where no public path reaches them; a PDF's
 * pages are counted; a change of files sends a published resource back to review.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function form(...files: [Uint8Array, string][]): FormData {
  const f = new FormData();
  for (const [bytes, name] of files) f.append('files', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return f;
}
const upload = (resourceId: number, body: FormData, token?: string) =>
  t.request(`/api/resources/${resourceId}/files`, { method: 'POST', headers: token ? { authorization: `Bearer ${token}` } : {}, body });

describe('POST /api/resources/{id}/files', () => {
  it('stores accepted files privately, counts PDF pages and answers the file list', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    const res = await upload(r.id, form([await makePdf(3), 'Plan.pdf'], [csv, 'music.csv'], [docx, 'notes.docx'], [mp3, 'count.mp3']), seller.token);
    expect(res.status).toBe(201);
    const body = await read<ResourceFilesAnswer>(res);
    expect(body.status).toBe('draft');
    expect(body.files.map((f) => [f.name, f.type_label, f.page_count])).toEqual([
      ['Plan.pdf', 'PDF', 3],
      ['music.csv', 'CSV', null],
      ['notes.docx', 'Word', null],
      ['count.mp3', 'Audio', null],
    ]);
    expect(JSON.stringify(body)).not.toContain('private/');
    const rows = await t.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, r.id));
    for (const row of rows) {
      expect(row.storageKey).toMatch(/^private\/resources\/[0-9a-f-]{36}\.[a-z0-9]+$/);
      expect(await t.platform.storage.head(row.storageKey)).not.toBeNull();
      // No public path serves it, and it is not an upload anyone can list.
      expect((await t.request(`/uploads/${row.storageKey}`)).status).toBe(404);
      expect((await t.request(`/uploads/${row.storageKey.split('/').pop()}`)).status).toBe(404);
    }
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, seller.user.id))).toEqual([]);
  });

  it('at most five in all: too many at once is 400, past the total is 409, nothing is stored', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    const six = form(...Array.from({ length: 6 }, (_, i): [Uint8Array, string] => [text, `n${i}.txt`]));
    const tooMany = await upload(r.id, six, seller.token);
    expect(tooMany.status).toBe(400);
    expect((await read<ErrorBody>(tooMany)).message).toBe(TOO_MANY_FILES);
    expect((await upload(r.id, form([text, 'a.txt'], [text, 'b.txt'], [text, 'c.txt'], [text, 'd.txt']), seller.token)).status).toBe(201);
    const full = await upload(r.id, form([text, 'e.txt'], [text, 'f.txt']), seller.token);
    expect(full.status).toBe(409);
    expect((await read<ErrorBody>(full)).message).toBe(FILES_FULL);
    expect((await upload(r.id, form([text, 'e.txt']), seller.token)).status).toBe(201);
    expect(await t.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, r.id))).toHaveLength(5);
  });

  it('refuses types that are not accepted, fakes, unreadable PDFs and files over 20 MB', async () => {
    const seller = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    for (const [bytes, name] of [
      [exe, 'setup.exe'],
      [html, 'page.html'],
      [svg, 'logo.svg'],
      [exe, 'plan.pdf'],
    ] as [Uint8Array, string][]) {
      expect((await upload(r.id, form([bytes, name]), seller.token)).status, name).toBe(415);
    }
    const broken = await upload(r.id, form([notAPdf, 'broken.pdf']), seller.token);
    expect(broken.status).toBe(415);
    expect((await read<ErrorBody>(broken)).message).toBe(PDF_UNREADABLE);
    expect((await upload(r.id, form([sized(png, 20 * 1024 * 1024 + 1), 'huge.png']), seller.token)).status).toBe(413);
    expect((await upload(r.id, new FormData(), seller.token)).status).toBe(400);
    const notMultipart = await t.request(`/api/resources/${r.id}/files`, { method: 'POST', headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(notMultipart.status).toBe(400);
    expect(await t.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, r.id))).toEqual([]);
  });

  it('only its seller adds or removes files', async () => {
    const seller = await makeSeller(t.db);
    const other = await makeSeller(t.db);
    const r = await makeResource(t.db, { sellerId: seller.user.id });
    const file = await makeResourceFile(t, r.id);
    expect((await upload(r.id, form([text, 'x.txt']))).status).toBe(401);
    expect((await upload(r.id, form([text, 'x.txt']), other.token)).status).toBe(403);
    const admin = await signIn(t.db, (await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] })).id);
    expect((await upload(r.id, form([text, 'x.txt']), admin)).status).toBe(403);
    const selling = await signIn(t.db, (await createUser(t.db, { roles: ['ADMIN'] })).id);
    const refused = await upload(r.id, form([text, 'x.txt']), selling);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(ONLY_SELLER_FILES);
    expect((await t.json('DELETE', `/api/resources/${r.id}/files/${file.id}`, undefined, other.token)).status).toBe(403);
    expect(await t.db.select().from(resourceFiles).where(eq(resourceFiles.resourceId, r.id))).toHaveLength(1);
  });

  it('a change of a published resource’s files sends it back to review; a rejected one returns to draft', async () => {
    const seller = await makeSeller(t.db);
    const published = await makeResource(t.db, { sellerId: seller.user.id });
    const file = await makeResourceFile(t, published.id);
    const added = await read<ResourceFilesAnswer>(await upload(published.id, form([text, 'extra.txt']), seller.token));
    expect(added.status).toBe('submitted');
    expect((await t.request(`/api/resources/${published.id}`)).status).toBe(404);

    const rejected = await makeResource(t.db, { sellerId: seller.user.id, status: 'rejected' });
    const rejectedFile = await makeResourceFile(t, rejected.id);
    const res = await t.json('DELETE', `/api/resources/${rejected.id}/files/${rejectedFile.id}`, undefined, seller.token);
    expect(res.status).toBe(200);
    expect(await read<ResourceFilesAnswer>(res)).toEqual({ files: [], status: 'draft' });
    expect(await t.platform.storage.head(rejectedFile.storageKey)).toBeNull();

    // Another resource's file id is not found here.
    expect((await t.json('DELETE', `/api/resources/${rejected.id}/files/${file.id}`, undefined, seller.token)).status).toBe(404);
    expect((await t.json('DELETE', `/api/resources/${rejected.id}/files/abc`, undefined, seller.token)).status).toBe(400);
  });
});
