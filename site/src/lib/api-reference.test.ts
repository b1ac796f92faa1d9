import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../../../worker/src/app-context.ts';
import { validate } from '../../../worker/src/http/validate.ts';
import { requirePermission, requireUser } from '../../../worker/src/middleware/auth.ts';
import { generateOpenApi } from '../../../worker/src/openapi/generate.ts';
import { buildTryRequest, exampleOf, filterGroups, readDocument, schemaRows, showBody, typeLabel, MAX_SHOWN_CHARS } from './api-reference.ts';

const body = z.object({
  code: z.string().min(3).max(32),
  kind: z.enum(['percent', 'fixed']),
  percentOff: z.number().int().min(1).max(100).nullable().default(null),
  items: z.array(z.object({ itemId: z.number().int().positive(), note: z.string().optional() })).max(5),
  active: z.boolean().default(true),
});

const app = new Hono<AppContext>()
  .basePath('/api')
  .get('/me', requireUser, (c) => c.json({}))
  .get('/admin/coupons', requirePermission('coupons.manage'), validate('query', z.object({ q: z.string().optional(), page: z.string().optional() })), (c) => c.json({}))
  .post('/admin/coupons', requirePermission('coupons.manage'), validate('json', body), (c) => c.json({}, 201))
  .patch('/admin/coupons/:id', requirePermission('coupons.manage'), validate('param', z.object({ id: z.coerce.number() })), validate('json', body.partial()), (c) => c.json({}))
  .get('/health', (c) => c.json({}));

const data = readDocument(generateOpenApi(app.routes));
const find = (method: string, path: string) => data.groups.flatMap((g) => g.operations).find((o) => o.method === method && o.path === path)!;

describe('reading the OpenAPI description', () => {
  it('groups the operations by tag, in order, with their access and answers', () => {
    expect(data.count).toBe(5);
    expect(data.groups.map((g) => g.tag)).toEqual(['admin coupons', 'health', 'me']);
    expect(data.groups[0]!.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /api/admin/coupons', 'POST /api/admin/coupons', 'PATCH /api/admin/coupons/{id}']);
    const patch = find('PATCH', '/api/admin/coupons/{id}');
    expect(patch.permission).toBe('coupons.manage');
    expect(patch.signedIn).toBe(true);
    expect(patch.responses.map((r) => r.status)).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    expect(patch.responses.find((r) => r.status === '403')!.description).toBe('The signed-in user may not do this.');
    expect(find('GET', '/api/health').signedIn).toBe(false);
  });

  it('filters by every word of the search, over method, path, summary, tag and permission', () => {
    expect(filterGroups(data.groups, '').length).toBe(3);
    expect(filterGroups(data.groups, 'post coupons').flatMap((g) => g.operations.map((o) => o.id))).toEqual(['postAdminCoupons']);
    expect(filterGroups(data.groups, 'coupons.manage').flatMap((g) => g.operations).length).toBe(3);
    expect(filterGroups(data.groups, 'nothing-like-this')).toEqual([]);
  });

  it('shows a body schema as rows: types, required, checks, nested fields', () => {
    const rows = schemaRows(find('POST', '/api/admin/coupons').body!.schema, data.schemas);
    expect(rows.map((r) => r.name)).toEqual(['code', 'kind', 'percentOff', 'items', 'items[].itemId', 'items[].note', 'active']);
    const by = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(by.code).toMatchObject({ type: 'string', required: true, constraints: ['3–32 characters'], depth: 0 });
    expect(by.kind!.type).toBe('"percent" | "fixed"');
    expect(by.percentOff).toMatchObject({ type: 'integer | null', required: false, constraints: ['from 1 to 100', 'default null'] });
    expect(by.items).toMatchObject({ type: 'array of object', required: true, constraints: ['at most 5 items'] });
    // positive(): more than 0; int()'s safe-integer bounds are not repeated.
    expect(by['items[].itemId']).toMatchObject({ depth: 1, required: true, type: 'integer', constraints: ['more than 0'] });
    expect(by['items[].note']).toMatchObject({ required: false });
    expect(typeLabel({}, {})).toBe('any');
  });

  it('starts a body from the schema: defaults, first choices, empty values', () => {
    expect(exampleOf(find('POST', '/api/admin/coupons').body!.schema, data.schemas)).toEqual({
      code: '',
      kind: 'percent',
      percentOff: null,
      items: [],
      active: true,
    });
  });

  it('builds the Try it request: path filled and encoded, query without empty values, JSON checked', () => {
    const patch = find('PATCH', '/api/admin/coupons/{id}');
    expect(buildTryRequest(patch, {}, '{}')).toEqual({ ok: false, message: 'Enter id' });
    expect(buildTryRequest(patch, { 'path:id': '1/2' }, '{ "code": ')).toEqual({ ok: false, message: 'The body is not valid JSON' });
    expect(buildTryRequest(patch, { 'path:id': ' 7 ' }, '{"active":false}')).toEqual({
      ok: true,
      request: { method: 'PATCH', url: '/api/admin/coupons/7', body: '{"active":false}', contentType: 'application/json' },
    });
    expect(buildTryRequest(patch, { 'path:id': 'a/b' }, '')).toMatchObject({ ok: true, request: { url: '/api/admin/coupons/a%2Fb' } });
    const list = find('GET', '/api/admin/coupons');
    expect(buildTryRequest(list, { 'query:q': 'spring sale', 'query:page': '' }, '')).toEqual({ ok: true, request: { method: 'GET', url: '/api/admin/coupons?q=spring+sale' } });
  });

  it('shows an answer: JSON indented, text as it came, long answers cut', () => {
    expect(showBody('{"a":1}', 'application/json; charset=utf-8')).toBe('{\n  "a": 1\n}');
    expect(showBody('a,b\n1,2', 'text/csv')).toBe('a,b\n1,2');
    expect(showBody('{not json', 'application/json')).toBe('{not json');
    const long = showBody('x'.repeat(MAX_SHOWN_CHARS + 10), 'text/plain');
    expect(long.startsWith('x'.repeat(MAX_SHOWN_CHARS))).toBe(true);
    expect(long.endsWith('(10 more characters)')).toBe(true);
  });
});
