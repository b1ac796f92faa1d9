import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { RESOURCE_FILE_MAX_BYTES, RESOURCE_FILES_MAX } from '../domain/store.ts';
import { notFound } from '../http/errors.ts';
import { cachePublic, markPersonal } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import {
  createResourceSchema,
  createReviewSchema,
  downloadQuerySchema,
  downloadTokenParamSchema,
  rejectResourceSchema,
  replySchema,
  resourceFileParamSchema,
  resourceListQuerySchema,
  reviewParamSchema,
  updateResourceSchema,
  updateReviewSchema,
} from '../schemas/store.ts';
import { idParamSchema } from '../schemas/users.ts';
import { issueDownloadLink, serveDownload } from '../services/store/downloads.ts';
import { claimFreeResource, listOwnedResources, privilegedFor, resourceAccess } from '../services/store/ownership.ts';
import { addResourceFiles, readResourcePreview, removeResourceFile, requireSellerOf } from '../services/store/resource-files.ts';
import { PREVIEW_CONTENT_TYPE } from '../services/store/pdf-preview.ts';
import { PREVIEW_FRAME_POLICY } from '../domain/content-security.ts';
import { getPublicResource, getResourceDetail, listPublicResources, RESOURCE_NOT_FOUND } from '../services/store/resource-reads.ts';
import { findResourceRef, isPublicRef } from '../services/store/resource-views.ts';
import {
  approveResource,
  archiveResource,
  createResource,
  deleteResource,
  rejectResource,
  restoreResource,
  submitResource,
  toggleFeatured,
  updateResource,
} from '../services/store/resource-writes.ts';
import { notifyHolders } from '../services/notifications.ts';
import { listResourceReviews } from '../services/store/review-reads.ts';
import { createReview, replyToReview, updateReview } from '../services/store/reviews.ts';
import { limitUploadBody, MULTIPART_OVERHEAD, readMultipart, receivedFilesOf } from '../services/uploads.ts';

/**
 * The curriculum store's resources (decision 0029's API table). Public reads are
 * the same for everyone and kept in the versioned cache under 'store'; anything that reads a
 * session is the caller's own and never kept. The reads /api/curriculum answers too (its aliases,
 * routes/curriculum.ts) are built once here.
 */

const factory = createFactory<AppContext>();

/** What the list's query asks of the store's list function. */
const listQueryOf = (q: z.output<typeof resourceListQuerySchema>) => ({ ...q, featured: q.featured || undefined });

/** GET /api/resources, /api/curriculum: the published store, a page at a time, with its facets. */
export const listResourcesHandlers = factory.createHandlers(validate('query', resourceListQuerySchema), async (c) => {
  cachePublic(c, 'store');
  return c.json(await listPublicResources(c.get('platform').db, listQueryOf(c.req.valid('query'))), 200);
});

/**
 * GET /api/resources/{id}, /api/curriculum/{id}: a public resource for everyone (cached); its
 * seller and the curriculum admins see it in any status, with the rejection reason. Anything
 * else is 404.
 */
export const resourceDetailHandlers = factory.createHandlers(optionalUser, validate('param', idParamSchema), async (c) => {
  const { db } = c.get('platform');
  const { id } = c.req.valid('param');
  const user = c.get('user');
  // An anonymous visitor's answer (a 404 too) is public; a signed-in one's may be privileged.
  if (!user) cachePublic(c, 'store');
  const ref = await findResourceRef(db, id);
  if (!ref) throw notFound(RESOURCE_NOT_FOUND);
  const detail = privilegedFor(user, ref.sellerId) ? await getResourceDetail(db, id) : isPublicRef(ref) ? await getPublicResource(db, id) : null;
  if (!detail) throw notFound(RESOURCE_NOT_FOUND);
  return c.json(detail, 200);
});

/** GET /api/resources/{id}/download[?file=], /api/curriculum/{id}/download: a five-minute signed link. */
export const downloadHandlers = factory.createHandlers(requireUser, validate('param', idParamSchema), validate('query', downloadQuerySchema), async (c) => {
  markPersonal(c);
  const link = await issueDownloadLink(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('query').file);
  return c.json(link, 200);
});

/** GET /api/resources/{id}/reviews, /api/curriculum/{id}/reviews: a public resource's reviews (cached). */
export const reviewListHandlers = factory.createHandlers(validate('param', idParamSchema), async (c) => {
  cachePublic(c, 'store');
  const { db } = c.get('platform');
  const { id } = c.req.valid('param');
  const ref = await findResourceRef(db, id);
  if (!ref || !isPublicRef(ref)) throw notFound(RESOURCE_NOT_FOUND);
  return c.json(await listResourceReviews(db, id), 200);
});

/** POST /api/resources/{id}/reviews, /api/curriculum/{id}/reviews: an owner's one review. */
export const reviewCreateHandlers = factory.createHandlers(requireUser, validate('param', idParamSchema), validate('json', createReviewSchema), async (c) => {
  const review = await createReview(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json'));
  return c.json(review, 201);
});

export const PREVIEW_NOT_FOUND = 'This resource has no preview.';

/** Every file of one request: the whole body may carry five files of 20 MB. */
const filesBodyLimit = limitUploadBody(() => ({ totalBytes: RESOURCE_FILES_MAX * RESOURCE_FILE_MAX_BYTES + MULTIPART_OVERHEAD, fileBytes: RESOURCE_FILE_MAX_BYTES }));

const sellers = requirePermission('store.sell');
const reviewers = requirePermission('resources.review');
const managers = requirePermission('resources.manage');

export const resourcesRoutes = new Hono<AppContext>()
  .get('/resources', ...listResourcesHandlers)
  /** A seller's published resources (their storefront's list, paged like the store). */
  .get('/resources/seller/:id', validate('param', idParamSchema), validate('query', resourceListQuerySchema), async (c) => {
    cachePublic(c, 'store');
    const query = listQueryOf(c.req.valid('query'));
    return c.json(await listPublicResources(c.get('platform').db, { ...query, seller: c.req.valid('param').id }), 200);
  })
  .get('/resources/category/:id', validate('param', idParamSchema), validate('query', resourceListQuerySchema), async (c) => {
    cachePublic(c, 'store');
    const query = listQueryOf(c.req.valid('query'));
    return c.json(await listPublicResources(c.get('platform').db, { ...query, category: c.req.valid('param').id }), 200);
  })
  /** The signed link itself: no session, the token is the proof (never cached: each copy is stamped for its reader). */
  .get('/resources/files/:token', validate('param', downloadTokenParamSchema), async (c) => {
    markPersonal(c);
    return serveDownload(c.get('platform'), c.req.valid('param').token);
  })
  .get('/resources/:id', ...resourceDetailHandlers)
  /**
   * The preview PDF (decision 0064): for whoever may see the resource, shown inline; only the
   * site's own pages may frame it. The file itself stays behind a signed, stamped download.
   */
  .get('/resources/:id/preview', optionalUser, validate('param', idParamSchema), async (c) => {
    const platform = c.get('platform');
    const { id } = c.req.valid('param');
    const user = c.get('user');
    const ref = await findResourceRef(platform.db, id);
    if (!ref || !(isPublicRef(ref) || privilegedFor(user, ref.sellerId))) throw notFound(RESOURCE_NOT_FOUND);
    const object = await readResourcePreview(platform, id);
    if (!object) throw notFound(PREVIEW_NOT_FOUND);
    return c.body(object.body, 200, {
      'content-type': PREVIEW_CONTENT_TYPE,
      'content-length': String(object.size),
      'content-disposition': 'inline; filename="preview.pdf"',
      'x-content-type-options': 'nosniff',
      'cache-control': isPublicRef(ref) ? 'public, max-age=300' : 'private, no-store',
      'content-security-policy': PREVIEW_FRAME_POLICY,
    });
  })
  .get('/resources/:id/access', requireUser, validate('param', idParamSchema), async (c) => {
    markPersonal(c);
    return c.json(await resourceAccess(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .get('/resources/:id/download', ...downloadHandlers)
  .get('/resources/:id/reviews', ...reviewListHandlers)
  .post('/resources/:id/reviews', ...reviewCreateHandlers)
  .patch('/resources/:id/reviews/:reviewId', requireUser, validate('param', reviewParamSchema), validate('json', updateReviewSchema), async (c) => {
    const { id, reviewId } = c.req.valid('param');
    return c.json(await updateReview(c.get('platform').db, signedInUser(c), id, reviewId, c.req.valid('json')), 200);
  })
  .post('/resources/:id/reviews/:reviewId/reply', requireUser, validate('param', reviewParamSchema), validate('json', replySchema), async (c) => {
    const { id, reviewId } = c.req.valid('param');
    return c.json(await replyToReview(c.get('platform').db, signedInUser(c), id, reviewId, c.req.valid('json').reply), 200);
  })
  .post('/resources/:id/claim', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await claimFreeResource(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .post('/resources', sellers, validate('json', createResourceSchema), async (c) => {
    return c.json(await createResource(c.get('platform').db, signedInUser(c), c.req.valid('json')), 201);
  })
  .patch('/resources/:id', requireUser, validate('param', idParamSchema), validate('json', updateResourceSchema), async (c) => {
    return c.json(await updateResource(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/resources/:id', requireUser, validate('param', idParamSchema), async (c) => {
    await deleteResource(c.get('platform'), signedInUser(c), c.req.valid('param').id);
    return c.json({ message: 'Resource deleted' }, 200);
  })
  .post('/resources/:id/files', sellers, validate('param', idParamSchema), filesBodyLimit, async (c) => {
    // Somebody else's resource is refused before its body is read.
    await requireSellerOf(c.get('platform'), signedInUser(c), c.req.valid('param').id);
    // Each file is spooled as it arrives, never held whole (decision 0061).
    const form = await readMultipart(c, { maxBytes: RESOURCE_FILE_MAX_BYTES, keep: (field, index) => field === 'files' && index < RESOURCE_FILES_MAX });
    try {
      return c.json(await addResourceFiles(c.get('platform'), signedInUser(c), c.req.valid('param').id, receivedFilesOf(form, 'files')), 201);
    } finally {
      await form.discard();
    }
  })
  .delete('/resources/:id/files/:fileId', sellers, validate('param', resourceFileParamSchema), async (c) => {
    const { id, fileId } = c.req.valid('param');
    return c.json(await removeResourceFile(c.get('platform'), signedInUser(c), id, fileId), 200);
  })
  .post('/resources/:id/submit', sellers, validate('param', idParamSchema), async (c) => {
    const platform = c.get('platform');
    const actor = signedInUser(c);
    const detail = await submitResource(platform.db, actor, c.req.valid('param').id);
    // The reviewers learn of it (decision 0029): an in-app notice and an email each.
    await notifyHolders(
      platform,
      'resources.review',
      { kind: 'resource_submitted', title: 'A resource awaits review', body: `“${detail.title}” by ${detail.seller.store_name} was submitted for review.`, url: '/admin/resources' },
      actor.id,
    );
    return c.json(detail, 200);
  })
  .post('/resources/:id/archive', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await archiveResource(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .post('/resources/:id/restore', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await restoreResource(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .post('/resources/:id/approve', reviewers, validate('param', idParamSchema), async (c) => {
    return c.json(await approveResource(c.get('platform'), signedInUser(c), c.req.valid('param').id), 200);
  })
  .post('/resources/:id/reject', reviewers, validate('param', idParamSchema), validate('json', rejectResourceSchema), async (c) => {
    return c.json(await rejectResource(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json').reason), 200);
  })
  .post('/resources/:id/toggle-featured', managers, validate('param', idParamSchema), async (c) => {
    return c.json(await toggleFeatured(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  /** Everything the signed-in user bought, took for free or was given, with the files. */
  .get('/my-resources', requireUser, async (c) => {
    markPersonal(c);
    return c.json(await listOwnedResources(c.get('platform').db, signedInUser(c).id), 200);
  });
