import { getTableConfig, type SQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { VersionScope } from './content-versions.ts';

/**
 * The triggers that move the content versions (decisions 0021, 0040, 0051), declared beside the
 * tables they watch. Each schema file exports the declarations of its own tables
 * (`…VersionTriggers`); content-version-trigger-list.ts collects them all, and
 * scripts/content-version-triggers.ts writes the migration that creates exactly these triggers.
 */

export type TriggerEvent = 'insert' | 'update' | 'delete';

/** Which column changes fire an UPDATE trigger: every column (absent), only these, or all but these. */
export type UpdateColumns = { only: readonly SQLiteColumn[] } | { except: readonly SQLiteColumn[] };

export interface VersionTriggerDeclaration {
  table: SQLiteTable;
  /** The versions one write moves: catalog and certificates may move together, any other scope alone. */
  scopes: readonly VersionScope[];
  events: readonly TriggerEvent[];
  /**
   * The UPDATE trigger's columns. Counters that move with ordinary use are left out so they never
   * move a version (decision 0040); with `except`, a column added later is watched by default.
   */
  update?: UpdateColumns;
  /** A condition per event (SQL over NEW/OLD): the version moves only when it holds. */
  when?: Partial<Record<TriggerEvent, string>>;
}

/** One trigger as the database holds it. */
export interface ContentVersionTrigger {
  name: string;
  table: string;
  event: TriggerEvent;
  scopes: readonly VersionScope[];
  /** The CREATE TRIGGER statement, as sqlite_master keeps it (no final semicolon). */
  sql: string;
}

/** A schema file's declarations, marked so the collector finds them among the schema's exports. */
export interface VersionTriggerSet {
  readonly kind: 'content-version-triggers';
  readonly declarations: readonly VersionTriggerDeclaration[];
}

export function versionTriggers(...declarations: VersionTriggerDeclaration[]): VersionTriggerSet {
  return { kind: 'content-version-triggers', declarations };
}

export function isVersionTriggerSet(value: unknown): value is VersionTriggerSet {
  return typeof value === 'object' && value !== null && (value as Partial<VersionTriggerSet>).kind === 'content-version-triggers';
}

/**
 * The trigger names' last part: the first triggers (migration 0003) moved catalog and
 * certificates and end in `_content_version`; those of a later scope end in `_<scope>_version`.
 */
function suffixOf(scopes: readonly VersionScope[]): string {
  if (scopes.length === 0) throw new Error('A version trigger moves at least one scope');
  if (scopes.every((s) => s === 'catalog' || s === 'certificates')) return 'content_version';
  if (scopes.length === 1) return `${scopes[0]}_version`;
  throw new Error(`Scopes ${scopes.join(', ')} cannot share one trigger: declare one per scope`);
}

const quote = (name: string) => `\`${name}\``;

function updateOf(table: SQLiteTable, columns: UpdateColumns | undefined): string {
  if (!columns) return '';
  const names =
    'only' in columns
      ? columns.only.map((c) => c.name)
      : getTableConfig(table)
          .columns.map((c) => c.name)
          .filter((name) => !columns.except.some((c) => c.name === name));
  return ` OF ${names.map(quote).join(', ')}`;
}

/** The triggers a declaration stands for, one per event. */
export function triggersOf(declaration: VersionTriggerDeclaration): ContentVersionTrigger[] {
  const table = getTableConfig(declaration.table).name;
  const suffix = suffixOf(declaration.scopes);
  const scope =
    declaration.scopes.length === 1 ? `scope = '${declaration.scopes[0]}'` : `scope IN (${declaration.scopes.map((s) => `'${s}'`).join(', ')})`;
  return declaration.events.map((event) => {
    const name = `${table}_${event}_${suffix}`;
    const of = event === 'update' ? updateOf(declaration.table, declaration.update) : '';
    const when = declaration.when?.[event];
    const sql =
      `CREATE TRIGGER ${quote(name)} AFTER ${event.toUpperCase()}${of} ON ${quote(table)}${when ? ` WHEN ${when}` : ''} ` +
      `BEGIN UPDATE \`content_versions\` SET \`version\` = \`version\` + 1 WHERE ${scope}; END`;
    return { name, table, event, scopes: declaration.scopes, sql };
  });
}

/** Every event: the usual declaration, any write to the table moves the version. */
export const ALL_WRITES: readonly TriggerEvent[] = ['insert', 'update', 'delete'];
