import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { cachePublic } from '../http/public-cache.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, requireUser, signedInUser } from '../middleware/auth.ts';
import {
  certificateSearchQuerySchema,
  idParamSchema,
  issueCertificateSchema,
  revokeCertificateSchema,
  verifyCodeParamSchema,
} from '../schemas/learning.ts';
import {
  certificateSummary,
  issueCertificateManually,
  listInstructorCertificates,
  listMyCertificates,
  loadCertificateView,
  revokeCertificate,
  searchCertificates,
  verifyCertificate,
} from '../services/certificates.ts';
import { publicOrigin } from '../platform/public-url.ts';
import { certificateFileName, certificatePdf } from '../services/certificate-pdf.ts';
import { certificatesExport } from '../services/csv/certificates.ts';
import { csvExportResponse } from '../services/csv/stream.ts';
import { announceCertificate } from '../services/notifications-events.ts';

/** Certificates: mine, one in full (printable, with QR code), public verification, issue by hand, revoke. */
export const certificateRoutes = new Hono<AppContext>()
  /** Public: no token needed. Always 200; the page confirms or denies. */
  .get('/certificates/verify/:code', validate('param', verifyCodeParamSchema), async (c) => {
    cachePublic(c, 'certificates');
    return c.json(await verifyCertificate(c.get('platform').db, c.req.valid('param').code), 200);
  })
  .get('/certificates', requireUser, async (c) => {
    return c.json(await listMyCertificates(c.get('platform').db, signedInUser(c).id), 200);
  })
  .get('/certificates/:id', requireUser, validate('param', idParamSchema), async (c) => {
    // The QR code's link comes from configuration, never from the Host header (decision 0016).
    const origin = publicOrigin(c.get('platform').env);
    return c.json(await loadCertificateView(c.get('platform').db, signedInUser(c), c.req.valid('param').id, origin), 200);
  })
  /** The certificate as a PDF to keep (decision 0064): the same people as its page, saved as a file. */
  .get('/certificates/:id/pdf', requireUser, validate('param', idParamSchema), async (c) => {
    const view = await loadCertificateView(c.get('platform').db, signedInUser(c), c.req.valid('param').id, publicOrigin(c.get('platform').env));
    const bytes = await certificatePdf(view);
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-length': String(bytes.byteLength),
      'content-disposition': `attachment; filename="${certificateFileName(view)}"`,
      'cache-control': 'private, no-store',
    });
  })
  .post('/certificates', requirePermission('certificates.issue'), validate('json', issueCertificateSchema), async (c) => {
    const db = c.get('platform').db;
    const row = await issueCertificateManually(db, signedInUser(c), c.req.valid('json'));
    await announceCertificate(c.get('platform'), row.userId, row.courseId);
    return c.json(await certificateSummary(db, row.id), 201);
  })
  .post('/certificates/:id/revoke', requirePermission('certificates.revoke'), validate('param', idParamSchema), validate('json', revokeCertificateSchema), async (c) => {
    const db = c.get('platform').db;
    return c.json(await revokeCertificate(db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').reason), 200);
  })
  .get('/instructor/certificates', requirePermission('courses.manage_own'), async (c) => {
    return c.json(await listInstructorCertificates(c.get('platform').db, signedInUser(c).id), 200);
  })
  .get('/admin/certificates', requirePermission('certificates.list_all'), validate('query', certificateSearchQuerySchema), async (c) => {
    return c.json(await searchCertificates(c.get('platform').db, signedInUser(c), c.req.valid('query').q), 200);
  })
  // The list as CSV: the same search, every match (not only the list's first 200), the list's order.
  .get('/admin/certificates/export.csv', requirePermission('certificates.list_all'), validate('query', certificateSearchQuerySchema), async (c) => {
    return csvExportResponse(c, 'certificates', certificatesExport(c.get('platform').db, signedInUser(c), c.req.valid('query').q));
  });
