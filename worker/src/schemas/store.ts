import { z } from 'zod';
import { uploadKeyOf } from '../domain/media-links.ts';
import { AGE_GROUPS, DANCE_STYLES, PREVIEW_IMAGES_MAX, REPLY_MAX, RESOURCE_LEVELS, RESOURCE_PAGE_SIZE_DEFAULT, RESOURCE_STATUSES, REVIEW_MAX, REVIEW_MIN } from '../domain/store.ts';
import { RESOURCE_SORTS } from '../../../shared/store/views.ts';
import { cursorQuery, idSchema, pageQuery, pageSizeQuery } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/**
 * The curriculum store's inputs (decision 0029): a resource's fields, the list's query, reviews,
 * replies and resource categories. Shared by the API and the site's forms: the messages are shown
 * as they are.
 */

export const RESOURCE_TITLE_MIN = 3;
export const RESOURCE_TITLE_MAX = 120;
export const RESOURCE_DESCRIPTION_MIN = 20;
export const RESOURCE_DESCRIPTION_MAX = 10_000;
/** 0 is free; a paid resource costs at least what a card payment can carry. */
export const RESOURCE_PRICE_MIN_CENTS = 50;
export const RESOURCE_PRICE_MAX_CENTS = 10_000_000;
export const CATEGORY_NAME_MIN = 2;
export const CATEGORY_NAME_MAX = 60;
export const CATEGORY_DESCRIPTION_MAX = 500;
export const REJECTION_REASON_MAX = 1000;

/** An enumeration value by its name or its address slug ('pre-teen-9-12'), case forgiven. */
const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/\+/g, ' plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess((raw) => {
    if (typeof raw !== 'string') return raw;
    const v = raw.trim().toLowerCase();
    return values.find((value) => value.toLowerCase() === v || slug(value) === v) ?? raw;
  }, z.enum(values, { error: message }));

// The resource form's choices: its messages ask for a choice from the list, in the person's words.
export const CHOOSE_DANCE_STYLE = 'Choose a dance style from the list';
export const CHOOSE_AGE_GROUP = 'Choose an age group from the list';
export const CHOOSE_LEVEL = 'Choose a level from the list';
export const CHOOSE_CATEGORY = 'Choose a category from the list';
export const CHOOSE_RATING = 'Choose a rating from 1 to 5';

export const danceStyleSchema = enumOf(DANCE_STYLES, CHOOSE_DANCE_STYLE);
export const ageGroupSchema = enumOf(AGE_GROUPS, CHOOSE_AGE_GROUP);
export const levelSchema = enumOf(RESOURCE_LEVELS, CHOOSE_LEVEL);

function isWebLink(value: string): boolean {
  if (/[\s\\]/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** A picture of the store: a file uploaded here (POST /api/upload answers /uploads/… paths) or a web link. */
export const isImageLink = (value: string) => uploadKeyOf(value) !== null || isWebLink(value);

export const imageUrlSchema = singleLine(
  z
    .string({ error: 'Image must be a link' })
    .trim()
    .max(2048, 'Image link is too long'),
).refine(isImageLink, 'Image must be an uploaded picture (/uploads/…) or an http(s) link');

const titleSchema = singleLine(
  z
    .string({ error: 'Title is required' })
    .trim()
    .min(RESOURCE_TITLE_MIN, `Title must be at least ${RESOURCE_TITLE_MIN} characters`)
    .max(RESOURCE_TITLE_MAX, `Title must be at most ${RESOURCE_TITLE_MAX} characters`),
);

const descriptionSchema = multiLine(
  z
    .string({ error: 'Description is required' })
    .trim()
    .min(RESOURCE_DESCRIPTION_MIN, `Description must be at least ${RESOURCE_DESCRIPTION_MIN} characters`)
    .max(RESOURCE_DESCRIPTION_MAX, `Description must be at most ${RESOURCE_DESCRIPTION_MAX} characters`),
);

const PRICE_MESSAGE = `Price must be 0 (free) or between $${(RESOURCE_PRICE_MIN_CENTS / 100).toFixed(2)} and $${(RESOURCE_PRICE_MAX_CENTS / 100).toLocaleString('en-US')}`;
const validPriceCents = (cents: number) => cents === 0 || (cents >= RESOURCE_PRICE_MIN_CENTS && cents <= RESOURCE_PRICE_MAX_CENTS);

/** Dollars as a number or a form's text ("12.50", "$12.50"); at most two decimals. */
const priceDollarsSchema = z
  .union([z.number({ error: 'Price must be a number' }), z.string({ error: 'Price must be a number' })])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim().replace(/^\$/, '');
    if (!/^\d+(\.\d{1,2})?$/.test(text) && !(typeof v === 'number' && Number.isFinite(v) && v >= 0)) {
      ctx.addIssue({ code: 'custom', message: 'Price must be a number of dollars, like 12.50' });
      return z.NEVER;
    }
    return Math.round(Number(text) * 100);
  })
  .refine(validPriceCents, PRICE_MESSAGE);

const priceCentsSchema = z
  .number({ error: 'Price in cents must be a whole number' })
  .int('Price in cents must be a whole number')
  .refine(validPriceCents, PRICE_MESSAGE);

const categoryIdSchema = z.number({ error: CHOOSE_CATEGORY }).int(CHOOSE_CATEGORY).positive(CHOOSE_CATEGORY).nullable();

const previewsSchema = z.array(imageUrlSchema, { error: 'Preview images must be a list of links' }).max(PREVIEW_IMAGES_MAX, `At most ${PREVIEW_IMAGES_MAX} preview images`);

const resourceFields = {
  title: titleSchema,
  description: descriptionSchema,
  dance_style: danceStyleSchema,
  age_group: ageGroupSchema,
  level: levelSchema,
  category_id: categoryIdSchema.optional(),
  /** Dollars; `price_cents` wins when both are sent. */
  price: priceDollarsSchema.optional(),
  price_cents: priceCentsSchema.optional(),
  cover_image_url: imageUrlSchema.nullable().optional(),
  preview_image_urls: previewsSchema.optional(),
};

/** POST /api/resources: a new draft. */
export const createResourceSchema = z.object(resourceFields);
export type CreateResourceInput = z.input<typeof createResourceSchema>;

/** PATCH /api/resources/{id}: any of the fields. */
export const updateResourceSchema = z
  .object({
    title: titleSchema.optional(),
    description: descriptionSchema.optional(),
    dance_style: danceStyleSchema.optional(),
    age_group: ageGroupSchema.optional(),
    level: levelSchema.optional(),
    category_id: resourceFields.category_id,
    price: resourceFields.price,
    price_cents: resourceFields.price_cents,
    cover_image_url: resourceFields.cover_image_url,
    preview_image_urls: resourceFields.preview_image_urls,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type UpdateResourceInput = z.input<typeof updateResourceSchema>;

export const rejectResourceSchema = z.object({
  reason: multiLine(
    z
      .string({ error: 'Give the seller a reason' })
      .trim()
      .min(3, 'Give the seller a reason of at least 3 characters')
      .max(REJECTION_REASON_MAX, `Reason must be at most ${REJECTION_REASON_MAX} characters`),
  ),
});

const queryText = singleLine(z.string().trim().max(100, 'Search must be at most 100 characters'));
const emptyIsUndefined = (v: unknown) => (v === '' ? undefined : v);

const commonListQuery = {
  q: queryText.optional(),
  style: z.preprocess(emptyIsUndefined, danceStyleSchema.optional()),
  age_group: z.preprocess(emptyIsUndefined, ageGroupSchema.optional()),
  level: z.preprocess(emptyIsUndefined, levelSchema.optional()),
  category: z.preprocess(emptyIsUndefined, idSchema.optional()),
  price: z.preprocess(emptyIsUndefined, z.enum(['free', 'paid'], { error: 'Price must be free or paid' }).optional()),
  featured: z.preprocess(emptyIsUndefined, z.enum(['true', 'false'], { error: 'featured must be true or false' }).optional()).transform((v) => v === 'true'),
  page: pageQuery,
  page_size: pageSizeQuery(RESOURCE_PAGE_SIZE_DEFAULT),
};

/** GET /api/resources (and its seller and category lists, /api/curriculum). */
export const resourceListQuerySchema = z.object({
  ...commonListQuery,
  sort: z.preprocess(emptyIsUndefined, z.enum(RESOURCE_SORTS, { error: `Sort must be one of: ${RESOURCE_SORTS.join(', ')}` }).default('newest')),
});

/** GET /api/curriculum-all/export.csv: the admin list's filters and order (every status; the review queue sorts oldest first). */
export const adminResourceFiltersSchema = z
  .object({
    ...commonListQuery,
    status: z.preprocess(emptyIsUndefined, z.enum(RESOURCE_STATUSES, { error: `Status must be one of: ${RESOURCE_STATUSES.join(', ')}` }).optional()),
    seller: z.preprocess(emptyIsUndefined, idSchema.optional()),
    sort: z.preprocess(emptyIsUndefined, z.enum([...RESOURCE_SORTS, 'oldest'], { error: `Sort must be one of: ${[...RESOURCE_SORTS, 'oldest'].join(', ')}` }).default('newest')),
  })
  .omit({ page: true, page_size: true });

/** GET /api/curriculum-all: the filters, and a page by number or the page after or before one shown, by its token (decision 0045). */
export const adminResourceListQuerySchema = adminResourceFiltersSchema
  .extend({ page: pageQuery, page_size: pageSizeQuery(20), after: cursorQuery, before: cursorQuery })
  .refine((q) => !(q.after && q.before), { message: 'Ask for the page after a row or before one, not both', path: ['before'] });

export const downloadQuerySchema = z.object({ file: z.preprocess(emptyIsUndefined, idSchema.optional()) });

export const resourceFileParamSchema = z.object({ id: idSchema, fileId: idSchema });
export const reviewParamSchema = z.object({ id: idSchema, reviewId: idSchema });
export const downloadTokenParamSchema = z.object({ token: z.string().max(200, 'Invalid download link') });

const ratingSchema = z
  .number({ error: CHOOSE_RATING })
  .int(CHOOSE_RATING)
  .min(1, CHOOSE_RATING)
  .max(5, CHOOSE_RATING);

const reviewBodySchema = multiLine(
  z
    .string({ error: 'Write a few words about the resource' })
    .trim()
    .min(REVIEW_MIN, `Review must be at least ${REVIEW_MIN} characters`)
    .max(REVIEW_MAX, `Review must be at most ${REVIEW_MAX} characters`),
);

export const createReviewSchema = z.object({ rating: ratingSchema, body: reviewBodySchema });
export type ReviewInput = z.input<typeof createReviewSchema>;

export const updateReviewSchema = z
  .object({ rating: ratingSchema.optional(), body: reviewBodySchema.optional() })
  .refine((v) => v.rating !== undefined || v.body !== undefined, 'Nothing to change');

export const replySchema = z.object({
  reply: multiLine(
    z
      .string({ error: 'Write your reply' })
      .trim()
      .min(2, 'Reply must be at least 2 characters')
      .max(REPLY_MAX, `Reply must be at most ${REPLY_MAX} characters`),
  ),
});

const categoryNameSchema = singleLine(
  z
    .string({ error: 'Name is required' })
    .trim()
    .min(CATEGORY_NAME_MIN, `Name must be at least ${CATEGORY_NAME_MIN} characters`)
    .max(CATEGORY_NAME_MAX, `Name must be at most ${CATEGORY_NAME_MAX} characters`),
);

const categoryDescriptionSchema = multiLine(
  z.string({ error: 'Description must be text' }).trim().max(CATEGORY_DESCRIPTION_MAX, `Description must be at most ${CATEGORY_DESCRIPTION_MAX} characters`),
);

export const createResourceCategorySchema = z.object({
  name: categoryNameSchema,
  description: categoryDescriptionSchema.optional(),
  position: z.number({ error: 'Position must be a whole number' }).int('Position must be a whole number').min(0, 'Position must be 0 or more').max(10_000, 'Position must be at most 10000').optional(),
});

export const updateResourceCategorySchema = createResourceCategorySchema
  .partial()
  .refine((v) => v.name !== undefined || v.description !== undefined || v.position !== undefined, 'Nothing to change');

/** GET /api/categories: which categories (courses' unless `kind=resource`). */
export const categoryKindQuerySchema = z.object({
  kind: z.preprocess(emptyIsUndefined, z.enum(['course', 'resource'], { error: 'kind must be course or resource' }).optional()),
});
