import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { requirePermission, signedInUser } from '../middleware/auth.ts';
import { createTemplateSchema, idParamSchema, updateTemplateSchema } from '../schemas/learning.ts';
import { createTemplate, deleteTemplate, getTemplate, listTemplates, previewTemplate, updateTemplate } from '../services/certificate-templates.ts';

const designers = requirePermission('certificate_templates.design');

/** Certificate templates (/certificate-templates): designers (permission table) list and make; the creator or ADMIN edits. */
export const certificateTemplateRoutes = new Hono<AppContext>()
  .get('/certificate-templates', designers, async (c) => {
    return c.json(await listTemplates(c.get('platform').db, signedInUser(c)), 200);
  })
  .post('/certificate-templates', designers, validate('json', createTemplateSchema), async (c) => {
    return c.json(await createTemplate(c.get('platform').db, signedInUser(c), c.req.valid('json')), 201);
  })
  .get('/certificate-templates/:id', designers, validate('param', idParamSchema), async (c) => {
    return c.json(await getTemplate(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .get('/certificate-templates/:id/preview', designers, validate('param', idParamSchema), async (c) => {
    return c.json(await previewTemplate(c.get('platform').db, signedInUser(c), c.req.valid('param').id), 200);
  })
  .patch('/certificate-templates/:id', designers, validate('param', idParamSchema), validate('json', updateTemplateSchema), async (c) => {
    return c.json(await updateTemplate(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json')), 200);
  })
  .delete('/certificate-templates/:id', designers, validate('param', idParamSchema), async (c) => {
    await deleteTemplate(c.get('platform').db, signedInUser(c), c.req.valid('param').id);
    return c.json({ message: 'Template deleted' as const }, 200);
  });
