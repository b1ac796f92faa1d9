import { describe, expect, it } from 'vitest';
import { getInitials } from './initials.ts';

describe('getInitials', () => {
  it('takes the first letter of the first and last word, uppercased', () => {
    expect(getInitials('Ada Lovelace')).toBe('AL');
    expect(getInitials('mary jane watson')).toBe('MW');
    expect(getInitials('  Jean-Luc   Picard  ')).toBe('JP');
  });

  it('gives one letter for one word and nothing for no words', () => {
    expect(getInitials('admin')).toBe('A');
    expect(getInitials('')).toBe('');
    expect(getInitials('   ')).toBe('');
    expect(getInitials(null)).toBe('');
    expect(getInitials(undefined)).toBe('');
  });

  it('handles letters outside ASCII', () => {
    expect(getInitials('élodie ørsted')).toBe('ÉØ');
    expect(getInitials('𝒜da Lovelace')).toBe('𝒜L');
  });
});
