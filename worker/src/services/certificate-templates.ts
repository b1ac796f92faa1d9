import { and, asc, desc, eq } from 'drizzle-orm';
import { certificateTemplates, courses } from '../../../db/schema/index.ts';
import { canDesignTemplates, SAMPLE_VALUES, type CertificateValues } from '../domain/certificates.ts';
import type { CourseActor } from '../domain/courses.ts';
import { can } from '../domain/permissions.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { Db } from '../platform/db.ts';
import { DEFAULT_TEMPLATE_UNDELETABLE, renderTemplate, TEMPLATE_EDIT_FORBIDDEN, TEMPLATE_FORBIDDEN, TEMPLATE_NOT_FOUND, type TemplateRow } from './certificates.ts';
import { type RenderedTemplate, type TemplateView } from '../../../shared/certificates.ts';
import { fieldWords, isStaffActor } from '../domain/audit.ts';
import { auditedIfStaff, type AuditActor } from './audit.ts';
import { sqlNow } from '../platform/sql-expressions.ts';
import type { TemplateListItem } from '../../../shared/certificate-templates.ts';

function toTemplateView(row: TemplateRow): TemplateView {
  return {
    id: row.id,
    name: row.name,
    title: row.title,
    body: row.body,
    primary_color: row.primaryColor,
    accent_color: row.accentColor,
    signatory_name: row.signatoryName,
    signatory_title: row.signatoryTitle,
    is_default: row.isDefault,
    created_by: row.createdBy,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

/** certificate_templates.manage edits every template; a designer only the ones they made. */
function canEditTemplate(actor: CourseActor, row: TemplateRow): boolean {
  return can(actor.roles, 'certificate_templates.manage') || (row.createdBy !== null && row.createdBy === actor.id);
}

function assertDesigner(actor: CourseActor): void {
  if (!canDesignTemplates(actor.roles)) throw forbidden(TEMPLATE_FORBIDDEN);
}

async function templateRow(db: Db, id: number): Promise<TemplateRow> {
  const [row] = await db.select().from(certificateTemplates).where(eq(certificateTemplates.id, id)).limit(1);
  if (!row) throw notFound(TEMPLATE_NOT_FOUND);
  return row;
}

export async function listTemplates(db: Db, actor: CourseActor): Promise<TemplateListItem[]> {
  assertDesigner(actor);
  const rows = await db
    .select()
    .from(certificateTemplates)
    .orderBy(desc(certificateTemplates.isDefault), asc(certificateTemplates.name), asc(certificateTemplates.id));
  return rows.map((row) => ({ ...toTemplateView(row), can_edit: canEditTemplate(actor, row) }));
}

export async function getTemplate(db: Db, actor: CourseActor, id: number): Promise<TemplateListItem> {
  assertDesigner(actor);
  const row = await templateRow(db, id);
  return { ...toTemplateView(row), can_edit: canEditTemplate(actor, row) };
}

export interface TemplateFields {
  name?: string;
  title?: string;
  body?: string;
  primary_color?: string;
  accent_color?: string;
  signatory_name?: string;
  signatory_title?: string;
}

function columnsOf(input: TemplateFields) {
  const out: Partial<typeof certificateTemplates.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.title !== undefined) out.title = input.title;
  if (input.body !== undefined) out.body = input.body;
  if (input.primary_color !== undefined) out.primaryColor = input.primary_color.toLowerCase();
  if (input.accent_color !== undefined) out.accentColor = input.accent_color.toLowerCase();
  if (input.signatory_name !== undefined) out.signatoryName = input.signatory_name;
  if (input.signatory_title !== undefined) out.signatoryTitle = input.signatory_title;
  return out;
}

/** The actor as the audit log names them; a staff member's template writes are audited, a designer's own are not. */
const auditActorOf = (actor: CourseActor & { username?: string }): AuditActor => ({ id: actor.id, roles: [...actor.roles], username: actor.username ?? `user ${actor.id}` });

export async function createTemplate(
  db: Db,
  actor: CourseActor & { username?: string },
  input: TemplateFields & { name: string; title: string; body: string },
): Promise<TemplateListItem> {
  assertDesigner(actor);
  const [rows] = (await db.batch(
    auditedIfStaff(db, auditActorOf(actor), { action: 'certificate_template.create', table: certificateTemplates, id: 'new', summary: `Created the certificate template “${input.name}”.` }, [
      db
        .insert(certificateTemplates)
        .values({ ...columnsOf(input), name: input.name, title: input.title, body: input.body, isDefault: false, createdBy: actor.id })
        .returning(),
    ]),
  )) as [(typeof certificateTemplates.$inferSelect)[]];
  const [row] = rows;
  return { ...toTemplateView(row!), can_edit: true };
}

export async function updateTemplate(db: Db, actor: CourseActor & { username?: string }, id: number, input: TemplateFields): Promise<TemplateListItem> {
  assertDesigner(actor);
  const row = await templateRow(db, id);
  if (!canEditTemplate(actor, row)) throw forbidden(TEMPLATE_EDIT_FORBIDDEN);
  const results = await db.batch(
    auditedIfStaff(db, auditActorOf(actor), { action: 'certificate_template.update', table: certificateTemplates, id, summary: `Changed the certificate template “${row.name}” (${fieldWords(Object.keys(input))}).` }, [
      db
        .update(certificateTemplates)
        .set({ ...columnsOf(input), updatedAt: sqlNow })
        .where(eq(certificateTemplates.id, id))
        .returning(),
    ]),
  );
  const [updated] = results[isStaffActor(actor.roles) ? 1 : 0] as (typeof certificateTemplates.$inferSelect)[];
  if (!updated) throw notFound(TEMPLATE_NOT_FOUND);
  return { ...toTemplateView(updated), can_edit: true };
}

/**
 * Deletes a template that is not the default. Courses that used it fall back to the default
 * (cleared in the same batch); certificates issued with it keep rendering with the default.
 */
export async function deleteTemplate(db: Db, actor: CourseActor & { username?: string }, id: number): Promise<void> {
  assertDesigner(actor);
  const row = await templateRow(db, id);
  if (!canEditTemplate(actor, row)) throw forbidden(TEMPLATE_EDIT_FORBIDDEN);
  if (row.isDefault) throw conflict(DEFAULT_TEMPLATE_UNDELETABLE);
  await db.batch(
    auditedIfStaff(db, auditActorOf(actor), { action: 'certificate_template.delete', table: certificateTemplates, id, summary: `Deleted the certificate template “${row.name}”; its courses use the default.` }, [
      db.delete(certificateTemplates).where(and(eq(certificateTemplates.id, id), eq(certificateTemplates.isDefault, false))),
      db.update(courses).set({ certificateTemplateId: null }).where(eq(courses.certificateTemplateId, id)),
    ]),
  );
}

/** GET /api/certificate-templates/{id}/preview: the template with sample values. */
export async function previewTemplate(db: Db, actor: CourseActor, id: number): Promise<{ template: TemplateView; rendered: RenderedTemplate; sample: CertificateValues }> {
  assertDesigner(actor);
  const row = await templateRow(db, id);
  return { template: toTemplateView(row), rendered: renderTemplate(row, SAMPLE_VALUES), sample: SAMPLE_VALUES };
}

