import { z, type ZodType } from 'zod';

/** A JSON Schema object as the OpenAPI 3.1 description holds it. */
export type JsonSchema = { [key: string]: unknown };

/**
 * The JSON Schema of what a client sends (zod 4's own `z.toJSONSchema`, decision 0033): the input
 * side of transforms and pipes, defaults made optional; types JSON cannot express (dates, files,
 * custom checks) become `{}` instead of failing. Refinements have no JSON form and are left out.
 * Shared sub-schemas zod puts in `$defs` come back in `defs`, named `prefix + name`, for the
 * document's components; the schema's `$ref`s point there.
 */
export function inputJsonSchema(schema: ZodType, prefix: string): { schema: JsonSchema; defs: Record<string, JsonSchema> } {
  let out: JsonSchema;
  try {
    out = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  } catch {
    // A schema zod cannot describe at all: described as any value rather than failing the document.
    return { schema: { description: 'Checked by the server; no JSON Schema form' }, defs: {} };
  }
  delete out.$schema;
  const found = out.$defs as Record<string, JsonSchema> | undefined;
  if (!found) return { schema: out, defs: {} };
  delete out.$defs;
  const moved = new Map<string, string>();
  const defs: Record<string, JsonSchema> = {};
  for (const name of Object.keys(found)) moved.set(`#/$defs/${name}`, `#/components/schemas/${prefix}${name}`);
  for (const [name, def] of Object.entries(found)) defs[`${prefix}${name}`] = rewriteRefs(def, moved) as JsonSchema;
  return { schema: rewriteRefs(out, moved) as JsonSchema, defs };
}

/** Points every `$ref` to a moved definition at its new place (in place, and in the moved ones too). */
export function rewriteRefs(value: unknown, moved: Map<string, string>): unknown {
  if (Array.isArray(value)) {
    value.forEach((v) => rewriteRefs(v, moved));
  } else if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    if (typeof obj.$ref === 'string' && moved.has(obj.$ref)) obj.$ref = moved.get(obj.$ref);
    for (const v of Object.values(obj)) rewriteRefs(v, moved);
  }
  return value;
}
