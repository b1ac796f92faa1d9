import { and, asc, eq, sql } from 'drizzle-orm';
import { orders, resourceDownloads, resourceFiles, resourceOwnerships, resources, roles, userRoles, users } from '../../../../db/schema/index.ts';
import { checkMediaLink, signMediaKey } from '../../domain/media-links.ts';
import { can } from '../../domain/permissions.ts';
import {
  contentDisposition,
  DOWNLOAD_LINK_TTL_SECONDS,
  downloadSubject,
  downloadToken,
  licenceLine,
  licenseeName,
  parseDownloadToken,
  type CopyKind,
} from '../../domain/store.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Platform } from '../../platform/context.ts';
import { mediaSigningKey } from '../media-access.ts';
import { stampPdf } from './pdf-stamp.ts';
import { RESOURCE_NOT_FOUND } from './resource-reads.ts';
import { findResourceRef, isPublicRef, toFileView } from './resource-views.ts';
import type { ResourceActor } from './resource-writes.ts';
import type { DownloadLink } from '../../../../shared/store/views.ts';

/**
 * Buyer-only downloads (decision 0029). GET /api/resources/{id}/download hands its owner, seller
 * or a curriculum admin a link to GET /api/resources/files/{token}: the file, the user and an
 * expiry five minutes ahead, signed with the media key (decision 0015's key and HMAC, over a
 * subject no upload key can take). Serving checks the signature, the expiry and — once more — the
 * right, streams the file as an attachment, and stamps every page of a PDF with whom the copy is for.
 */

export const BUY_TO_DOWNLOAD = 'Buy this resource to download it.';
export const TAKE_TO_DOWNLOAD = 'Take this free resource first (Download for free on its page) to download it.';
export const NO_FILES = 'This resource has no files yet.';
export const FILE_NOT_FOUND = 'File not found';
export const LINK_EXPIRED = 'This download link has expired.';
export const LINK_INVALID = 'This download link is invalid.';
export const ACCESS_ENDED = 'You no longer have access to this resource.';

/** Who a user is to a resource, for downloads: how the copy came to them, or null when it did not. */
async function copyFor(db: Platform['db'], userId: number, resourceId: number, sellerId: number): Promise<CopyKind | null> {
  const [[user], owned, held] = await db.batch([
    db.select({ firstName: users.firstName, lastName: users.lastName, username: users.username, isActive: users.isActive }).from(users).where(eq(users.id, userId)).limit(1),
    db
      .select({ source: resourceOwnerships.source, orderNumber: orders.number })
      .from(resourceOwnerships)
      .leftJoin(orders, eq(orders.id, resourceOwnerships.orderId))
      .where(and(eq(resourceOwnerships.userId, userId), eq(resourceOwnerships.resourceId, resourceId)))
      .limit(1),
    db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, userId)),
  ]);
  if (!user || !user.isActive) return null;
  if (userId === sellerId) return { kind: 'seller' };
  const name = licenseeName(user);
  const ownership = owned[0];
  if (ownership?.source === 'purchase') return { kind: 'purchase', name, orderNumber: ownership.orderNumber };
  if (ownership?.source === 'free') return { kind: 'free' };
  if (ownership?.source === 'grant') return { kind: 'grant', name };
  const roleNames = held.map((r) => r.name);
  if (can(roleNames, 'resources.manage') || can(roleNames, 'resources.review')) return { kind: 'admin', name };
  return null;
}

/** GET /api/resources/{id}/download[?file=]: a signed link for one file (the first when none is named). Each link counts one download. */
export async function issueDownloadLink(platform: Platform, actor: ResourceActor, resourceId: number, fileId?: number, nowMs = Date.now()): Promise<DownloadLink> {
  const { db } = platform;
  const ref = await findResourceRef(db, resourceId);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  const copy = await copyFor(db, actor.id, resourceId, ref.sellerId);
  if (!copy) {
    if (!isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
    throw forbidden(ref.priceCents === 0 ? TAKE_TO_DOWNLOAD : BUY_TO_DOWNLOAD);
  }
  const [file] = await db
    .select()
    .from(resourceFiles)
    .where(and(eq(resourceFiles.resourceId, resourceId), fileId === undefined ? undefined : eq(resourceFiles.id, fileId)))
    .orderBy(asc(resourceFiles.position), asc(resourceFiles.id))
    .limit(1);
  if (!file) throw notFound(fileId === undefined ? NO_FILES : FILE_NOT_FOUND);
  const exp = Math.floor(nowMs / 1000) + DOWNLOAD_LINK_TTL_SECONDS;
  const claim = { fileId: file.id, userId: actor.id, exp };
  const signature = await signMediaKey(await mediaSigningKey(platform), downloadSubject(claim), exp);
  await db.batch([
    db.insert(resourceDownloads).values({ resourceId, fileId: file.id, userId: actor.id }),
    db.update(resources).set({ downloadCount: sql`${resources.downloadCount} + 1` }).where(eq(resources.id, resourceId)),
  ]);
  return { url: `/api/resources/files/${downloadToken(claim, signature)}`, expires_at: new Date(exp * 1000).toISOString(), file: toFileView(file) };
}

/** GET /api/resources/files/{token}: the file as an attachment (a PDF stamped for its reader), or 403/404. */
export async function serveDownload(platform: Platform, token: string, nowMs = Date.now()): Promise<Response> {
  const { db } = platform;
  const claim = parseDownloadToken(token);
  if (!claim) throw forbidden(LINK_INVALID);
  const check = await checkMediaLink(await mediaSigningKey(platform), downloadSubject(claim), String(claim.exp), claim.signature, Math.floor(nowMs / 1000));
  if (check === 'expired') throw forbidden(LINK_EXPIRED);
  if (check !== 'valid') throw forbidden(LINK_INVALID);

  const [row] = await db
    .select({ file: resourceFiles, sellerId: resources.sellerId })
    .from(resourceFiles)
    .innerJoin(resources, eq(resources.id, resourceFiles.resourceId))
    .where(eq(resourceFiles.id, claim.fileId))
    .limit(1);
  if (!row) throw notFound(FILE_NOT_FOUND);
  // A refund or a lost role within the link's five minutes ends it too.
  const copy = await copyFor(db, claim.userId, row.file.resourceId, row.sellerId);
  if (!copy) throw forbidden(ACCESS_ENDED);
  const object = await platform.storage.get(row.file.storageKey);
  if (!object) throw notFound(FILE_NOT_FOUND);

  const headers: Record<string, string> = {
    'content-type': object.contentType,
    'content-disposition': contentDisposition(row.file.originalName),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  };
  if (row.file.mimetype !== 'application/pdf') {
    return new Response(object.body, { status: 200, headers: { ...headers, 'content-length': String(object.size) } });
  }
  const original = new Uint8Array(await new Response(object.body).arrayBuffer());
  let bytes: Uint8Array;
  try {
    bytes = await stampPdf(original, licenceLine(copy));
  } catch (err) {
    // Refused at upload, so only a file changed behind the app's back gets here: better unstamped than not at all.
    console.error(`Resource file ${row.file.id} could not be stamped`, err);
    bytes = original;
  }
  return new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'content-length': String(bytes.length) } });
}
