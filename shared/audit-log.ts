/** What the API answers and the site reads of worker/src/services/audit-log.ts (decision 0054). */

export interface AuditEntryView {
  id: number;
  actor_id: number | null;
  actor_name: string;
  actor_roles: string[];
  action: string;
  action_label: string;
  entity: string;
  entity_id: string | null;
  summary: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

export interface AuditLogPage {
  data: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
  /** Tokens of the pages after and before this one (decision 0045). */
  next: string | null;
  prev: string | null;
}
