/**
 * Small, real file headers for upload tests: each is just enough bytes for a sniffer to know the
 * format (and for a browser to show the images).
 */

const bytes = (...parts: (number[] | string | Uint8Array)[]): Uint8Array<ArrayBuffer> => {
  const chunks = parts.map((p) => (typeof p === 'string' ? new TextEncoder().encode(p) : p instanceof Uint8Array ? p : new Uint8Array(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
};

const u32le = (n: number) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
const u16le = (n: number) => [n & 0xff, (n >>> 8) & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of data) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip archive with stored (uncompressed) entries. */
export function zip(entries: Record<string, string>): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = new TextEncoder().encode(text);
    const nameBytes = new TextEncoder().encode(name);
    const crc = crc32(data);
    const common = [...u16le(20), ...u16le(0), ...u16le(0), ...u16le(0), ...u16le(0), ...u32le(crc), ...u32le(data.length), ...u32le(data.length), ...u16le(nameBytes.length), ...u16le(0)];
    const local = bytes([0x50, 0x4b, 0x03, 0x04], common, nameBytes, data);
    centrals.push(bytes([0x50, 0x4b, 0x01, 0x02], u16le(20), common, u16le(0), u16le(0), u16le(0), u32le(0), u32le(offset), nameBytes));
    locals.push(local);
    offset += local.length;
  }
  const central = bytes(...centrals);
  const end = bytes([0x50, 0x4b, 0x05, 0x06], u16le(0), u16le(0), u16le(centrals.length), u16le(centrals.length), u32le(central.length), u32le(offset), u16le(0));
  return bytes(...locals, central, end);
}

function officeOpenXml(mainType: string, folder: string): Uint8Array<ArrayBuffer> {
  return zip({
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${folder}/main.xml" ContentType="${mainType}.main+xml"/></Types>`,
    [`${folder}/main.xml`]: '<x/>',
  });
}

/** 1×1 transparent PNG. */
export const png = bytes([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
  0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x00, 0x01,
  0x00, 0x00, 0x05, 0x00, 0x01, 0x0d, 0x0a, 0x2d, 0xb4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
]);
export const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
/** 1×1 GIF. */
export const gif = bytes('GIF89a', [0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x21, 0xf9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]);
export const webp = bytes('RIFF', u32le(26), 'WEBPVP8L', u32le(14), [0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
export const avif = bytes(u32be(28), 'ftypavif', u32be(0), 'avifmif1miaf', new Uint8Array(16));
export const mp4 = bytes(u32be(24), 'ftypisom', u32be(0x200), 'isomiso2', new Uint8Array(32));
export const mp3 = bytes('ID3', [0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00], [0xff, 0xfb, 0x90, 0x64], new Uint8Array(64));
export const wav = bytes('RIFF', u32le(36), 'WAVEfmt ', u32le(16), u16le(1), u16le(1), u32le(8000), u32le(8000), u16le(1), u16le(8), 'data', u32le(0));
export const pdf = bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
export const docx = officeOpenXml('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'word');
export const xlsx = officeOpenXml('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xl');
export const pptx = officeOpenXml('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'ppt');
/** The Compound File Binary header shared by .doc, .xls and .ppt. */
export const cfb = bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], new Uint8Array(504));
export const plainZip = zip({ 'notes.txt': 'hello' });
export const rar = bytes([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00], new Uint8Array(32));
/** A Windows executable header ('MZ' with a PE offset). */
export const exe = bytes('MZ', new Uint8Array(58), u32le(64), 'PE\0\0', new Uint8Array(64));
export const html = bytes('<!doctype html><html><body><script>alert(1)</script></body></html>');
export const svg = bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
export const text = bytes('Warm-up: pliés, tendus and port de bras — 20 minutes.\n');
export const csv = bytes('name,level\nAda,Beginner\n');
export const latin1 = bytes([0x63, 0x61, 0x66, 0xe9, 0x0a]);
export const withNul = bytes('abc', [0x00], 'def');

/** `n` bytes of a file of the given format: the sample, padded with zeros. */
export function sized(sample: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(n);
  out.set(sample.subarray(0, Math.min(sample.length, n)));
  return out;
}
