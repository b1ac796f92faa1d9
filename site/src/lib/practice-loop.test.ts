import { describe, expect, it } from 'vitest';
import {
  clearLoop,
  describeLoop,
  formatTime,
  isLooping,
  loopSeekTarget,
  mirrorTransform,
  nextSpeed,
  NO_LOOP,
  PRACTICE_SPEEDS,
  setLoopEnd,
  setLoopStart,
  speedLabel,
  videoPoster,
} from './practice-loop.ts';

describe('A–B loop', () => {
  it('loops from A to B once both are set', () => {
    const loop = setLoopEnd(setLoopStart(NO_LOOP, 10), 14.5);
    expect(loop).toEqual({ a: 10, b: 14.5 });
    expect(isLooping(loop)).toBe(true);
    expect(loopSeekTarget(loop, 12)).toBeNull();
    expect(loopSeekTarget(loop, 14.5)).toBe(10);
    expect(loopSeekTarget(loop, 20)).toBe(10);
    expect(loopSeekTarget(loop, 3)).toBe(10);
    // a hair before A (the seek lands slightly early) is left alone
    expect(loopSeekTarget(loop, 9.9)).toBeNull();
  });

  it('does nothing with only A set', () => {
    const loop = setLoopStart(NO_LOOP, 5);
    expect(isLooping(loop)).toBe(false);
    expect(loopSeekTarget(loop, 100)).toBeNull();
    expect(describeLoop(loop)).toBe('Loop starts at 0:05; set B to loop');
  });

  it('starts at 0 when B is set first, and swaps a B before A', () => {
    expect(setLoopEnd(NO_LOOP, 8)).toEqual({ a: 0, b: 8 });
    expect(setLoopEnd({ a: 20, b: null }, 12)).toEqual({ a: 12, b: 20 });
  });

  it('refuses a loop shorter than half a second', () => {
    const a = setLoopStart(NO_LOOP, 10);
    expect(setLoopEnd(a, 10.2)).toBe(a);
  });

  it('drops B when a new A is not before it', () => {
    expect(setLoopStart({ a: 2, b: 6 }, 7)).toEqual({ a: 7, b: null });
    expect(setLoopStart({ a: 2, b: 6 }, 4)).toEqual({ a: 4, b: 6 });
  });

  it('clamps times to the video', () => {
    expect(setLoopStart(NO_LOOP, -3)).toEqual({ a: 0, b: null });
    expect(setLoopEnd({ a: 5, b: null }, 99, 30)).toEqual({ a: 5, b: 30 });
    expect(setLoopStart(NO_LOOP, Number.NaN)).toEqual({ a: 0, b: null });
  });

  it('clears', () => {
    expect(clearLoop()).toEqual(NO_LOOP);
    expect(describeLoop(clearLoop())).toBe('No loop');
    expect(describeLoop({ a: 61, b: 75.4 })).toBe('Looping 1:01 to 1:15');
  });
});

describe('speed, mirror and time', () => {
  it('offers 0.5×, 0.75× and 1×', () => {
    expect(PRACTICE_SPEEDS).toEqual([0.5, 0.75, 1]);
    expect(nextSpeed(1)).toBe(0.5);
    expect(nextSpeed(0.5)).toBe(0.75);
    expect(nextSpeed(2)).toBe(0.5);
    expect(speedLabel(0.75)).toBe('0.75×');
  });

  it('mirrors with scaleX(-1)', () => {
    expect(mirrorTransform(true)).toBe('scaleX(-1)');
    expect(mirrorTransform(false)).toBeUndefined();
  });

  it('formats times', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(75.4)).toBe('1:15');
    expect(formatTime(3725)).toBe('1:02:05');
    expect(formatTime(null)).toBe('–');
  });
});

describe('video poster', () => {
  it('is the course image as the browser loads it, or none', () => {
    expect(videoPoster('/uploads/demo/cover-ballet.svg')).toBe('/uploads/demo/cover-ballet.svg');
    expect(videoPoster('https://images.unsplash.com/photo-1')).toBe('https://images.unsplash.com/photo-1');
    expect(videoPoster('http://localhost:4321/uploads/abc.png')).toBe('/uploads/abc.png');
    expect(videoPoster(null)).toBeUndefined();
    expect(videoPoster('  ')).toBeUndefined();
  });
});
