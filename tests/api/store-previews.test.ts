import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../db/schema/index.ts';
import { PREVIEW_FRAME_POLICY } from '../../worker/src/domain/content-security.ts';
import { PREVIEW_NOT_MADE, PREVIEW_STAMP, previewKeyOf } from '../../worker/src/services/store/pdf-preview.ts';
import type { ResourceFilesAnswer } from '../../worker/src/services/store/resource-files.ts';
import type { ResourceDetail } from '../../shared/store/views.ts';
import { createSignedInUser } from '../support/factories.ts';
import { pdfPageTexts } from '../support/pdf-text.ts';
import { makePdf, makeResource, makeSeller } from '../support/store-factories.ts';
import { createTestApp, read, type TestApp } from '../support/test-app.ts';

/**
 * A resource's preview (decision 0064): made at upload from the first PDF's first pages (three at
 * most), each stamped "Preview", public like the resource and framed only by our own pages; the
 * file itself is never public. A PDF whose pages cannot be copied is stored without a preview.
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
const upload = (resourceId: number, body: FormData, token: string) =>
  t.request(`/api/resources/${resourceId}/files`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });

/** A PDF pdf-lib opens whose only page is not a page (a broken page tree). */
const brokenPageTree = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n42\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

async function publishedWith(...files: [Uint8Array, string][]) {
  const seller = await makeSeller(t.db);
  const r = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
  const res = await upload(r.id, form(...files), seller.token);
  expect(res.status).toBe(201);
  await t.db.update(resources).set({ status: 'published' }).where(eq(resources.id, r.id));
  return { seller, id: r.id, answer: await read<ResourceFilesAnswer>(res) };
}

describe('resource previews', () => {
  it('a 7-page PDF gets a 3-page preview, every page stamped; a 2-page one shows its 2', async () => {
    const long = await publishedWith([await makePdf(7, 'Full lesson text.'), 'Plan.pdf']);
    expect(long.answer.preview).toEqual({ pages: 3 });
    expect(long.answer.preview_message).toBeUndefined();
    const res = await t.request(`/api/resources/${long.id}/preview`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^inline/);
    expect(res.headers.get('content-security-policy')).toBe(PREVIEW_FRAME_POLICY);
    expect(PREVIEW_FRAME_POLICY).toContain("frame-ancestors 'self'");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    const texts = await pdfPageTexts(bytes);
    texts.forEach((text, i) => {
      expect(text).toContain(PREVIEW_STAMP);
      expect(text).toContain(`Full lesson text. Page ${i + 1}.`);
    });

    const short = await publishedWith([await makePdf(2), 'Short.pdf']);
    expect(short.answer.preview).toEqual({ pages: 2 });
    const detail = await read<ResourceDetail>(await t.request(`/api/resources/${short.id}`));
    expect(detail.preview).toEqual({ url: `/api/resources/${short.id}/preview`, pages: 2 });
    expect((await PDFDocument.load(new Uint8Array(await (await t.request(detail.preview!.url)).arrayBuffer()))).getPageCount()).toBe(2);
  });

  it('a PDF whose pages cannot be read is stored without a preview, and the seller is told', async () => {
    const { id, answer } = await publishedWith([brokenPageTree, 'Broken.pdf']);
    expect(answer.files.map((f) => f.name)).toEqual(['Broken.pdf']);
    expect(answer.preview).toBeUndefined();
    expect(answer.preview_message).toBe(`Broken.pdf: ${PREVIEW_NOT_MADE}`);
    const [row] = await t.db.select({ key: resources.previewKey }).from(resources).where(eq(resources.id, id));
    expect(row!.key).toBeNull();
    expect((await read<ResourceDetail>(await t.request(`/api/resources/${id}`))).preview).toBeNull();
    expect((await t.request(`/api/resources/${id}/preview`)).status).toBe(404);
  });

  it('the preview is public, the full file is not; a draft has no public preview; removing its PDF removes it', async () => {
    const { id, seller } = await publishedWith([await makePdf(4), 'Plan.pdf']);
    // The preview: anybody, no token.
    expect((await t.request(`/api/resources/${id}/preview`)).status).toBe(200);
    // The file: a signed link only for those who may download; a stranger is refused.
    const stranger = await createSignedInUser(t.db);
    expect((await t.request(`/api/resources/${id}/download`)).status).toBe(401);
    expect((await t.request(`/api/resources/${id}/download`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(403);
    const [row] = await t.db.select({ key: resources.previewKey }).from(resources).where(eq(resources.id, id));
    expect(row!.key).toMatch(/^private\/resource-previews\//);
    expect((await t.request(`/uploads/${row!.key}`)).status).toBe(404);

    // A draft's preview is its seller's only.
    await t.db.update(resources).set({ status: 'draft' }).where(eq(resources.id, id));
    expect((await t.request(`/api/resources/${id}/preview`)).status).toBe(404);
    expect((await t.request(`/api/resources/${id}/preview`, { headers: { authorization: `Bearer ${seller.token}` } })).status).toBe(200);

    const detail = await read<ResourceDetail>(await t.request(`/api/resources/${id}`, { headers: { authorization: `Bearer ${seller.token}` } }));
    const removed = await t.request(`/api/resources/${id}/files/${detail.files[0]!.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${seller.token}` } });
    expect(removed.status).toBe(200);
    expect((await read<ResourceFilesAnswer>(removed)).preview).toBeUndefined();
    expect(await t.platform.storage.head(row!.key!)).toBeNull();
  });

  it('a preview the database names but the store lacks (the demo seed writes rows only) is made again from its PDF', async () => {
    const { id } = await publishedWith([await makePdf(5), 'Plan.pdf']);
    const [row] = await t.db.select({ key: resources.previewKey }).from(resources).where(eq(resources.id, id));
    await t.platform.storage.delete(row!.key!);
    const res = await t.request(`/api/resources/${id}/preview`);
    expect(res.status).toBe(200);
    expect((await PDFDocument.load(new Uint8Array(await res.arrayBuffer()))).getPageCount()).toBe(3);
    expect(await t.platform.storage.head(row!.key!)).not.toBeNull();
  });

  it('a preview key is made from its file key, outside the public uploads', () => {
    expect(previewKeyOf('private/resources/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.pdf')).toBe('private/resource-previews/0d3c7a52-5d1b-4e2a-9c6f-2b8e4f1a9c01.pdf');
  });
});
