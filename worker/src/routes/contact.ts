import { Hono } from 'hono';
import type { AppContext } from '../app-context.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requirePermission, signedInUser } from '../middleware/auth.ts';
import { RATE_LIMITS, rateLimit } from '../middleware/rate-limit.ts';
import { contactListQuerySchema, contactMessageSchema, contactMessageUpdateSchema } from '../schemas/contact.ts';
import { idParamSchema } from '../schemas/users.ts';
import {
  CONTACT_THANKS,
  createContactMessage,
  deleteContactMessage,
  listContactMessages,
  setContactMessageRead,
} from '../services/contact.ts';

export const contactRoutes = new Hono<AppContext>()
  .post('/contact', rateLimit(RATE_LIMITS.contact), optionalUser, validate('json', contactMessageSchema), async (c) => {
    const id = await createContactMessage(c.get('platform').db, c.req.valid('json'), c.get('user')?.id ?? null);
    return c.json({ id, message: CONTACT_THANKS }, 201);
  })
  .get('/contact-messages', requirePermission('contact_messages.read'), validate('query', contactListQuerySchema), async (c) => {
    return c.json(await listContactMessages(c.get('platform').db, c.req.valid('query')), 200);
  })
  .patch('/contact-messages/:id', requirePermission('contact_messages.manage'), validate('param', idParamSchema), validate('json', contactMessageUpdateSchema), async (c) => {
    const row = await setContactMessageRead(c.get('platform').db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').read);
    return c.json(row, 200);
  })
  .delete('/contact-messages/:id', requirePermission('contact_messages.manage'), validate('param', idParamSchema), async (c) => {
    const { id } = c.req.valid('param');
    await deleteContactMessage(c.get('platform').db, signedInUser(c), id);
    return c.json({ id, message: 'Message deleted' as const }, 200);
  });
