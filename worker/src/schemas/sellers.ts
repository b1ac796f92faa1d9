import { z } from 'zod';
// The lists come from the domain, not the table definitions: the site's forms bundle this module.
import { SELLER_ROLES, SELLER_STATUSES } from '../domain/store.ts';
import { uploadKeyOf } from '../domain/media-links.ts';
import { pageQuery, pageSizeQuery } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/**
 * The sellers' forms (decision 0029): the application, the store settings and the admin's
 * decisions. Shared by the API and the site's forms; messages are shown as they are.
 */

export const STORE_NAME_MIN = 2;
export const STORE_NAME_MAX = 80;
export const SELLER_BIO_MIN = 20;
export const SELLER_BIO_MAX = 2000;
export const APPLICATION_NOTE_MAX = 2000;
export const REASON_MAX = 1000;

/** A file uploaded to this site, named as the upload route names it. */
const isUploadPath = (value: string) => uploadKeyOf(value) !== null && /^\/uploads\/[a-z0-9/.-]+$/i.test(value);

function isWebLink(value: string, protocols: readonly string[]): boolean {
  if (/[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

export const storeNameSchema = singleLine(
  z
    .string({ error: 'Store name is required' })
    .trim()
    .min(STORE_NAME_MIN, `Store name must be at least ${STORE_NAME_MIN} characters`)
    .max(STORE_NAME_MAX, `Store name must be at most ${STORE_NAME_MAX} characters`),
);

export const sellerBioSchema = multiLine(
  z
    .string({ error: 'Tell buyers about your teaching' })
    .trim()
    .min(SELLER_BIO_MIN, `Bio must be at least ${SELLER_BIO_MIN} characters`)
    .max(SELLER_BIO_MAX, `Bio must be at most ${SELLER_BIO_MAX} characters`),
);

/** A sample of one's work: a web link (http or https) or a file uploaded here. Empty means none. */
export const sampleUrlSchema = singleLine(
  z
    .string({ error: 'Sample must be a link' })
    .trim()
    .max(2048, 'Sample link is too long'),
)
  .refine((v) => v === '' || isUploadPath(v) || isWebLink(v, ['http:', 'https:']), 'Sample must be a web link (http or https) or an uploaded file')
  .transform((v) => (v === '' ? null : v))
  .nullish();

/** A store logo: an uploaded picture or an https link (as profile pictures, decision 0015); null removes it. */
export const logoUrlSchema = singleLine(
  z
    .string({ error: 'Logo must be a link' })
    .trim()
    .max(2048, 'Logo link is too long'),
)
  .refine((v) => isUploadPath(v) || isWebLink(v, ['https:']), 'Logo must be an uploaded picture or an https link')
  .nullable();

export const sellerApplicationSchema = z.object({
  store_name: storeNameSchema,
  bio: sellerBioSchema,
  sample_url: sampleUrlSchema,
  application_note: multiLine(
    z
      .string({ error: 'Note must be text' })
      .trim()
      .max(APPLICATION_NOTE_MAX, `Note must be at most ${APPLICATION_NOTE_MAX} characters`),
  ).optional(),
  requested_role: z.enum(SELLER_ROLES, { error: 'Choose SELLER or CURRICULUM_SELLER' }).default('SELLER'),
});
export type SellerApplicationInput = z.input<typeof sellerApplicationSchema>;

export const sellerSettingsSchema = z.object({
  store_name: storeNameSchema.optional(),
  bio: sellerBioSchema.optional(),
  logo_url: logoUrlSchema.optional(),
});
export type SellerSettingsInput = z.input<typeof sellerSettingsSchema>;

export const decisionReasonSchema = z.object({
  reason: multiLine(
    z
      .string({ error: 'Give a reason' })
      .trim()
      .min(1, 'Give a reason')
      .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`),
  ),
});

export const adminSellersQuerySchema = z.object({
  status: z
    .union([z.enum(SELLER_STATUSES), z.literal('')], { error: 'Unknown status' })
    .optional()
    .transform((v) => v || undefined),
  q: singleLine(z.string().trim().max(100, 'Search must be at most 100 characters')).optional(),
  page: pageQuery,
  page_size: pageSizeQuery(20),
});
