import { Hono } from 'hono';
import { z } from 'zod';
import { ORDER_STATUSES } from '../../../db/schema/commerce.ts';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import { choiceQuery, idParamSchema, keysetPageQuery, searchQuery } from '../schemas/users.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { ordersExport } from '../services/orders-csv.ts';
import { getAdminOrder, getOrderFor, listAdminOrders, listOwnOrders, listResourceOrders } from '../services/orders.ts';
import { refundOrder } from '../services/refunds.ts';
import { multiLine } from '../schemas/text.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const daySchema = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${label} must be a date (YYYY-MM-DD)`)
    .optional()
    .transform((v) => v || undefined);

const filtersSchema = z
  .object({
    q: searchQuery,
    status: choiceQuery(ORDER_STATUSES, 'Unknown status'),
    from: daySchema('From'),
    to: daySchema('To'),
    buyerId: z
      .string()
      .regex(/^[0-9]{0,15}$/, 'Invalid buyer')
      .optional()
      .transform((v) => (v ? Number(v) : undefined)),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The end date must not be before the start date.', path: ['to'] });

const listSchema = filtersSchema.and(keysetPageQuery(20));

export const refundSchema = z.object({
  amountCents: z
    .number({ error: 'Enter the amount to refund' })
    .int('The amount must be whole cents')
    .min(1, 'The amount must be greater than 0'),
  orderItemIds: z
    .array(z.number({ error: 'Invalid order line' }).int('Invalid order line').positive('Invalid order line'))
    .max(100, 'Too many order lines')
    .optional(),
  reason: multiLine(z.string({ error: 'Reason must be text' }).trim().max(500, 'Reason must be at most 500 characters')).optional(),
});

export const ordersRoutes = new Hono<AppContext>()
  // The buyer's own orders, newest first.
  .get('/orders', requireUser, async (c) => {
    return c.json({ data: await listOwnOrders(c.get('platform').db, signedInUser(c).id) }, 200);
  })
  .get('/orders/:id', requireUser, validate('param', idParamSchema), async (c) => {
    return c.json(await getOrderFor(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .get('/resource-orders', requireUser, async (c) => {
    return c.json({ data: await listResourceOrders(c.get('platform').db, signedInUser(c).id) }, 200);
  })
  .get('/admin/orders', requirePermission('orders.read_all'), validate('query', listSchema), async (c) => {
    return c.json(await listAdminOrders(c.get('platform').db, c.req.valid('query')), 200);
  })
  .get('/admin/orders/export.csv', requirePermission('orders.read_all'), validate('query', filtersSchema), async (c) => {
    return csvExportResponse(c, 'orders', ordersExport(c.get('platform').db, c.req.valid('query')));
  })
  .get('/admin/orders/:id', requirePermission('orders.read_all'), validate('param', idParamSchema), async (c) => {
    return c.json(await getAdminOrder(c.get('platform').db, c.req.valid('param').id), 200);
  })
  .post('/admin/orders/:id/refunds', requirePermission('orders.refund'), validate('param', idParamSchema), validate('json', refundSchema), async (c) => {
    const result = await refundOrder(c.get('platform'), signedInUser(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json(result, 201);
  });
