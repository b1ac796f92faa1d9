import { beforeEach, describe, expect, it } from 'vitest';
import { $toasts, clearToasts, dismissToast, toast, TOAST_DURATION, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD } from './toasts.ts';

describe('toasts (at most 5, 5000 ms, swipe to dismiss)', () => {
  beforeEach(() => clearToasts());

  it('keeps its limits as named constants', () => {
    expect(TOAST_LIMIT).toBe(5);
    expect(TOAST_DURATION).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD).toBe(50);
  });

  it('defaults to the default variant and 5000 ms', () => {
    toast({ title: 'Saved' });
    expect($toasts.get()).toEqual([{ id: expect.any(Number), title: 'Saved', description: undefined, variant: 'default', duration: 5000 }]);
  });

  it('keeps at most 5, dropping the oldest', () => {
    const ids = Array.from({ length: 7 }, (_, i) => toast({ title: `t${i}`, variant: 'destructive', duration: 100 }));
    expect($toasts.get().map((t) => t.id)).toEqual(ids.slice(2));
    expect($toasts.get().every((t) => t.variant === 'destructive' && t.duration === 100)).toBe(true);
  });

  it('dismisses one by id', () => {
    const a = toast({ title: 'a' });
    const b = toast({ title: 'b' });
    dismissToast(a);
    expect($toasts.get().map((t) => t.id)).toEqual([b]);
  });
});
