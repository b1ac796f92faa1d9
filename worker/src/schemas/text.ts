import type { z } from 'zod';
import { hasControlCharacter, hasControlCharacterBesidesLines } from '../domain/control-characters.ts';

/**
 * Control characters in people's text (decision 0058). A single line (a name, a title, a code)
 * holds none: a CR or LF there splits a CSV row, a mail header or a log line, and other C0/C1
 * controls are invisible. Multi-line text (descriptions, bodies) keeps its line breaks and tabs
 * and refuses the other controls.
 */
export const SINGLE_LINE_MESSAGE = 'Must not contain line breaks or control characters';
export const MULTI_LINE_MESSAGE = 'Must not contain control characters';

export const isSingleLine = (value: string): boolean => !hasControlCharacter(value);
export const isMultiLine = (value: string): boolean => !hasControlCharacterBesidesLines(value);

/** A single-line text field: the schema as given, refusing line breaks and control characters. */
export function singleLine<S extends z.ZodType<string, string>>(schema: S): S {
  return schema.refine(isSingleLine, SINGLE_LINE_MESSAGE) as S;
}

/** A multi-line text field: line breaks and tabs stay, other control characters are refused. */
export function multiLine<S extends z.ZodType<string, string>>(schema: S): S {
  return schema.refine(isMultiLine, MULTI_LINE_MESSAGE) as S;
}
