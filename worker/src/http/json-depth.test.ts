import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';

describe('nestsDeeperThan: the depth of a JSON text, by one scan', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('counts arrays and objects, up to the limit and past it', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 4)).toBe(true);
    // Siblings do not add up: depth is how far in, not how many.
    expect(nestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), 3)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[" and \\\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: '"', next: [[[]]] }), 3)).toBe(true);
  });
});
