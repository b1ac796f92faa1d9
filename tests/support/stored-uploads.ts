import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { uploads } from '../../db/schema/index.ts';
import type { TestApp } from './test-app.ts';

function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** The upload rows and files the store holds: compared before and after a refused request. */
export async function storedState(t: TestApp) {
  const rows = await t.db.select({ key: uploads.key }).from(uploads);
  return { rows: rows.map((r) => r.key).sort(), files: filesUnder(resolve(t.dir, 'uploads')).sort() };
}
