import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { practiceReportActionSchema, practiceReportListQuerySchema } from '../schemas/practice.ts';
import { idParamSchema } from '../schemas/users.ts';
import { listPracticeReports, resolvePracticeReport } from '../services/practice/reports.ts';

/** The moderators' queue of the practice room's reports (decision 0070): 'practice.moderate'. */
export const adminPracticeReportsRoutes = new Hono<AppContext>()
  /** A page of the reports of one status (open by default), newest first; `cursor` is the previous page's `next`. */
  .get('/admin/practice-reports', requirePermission('practice.moderate'), validate('query', practiceReportListQuerySchema), async (c) => {
    const { status, cursor } = c.req.valid('query');
    return c.json(await listPracticeReports(c.get('platform').db, status, cursor), 200);
  })
  /** A report decided: dismissed, or the take, note or reply hidden (audited). */
  .post('/admin/practice-reports/:id', requirePermission('practice.moderate'), validate('param', idParamSchema), validate('json', practiceReportActionSchema), async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await resolvePracticeReport(c.get('platform').db, signedInUser(c), id, c.req.valid('json').action), 200);
  });
