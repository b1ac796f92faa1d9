import type { RouterRoute } from 'hono/types';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import { rolesWith, type Action } from '../domain/permissions.ts';
import { validationOf, type ValidationRecord } from '../http/validate.ts';
import { optionalUser, requiredActionOf, requireUser } from '../middleware/auth.ts';
import { inputJsonSchema, type JsonSchema } from './json-schema.ts';

/**
 * The OpenAPI 3.1 description of the API, generated from the app itself (decision 0033): every
 * route Hono holds, the zod schemas its `validate()` middlewares check, and the permission its
 * `requirePermission()` asks for. Nothing here is written by hand per route.
 */

export const OPENAPI_VERSION = '3.1.0';
export const API_TITLE = 'DRX API';

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;
type Method = (typeof METHODS)[number];

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

/** The handler a sub-app's route was mounted with (Hono wraps it when the sub-app has its own error handler). */
function unwrap(handler: unknown): unknown {
  const inner = (handler as Record<string, unknown> | null)?.[COMPOSED_HANDLER];
  return inner ? unwrap(inner) : handler;
}

/**
 * The API's operations among an app's routes: each method and path with its handlers. Middleware
 * mounted with `use` (method ALL) and catch-alls are not operations.
 */
export function apiOperations(routes: readonly RouterRoute[], prefix = '/api/'): RouteGroup[] {
  const groups = new Map<string, RouteGroup>();
  for (const route of routes) {
    const method = route.method.toLowerCase() as Method;
    if (!METHODS.includes(method) || !route.path.startsWith(prefix)) continue;
    const key = `${method} ${route.path}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { method, path: route.path, handlers: [] }));
    group.handlers.push(unwrap(route.handler));
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
  // A POST to a verb-like last segment (…/cancel, …/deactivate) is that action.
  if (method === 'post' && !last.startsWith('{') && segments.length > 1 && named.length > 1) {
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

const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The input is not valid: the first problem as message, every field\'s problems in validationErrors.',
  '401': 'Not signed in, or the token is not valid.',
  '403': 'The signed-in user may not do this.',
  '404': 'No such item (or not one the user may see).',
  '409': 'The request conflicts with the current state.',
  '413': 'Request body too large.',
};

const ERROR_NAMES: Record<string, string> = {
  '400': 'BadRequest',
  '401': 'Unauthorized',
  '403': 'Forbidden',
  '404': 'NotFound',
  '409': 'Conflict',
  '413': 'PayloadTooLarge',
};

function errorRef(status: string) {
  return { $ref: `#/components/responses/${ERROR_NAMES[status]}` } as unknown as { description: string };
}

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return { properties, required: new Set((schema.required as string[] | undefined) ?? []) };
}

const BODY_MEDIA: Partial<Record<ValidationRecord['target'], string>> = {
  json: 'application/json',
  form: 'multipart/form-data',
};

const PARAMETER_PLACE: Partial<Record<ValidationRecord['target'], ParameterObject['in']>> = {
  param: 'path',
  query: 'query',
  header: 'header',
};

function describeOperation(group: RouteGroup, operationId: string, schemas: Record<string, JsonSchema>): OperationObject {
  const { path, params } = openApiPath(group.path);
  const validations = group.handlers.map(validationOf).filter((v): v is ValidationRecord => v !== undefined);
  const action = group.handlers.map(requiredActionOf).find((a) => a !== undefined);
  const signedIn = action !== undefined || group.handlers.includes(requireUser);
  const optional = !signedIn && group.handlers.includes(optionalUser);
  const final = group.handlers.at(-1);

  const parameters: ParameterObject[] = [];
  let requestBody: OperationObject['requestBody'];
  const schemaPrefix = pascal(operationId);
  for (const { target, schema } of validations) {
    const converted = inputJsonSchema(schema, `${schemaPrefix}${pascal(target)}`);
    Object.assign(schemas, converted.defs);
    const media = BODY_MEDIA[target];
    if (media) {
      const content = requestBody?.content ?? {};
      content[media] = { schema: converted.schema };
      requestBody = { required: true, content };
      continue;
    }
    const place = PARAMETER_PLACE[target];
    if (!place) continue;
    const { properties, required } = propertiesOf(converted.schema);
    for (const [name, property] of Object.entries(properties)) {
      if (parameters.some((p) => p.name === name && p.in === place)) continue;
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: place,
        required: place === 'path' || required.has(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
      });
    }
  }
  // Path parameters a handler reads without a param schema: strings, with the route's pattern.
  for (const p of params) {
    if (parameters.some((q) => q.in === 'path' && q.name === p.name)) continue;
    parameters.push({ name: p.name, in: 'path', required: true, schema: p.pattern ? { type: 'string', pattern: `^${p.pattern}$` } : { type: 'string' } });
  }

  // A body read by the handler itself, without a schema (uploads, the payment provider's events).
  if (!requestBody) requestBody = unvalidatedBodyOf(final);

  const success = successOf(final, group.method, path);
  const responses: OperationObject['responses'] = {
    [success.status]: {
      description: success.status === '302' ? 'Redirect' : success.status === '204' ? 'Done, no content' : 'Success',
      ...(success.media
        ? { content: { [success.media]: { schema: success.media === 'application/json' ? {} : { type: 'string' } } } }
        : {}),
    },
  };
  // A body, with or without a schema, can be refused.
  if (validations.length > 0 || requestBody) responses['400'] = errorRef('400');
  if (signedIn) responses['401'] = errorRef('401');
  if (action) responses['403'] = errorRef('403');
  if (params.length > 0) responses['404'] = errorRef('404');
  if (group.method !== 'get' && group.method !== 'head') {
    responses['409'] = errorRef('409');
    if (requestBody) responses['413'] = errorRef('413');
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
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    security: signedIn ? [{ bearerAuth: [] }] : optional ? [{}, { bearerAuth: [] }] : [],
    ...(action ? { 'x-permission': action } : {}),
  };
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

/** The OpenAPI 3.1 description of the `/api/` routes of an app's route list. */
export function generateOpenApi(routes: readonly RouterRoute[], version = '1.0'): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const schemas: Record<string, JsonSchema> = { Error: ERROR_SCHEMA };
  const used = new Set<string>();
  const tags = new Set<string>();
  for (const group of apiOperations(routes)) {
    const { path } = openApiPath(group.path);
    let operationId = operationIdOf(group.method, path);
    // Two Hono paths can make one id (`/a/:id` and `/a/:id{[0-9]+}` are not both mounted, but be safe).
    for (let n = 2; used.has(operationId); n++) operationId = `${operationIdOf(group.method, path)}${n}`;
    used.add(operationId);
    const operation = describeOperation(group, operationId, schemas);
    (paths[path] ??= {})[group.method] = operation;
    tags.add(operation.tags[0]!);
  }
  const responses = Object.fromEntries(
    Object.entries(ERROR_NAMES).map(([status, name]) => [
      name,
      { description: ERROR_RESPONSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: API_TITLE,
      version,
      description:
        'The DRX platform API, generated from the schemas the routes validate with. Errors are { message, validationErrors? }. ' +
        'Sign in with POST /api/auth/login and send the token as Authorization: Bearer <token>.',
    },
    servers: [{ url: '/' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The access_token a sign-in answers (kept by the site in localStorage).' },
      },
    },
  };
}
