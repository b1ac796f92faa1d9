import { count, desc, eq, isNull } from 'drizzle-orm';
import { contactMessages } from '../../../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { audited, type AuditActor } from './audit.ts';
import { sqlNowUnlessSet } from '../platform/sql-expressions.ts';
import type { ContactMessageView } from '../../../shared/contact.ts';

export const CONTACT_THANKS = 'Thank you! Your message has been sent.';
export const MESSAGE_NOT_FOUND = 'Message not found';

const view = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  user_id: contactMessages.userId,
  read_at: contactMessages.readAt,
  created_at: contactMessages.createdAt,
};

export async function createContactMessage(
  db: Db,
  input: { name: string; email: string; subject: string; message: string },
  userId: number | null,
): Promise<number> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...input, userId })
    .returning({ id: contactMessages.id });
  return row!.id;
}

export async function listContactMessages(db: Db, query: { status: 'all' | 'unread'; page: number; pageSize: number }) {
  const where = query.status === 'unread' ? isNull(contactMessages.readAt) : undefined;
  const [data, [total], [unread]] = await Promise.all([
    db
      .select(view)
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(contactMessages).where(where),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { data, total: total?.n ?? 0, unread: unread?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** Marking read keeps the first read time; marking unread clears it. */
export async function setContactMessageRead(db: Db, actor: AuditActor, id: number, read: boolean): Promise<ContactMessageView> {
  const [, rows] = await db.batch(
    audited(db, actor, { action: 'contact_message.update', table: contactMessages, id, summary: `Marked contact message #${id} ${read ? 'read' : 'unread'}.` }, [
      db
        .update(contactMessages)
        .set({ readAt: read ? sqlNowUnlessSet(contactMessages.readAt) : null })
        .where(eq(contactMessages.id, id))
        .returning(view),
    ]),
  );
  const [row] = rows as ContactMessageView[];
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row;
}

export async function deleteContactMessage(db: Db, actor: AuditActor, id: number): Promise<void> {
  const [found] = await db.select({ subject: contactMessages.subject, email: contactMessages.email }).from(contactMessages).where(eq(contactMessages.id, id));
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  await db.batch(
    audited(db, actor, { action: 'contact_message.delete', table: contactMessages, id, summary: `Deleted the contact message "${found.subject}" from ${found.email}.` }, [
      db.delete(contactMessages).where(eq(contactMessages.id, id)),
    ]),
  );
}
