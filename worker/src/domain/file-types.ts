import { fileTypeFromBuffer } from 'file-type/core';

/** What an upload really is, decided from its bytes. `ext` has no dot. */
export interface DetectedType {
  mimetype: string;
  ext: string;
  kind: 'image' | 'audio' | 'video' | 'document' | 'text' | 'archive';
}

/**
 * Images that browsers display and that cannot carry script. SVG is not here on purpose: it is
 * XML that can run script when opened from our origin.
 */
const IMAGES: Record<string, { mimetype: string; ext: string }> = {
  'image/jpeg': { mimetype: 'image/jpeg', ext: 'jpg' },
  'image/png': { mimetype: 'image/png', ext: 'png' },
  // An animated PNG is a PNG: served as one so every browser shows it.
  'image/apng': { mimetype: 'image/png', ext: 'png' },
  'image/gif': { mimetype: 'image/gif', ext: 'gif' },
  'image/webp': { mimetype: 'image/webp', ext: 'webp' },
  'image/avif': { mimetype: 'image/avif', ext: 'avif' },
};

const DOCUMENTS: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Legacy Office files are all Compound File Binary; only the name tells them apart. */
const LEGACY_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const ARCHIVES: Record<string, string> = {
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

/** Formats without magic bytes: accepted only as UTF-8 text with one of these names. */
const TEXT: Record<string, string> = {
  txt: 'text/plain',
  csv: 'text/csv',
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

function isUtf8Text(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides an upload's type from its bytes (the accepted types: images, audio, video, PDF, Word,
 * Excel, PowerPoint, plain text, CSV, zip, rar). The name is consulted only where bytes cannot
 * tell: legacy Office files (CFB) and text. Returns null for anything else.
 */
export async function detectFileType(bytes: Uint8Array, name: string): Promise<DetectedType | null> {
  if (bytes.length === 0) return null;
  const found = await fileTypeFromBuffer(bytes);
  const nameExt = extensionOf(name);

  if (!found) {
    const textType = TEXT[nameExt];
    if (textType && isUtf8Text(bytes)) return { mimetype: textType, ext: nameExt, kind: 'text' };
    return null;
  }

  const image = IMAGES[found.mime];
  if (image) return { ...image, kind: 'image' };
  if (found.mime.startsWith('audio/')) return { mimetype: found.mime, ext: found.ext, kind: 'audio' };
  if (found.mime.startsWith('video/')) return { mimetype: found.mime, ext: found.ext, kind: 'video' };

  const document = DOCUMENTS[found.ext];
  if (document) return { mimetype: document, ext: found.ext, kind: 'document' };

  if (found.ext === 'cfb') {
    const legacy = LEGACY_OFFICE[nameExt];
    return legacy ? { mimetype: legacy, ext: nameExt, kind: 'document' } : null;
  }

  const archive = ARCHIVES[found.ext];
  if (archive) return { mimetype: archive, ext: found.ext, kind: 'archive' };

  return null;
}
