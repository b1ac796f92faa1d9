import type { TemplateView } from './certificates.ts';

/** What the API answers and the site reads of worker/src/services/certificate-templates.ts (decision 0054). */

/**
 * Certificate templates (/certificate-templates): designers (certificate_templates.design) list,
 * preview and make templates; the creator or certificate_templates.manage (ADMIN) changes one.
 */

export type TemplateListItem = TemplateView & { can_edit: boolean };
