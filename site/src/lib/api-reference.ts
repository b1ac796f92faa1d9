import type { JsonSchema } from '../../../worker/src/openapi/json-schema.ts';
import type { OpenApiDocument, OperationObject, ParameterObject } from '../../../worker/src/openapi/generate.ts';

/**
 * Reading the API's OpenAPI description (GET /api/openapi.json, decision 0033) for the
 * interactive reference: operations grouped by tag, schemas as readable rows, an example body to
 * start from, and the request a "Try it" form makes. Pure functions; the store calls them.
 */

export type { JsonSchema, OpenApiDocument, OperationObject, ParameterObject };

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  tag: string;
  permission?: string;
  signedIn: boolean;
  parameters: ParameterObject[];
  /** The request body's media type and schema, when the operation takes one. */
  body?: { media: string; schema: JsonSchema };
  responses: { status: string; description: string }[];
}

export interface OperationGroup {
  tag: string;
  operations: OperationView[];
}

export interface ApiReferenceData {
  title: string;
  version: string;
  description: string;
  groups: OperationGroup[];
  count: number;
  schemas: Record<string, JsonSchema>;
}

const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

function resolveResponse(doc: OpenApiDocument, response: unknown): { description: string } {
  const ref = (response as { $ref?: string }).$ref;
  if (ref?.startsWith('#/components/responses/')) {
    const found = (doc.components.responses as Record<string, { description?: string }>)[ref.slice('#/components/responses/'.length)];
    return { description: found?.description ?? '' };
  }
  return { description: (response as { description?: string }).description ?? '' };
}

/** The document's operations as views, grouped by tag (tags and paths in order). */
export function readDocument(doc: OpenApiDocument): ApiReferenceData {
  const groups = new Map<string, OperationView[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations) as [string, OperationObject][]) {
      const tag = op.tags[0] ?? 'other';
      const media = op.requestBody ? Object.keys(op.requestBody.content)[0] : undefined;
      const view: OperationView = {
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? '',
        tag,
        permission: op['x-permission'],
        signedIn: (op.security ?? []).some((s) => 'bearerAuth' in s) && !(op.security ?? []).some((s) => Object.keys(s).length === 0),
        parameters: op.parameters ?? [],
        ...(media && op.requestBody ? { body: { media, schema: op.requestBody.content[media]!.schema } } : {}),
        responses: Object.entries(op.responses).map(([status, r]) => ({ status, ...resolveResponse(doc, r) })),
      };
      if (!groups.has(tag)) groups.set(tag, []);
      groups.get(tag)!.push(view);
    }
  }
  const sorted = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, operations]) => ({
      tag,
      operations: operations.sort((a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method.toLowerCase()) - METHOD_ORDER.indexOf(b.method.toLowerCase())),
    }));
  return {
    title: doc.info.title,
    version: doc.info.version,
    description: doc.info.description,
    groups: sorted,
    count: sorted.reduce((n, g) => n + g.operations.length, 0),
    schemas: doc.components.schemas,
  };
}

/** The groups with only the operations a search matches (method, path, summary, tag or permission). */
export function filterGroups(groups: OperationGroup[], search: string): OperationGroup[] {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return groups;
  return groups
    .map((g) => ({
      tag: g.tag,
      operations: g.operations.filter((op) => {
        const text = `${op.method} ${op.path} ${op.summary} ${op.tag} ${op.permission ?? ''}`.toLowerCase();
        return terms.every((term) => text.includes(term));
      }),
    }))
    .filter((g) => g.operations.length > 0);
}

/** A schema with its `$ref` followed (into the components' schemas). */
export function resolveSchema(schema: JsonSchema, schemas: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) return schemas[ref.slice('#/components/schemas/'.length)] ?? {};
  return schema;
}

/** The non-null alternatives of an `anyOf` (a nullable field is "X or null"). */
function alternatives(schema: JsonSchema): { options: JsonSchema[]; nullable: boolean } {
  const any = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (!any) return { options: [schema], nullable: false };
  const options = any.filter((s) => s.type !== 'null');
  return { options, nullable: options.length < any.length };
}

/** A short, readable type: `string`, `integer`, `"percent" | "fixed"`, `array of object`, `any`. */
export function typeLabel(schema: JsonSchema, schemas: Record<string, JsonSchema>): string {
  const resolved = resolveSchema(schema, schemas);
  const { options, nullable } = alternatives(resolved);
  const labels = options.map((option) => {
    const s = resolveSchema(option, schemas);
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (s.type === 'array') return `array of ${s.items ? typeLabel(s.items as JsonSchema, schemas) : 'any'}`;
    if (Array.isArray(s.type)) return s.type.join(' | ');
    if (typeof s.type === 'string') return s.format ? `${s.type} (${s.format})` : s.type;
    if (s.anyOf || s.oneOf) return typeLabel(s, schemas);
    return s.properties ? 'object' : 'any';
  });
  const text = [...new Set(labels)].join(' | ') || 'any';
  return nullable ? `${text} | null` : text;
}

/** The checks of a field a person should know: lengths, ranges, pattern, default. */
export function constraintsOf(schema: JsonSchema, schemas: Record<string, JsonSchema>): string[] {
  const { options } = alternatives(resolveSchema(schema, schemas));
  const s = resolveSchema(options[0] ?? {}, schemas);
  const out: string[] = [];
  // zod's int() bounds every integer by the safe range: not worth saying.
  const n = (key: string) => (typeof s[key] === 'number' && Math.abs(s[key] as number) < Number.MAX_SAFE_INTEGER ? (s[key] as number) : undefined);
  const [minLength, maxLength, minimum, maximum, minItems, maxItems] = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'].map(n);
  if (minLength !== undefined && maxLength !== undefined) out.push(`${minLength}–${maxLength} characters`);
  else if (minLength !== undefined) out.push(`at least ${minLength} characters`);
  else if (maxLength !== undefined) out.push(`at most ${maxLength} characters`);
  if (minimum !== undefined && maximum !== undefined) out.push(`from ${minimum} to ${maximum}`);
  else if (minimum !== undefined) out.push(`at least ${minimum}`);
  else if (maximum !== undefined) out.push(`at most ${maximum}`);
  if (n('exclusiveMinimum') !== undefined) out.push(`more than ${n('exclusiveMinimum')}`);
  if (n('exclusiveMaximum') !== undefined) out.push(`less than ${n('exclusiveMaximum')}`);
  if (minItems !== undefined) out.push(`at least ${minItems} items`);
  if (maxItems !== undefined) out.push(`at most ${maxItems} items`);
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  const fallback = schema.default ?? resolveSchema(schema, schemas).default;
  if (fallback !== undefined) out.push(`default ${JSON.stringify(fallback)}`);
  return out;
}

export interface SchemaRow {
  /** The field's dotted path (`items[].kind` for an array's objects). */
  name: string;
  depth: number;
  type: string;
  required: boolean;
  constraints: string[];
  description?: string;
}

/** An object schema as rows, nested objects and arrays of objects below their field. */
export function schemaRows(schema: JsonSchema, schemas: Record<string, JsonSchema>, prefix = '', depth = 0, seen: Set<JsonSchema> = new Set()): SchemaRow[] {
  const resolved = resolveSchema(schema, schemas);
  if (seen.has(resolved) || depth > 6) return [];
  const { options } = alternatives(resolved);
  const object = options.map((o) => resolveSchema(o, schemas)).find((o) => o.properties);
  if (!object) return [];
  const next = new Set(seen).add(resolved);
  const required = new Set((object.required as string[] | undefined) ?? []);
  const rows: SchemaRow[] = [];
  for (const [key, property] of Object.entries(object.properties as Record<string, JsonSchema>)) {
    const name = prefix ? `${prefix}.${key}` : key;
    rows.push({
      name,
      depth,
      type: typeLabel(property, schemas),
      required: required.has(key),
      constraints: constraintsOf(property, schemas),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
    });
    const inner = alternatives(resolveSchema(property, schemas)).options.map((o) => resolveSchema(o, schemas));
    const items = inner.find((o) => o.type === 'array')?.items as JsonSchema | undefined;
    rows.push(...schemaRows(property, schemas, name, depth + 1, next));
    if (items) rows.push(...schemaRows(items, schemas, `${name}[]`, depth + 1, next));
  }
  return rows;
}

/** A value of the schema to start editing from: defaults, first enum values, empty strings, zeros. */
export function exampleOf(schema: JsonSchema, schemas: Record<string, JsonSchema>, depth = 0): unknown {
  const resolved = resolveSchema(schema, schemas);
  if (resolved.default !== undefined) return resolved.default;
  if (depth > 5) return null;
  const { options } = alternatives(resolved);
  const s = resolveSchema(options[0] ?? {}, schemas);
  if (s.default !== undefined) return s.default;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [key, property] of Object.entries(s.properties as Record<string, JsonSchema>)) {
      // The required fields, and optional ones only at the top (nested optional ones stay out).
      if (required.has(key) || depth === 0) out[key] = exampleOf(property, schemas, depth + 1);
    }
    return out;
  }
  switch (s.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'null':
      return null;
    default:
      return null;
  }
}

export interface TryRequest {
  method: string;
  url: string;
  body?: string;
  contentType?: string;
}

/**
 * The request a Try it form makes: path parameters filled in (encoded), the query's non-empty
 * values, and the JSON body as typed. An error names what is missing or wrong instead.
 */
export function buildTryRequest(op: OperationView, values: Record<string, string>, body: string): { ok: true; request: TryRequest } | { ok: false; message: string } {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const value = (values[`${p.in}:${p.name}`] ?? '').trim();
    if (p.in === 'path') {
      if (!value) return { ok: false, message: `Enter ${p.name}` };
      path = path.replace(`{${p.name}}`, encodeURIComponent(value));
    } else if (p.in === 'query') {
      if (value) query.set(p.name, value);
      else if (p.required) return { ok: false, message: `Enter ${p.name}` };
    }
  }
  const search = query.toString();
  const request: TryRequest = { method: op.method, url: search ? `${path}?${search}` : path };
  if (op.body?.media === 'application/json' && op.method !== 'GET' && op.method !== 'HEAD') {
    const text = body.trim();
    if (text) {
      try {
        JSON.parse(text);
      } catch {
        return { ok: false, message: 'The body is not valid JSON' };
      }
      request.body = text;
      request.contentType = 'application/json';
    }
  }
  return { ok: true, request };
}

/** At most this much of an answer is shown (a CSV export can be large). */
export const MAX_SHOWN_CHARS = 20_000;

/** An answer's body for reading: JSON indented, other text as it is, both cut at MAX_SHOWN_CHARS. */
export function showBody(text: string, contentType: string | null): string {
  let shown = text;
  if ((contentType ?? '').includes('json')) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON after all: shown as it came
    }
  }
  return shown.length > MAX_SHOWN_CHARS ? `${shown.slice(0, MAX_SHOWN_CHARS)}\n… (${shown.length - MAX_SHOWN_CHARS} more characters)` : shown;
}
