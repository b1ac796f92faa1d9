import type { MiddlewareHandler } from 'hono';
import { AppError } from './errors.ts';

/** How deep arrays and objects may nest in a JSON body; no route takes anything near it (decision 0058). */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP = `JSON nested more than ${MAX_JSON_DEPTH} levels deep`;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests deeper than `max`: one linear pass counting the brackets outside
 * strings, so a body of a million `[` is refused before JSON.parse spends (and recurses) on it.
 * Malformed text is left for JSON.parse to refuse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === BACKSLASH) i++;
      else if (ch === QUOTE) inString = false;
    } else if (ch === QUOTE) {
      inString = true;
    } else if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/** The media types the validator parses as JSON (as hono's validator tells them). */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A `validate('json', …)` middleware that first refuses, with 400, a JSON body nested past
 * MAX_JSON_DEPTH (decision 0058). The text read here stays with the request (hono keeps it), so
 * the validator's JSON.parse reads the same text; a body that cannot be read is left for the
 * validator to refuse as before.
 */
export function refusingDeepJson<M extends MiddlewareHandler>(validator: M): M {
  const checked: MiddlewareHandler = async (c, next) => {
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
    if (JSON_MEDIA_TYPE.test(mediaType)) {
      let text: string | null = null;
      try {
        text = await c.req.text();
      } catch {
        // Unreadable (or over the body limit): answered as before.
      }
      if (text !== null && nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new AppError(400, JSON_TOO_DEEP);
    }
    return validator(c, next);
  };
  return checked as M;
}
