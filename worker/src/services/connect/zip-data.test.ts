import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeZipTable } from '../../../../scripts/generate-zip-data.ts';
import { readZipTable, ZIP_TABLE_ASSET, zipTableFromPackages } from './zip-data.ts';

const scratch = mkdtempSync(join(tmpdir(), 'drx-zip-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the ZIP code table (decision 0055)', () => {
  const text = zipTableFromPackages();

  it('lists the zones on its first line, then one sorted line per US 5-digit code', () => {
    const [zones, ...rows] = text.split('\n');
    expect(zones!.split('|')).toContain('America/New_York');
    expect(rows.pop()).toBe('');
    expect(rows.length).toBeGreaterThan(40_000);
    const codes = rows.map((row) => row.split('|')[0]!);
    expect(codes.every((code) => /^\d{5}$/.test(code))).toBe(true);
    expect(codes).toEqual([...codes].sort());
    expect(new Set(codes).size).toBe(codes.length);
    expect(rows.every((row) => row.split('|').length === 6)).toBe(true);
  });

  it('is written by the build into the site folder, where the lookup reads it', () => {
    const { file, codes } = writeZipTable(scratch);
    expect(file).toBe(join(scratch, ZIP_TABLE_ASSET));
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(codes).toBe(text.split('\n').length - 2);
  });

  it('reads on Node the build’s file when there is one, else the same text made from the packages', async () => {
    expect(await readZipTable()).toBe(text);
  });
});
