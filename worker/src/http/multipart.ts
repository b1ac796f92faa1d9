/**
 * A multipart/form-data body read part by part (decision 0061): a text field is handed over as a
 * string, a file part as a stream of its bytes that is read as it arrives, so no file is ever held
 * whole. The parts come in their order; a file part must be read (or drained) before the next.
 */

/** The body is not well-formed multipart, or could not be read (its stream failed). */
export class MalformedMultipart extends Error {
  constructor(message = 'Malformed multipart body', options?: ErrorOptions) {
    super(message, options);
  }
}

export interface MultipartField {
  kind: 'field';
  name: string;
  value: string;
}

export interface MultipartFile {
  kind: 'file';
  name: string;
  /** The file name as sent ('' when the part had an empty filename). */
  filename: string;
  /** The part's bytes, chunk by chunk. */
  chunks: AsyncIterable<Uint8Array>;
}

export type MultipartPart = MultipartField | MultipartFile;

/** A part's headers: the name, file name and type of a form field never need more. */
const HEADER_BYTES = 16 * 1024;
/** A text field (a folder name, a resource type) is short. */
const FIELD_BYTES = 64 * 1024;

const CRLF = new Uint8Array([13, 10]);
const HEADERS_END = new Uint8Array([13, 10, 13, 10]);
const DASHES = new Uint8Array([45, 45]);

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = haystack.byteLength - needle.byteLength;
  outer: for (let i = haystack.indexOf(first, from); i >= 0 && i <= last; i = haystack.indexOf(first, i + 1)) {
    for (let j = 1; j < needle.byteLength; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  if (bytes.byteLength < prefix.byteLength) return false;
  for (let i = 0; i < prefix.byteLength; i++) if (bytes[i] !== prefix[i]) return false;
  return true;
}

/** How many bytes at the end of `bytes` are the start of `delimiter` (at most its length less one). */
function delimiterStartAtEnd(bytes: Uint8Array, delimiter: Uint8Array): number {
  outer: for (let k = Math.min(bytes.byteLength, delimiter.byteLength - 1); k > 0; k--) {
    const from = bytes.byteLength - k;
    for (let j = 0; j < k; j++) if (bytes[from + j] !== delimiter[j]) continue outer;
    return k;
  }
  return 0;
}

/** The body's bytes with a look-ahead buffer that holds only what was read but not yet used. */
class BufferedReader {
  private buffer: Uint8Array;
  private done = false;
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  constructor(reader: ReadableStreamDefaultReader<Uint8Array>, start: Uint8Array) {
    this.reader = reader;
    this.buffer = start;
  }

  get bytes(): Uint8Array {
    return this.buffer;
  }

  get ended(): boolean {
    return this.done;
  }

  /** Reads one more chunk onto the buffer; false at the end of the body. */
  async more(): Promise<boolean> {
    if (this.done) return false;
    let read: ReadableStreamReadResult<Uint8Array>;
    try {
      read = await this.reader.read();
    } catch (err) {
      throw new MalformedMultipart('The body could not be read', { cause: err });
    }
    const { value, done } = read;
    if (done) {
      this.done = true;
      return false;
    }
    if (value.byteLength === 0) return true;
    if (this.buffer.byteLength === 0) {
      this.buffer = value;
    } else {
      const joined = new Uint8Array(this.buffer.byteLength + value.byteLength);
      joined.set(this.buffer, 0);
      joined.set(value, this.buffer.byteLength);
      this.buffer = joined;
    }
    return true;
  }

  /** Ensures at least `n` bytes are buffered; false when the body ends first. */
  async atLeast(n: number): Promise<boolean> {
    while (this.buffer.byteLength < n) if (!(await this.more())) return false;
    return true;
  }

  take(n: number): Uint8Array {
    const taken = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return taken;
  }
}

function headerParam(header: string, param: string): string | null {
  const re = new RegExp(`;\\s*${param}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i');
  const match = re.exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '');
}

function parseHeaders(bytes: Uint8Array): { name: string; filename: string | null } {
  const lines = new TextDecoder().decode(bytes).split('\r\n');
  const disposition = lines.find((line) => /^content-disposition\s*:/i.test(line));
  if (!disposition || !/^content-disposition\s*:\s*form-data\b/i.test(disposition)) throw new MalformedMultipart();
  const name = headerParam(disposition, 'name');
  if (name === null) throw new MalformedMultipart();
  const extended = headerParam(disposition, 'filename\\*');
  let filename = headerParam(disposition, 'filename');
  if (extended) {
    const encoded = /^utf-8''(.*)$/i.exec(extended);
    if (encoded) {
      try {
        filename = decodeURIComponent(encoded[1]!);
      } catch {
        // An undecodable extended name: the plain one stands.
      }
    }
  }
  return { name, filename };
}

/**
 * Reads the parts of a multipart body with this boundary. Throws MalformedMultipart when the body
 * is not well formed or its stream fails (the stream's error is its cause).
 */
export async function* readMultipartParts(body: ReadableStream<Uint8Array>, boundary: string): AsyncGenerator<MultipartPart> {
  const encoder = new TextEncoder();
  // Every delimiter is CRLF "--" boundary; the first one may open the body without its CRLF.
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const reader = body.getReader();
  const input = new BufferedReader(reader, CRLF);
  try {
    // The preamble, up to the first delimiter, is ignored.
    for (;;) {
      const at = indexOf(input.bytes, delimiter);
      if (at >= 0) {
        input.take(at + delimiter.byteLength);
        break;
      }
      input.take(Math.max(0, input.bytes.byteLength - delimiter.byteLength));
      if (!(await input.more())) throw new MalformedMultipart();
    }
    for (;;) {
      if (!(await input.atLeast(2))) throw new MalformedMultipart();
      if (startsWith(input.bytes, DASHES)) return;
      // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
      for (;;) {
        while (input.bytes.byteLength > 0 && (input.bytes[0] === 0x20 || input.bytes[0] === 0x09)) input.take(1);
        if (input.bytes.byteLength >= 2 || !(await input.more())) break;
      }
      if (!startsWith(input.bytes, CRLF)) throw new MalformedMultipart();
      input.take(2);

      let end = indexOf(input.bytes, HEADERS_END);
      while (end < 0) {
        if (input.bytes.byteLength > HEADER_BYTES || !(await input.more())) throw new MalformedMultipart();
        end = indexOf(input.bytes, HEADERS_END);
      }
      const headers = parseHeaders(input.take(end + HEADERS_END.byteLength).subarray(0, end));

      let finished = false;
      async function* partBytes(): AsyncGenerator<Uint8Array> {
        let from = 0;
        for (;;) {
          const at = indexOf(input.bytes, delimiter, from);
          if (at >= 0) {
            if (at > 0) yield input.take(at);
            input.take(delimiter.byteLength);
            finished = true;
            return;
          }
          // All but the bytes at the end that may begin a delimiter the next chunk completes (most
          // often none, so the next chunk is taken as it comes, without a copy).
          const safe = input.bytes.byteLength - delimiterStartAtEnd(input.bytes, delimiter);
          if (safe > 0) yield input.take(safe);
          from = 0;
          if (!(await input.more())) throw new MalformedMultipart();
        }
      }

      if (headers.filename === null) {
        const parts: Uint8Array[] = [];
        let size = 0;
        for await (const chunk of partBytes()) {
          size += chunk.byteLength;
          if (size > FIELD_BYTES) throw new MalformedMultipart();
          parts.push(chunk);
        }
        const joined = new Uint8Array(size);
        let at = 0;
        for (const p of parts) {
          joined.set(p, at);
          at += p.byteLength;
        }
        yield { kind: 'field', name: headers.name, value: new TextDecoder().decode(joined) };
      } else {
        yield { kind: 'file', name: headers.name, filename: headers.filename, chunks: partBytes() };
        // A part its reader left unread is drained, so the next part starts at its delimiter.
        if (!finished) for await (const _ of partBytes()) void _;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
