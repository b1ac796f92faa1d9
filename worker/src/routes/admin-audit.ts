import { Hono } from 'hono';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission } from '../middleware/auth.ts';
import { keysetPageQuery, searchQuery } from '../schemas/users.ts';
import { auditLogExport, listAuditLog } from '../services/audit-log.ts';
import { csvExportResponse } from '../services/csv/stream.ts';

/**
 * /admin/audit-log's API (decision 0033; audit.read, ADMIN's): the entries newest
 * first with the viewer's filters, and the same filters as CSV.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayQuery = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || (DAY.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${label} must be a date (YYYY-MM-DD)`);

const shortText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || undefined);

export const auditFiltersSchema = z
  .object({
    actor: shortText('Actor', 100),
    action: shortText('Action', 80),
    entity: shortText('Entity', 80),
    entityId: shortText('Entity ID', 80),
    from: dayQuery('From'),
    to: dayQuery('To'),
    q: searchQuery,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'From must not be after To', path: ['to'] });

export const auditListQuerySchema = z.intersection(auditFiltersSchema, keysetPageQuery(25));

const auditors = requirePermission('audit.read');

export const adminAuditRoutes = new Hono<AppContext>()
  .get('/admin/audit-log', auditors, validate('query', auditListQuerySchema), async (c) => c.json(await listAuditLog(c.get('platform').db, c.req.valid('query')), 200))
  .get('/admin/audit-log/export.csv', auditors, validate('query', auditFiltersSchema), async (c) =>
    csvExportResponse(c, 'audit-log', auditLogExport(c.get('platform').db, c.req.valid('query'))),
  );
