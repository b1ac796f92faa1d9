/**
 * A browser's recorder writes a WebM file without its length (it does not know it when it starts):
 * players then show no duration and seek poorly. This writes the Duration element into the file's
 * Segment Info before the take is kept, so the learner's and the instructors' players can seek it.
 * Pure over bytes; only the file's head is read and rewritten.
 */

const EBML_ID = 0x1a45dfa3;
const SEGMENT_ID = 0x18538067;
const INFO_ID = 0x1549a966;
const TIMECODE_SCALE_ID = 0x2ad7b1;
const DURATION_ID = 0x4489;

/** The head read from a recording: the EBML header and Segment Info are in its first bytes. */
export const HEAD_BYTES = 64 * 1024;

interface Vint {
  value: number;
  length: number;
  /** A size whose bits are all 1: "unknown" (a live recording's Segment). */
  unknown: boolean;
}

/** An EBML variable-size integer at `at`: an element id (marker kept) or a size (marker dropped). */
function readVint(bytes: Uint8Array, at: number, keepMarker: boolean): Vint | null {
  const first = bytes[at];
  if (first === undefined || first === 0) return null;
  let length = 1;
  while (!(first & (0x80 >> (length - 1)))) length += 1;
  if (at + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let unknown = !keepMarker && value === 0xff >> length;
  for (let i = 1; i < length; i += 1) {
    const b = bytes[at + i]!;
    value = value * 256 + b;
    if (b !== 0xff) unknown = false;
  }
  return { value, length, unknown };
}

/** A size as an 8-byte EBML integer (room for any change of size). */
function size8(n: number): Uint8Array {
  const out = new Uint8Array(8);
  let v = n;
  for (let i = 7; i >= 1; i -= 1) {
    out[i] = v % 256;
    v = Math.floor(v / 256);
  }
  out[0] = 0x01 | v;
  return out;
}

interface Element {
  id: number;
  start: number;
  dataStart: number;
  /** null: unknown size (runs to the end of its parent). */
  end: number | null;
}

function readElement(bytes: Uint8Array, at: number): Element | null {
  const id = readVint(bytes, at, true);
  if (!id) return null;
  const size = readVint(bytes, at + id.length, false);
  if (!size) return null;
  const dataStart = at + id.length + size.length;
  return { id: id.value, start: at, dataStart, end: size.unknown ? null : dataStart + size.value };
}

function readUint(bytes: Uint8Array, from: number, to: number): number {
  let v = 0;
  for (let i = from; i < to; i += 1) v = v * 256 + bytes[i]!;
  return v;
}

/**
 * The file's head with a Duration of `durationMs` added to its Segment Info, and how many bytes of
 * the original head it replaces; null when the head is not a WebM recording without a duration
 * (nothing to change, or not understood: the file is then kept as it is).
 */
export function withDuration(head: Uint8Array, durationMs: number): { head: Uint8Array; replaces: number } | null {
  const ebml = readElement(head, 0);
  if (!ebml || ebml.id !== EBML_ID || ebml.end === null) return null;
  const segment = readElement(head, ebml.end);
  if (!segment || segment.id !== SEGMENT_ID) return null;

  let info: Element | null = null;
  for (let at = segment.dataStart, steps = 0; at < head.length && steps < 16; steps += 1) {
    const child = readElement(head, at);
    if (!child || child.end === null) return null;
    if (child.id === INFO_ID) {
      info = child;
      break;
    }
    at = child.end;
  }
  if (!info || info.end === null || info.end > head.length) return null;

  let scale = 1_000_000;
  for (let at = info.dataStart; at < info.end; ) {
    const child = readElement(head, at);
    if (!child || child.end === null || child.end > info.end) return null;
    if (child.id === DURATION_ID) return null;
    if (child.id === TIMECODE_SCALE_ID) scale = readUint(head, child.dataStart, child.end) || scale;
    at = child.end;
  }

  // Duration: a float in TimecodeScale units (nanoseconds each; 1 ms by default).
  const duration = new Uint8Array(11);
  duration.set([0x44, 0x89, 0x88]);
  new DataView(duration.buffer).setFloat64(3, (durationMs * 1_000_000) / scale);

  const infoBody = head.subarray(info.dataStart, info.end);
  const infoId = head.subarray(info.start, info.start + 4);
  const newInfoSize = infoBody.length + duration.length;
  const segmentId = head.subarray(segment.start, segment.start + 4);
  const segmentSize =
    segment.end === null ? head.subarray(segment.start + 4, segment.dataStart) : size8(segment.end - segment.dataStart + (newInfoSize + 12 - (info.end - info.start)));

  const parts = [
    head.subarray(0, segment.start),
    segmentId,
    segmentSize,
    head.subarray(segment.dataStart, info.start),
    infoId,
    size8(newInfoSize),
    infoBody,
    duration,
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { head: out, replaces: info.end };
}

/** A recording with its duration written in (the same recording when it cannot be). */
export async function recordingWithDuration(blob: Blob, durationMs: number): Promise<Blob> {
  if (!blob.type.startsWith('video/webm') || durationMs <= 0) return blob;
  try {
    const head = new Uint8Array(await blob.slice(0, HEAD_BYTES).arrayBuffer());
    const fixed = withDuration(head, durationMs);
    if (!fixed) return blob;
    return new Blob([fixed.head as BlobPart, blob.slice(fixed.replaces)], { type: blob.type });
  } catch {
    return blob;
  }
}
