import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvText } from '../../../../tests/support/csv-export.ts';
import { centsAsDollars, csvField, csvFilename, type CsvColumn } from './writer.ts';

type Row = { name: string | null; amount: number; at: string; active: boolean };
const columns: CsvColumn<Row>[] = [
  { header: 'Name', value: (r) => r.name },
  { header: 'Amount, USD', value: (r) => centsAsDollars(r.amount), kind: 'number' },
  { header: 'At', value: (r) => r.at, kind: 'date' },
  { header: 'Active', value: (r) => r.active },
];

describe('the CSV writer', () => {
  it('quotes every field, doubles quotes, keeps commas and line breaks inside the field, ends records in CRLF', async () => {
    const text = await csvText(columns, [
      { name: 'Smith, "Jr"\nsecond line', amount: 1999, at: '2026-01-02T03:04:05.000Z', active: true },
      { name: null, amount: -500, at: '2026-01-03T00:00:00.000Z', active: false },
    ]);
    expect(text.startsWith('"Name","Amount, USD"')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parse(text)).toEqual([
      ['Name', 'Amount, USD', 'At', 'Active'],
      ['Smith, "Jr"\nsecond line', '19.99', '2026-01-02T03:04:05.000Z', 'yes'],
      ['', '-5.00', '2026-01-03T00:00:00.000Z', 'no'],
    ]);
  });

  it('prefixes text cells that a spreadsheet would run as a formula, not numbers', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(parse(csvField(`${start}SUM(A1)`))[0][0]).toBe(`'${start}SUM(A1)`);
    }
    expect(csvField('-5.00', { text: false })).toBe('"-5.00"');
    expect(csvField('Rosa = dancer')).toBe('"Rosa = dancer"');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(0)).toBe('"0"');
  });

  it('writes only the header record for no rows', async () => {
    expect(await csvText(columns, [])).toBe('"Name","Amount, USD","At","Active"\r\n');
  });

  it('names the file by its list and the UTC day', () => {
    expect(csvFilename('users', new Date('2026-11-26T23:30:00Z'))).toBe('users-2026-11-26.csv');
  });
});
