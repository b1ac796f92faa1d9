import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, decodePDFRawStream, PDFArray, PDFName, PDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resourceDownloads, resources, sellerProfiles, userRoles } from '../../db/schema/index.ts';
import { signMediaKey } from '../../worker/src/domain/media-links.ts';
import { downloadSubject, downloadToken } from '../../worker/src/domain/store.ts';
import { mediaSigningKey } from '../../worker/src/services/media-access.ts';
import { ACCESS_ENDED, BUY_TO_DOWNLOAD, LINK_EXPIRED, LINK_INVALID, NO_FILES, serveDownload, TAKE_TO_DOWNLOAD } from '../../worker/src/services/store/downloads.ts';
import type { DownloadLink } from '../../shared/store/views.ts';
import { createAdmin, createUser, signIn } from '../support/factories.ts';
import { placeOrder } from '../support/order-factories.ts';
import { makeBuyer, makeOwnership, makeResource, makeResourceFile, makeSeller, resourceCounters } from '../support/store-factories.ts';
import { createTestApp, read, type ErrorBody, type TestApp } from '../support/test-app.ts';

/**
 * Buyer-only downloads, as an attacker would try them (decision 0029): a non-buyer's
 * download is refused; links are signed, bound to one user and file, and expire in five minutes;
 * a refund ends the right; a PDF comes stamped with whom it was sold to.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const link = (resourceId: number, token?: string, file?: number) =>
  t.json('GET', `/api/resources/${resourceId}/download${file ? `?file=${file}` : ''}`, undefined, token);

/** Every page's content streams, decoded. */
function pageText(page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = page.doc.context.lookup(ref);
      return stream instanceof PDFRawStream ? new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode()) : '';
    })
    .join('\n');
}

async function stampedWith(bytes: Uint8Array, line: string): Promise<boolean> {
  const doc = await PDFDocument.load(bytes);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const encoded = font.encodeText(line).toString();
  return doc.getPages().every((p) => pageText(p).includes(encoded));
}

/** A paid resource with a PDF of its seller, bought by a new buyer through the test provider. */
async function boughtPdf() {
  const seller = await makeSeller(t.db);
  const r = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 1200 });
  const file = await makeResourceFile(t, r.id, { name: 'Ballet plan.pdf', pageCount: 3, bytes: undefined });
  const buyer = await makeBuyer(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
  const order = await placeOrder(t, buyer.user.id, [{ kind: 'RESOURCE', itemId: r.id, title: r.title, unitPriceCents: 1200 }]);
  return { seller, r, file, buyer, order };
}

describe('who may download', () => {
  it('a non-buyer is refused (403), a guest is 401; the buyer gets a link', async () => {
    const { r, buyer } = await boughtPdf();
    const stranger = await makeBuyer(t.db);
    expect((await link(r.id)).status).toBe(401);
    const refused = await link(r.id, stranger.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(BUY_TO_DOWNLOAD);
    expect((await t.json('GET', `/api/curriculum/${r.id}/download`, undefined, stranger.token)).status).toBe(403);
    const ok = await link(r.id, buyer.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control') ?? '').not.toContain('public');
  });

  it('a free resource must be taken first; its seller and curriculum staff always may', async () => {
    const seller = await makeSeller(t.db);
    const free = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 0 });
    await makeResourceFile(t, free.id);
    const visitor = await makeBuyer(t.db);
    const refused = await link(free.id, visitor.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(TAKE_TO_DOWNLOAD);
    expect((await t.json('POST', `/api/resources/${free.id}/claim`, undefined, visitor.token)).status).toBe(200);
    expect((await link(free.id, visitor.token)).status).toBe(200);
    expect((await link(free.id, seller.token)).status).toBe(200);
    for (const role of ['CURRICULUM_ADMIN', 'CURRICULUM_OFFICER'] as const) {
      const staff = await signIn(t.db, (await createUser(t.db, { roles: [role] })).id);
      expect((await link(free.id, staff)).status, role).toBe(200);
    }
  });

  it('a draft of someone else is 404 (not even its existence), a resource without files 404, another resource’s file 404', async () => {
    const seller = await makeSeller(t.db);
    const draft = await makeResource(t.db, { sellerId: seller.user.id, status: 'draft' });
    await makeResourceFile(t, draft.id);
    const someone = await makeBuyer(t.db);
    expect((await link(draft.id, someone.token)).status).toBe(404);
    const empty = await makeResource(t.db, { sellerId: seller.user.id });
    const none = await link(empty.id, seller.token);
    expect(none.status).toBe(404);
    expect((await read<ErrorBody>(none)).message).toBe(NO_FILES);
    const { r: other, file } = await boughtPdf();
    expect((await link(empty.id, seller.token, file.id)).status).toBe(404);
    expect(other.id).not.toBe(empty.id);
    expect((await t.json('GET', `/api/resources/${empty.id}/download?file=abc`, undefined, seller.token)).status).toBe(400);
  });
});

describe('the signed link', () => {
  it('serves the PDF as an attachment stamped on every page with the buyer and the order; each link counts', async () => {
    const { r, file, buyer, order } = await boughtPdf();
    const res = await link(r.id, buyer.token);
    const body = await read<DownloadLink>(res);
    expect(body.url).toMatch(/^\/api\/resources\/files\/\d+\.\d+\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expires_at) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(body.expires_at) - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(body.file).toMatchObject({ id: file.id, name: 'Ballet plan.pdf', type_label: 'PDF', page_count: 3 });
    const served = await t.request(body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename="Ballet plan.pdf"; filename*=UTF-8''Ballet%20plan.pdf`);
    expect(served.headers.get('cache-control')).toBe('private, no-store');
    const bytes = new Uint8Array(await served.arrayBuffer());
    expect(await stampedWith(bytes, `Licensed to Ada Lovelace · Order ${order.number}`)).toBe(true);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    // The same link again is the same file, still stamped (not cached as a public answer).
    expect((await t.request(body.url)).status).toBe(200);
    expect((await resourceCounters(t.db, r.id)).download_count).toBe(1);
    expect(await t.db.select().from(resourceDownloads).where(eq(resourceDownloads.resourceId, r.id))).toHaveLength(1);
  });

  it('the seller’s copy says so, a free one says Free download; other files stream as they are', async () => {
    const seller = await makeSeller(t.db);
    const free = await makeResource(t.db, { sellerId: seller.user.id, priceCents: 0 });
    await makeResourceFile(t, free.id, { position: 0 });
    const notes = await makeResourceFile(t, free.id, { name: 'notes.txt', bytes: new TextEncoder().encode('Counts of eight.'), mimetype: 'text/plain', position: 1 });
    const own = await read<DownloadLink>(await link(free.id, seller.token));
    expect(await stampedWith(new Uint8Array(await (await t.request(own.url)).arrayBuffer()), 'Seller copy')).toBe(true);
    const taker = await makeBuyer(t.db);
    await makeOwnership(t.db, taker.user.id, free.id, 'free');
    const taken = await read<DownloadLink>(await link(free.id, taker.token));
    expect(await stampedWith(new Uint8Array(await (await t.request(taken.url)).arrayBuffer()), 'Free download')).toBe(true);
    const text = await read<DownloadLink>(await link(free.id, taker.token, notes.id));
    const served = await t.request(text.url);
    expect(await served.text()).toBe('Counts of eight.');
    expect(served.headers.get('content-disposition')).toContain('attachment');
  });

  it('an expired link is refused: a token made with a past expiry, and time moved past a real one', async () => {
    const { r, file, buyer } = await boughtPdf();
    const key = await mediaSigningKey(t.platform);
    const exp = Math.floor(Date.now() / 1000) - 1;
    const claim = { fileId: file.id, userId: buyer.user.id, exp };
    const expired = await t.request(`/api/resources/files/${downloadToken(claim, await signMediaKey(key, downloadSubject(claim), exp))}`);
    expect(expired.status).toBe(403);
    expect((await read<ErrorBody>(expired)).message).toBe(LINK_EXPIRED);
    const fresh = await read<DownloadLink>(await link(r.id, buyer.token));
    const token = fresh.url.split('/').pop()!;
    expect((await serveDownload(t.platform, token, Date.now() + 4 * 60_000)).status).toBe(200);
    await expect(serveDownload(t.platform, token, Date.now() + 5 * 60_000 + 1000)).rejects.toMatchObject({ status: 403, message: LINK_EXPIRED });
  });

  it('a link cannot be altered: another file, another user, a later expiry or a forged signature are refused', async () => {
    const { r, file, buyer } = await boughtPdf();
    const { file: otherFile } = await boughtPdf();
    const good = (await read<DownloadLink>(await link(r.id, buyer.token))).url.split('/').pop()!;
    const [fileId, userId, exp, sig] = good.split('.');
    expect(Number(fileId)).toBe(file.id);
    for (const forged of [
      `${otherFile.id}.${userId}.${exp}.${sig}`,
      `${fileId}.${Number(userId) + 1}.${exp}.${sig}`,
      `${fileId}.${userId}.${Number(exp) + 3600}.${sig}`,
      `${fileId}.${userId}.${exp}.${'A'.repeat(43)}`,
      `${fileId}.${userId}.${exp}`,
      'not-a-token',
      '../../../../etc/passwd',
    ]) {
      const res = await t.request(`/api/resources/files/${encodeURIComponent(forged)}`);
      expect(res.status, forged).toBe(403);
      expect((await read<ErrorBody>(res)).message, forged).toBe(LINK_INVALID);
    }
    // A course-media signature (the same key) over an upload key is no download token.
    const key = await mediaSigningKey(t.platform);
    const uploadSig = await signMediaKey(key, `uploads-key-${file.id}`, Number(exp));
    expect((await t.request(`/api/resources/files/${fileId}.${userId}.${exp}.${uploadSig}`)).status).toBe(403);
  });

  it('a refund ends the download right: no new link, and a link handed out before stops working', async () => {
    const { r, buyer, order } = await boughtPdf();
    const before = await read<DownloadLink>(await link(r.id, buyer.token));
    const admin = await signIn(t.db, (await createAdmin(t.db)).id);
    expect((await t.json('POST', `/api/admin/orders/${order.id}/refunds`, { amountCents: 1200 }, admin)).status).toBe(201);
    const refused = await link(r.id, buyer.token);
    expect(refused.status).toBe(403);
    expect((await read<ErrorBody>(refused)).message).toBe(BUY_TO_DOWNLOAD);
    const late = await t.request(before.url);
    expect(late.status).toBe(403);
    expect((await read<ErrorBody>(late)).message).toBe(ACCESS_ENDED);
  });

  it('a curriculum admin who loses the role loses the link; an archived resource stays downloadable for its buyer', async () => {
    const { r, buyer } = await boughtPdf();
    await t.db.update(resources).set({ status: 'archived' }).where(eq(resources.id, r.id));
    await t.db.update(sellerProfiles).set({ status: 'suspended' }).where(eq(sellerProfiles.userId, r.sellerId));
    const kept = await read<DownloadLink>(await link(r.id, buyer.token));
    expect((await t.request(kept.url)).status).toBe(200);
    const staff = await createUser(t.db, { roles: ['CURRICULUM_ADMIN'] });
    const staffLink = await read<DownloadLink>(await link(r.id, await signIn(t.db, staff.id)));
    await t.db.delete(userRoles).where(eq(userRoles.userId, staff.id));
    expect((await t.request(staffLink.url)).status).toBe(403);
  });
});
