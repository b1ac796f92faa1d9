import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { pageQuery, pageSizeQuery } from './users.ts';
import { multiLine, singleLine } from './text.ts';

/** The contact form of /contact, shared by the API and the form. */
export const contactMessageSchema = z.object({
  name: singleLine(z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters')),
  email: z.string({ error: 'Email is required' }).trim().pipe(emailSchema),
  subject: singleLine(
    z
      .string({ error: 'Subject is required' })
      .trim()
      .min(1, 'Subject is required')
      .max(200, 'Subject must be at most 200 characters'),
  ),
  message: multiLine(
    z
      .string({ error: 'Message is required' })
      .trim()
      .min(10, 'Message must be at least 10 characters')
      .max(5000, 'Message must be at most 5000 characters'),
  ),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const contactListQuerySchema = z.object({
  status: z.enum(['all', 'unread'], { error: 'Status must be all or unread' }).default('all'),
  page: pageQuery,
  pageSize: pageSizeQuery(50),
});

export const contactMessageUpdateSchema = z.object({
  read: z.boolean({ error: 'Read must be true or false' }),
});
