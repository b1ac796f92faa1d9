import { generateSpecs, uniqueSymbol, type DescribeRouteOptions } from 'hono-openapi';
import type { Hono } from 'hono';
import type { RouterRoute } from 'hono/types';
import { findTargetHandler } from 'hono/utils/handler';
import { rolesWith, type Action } from '../domain/permissions.ts';
import { optionalUser, requiredActionOf, requireUser } from '../middleware/auth.ts';
import { EXTRA_STATUSES } from './statuses.ts';

/**
 * The OpenAPI 3.1 description of the API, made by hono-openapi (decision 0052) from the app's
 * own routes: the zod schemas its `validate()` middlewares check (they carry hono-openapi's
 * resolver), the `describeRoute()` a route file gives, and what every operation shares — who may
 * call it (`requirePermission()`, `requireUser`), its summary and tag, and the statuses it answers
 * (the generic rules below and `statuses.ts` for what a handler or its services throw).
 */

export const OPENAPI_VERSION = '3.1.0';
export const API_TITLE = 'DRX API';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

/** A JSON Schema object as the document holds it. */
export type JsonSchema = { [key: string]: unknown };

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
  security?: Record<string, string[]>[];
  /** The permission action the route requires (our extension), when it asks one. */
  'x-permission'?: Action;
}

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Method, OperationObject>>>;
  components: { schemas: Record<string, JsonSchema>; responses: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

/** One operation: a method and path with every handler Hono runs for it, in order. */
interface RouteGroup {
  method: Method;
  path: string;
  handlers: unknown[];
}

/**
 * The API's operations among an app's routes: each method and path with its handlers (a sub-app
 * with its own error handler wraps them; hono's `findTargetHandler` unwraps). Middleware mounted
 * with `use` (method ALL) and catch-alls are not operations.
 */
export function apiOperations(routes: readonly RouterRoute[], prefix = '/api/'): RouteGroup[] {
  const groups = new Map<string, RouteGroup>();
  for (const route of routes) {
    const method = route.method.toLowerCase() as Method;
    if (!METHODS.includes(method) || !route.path.startsWith(prefix)) continue;
    const key = `${method} ${route.path}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { method, path: route.path, handlers: [] }));
    group.handlers.push(findTargetHandler(route.handler as Parameters<typeof findTargetHandler>[0]));
  }
  return [...groups.values()];
}

/** Hono's `/a/:id{[0-9]+}/b` as OpenAPI's `/a/{id}/b`, with each parameter's pattern when it has one. */
export function openApiPath(path: string): { path: string; params: { name: string; pattern?: string; optional: boolean }[] } {
  const params: { name: string; pattern?: string; optional: boolean }[] = [];
  const out = path
    .split('/')
    .map((segment) => {
      const m = /^:([A-Za-z0-9_]+)(?:\{(.+)\})?(\?)?$/.exec(segment);
      if (!m) return segment;
      params.push({ name: m[1]!, pattern: m[2], optional: m[3] === '?' });
      return `{${m[1]}}`;
    })
    .join('/');
  return { path: out, params };
}

function words(segment: string): string {
  return segment.replace(/[-_.]+/g, ' ').trim();
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

/** A stable operation id from the method and path: `GET /api/admin/coupons/{id}` is `getAdminCouponsById`. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `By${pascal(segment.slice(1, -1))}` : pascal(segment)));
  return method.toLowerCase() + (parts.join('') || 'Root');
}

/** The tag of a path: its first segment after /api, and for the admin area its second too. */
export function tagOf(path: string): string {
  const [first = 'api', second] = path.replace(/^\/api\/?/, '').split('/').filter((s) => s && !s.startsWith('{'));
  return first === 'admin' && second ? `admin ${words(second)}` : words(first);
}

const VERBS: Record<Method, string> = {
  get: 'Read',
  post: 'Post to',
  put: 'Replace',
  patch: 'Update',
  delete: 'Delete',
  head: 'Check',
  options: 'Options of',
};

function summaryOf(method: Method, path: string): string {
  const segments = path.replace(/^\/api\/?/, '').split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const named = segments.filter((s) => !s.startsWith('{')).map(words);
  // A POST to a segment after an id (…/{id}/cancel, …/{id}/deactivate) is that action on the one
  // named; a POST to a collection (/admin/coupons) creates in it.
  if (method === 'post' && !last.startsWith('{') && segments.at(-2)?.startsWith('{') && named.length > 1) {
    const action = named.at(-1)!;
    const object = named.slice(0, -1).join(' ');
    return `${action[0]!.toUpperCase()}${action.slice(1)}: ${object}`;
  }
  const extension = /\.([a-z]+)$/.exec(last)?.[1];
  if (method === 'get' && extension && extension !== 'json') return `Export ${named.slice(0, -1).join(' ')} (${extension.toUpperCase()})`;
  const one = last.startsWith('{') ? ' (one)' : '';
  return `${VERBS[method]} ${named.join(' ') || 'API'}${one}`;
}

/** Media types a path's file extension names (the CSV exports, the calendar files). */
const EXTENSION_MEDIA: Record<string, string> = { csv: 'text/csv', ics: 'text/calendar', json: 'application/json', pdf: 'application/pdf' };

/**
 * What a final handler shows of its success answer, read from its path's extension and its own
 * source (cheap, and only a hint): status and media type.
 */
function successOf(handler: unknown, method: Method, path: string): { status: string; media: string | null } {
  const source = typeof handler === 'function' ? Function.prototype.toString.call(handler) : '';
  const status = /\b201\b/.test(source) ? '201' : /\b204\b/.test(source) ? '204' : /\bredirect\(/.test(source) ? '302' : '200';
  if (status === '204' || status === '302' || method === 'head') return { status, media: null };
  const extension = /\.([a-z]+)$/.exec(path)?.[1];
  if (extension && EXTENSION_MEDIA[extension]) return { status, media: EXTENSION_MEDIA[extension] };
  const media = /text\/html/.test(source)
    ? 'text/html'
    : /text\/csv/.test(source)
    ? 'text/csv'
    : /text\/calendar/.test(source)
      ? 'text/calendar'
      : /application\/pdf/.test(source)
        ? 'application/pdf'
        : /application\/zip/.test(source)
          ? 'application/zip'
          : 'application/json';
  return { status, media };
}

/** The body a handler reads itself, from its source (a hint, like the success answer): multipart uploads, raw text. */
function unvalidatedBodyOf(handler: unknown): OperationObject['requestBody'] {
  const source = typeof handler === 'function' ? Function.prototype.toString.call(handler) : '';
  // Bundlers may suffix a name (`readMultipart2(`) and test transforms call imports as `(0, m.readMultipart)(`.
  if (/\b(?:readMultipart|parseBody|formData)\d*\)?\(/.test(source)) {
    return { required: true, content: { 'multipart/form-data': { schema: { type: 'object', description: 'Files and fields, checked by the server' } } } };
  }
  if (/\.req\.text\(\)/.test(source)) {
    return { required: true, content: { 'application/json': { schema: { description: 'Read as sent (its signature is checked over the raw text)' } } } };
  }
  return undefined;
}

/** The source text of a middleware or handler: where the hints below are read. */
function sourceOf(handler: unknown): string {
  return typeof handler === 'function' ? Function.prototype.toString.call(handler) : '';
}

/** The statuses the middlewares of a route add, read from their source like the success answer. */
function middlewareStatuses(handlers: readonly unknown[]): string[] {
  const out: string[] = [];
  for (const handler of handlers.slice(0, -1)) {
    const source = sourceOf(handler);
    // `rateLimit()` (middleware/rate-limit.ts): 429 with Retry-After.
    if (/\blimiterFor\d*\)?\(/.test(source)) out.push('429');
    // `switchedOn()` (services/settings.ts): 403 while the feature is off.
    if (/\bassertSwitchOn\d*\)?\(/.test(source)) out.push('403');
    // A body limit of its own (uploads): 413.
    if (/\bbodyLimit\d*\)?\(|maxSize/.test(source)) out.push('413');
  }
  return out;
}

export const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The input is not valid: the first problem as message, every field\'s problems in validationErrors.',
  '401': 'Not signed in, or the token is not valid.',
  '402': 'The payment was refused.',
  '403': 'The signed-in user may not do this.',
  '404': 'No such item (or not one the user may see).',
  '409': 'The request conflicts with the current state.',
  '410': 'The item is gone (expired or used).',
  '413': 'Request body too large.',
  '415': 'The file is not of a type this route takes.',
  '422': 'The request is understood but cannot be carried out.',
  '429': 'Too many requests: wait for the time Retry-After gives.',
  '502': 'A provider the request needs did not answer as expected.',
  '503': 'The service is not available (a provider is not set up).',
};

const ERROR_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '402': 'PaymentRequired',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '410': 'Gone',
  '413': 'PayloadTooLarge',
  '415': 'UnsupportedMediaType',
  '422': 'Unprocessable',
  '429': 'TooManyRequests',
  '502': 'BadGateway',
  '503': 'Unavailable',
};

function errorRef(status: string) {
  return { $ref: `#/components/responses/${ERROR_NAMES[status]}` } as unknown as { description: string };
}

/** The operation key of `statuses.ts`: `post /api/contact`. */
export function operationKey(method: string, path: string): string {
  return `${method.toLowerCase()} ${path}`;
}

/**
 * What every operation shares, as a `describeRoute()` spec placed before the route's own
 * handlers: hono-openapi merges it with the validators' schemas and the route file's own
 * description (later ones win key by key).
 */
function commonSpec(group: RouteGroup, operationId: string): DescribeRouteOptions {
  const { path, params } = openApiPath(group.path);
  const action = group.handlers.map(requiredActionOf).find((a) => a !== undefined);
  const signedIn = action !== undefined || group.handlers.includes(requireUser);
  const optional = !signedIn && group.handlers.includes(optionalUser);
  const final = group.handlers.at(-1);
  const validated = group.handlers.some((h) => typeof h === 'function' && (h as unknown as Record<symbol, { target?: string }>)[uniqueSymbol]?.target);
  const validatesBody = group.handlers.some((h) => {
    const target = typeof h === 'function' ? (h as unknown as Record<symbol, { target?: string }>)[uniqueSymbol]?.target : undefined;
    return target === 'json' || target === 'form';
  });

  // A body read by the handler itself, without a schema (uploads, the payment provider's events).
  const selfRead = validatesBody ? undefined : unvalidatedBodyOf(final);
  const hasBody = validatesBody || selfRead !== undefined;

  const success = successOf(final, group.method, path);
  const responses: Record<string, unknown> = {
    [success.status]: {
      description: success.status === '302' ? 'Redirect' : success.status === '204' ? 'Done, no content' : 'Success',
      ...(success.media
        ? { content: { [success.media]: { schema: success.media === 'application/json' ? {} : { type: 'string' } } } }
        : {}),
    },
  };
  // A body, with or without a schema, can be refused.
  if (validated || hasBody) responses['400'] = errorRef('400');
  if (signedIn) responses['401'] = errorRef('401');
  if (action) responses['403'] = errorRef('403');
  if (params.length > 0) responses['404'] = errorRef('404');
  if (group.method !== 'get' && group.method !== 'head') {
    responses['409'] = errorRef('409');
    if (hasBody) responses['413'] = errorRef('413');
  }
  for (const status of [...middlewareStatuses(group.handlers), ...(EXTRA_STATUSES[operationKey(group.method, path)] ?? [])]) {
    responses[status] ??= errorRef(status);
  }

  const description = action
    ? `Requires permission \`${action}\` (roles: ${rolesWith(action).join(', ') || 'none'}).`
    : signedIn
      ? 'Requires a signed-in user.'
      : optional
        ? 'Public; a signed-in user may get more.'
        : 'Public.';

  return {
    operationId,
    summary: summaryOf(group.method, path),
    description,
    tags: [tagOf(path)],
    // Path parameters a handler reads without a param schema: strings, with the route's pattern.
    parameters: params.map((p) => ({ name: p.name, in: 'path', required: true, schema: p.pattern ? { type: 'string', pattern: `^${p.pattern}$` } : { type: 'string' } })),
    ...(selfRead ? { requestBody: selfRead as DescribeRouteOptions['requestBody'] } : {}),
    responses: responses as DescribeRouteOptions['responses'],
    security: signedIn ? [{ bearerAuth: [] }] : optional ? [{}, { bearerAuth: [] }] : [],
    ...(action ? { 'x-permission': action } : {}),
  } as DescribeRouteOptions;
}

/** A middleware that only carries a spec for hono-openapi (what its `describeRoute()` makes). */
function specCarrier(spec: DescribeRouteOptions): RouterRoute['handler'] {
  const carrier = async (_c: unknown, next: () => Promise<void>) => next();
  return Object.assign(carrier, { [uniqueSymbol]: { spec } }) as unknown as RouterRoute['handler'];
}

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in one sentence for the person.' },
    validationErrors: {
      type: 'object',
      description: 'Per field (a dotted path), its problems.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
};

/** A parameter as the document holds it: `required` always said, no empty description. */
function tidyParameter(p: Record<string, unknown>): void {
  p.required = p.required === true || p.in === 'path';
  const schema = p.schema as Record<string, unknown> | undefined;
  if (schema && 'description' in schema && schema.description === undefined) delete schema.description;
}

/** The OpenAPI 3.1 description of the `/api/` routes of an app's route list. */
export async function generateOpenApi(routes: readonly RouterRoute[], version = '1.0'): Promise<OpenApiDocument> {
  // Each operation's shared spec goes in front of its first handler; the rest stays as Hono holds it.
  const used = new Set<string>();
  const carriers = new Map<string, RouterRoute>();
  for (const group of apiOperations(routes)) {
    const { path } = openApiPath(group.path);
    let operationId = operationIdOf(group.method, path);
    // Two Hono paths can make one id (`/a/:id` and `/a/:id{[0-9]+}` are not both mounted, but be safe).
    for (let n = 2; used.has(operationId); n++) operationId = `${operationIdOf(group.method, path)}${n}`;
    used.add(operationId);
    carriers.set(`${group.method} ${group.path}`, { method: group.method.toUpperCase(), path: group.path, basePath: '/', handler: specCarrier(commonSpec(group, operationId)) } as RouterRoute);
  }
  const described: RouterRoute[] = [];
  for (const route of routes) {
    const key = `${route.method.toLowerCase()} ${route.path}`;
    const carrier = carriers.get(key);
    if (carrier) {
      described.push(carrier);
      carriers.delete(key);
    }
    if (route.method !== 'ALL') described.push(route);
  }

  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_NAMES).map(([status, name]) => [
      name,
      { description: ERROR_RESPONSES[status]!, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  const specs = await generateSpecs({ routes: described } as unknown as Hono, {
    documentation: {
      info: {
        title: API_TITLE,
        version,
        description:
          'The DRX platform API, generated from the schemas the routes validate with. Errors are { message, validationErrors? }. ' +
          'Sign in with POST /api/login and send the access_token it answers in the header Authorization: Bearer followed by the token.',
      },
      servers: [{ url: '/' }],
      components: {
        schemas: { Error: ERROR_SCHEMA } as never,
        responses: errorResponses as never,
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access_token a sign-in answers (kept by the site in localStorage).' },
        },
      },
    },
    // The CSV exports and /api/openapi.json look like static files to the library; they are operations.
    excludeStaticFile: false,
    excludeMethods: [],
    // Validators of routes outside /api/ (the site's own) are not the API.
    exclude: [/^(?!\/api\/)/],
    // The 400 of `validate()` is the shared error shape, set per operation above.
    defaultValidationErrorResponse: false,
  });

  const doc = JSON.parse(JSON.stringify(specs)) as OpenApiDocument;
  const tags = new Set<string>();
  for (const ops of Object.values(doc.paths)) {
    for (const op of Object.values(ops)) {
      for (const p of op.parameters ?? []) tidyParameter(p as unknown as Record<string, unknown>);
      tags.add(op.tags[0]!);
    }
  }
  doc.tags = [...tags].sort().map((name) => ({ name }));
  return doc;
}
