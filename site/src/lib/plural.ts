/**
 * Counts in words through Intl.PluralRules, so "1 course", "2 courses" and "0 courses" follow the
 * language's rules rather than `n === 1` checks scattered over the islands. English only for now;
 * the forms are passed in, so another language adds its own.
 */
const rules = new Intl.PluralRules('en-US');
const numbers = new Intl.NumberFormat('en-US');

/** `one` or `other` (default: `one` + "s") as the plural rules choose for n. */
export function pluralWord(n: number, one: string, other = `${one}s`): string {
  return rules.select(n) === 'one' ? one : other;
}

/** The number, formatted, and its word: "1 learner", "1,204 learners", "0 drafts". */
export function countLabel(n: number, one: string, other = `${one}s`): string {
  return `${numbers.format(n)} ${pluralWord(n, one, other)}`;
}
