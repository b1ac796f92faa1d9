import { Hono } from 'hono';
import { z } from 'zod';
import { ITEM_KINDS } from '../../../db/schema/commerce.ts';
import type { AppContext } from '../app-context.ts';
import { COUPON_CODE_PATTERN, normaliseCouponCode } from '../domain/coupons.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { idParamSchema, pageQuery, pageSizeQuery } from '../schemas/users.ts';
import { couponsExport } from '../services/csv/coupons.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { createCoupon, deactivateCoupon, getCoupon, listCoupons, updateCoupon } from '../services/coupons.ts';
import { type CouponInput } from '../../../shared/coupons.ts';
import { singleLine } from '../schemas/text.ts';

/** Largest amounts accepted: $100,000.00 off, a $1,000,000.00 minimum, a million uses. */
const MAX_CENTS = 10_000_000;
const MAX_MINIMUM_CENTS = 100_000_000;
const MAX_LIMIT = 1_000_000;

export const COUPON_CODE_FORMAT = 'The code must be 3 to 32 letters, digits, - or _, starting with a letter or digit.';

const codeSchema = singleLine(z.string({ error: 'Code is required' }))
  .transform(normaliseCouponCode)
  .pipe(z.string().regex(COUPON_CODE_PATTERN, COUPON_CODE_FORMAT));

const kindSchema = z.enum(ITEM_KINDS, { error: 'Unknown item kind' });

const dateSchema = z
  .string({ error: 'Enter a date' })
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), 'Enter a valid date')
  .transform((v) => new Date(v).toISOString());

const limitSchema = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(MAX_LIMIT, `${label} must be at most ${MAX_LIMIT}`)
    .nullable();

const fields = {
  code: codeSchema,
  description: singleLine(z.string({ error: 'Description must be text' }).trim().max(200, 'Description must be at most 200 characters')),
  discountType: z.enum(['percent', 'fixed'], { error: 'Choose percent or fixed amount' }),
  percentOff: z
    .number({ error: 'Percentage must be a number' })
    .int('Percentage must be a whole number')
    .min(1, 'Percentage must be from 1 to 100')
    .max(100, 'Percentage must be from 1 to 100')
    .nullable(),
  amountOffCents: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be whole cents')
    .min(1, 'Amount must be greater than 0')
    .max(MAX_CENTS, 'Amount must be at most $100,000.00')
    .nullable(),
  appliesToKinds: z.array(kindSchema).max(ITEM_KINDS.length).nullable(),
  appliesToItems: z
    .array(z.object({ kind: kindSchema, itemId: z.number({ error: 'Invalid item' }).int('Invalid item').positive('Invalid item') }))
    .max(200, 'At most 200 items')
    .nullable(),
  startsAt: dateSchema.nullable(),
  endsAt: dateSchema.nullable(),
  maxRedemptions: limitSchema('Total limit'),
  perUserLimit: limitSchema('Per-user limit'),
  minOrderCents: z
    .number({ error: 'Minimum order must be a number' })
    .int('Minimum order must be whole cents')
    .min(0, 'Minimum order cannot be negative')
    .max(MAX_MINIMUM_CENTS, 'Minimum order is too large'),
  active: z.boolean({ error: 'active must be true or false' }),
};

export const createCouponSchema = z.object({
  ...fields,
  description: fields.description.default(''),
  percentOff: fields.percentOff.default(null),
  amountOffCents: fields.amountOffCents.default(null),
  appliesToKinds: fields.appliesToKinds.default(null),
  appliesToItems: fields.appliesToItems.default(null),
  startsAt: fields.startsAt.default(null),
  endsAt: fields.endsAt.default(null),
  maxRedemptions: fields.maxRedemptions.default(null),
  perUserLimit: fields.perUserLimit.default(null),
  minOrderCents: fields.minOrderCents.default(0),
  active: fields.active.default(true),
});

export const updateCouponSchema = z.object(fields).partial();

const listQuerySchema = z.object({
  q: singleLine(z.string().trim().max(100, 'Search must be at most 100 characters')).optional(),
  active: z
    .enum(['true', 'false', ''], { error: 'active must be true or false' })
    .optional()
    .transform((v) => (v === 'true' ? true : v === 'false' ? false : undefined)),
  page: pageQuery,
  pageSize: pageSizeQuery(50),
});

export const couponsRoutes = new Hono<AppContext>()
  .get('/admin/coupons', requirePermission('coupons.manage'), validate('query', listQuerySchema), async (c) => {
    return c.json(await listCoupons(c.get('platform').db, c.req.valid('query')), 200);
  })
  // The list as CSV: the same filters (no page), every matching coupon, the list's order.
  .get('/admin/coupons/export.csv', requirePermission('coupons.manage'), validate('query', listQuerySchema.omit({ page: true, pageSize: true })), async (c) => {
    return csvExportResponse(c, 'coupons', couponsExport(c.get('platform').db, c.req.valid('query')));
  })
  .post('/admin/coupons', requirePermission('coupons.manage'), validate('json', createCouponSchema), async (c) => {
    const input: CouponInput = c.req.valid('json');
    return c.json(await createCoupon(c.get('platform').db, signedInUser(c), input), 201);
  })
  .get('/admin/coupons/:id', requirePermission('coupons.manage'), validate('param', idParamSchema), async (c) => {
    return c.json(await getCoupon(c.get('platform').db, c.req.valid('param').id), 200);
  })
  .patch('/admin/coupons/:id', requirePermission('coupons.manage'), validate('param', idParamSchema), validate('json', updateCouponSchema), async (c) => {
    return c.json(await updateCoupon(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .post('/admin/coupons/:id/deactivate', requirePermission('coupons.manage'), validate('param', idParamSchema), async (c) => {
    return c.json(await deactivateCoupon(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  });
