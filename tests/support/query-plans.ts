import type { Client, InArgs, InStatement } from '@libsql/client';
import { openEmbeddedClient } from '../../worker/src/platform/node-db.ts';

/**
 * What a request asks of the database, and how SQLite answers it: the statements sent through a
 * client while `run` goes, and each one's EXPLAIN QUERY PLAN. The query-plan tests fail a hot
 * route whose plan reads a whole table or sorts rows where an index is meant to serve, so a later
 * change cannot silently drop an index. (SQLite plans without statistics here: the plan of the
 * small test database is the plan of a large one.)
 */

export interface Statement {
  sql: string;
  args: InArgs;
}

function normalise(statement: InStatement | string, args?: InArgs): Statement {
  if (typeof statement === 'string') return { sql: statement, args: args ?? [] };
  return { sql: statement.sql, args: statement.args ?? [] };
}

/** The statements `client` was sent while `run` ran (single ones and each statement of a batch). */
export async function statementsOf(client: Client, run: () => Promise<unknown>): Promise<Statement[]> {
  const seen: Statement[] = [];
  const execute = client.execute.bind(client);
  const batch = client.batch.bind(client);
  const recorder = client as unknown as Record<string, unknown>;
  recorder.execute = (statement: InStatement | string, args?: InArgs) => {
    seen.push(normalise(statement, args));
    return execute(statement as InStatement);
  };
  recorder.batch = (statements: (InStatement | string)[], mode?: Parameters<Client['batch']>[1]) => {
    for (const s of statements) seen.push(normalise(s));
    return batch(statements as InStatement[], mode);
  };
  try {
    await run();
  } finally {
    delete recorder.execute;
    delete recorder.batch;
  }
  return seen;
}

/**
 * The embedded driver leaves the statement of an EXPLAIN of a write (UPDATE, DELETE, INSERT)
 * unfinished on its connection, and that connection's next commit then fails with SQLITE_BUSY
 * ("SQL statements in progress"). So a write's plan is asked on a connection of its own to the
 * same file, never on the client the app writes through.
 */
const files = new WeakMap<Client, string>();
const planners = new WeakMap<Client, Promise<Client>>();

/** Where a test's client keeps its database, so the plans of writes can be asked beside it. */
export function planWritesBeside(client: Client, file: string): void {
  files.set(client, file);
}

/** Closes the planning connection opened beside a client, if any. */
export async function closePlanner(client: Client): Promise<void> {
  const planner = planners.get(client);
  planners.delete(client);
  if (planner) (await planner).close();
}

async function plannerFor(client: Client, sql: string): Promise<Client> {
  const file = files.get(client);
  if (!file || !/^\s*(UPDATE|DELETE|INSERT|REPLACE)\b/i.test(sql)) return client;
  let planner = planners.get(client);
  if (!planner) {
    planner = openEmbeddedClient(file);
    planners.set(client, planner);
  }
  return planner;
}

/** The lines of SQLite's plan for a statement. */
export async function planOf(client: Client, statement: Statement): Promise<string[]> {
  const via = await plannerFor(client, statement.sql);
  const result = await via.execute({ sql: `EXPLAIN QUERY PLAN ${statement.sql}`, args: statement.args });
  return result.rows.map((row) => String(row.detail));
}

/**
 * Tables small by nature (a row per role, plan, setting, dance style...): a scan of them costs the
 * same at any size.
 */
export const SMALL_TABLES = new Set(['roles', 'subscription_plans', 'plan_features', 'content_versions', 'site_settings', 'dance_styles', 'categories', 'resource_categories']);

/** Tables whose rows per owner are few by nature (a user's roles): a search by owner is bounded. */
const FEW_PER_OWNER = new Set(['user_roles']);

/** The tables a statement names, by the name its plan uses for them (an alias, or the table). */
function tablesByName(sql: string): Map<string, string> {
  const names = new Map<string, string>();
  const keywords = new Set(['WHERE', 'ON', 'JOIN', 'LEFT', 'INNER', 'CROSS', 'GROUP', 'ORDER', 'LIMIT', 'UNION', 'USING', 'AS', 'SET', 'VALUES']);
  for (const m of sql.matchAll(/\b(?:FROM|JOIN)\s+"?(\w+)"?(?:\s+(?:AS\s+)?"?(\w+)"?)?/gi)) {
    const [, table, alias] = m;
    names.set(table!, table!);
    if (alias && !keywords.has(alias.toUpperCase())) names.set(alias, table!);
  }
  return names;
}

/**
 * Where a plan reads more than it shows:
 * - a SCAN of a table that grows with use (a covering index scan included: it is still every row),
 *   except a walk of an index in the order asked for that a LIMIT stops (the newest 12 of a list);
 * - rows of such a table sorted in a temporary b-tree to return a LIMIT of them: a list page whose
 *   order no index gives sorts every matching row for each page (rows found by a primary key, a
 *   unique index or an owner's few rows are bounded, and may be sorted).
 * Sub-queries and views the plan names (CO-ROUTINE, MATERIALIZE) are not tables.
 */
export function planProblems(plan: string[], sql = ''): string[] {
  const names = tablesByName(sql);
  const derived = new Set(plan.map((line) => /^(?:CO-ROUTINE|MATERIALIZE) (\w+)/.exec(line)?.[1]).filter(Boolean));
  const limited = /\blimit\b/i.test(sql);
  const sorts = plan.some((line) => /USE TEMP B-TREE FOR (ORDER BY|RIGHT PART OF ORDER BY)/.test(line));
  const tableOf = (line: string) => {
    const name = /^(?:SCAN|SEARCH) (\w+)/.exec(line)?.[1];
    if (name === undefined || name === 'CONSTANT' || derived.has(name)) return undefined;
    return names.get(name) ?? name;
  };
  const large = (line: string) => {
    const table = tableOf(line);
    return table !== undefined && !SMALL_TABLES.has(table);
  };
  // A full-text match (FTS5's plan names its MATCH index "M"): the rows that hold the words.
  const textMatch = (line: string) => /^SCAN \w+ VIRTUAL TABLE INDEX \d+:M/.test(line);
  const matched = plan.some(textMatch);
  // A search that finds one row (a primary key or a unique index by equality) or an owner's few,
  // or, behind a full-text match, the rows of the owners it matched (as many as the search finds).
  const bounded = (line: string) =>
    line.startsWith('SEARCH ') &&
    (/USING INTEGER PRIMARY KEY \(rowid=\?\)/.test(line) ||
      /INDEX \w+_unique \([^<>]*\)$/.test(line) ||
      FEW_PER_OWNER.has(tableOf(line) ?? '') ||
      (matched && /INDEX \w+ \(\w+=\?\)$/.test(line)));
  const problems: string[] = [];
  for (const line of plan) {
    if (!line.startsWith('SCAN ') || !large(line) || textMatch(line)) continue;
    const orderedWalk = limited && !sorts && / USING (COVERING )?INDEX /.test(line);
    if (!orderedWalk) problems.push(line);
  }
  if (limited && sorts && plan.some((line) => large(line) && !bounded(line) && !textMatch(line))) problems.push(...plan.filter((line) => line.startsWith('USE TEMP B-TREE FOR')));
  return problems;
}

/** Every statement of `statements` with what is wrong in its plan (none: an empty list). */
export async function planReport(client: Client, statements: Statement[]): Promise<{ sql: string; plan: string[]; problems: string[] }[]> {
  const report = [];
  for (const statement of statements) {
    // Reads, and the rows an UPDATE or DELETE looks for (an INSERT of values looks nothing up).
    if (!/^\s*(SELECT|WITH|UPDATE|DELETE)/i.test(statement.sql)) continue;
    const plan = await planOf(client, statement);
    report.push({ sql: statement.sql.replace(/\s+/g, ' '), plan, problems: planProblems(plan, statement.sql) });
  }
  return report;
}
