import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import type { AppContext } from '../app-context.ts';
import { API_POLICY } from '../domain/content-security.ts';
import { validate } from '../http/validate.ts';
import { optionalUser, requirePermission, requireUser } from '../middleware/auth.ts';
import { generateOpenApi, openApiPath, operationIdOf, type OpenApiDocument, type OperationObject } from './generate.ts';

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  doc = await generateOpenApi(t.app.routes);
});
afterAll(() => t.close());

function operation(d: OpenApiDocument, method: string, path: string): OperationObject {
  const op = d.paths[path]?.[method as 'get'];
  if (!op) throw new Error(`${method} ${path} is not in the document`);
  return op;
}

/** Resolves a local JSON pointer (`#/components/...`) in the document, or undefined. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!at || typeof at !== 'object' || !(key in at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function refsIn(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') out.push(v);
      else refsIn(v, out);
    }
  }
  return out;
}

describe('the OpenAPI description of the app', () => {
  it('has every route of the app, with its method', () => {
    const routes = new Set<string>();
    for (const r of t.app.routes) {
      if (r.method === 'ALL' || !r.path.startsWith('/api/')) continue;
      routes.add(`${r.method.toLowerCase()} ${openApiPath(r.path).path}`);
    }
    // The app has many routes: a document of a handful would pass the comparison below too.
    expect(routes.size).toBeGreaterThan(150);
    const described = new Set(Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)));
    expect([...routes].filter((r) => !described.has(r)).sort(), 'routes missing from the document').toEqual([]);
    expect([...described].filter((r) => !routes.has(r)).sort(), 'operations the app does not have').toEqual([]);
    expect(described.has('get /api/openapi.json')).toBe(true);
    expect(described.has('get /api/docs')).toBe(true);
  });

  it('is OpenAPI 3.1 in shape: version, info, paths, unique operation ids, and every $ref resolves', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBeTruthy();
    const ops = Object.values(doc.paths).flatMap((p) => Object.values(p));
    const ids = ops.map((o) => o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(op.tags.length).toBe(1);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(100);
    expect(refs.filter((ref) => resolvePointer(doc, ref) === undefined)).toEqual([]);
    // The whole document survives JSON (no functions, undefined or cycles).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('gives a route validated with a JSON schema its body with the required fields', () => {
    const create = operation(doc, 'post', '/api/admin/coupons');
    const body = create.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(create.requestBody?.required).toBe(true);
    // The fields without a default are what a client must send; the others are optional on input.
    expect(body.required.sort()).toEqual(['code', 'discountType']);
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['percentOff', 'amountOffCents', 'startsAt', 'maxRedemptions', 'active']));
    expect(body.properties.discountType).toEqual({ type: 'string', enum: ['percent', 'fixed'] });
    const login = operation(doc, 'post', '/api/login');
    expect(login.requestBody?.content['application/json']?.schema.required).toEqual(expect.arrayContaining(['password']));
    expect(login.security).toEqual([]);
  });

  it('declares every path parameter, required, and the query parameters of a query schema', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const op of Object.values(ops)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path');
        expect(declared.map((p) => p.name).sort(), `${op.operationId}`).toEqual([...names].sort());
        expect(declared.every((p) => p.required)).toBe(true);
      }
    }
    const list = operation(doc, 'get', '/api/admin/coupons');
    expect(list.parameters?.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['q', 'active', 'page', 'pageSize']));
    expect(list.parameters?.every((p) => p.in !== 'query' || !p.required)).toBe(true);
  });

  it('says what each route requires and which errors it answers, in the one error shape', () => {
    const coupon = operation(doc, 'patch', '/api/admin/coupons/{id}');
    expect(coupon['x-permission']).toBe('coupons.manage');
    expect(coupon.description).toContain('Requires permission `coupons.manage`');
    expect(coupon.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(coupon.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '413']);
    expect(resolvePointer(doc, (coupon.responses['403'] as unknown as { $ref: string }).$ref)).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
    expect(doc.components.schemas.Error).toMatchObject({ required: ['message'], properties: { message: { type: 'string' } } });
    expect(operation(doc, 'post', '/api/admin/coupons').responses['201']).toBeDefined();
    expect(Object.keys(operation(doc, 'get', '/api/users/export.csv').responses['200']!.content!)).toEqual(['text/csv']);
    expect(operation(doc, 'get', '/api/users/export.csv').summary).toBe('Export users (CSV)');
    expect(operation(doc, 'post', '/api/admin/coupons/{id}/deactivate').summary).toBe('Deactivate: admin coupons');
    expect(operation(doc, 'post', '/api/admin/coupons').summary).toBe('Post to admin coupons');
    expect(Object.keys(operation(doc, 'get', '/api/docs').responses['200']!.content!)).toEqual(['text/html']);
    expect(Object.keys(operation(doc, 'get', '/api/openapi.json').responses['200']!.content!)).toEqual(['application/json']);
    const me = operation(doc, 'get', '/api/me');
    expect(me.description).toBe('Requires a signed-in user.');
    expect(Object.keys(me.responses).sort()).toEqual(['200', '401']);
    expect(operation(doc, 'get', '/api/health').security).toEqual([]);
    // Bodies a handler reads itself: the uploads' multipart form, the provider's raw events.
    expect(Object.keys(operation(doc, 'post', '/api/upload/profile').requestBody!.content)).toEqual(['multipart/form-data']);
    // …and its rate limit (429) and the file types it refuses (415), decision 0052.
    expect(Object.keys(operation(doc, 'post', '/api/upload/profile').responses).sort()).toEqual(['201', '400', '401', '409', '413', '415', '429']);
    expect(Object.keys(operation(doc, 'post', '/api/payments/webhook').requestBody!.content)).toEqual(['application/json']);
    expect(operation(doc, 'post', '/api/logout').requestBody).toBeUndefined();
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(operation(doc, 'get', '/api/admin/coupons').tags).toEqual(['admin coupons']);
    expect(operationIdOf('get', '/api/admin/coupons/{id}')).toBe('getAdminCouponsById');
  });

  it('describes schemas JSON cannot fully express (transforms, refinements, dates, files) without failing', async () => {
    const body = z.object({
      when: z.date(),
      code: z.string().transform((v) => v.toUpperCase()),
      even: z.number().refine((n) => n % 2 === 0, 'Even please'),
      at: z.string().pipe(z.coerce.date()),
      file: z.instanceof(File),
      tags: z.array(z.string()).default([]),
    });
    const Node: z.ZodType = z.lazy(() => z.object({ name: z.string(), children: z.array(Node) }));
    const app = new Hono<AppContext>()
      .basePath('/api')
      .post('/things/:thingId', requirePermission('coupons.manage'), validate('json', body), (c) => c.json({}, 201))
      .put('/trees', requireUser, validate('json', z.object({ root: Node })), (c) => c.json({}))
      .post('/files', optionalUser, validate('form', z.object({ file: z.instanceof(File), note: z.string().optional() })), (c) => c.json({}))
      .get('/search', validate('query', z.object({ q: z.string().min(1), n: z.coerce.number().int().optional() })), (c) => c.json({}));
    const d = await generateOpenApi(app.routes);
    const thing = operation(d, 'post', '/api/things/{thingId}');
    expect(thing.parameters).toEqual([{ name: 'thingId', in: 'path', required: true, schema: { type: 'string' } }]);
    const schema = thing.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required.sort()).toEqual(['at', 'code', 'even', 'file', 'when']);
    expect(schema.properties.code).toEqual({ type: 'string' });
    expect(schema.properties.even).toEqual({ type: 'number' });
    expect(schema.properties.at).toEqual({ type: 'string' });
    expect(thing.responses['201']).toBeDefined();
    expect(thing['x-permission']).toBe('coupons.manage');
    // A recursive schema's definitions move to the components, and its references follow.
    const tree = operation(d, 'put', '/api/trees');
    const refs = refsIn(tree);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((ref) => resolvePointer(d, ref) === undefined)).toEqual([]);
    expect(tree.security).toEqual([{ bearerAuth: [] }]);
    const files = operation(d, 'post', '/api/files');
    expect(Object.keys(files.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(files.security).toEqual([{}, { bearerAuth: [] }]);
    const search = operation(d, 'get', '/api/search');
    expect(search.parameters).toEqual([
      { name: 'q', in: 'query', required: true, schema: { type: 'string', minLength: 1 } },
      { name: 'n', in: 'query', required: false, schema: expect.objectContaining({ type: 'integer' }) },
    ]);
    expect(Object.keys(search.responses).sort()).toEqual(['200', '400']);
  });
});

describe('GET /api/openapi.json and GET /api/docs', () => {
  it('serves the description to anyone, with an ETag a client can revalidate with', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[0-9a-f]{24}"$/);
    const served = (await res.json()) as OpenApiDocument;
    expect(served.openapi).toBe('3.1.0');
    expect(Object.keys(served.paths)).toEqual(Object.keys(doc.paths));
    const again = await t.request('/api/openapi.json', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await t.request('/api/openapi.json', { headers: { 'if-none-match': '"other"' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('etag')).toBe(etag);
  });

  it('serves the built reference page with the page policy, and 404 in the error shape without a built site', async () => {
    const missing = await t.request('/api/docs');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: 'Not found' });

    const html = '<!doctype html><html><head><title>API reference</title></head><body><main>Reference</main></body></html>';
    const platform = {
      ...t.platform,
      assets: async (path: string) => (path === '/api/docs/' ? new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } }) : null),
    };
    const res = await t.app.request('/api/docs', {}, { platform });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toBe(html);
    const policy = res.headers.get('content-security-policy');
    expect(policy).toBeTruthy();
    expect(policy).not.toBe(API_POLICY);
  });
});
