import { describe, expect, it } from 'vitest';
import { pageParams, tokenFromAddress, tokenInAddress, tokenTo } from './keyset-pages.ts';

const shown = { page: 4, next: 'NEXT', prev: 'PREV' };

describe('keyset page moves', () => {
  it('reach the pages next to the one shown by its tokens, any other by number', () => {
    expect(tokenTo(5, shown)).toEqual({ page: 5, after: 'NEXT' });
    expect(tokenTo(3, shown)).toEqual({ page: 3, before: 'PREV' });
    expect(tokenTo(1, { page: 2, next: 'N', prev: 'P' })).toEqual({ page: 1 });
    expect(tokenTo(9, shown)).toEqual({ page: 9 });
    expect(tokenTo(5, { ...shown, next: null })).toEqual({ page: 5 });
    expect(tokenTo(5, undefined)).toEqual({ page: 5 });
  });

  it('send a token only with the page it was made for', () => {
    expect(pageParams(5, { page: 5, after: 'NEXT' })).toEqual({ page: '5', after: 'NEXT' });
    expect(pageParams(3, { page: 3, before: 'PREV' })).toEqual({ page: '3', before: 'PREV' });
    // The filters changed (back to page 1) or another page was asked since.
    expect(pageParams(1, { page: 5, after: 'NEXT' })).toEqual({ page: '1' });
    expect(pageParams(6, { page: 5, after: 'NEXT' })).toEqual({ page: '6' });
  });

  it('keep the token in the address and read it back', () => {
    expect(tokenInAddress(5, { page: 5, after: 'NEXT' })).toEqual({ after: 'NEXT', before: undefined });
    expect(tokenInAddress(1, { page: 1 })).toEqual({ after: undefined, before: undefined });
    expect(tokenFromAddress(new URLSearchParams('page=5&after=NEXT'), 5)).toEqual({ page: 5, after: 'NEXT' });
    expect(tokenFromAddress(new URLSearchParams('page=3&before=PREV'), 3)).toEqual({ page: 3, before: 'PREV' });
    expect(tokenFromAddress(new URLSearchParams('after=bad%20token'), 2)).toEqual({ page: 2 });
    expect(tokenFromAddress(new URLSearchParams('after=NEXT'), 1)).toEqual({ page: 1 });
  });
});
