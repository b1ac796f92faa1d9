import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectInfo, ObjectStore } from './storage.ts';

/**
 * Where a file is written before it is renamed to its key (decision 0057): inside the store, so the
 * rename stays on one file system, and never the path of a key (a key cannot start with a dot).
 */
export const PARTIAL_FOLDER = '.partial';

/** The object store of the Node runtime: one file per key, with its content type beside it. */
export function createDiskStorage(root: string, io: { writeFile?: typeof writeFile } = {}): ObjectStore {
  // The file system's writes, which a test replaces with one that fails as a full disk does.
  const write = io.writeFile ?? writeFile;
  const base = resolve(root);
  const partials = join(base, PARTIAL_FOLDER);
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes('..')) throw new Error('Invalid object key');
    const file = join(base, key);
    if (!file.startsWith(base + sep)) throw new Error('Invalid object key');
    return file;
  };
  const fileOf = (key: string): string | null => {
    try {
      return pathOf(key);
    } catch {
      return null;
    }
  };
  const infoOf = async (file: string): Promise<ObjectInfo | null> => {
    try {
      const [info, contentType] = await Promise.all([stat(file), readFile(`${file}.type`, 'utf8')]);
      return info.isFile() ? { size: info.size, contentType } : null;
    } catch {
      return null;
    }
  };
  return {
    async put(key, data, contentType) {
      // Written under temporary names and renamed once whole: a write that fails (a full disk)
      // leaves no partial file behind, and a reader never sees half of one (decision 0057).
      const file = pathOf(key);
      const partial = join(partials, randomUUID());
      let typeInPlace = false;
      try {
        await mkdir(partials, { recursive: true });
        await mkdir(dirname(file), { recursive: true });
        await write(partial, data);
        await write(`${partial}.type`, contentType);
        await rename(`${partial}.type`, `${file}.type`);
        typeInPlace = true;
        await rename(partial, file);
      } catch (err) {
        await Promise.allSettled([
          rm(partial, { force: true }),
          rm(`${partial}.type`, { force: true }),
          ...(typeInPlace ? [rm(`${file}.type`, { force: true })] : []),
        ]);
        throw err;
      }
    },
    async head(key) {
      const file = fileOf(key);
      return file ? infoOf(file) : null;
    },
    async get(key, range) {
      const file = fileOf(key);
      if (!file) return null;
      const info = await infoOf(file);
      if (!info) return null;
      // Opened before answering, so a missing file is null rather than a stream that fails later;
      // the stream reads only the range and closes the file when done or cancelled.
      let handle;
      try {
        handle = await open(file, 'r');
      } catch {
        return null;
      }
      const stream = range
        ? handle.createReadStream({ start: range.offset, end: range.offset + range.length - 1 })
        : handle.createReadStream();
      return { ...info, body: Readable.toWeb(stream) as ReadableStream<Uint8Array> };
    },
    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
