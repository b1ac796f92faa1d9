import { describe, expect, it } from 'vitest';
import { recordingWithDuration, withDuration } from './webm-duration.ts';

const EBML = [0x1a, 0x45, 0xdf, 0xa3, 0x84, 0x42, 0x86, 0x81, 0x01];
const SEGMENT_UNKNOWN = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
// Info: TimecodeScale 1,000,000 (1 ms) and MuxingApp "hi", no Duration: what a browser's recorder writes.
const INFO = [0x15, 0x49, 0xa9, 0x66, 0x8c, 0x2a, 0xd7, 0xb1, 0x83, 0x0f, 0x42, 0x40, 0x4d, 0x80, 0x82, 0x68, 0x69];
const TRACKS = [0x16, 0x54, 0xae, 0x6b, 0x80];
const CLUSTER = [0x1f, 0x43, 0xb6, 0x75, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xe7, 0x81, 0x00];

const bytes = (...parts: number[][]) => Uint8Array.from(parts.flat());

/** The Duration element's value (in TimecodeScale units), found by its id and 8-byte size. */
function durationIn(file: Uint8Array): number | null {
  for (let i = 0; i + 11 <= file.length; i += 1) {
    if (file[i] === 0x44 && file[i + 1] === 0x89 && file[i + 2] === 0x88) return new DataView(file.buffer, file.byteOffset + i + 3, 8).getFloat64(0);
  }
  return null;
}

describe('writing the length into a recorded WebM', () => {
  it('adds Duration to the Segment Info and keeps everything after it', () => {
    const file = bytes(EBML, SEGMENT_UNKNOWN, INFO, TRACKS, CLUSTER);
    const fixed = withDuration(file, 12_345)!;
    expect(fixed).not.toBeNull();
    const out = bytes([...fixed.head], [...file.subarray(fixed.replaces)]);
    expect(durationIn(out)).toBe(12_345);
    // The header and the unknown-size Segment are as they were; the rest of the file follows unchanged.
    expect([...out.subarray(0, EBML.length + SEGMENT_UNKNOWN.length)]).toEqual([...EBML, ...SEGMENT_UNKNOWN]);
    expect([...out.subarray(out.length - TRACKS.length - CLUSTER.length)]).toEqual([...TRACKS, ...CLUSTER]);
    // Info grew by the 11 bytes of Duration, and its size (8 bytes wide now) says so.
    const infoAt = EBML.length + SEGMENT_UNKNOWN.length;
    expect([...out.subarray(infoAt, infoAt + 4)]).toEqual([0x15, 0x49, 0xa9, 0x66]);
    expect([...out.subarray(infoAt + 4, infoAt + 12)]).toEqual([0x01, 0, 0, 0, 0, 0, 0, 12 + 11]);
    // A file that has its length is left alone.
    expect(withDuration(out, 99)).toBeNull();
  });

  it('counts in the file’s TimecodeScale and updates a Segment of known size', () => {
    // TimecodeScale 1,000,000 ns → 500,000 ns (0x07A120): the duration doubles in its units.
    const info = [0x15, 0x49, 0xa9, 0x66, 0x87, 0x2a, 0xd7, 0xb1, 0x83, 0x07, 0xa1, 0x20];
    const body = [...info, ...TRACKS];
    const file = bytes(EBML, [0x18, 0x53, 0x80, 0x67, 0x80 | body.length], body);
    const fixed = withDuration(file, 1_000)!;
    const out = bytes([...fixed.head], [...file.subarray(fixed.replaces)]);
    expect(durationIn(out)).toBe(2_000);
    const segmentSizeAt = EBML.length + 4;
    const size = out.subarray(segmentSizeAt, segmentSizeAt + 8);
    expect(size[0]).toBe(0x01);
    expect(size[7]).toBe(out.length - (segmentSizeAt + 8));
  });

  it('leaves what it does not understand as it is', () => {
    expect(withDuration(Uint8Array.from([0, 1, 2, 3]), 1000)).toBeNull();
    expect(withDuration(bytes(EBML, [0x1f, 0x43, 0xb6, 0x75, 0x80]), 1000)).toBeNull();
  });

  it('rewrites only the head of a recording Blob', async () => {
    const file = bytes(EBML, SEGMENT_UNKNOWN, INFO, TRACKS, CLUSTER);
    const blob = await recordingWithDuration(new Blob([file], { type: 'video/webm' }), 4_000);
    expect(blob.type).toBe('video/webm');
    expect(blob.size).toBe(file.length + 11 + 7);
    expect(durationIn(new Uint8Array(await blob.arrayBuffer()))).toBe(4_000);
    const mp4 = new Blob([file], { type: 'video/mp4' });
    expect(await recordingWithDuration(mp4, 4_000)).toBe(mp4);
  });
});
