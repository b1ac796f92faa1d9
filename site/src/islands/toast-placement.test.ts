import { describe, expect, it } from 'vitest';
import { chooseToastEdge, intersects, PREFERRED_EDGE, stackBoxAt, type Box } from './toast-placement.ts';

const VIEWPORT = 800;
const INSET = 16;
// A stack of toasts 100 px tall on the right of a 1280 px wide viewport.
const stack: Box = { left: 896, right: 1264, top: 684, bottom: 784 };

describe('toast placement', () => {
  it('computes the box of the stack at either edge', () => {
    expect(stackBoxAt('bottom', stack, VIEWPORT, INSET)).toEqual({ left: 896, right: 1264, top: 684, bottom: 784 });
    expect(stackBoxAt('top', stack, VIEWPORT, INSET)).toEqual({ left: 896, right: 1264, top: 16, bottom: 116 });
  });

  it('treats touching boxes as apart', () => {
    expect(intersects({ left: 0, right: 10, top: 0, bottom: 10 }, { left: 10, right: 20, top: 0, bottom: 10 })).toBe(false);
    expect(intersects({ left: 0, right: 10, top: 0, bottom: 10 }, { left: 9, right: 20, top: 9, bottom: 20 })).toBe(true);
  });

  it('keeps the preferred edge when nothing is under it', () => {
    const button: Box = { left: 100, right: 260, top: 700, bottom: 740 };
    expect(chooseToastEdge('bottom', stack, [button], VIEWPORT, INSET)).toBe('bottom');
  });

  it('moves to the other edge when the stack would cover a primary action', () => {
    const save: Box = { left: 1100, right: 1240, top: 720, bottom: 760 };
    expect(chooseToastEdge('bottom', stack, [save], VIEWPORT, INSET)).toBe('top');
    const phoneStack: Box = { left: 16, right: 374, top: 16, bottom: 96 };
    const signUp: Box = { left: 200, right: 330, top: 12, bottom: 52 };
    expect(chooseToastEdge('top', phoneStack, [signUp], 844, INSET)).toBe('bottom');
  });

  it('stays at the preferred edge when both edges are covered', () => {
    const top: Box = { left: 1100, right: 1240, top: 20, bottom: 60 };
    const bottom: Box = { left: 1100, right: 1240, top: 720, bottom: 760 };
    expect(chooseToastEdge('bottom', stack, [top, bottom], VIEWPORT, INSET)).toBe('bottom');
  });

  it('goes to the bottom on every screen, and at the top stays below the header', () => {
    expect(PREFERRED_EDGE).toBe('bottom');
    // A 64 px sticky header: the stack at the top starts under it, never over it.
    const inset = { top: 64 + INSET, bottom: INSET };
    expect(stackBoxAt('top', stack, VIEWPORT, inset)).toEqual({ left: 896, right: 1264, top: 80, bottom: 180 });
    expect(stackBoxAt('bottom', stack, VIEWPORT, inset)).toEqual({ left: 896, right: 1264, top: 684, bottom: 784 });
    // A primary button just under the header is covered by a stack there: the stack keeps the bottom when only the top is covered.
    const underHeader: Box = { left: 1100, right: 1240, top: 90, bottom: 130 };
    const save: Box = { left: 1100, right: 1240, top: 720, bottom: 760 };
    expect(chooseToastEdge('bottom', stack, [underHeader, save], VIEWPORT, inset)).toBe('bottom');
    expect(chooseToastEdge('bottom', stack, [save], VIEWPORT, inset)).toBe('top');
  });
});
