/**
 * Control characters in text people typed (decision 0058): C0 (U+0000–U+001F), DEL (U+007F) and
 * C1 (U+0080–U+009F). Checked by code point rather than a regular expression of control ranges.
 * Pure; safe to import from the site.
 */

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

const isControl = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/** Whether the text holds any control character, tab and line breaks included. */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

/** Whether the text holds a control character other than tab, LF and CR (what multi-line text may keep). */
export function hasControlCharacterBesidesLines(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (isControl(code) && code !== TAB && code !== LF && code !== CR) return true;
  }
  return false;
}
