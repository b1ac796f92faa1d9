import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat, writeFile, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ObjectData, ObjectInfo, ObjectStore, Spool } from './storage.ts';

/** How much of a spooled file one read hands on. */
const READ_CHUNK = 256 * 1024;

interface DiskSpool extends Spool {
  /** Closes the file and answers its path, for a rename into place. */
  settle(): Promise<string>;
}

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
  // The bodies handed out by spools' data(), so put moves their file instead of copying it.
  const spooled = new WeakMap<ReadableStream<Uint8Array>, DiskSpool>();

  /**
   * A file under the partial folder: the first bytes go through the file system's writeFile (the
   * one a test makes fail like a full disk), the next are appended through one open handle.
   */
  const newSpool = async (): Promise<DiskSpool> => {
    await mkdir(partials, { recursive: true });
    const path = join(partials, randomUUID());
    let size = 0;
    let created = false;
    let handle: FileHandle | null = null;
    let gone = false;
    const close = async () => {
      const open = handle;
      handle = null;
      await open?.close();
    };
    const spool: DiskSpool = {
      get size() {
        return size;
      },
      async write(chunk) {
        if (gone) throw new Error('Spool already put or discarded');
        if (chunk.byteLength === 0 && created) return;
        if (!created) {
          created = true;
          await write(path, chunk);
        } else {
          handle ??= await open(path, 'a');
          await handle.write(chunk);
        }
        size += chunk.byteLength;
      },
      async settle() {
        await close();
        if (!created) {
          created = true;
          await write(path, new Uint8Array(0));
        }
        return path;
      },
      data() {
        let reading: FileHandle | null = null;
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            reading ??= await open(await spool.settle(), 'r');
            const buffer = new Uint8Array(READ_CHUNK);
            const { bytesRead } = await reading.read(buffer, 0, READ_CHUNK, null);
            if (bytesRead === 0) {
              await reading.close();
              controller.close();
            } else {
              controller.enqueue(buffer.subarray(0, bytesRead));
            }
          },
          async cancel() {
            await reading?.close();
          },
        });
        spooled.set(body, spool);
        return body;
      },
      async discard() {
        gone = true;
        await close().catch(() => {});
        await rm(path, { force: true });
      },
    };
    return spool;
  };

  /** The file holding `data` under the partial folder, and its spool (to discard on failure). */
  const partialOf = async (data: ObjectData): Promise<DiskSpool> => {
    const given = data instanceof ReadableStream ? spooled.get(data) : undefined;
    if (given) return given;
    const spool = await newSpool();
    try {
      if (data instanceof Uint8Array) await spool.write(data);
      else for await (const chunk of data) await spool.write(chunk);
      return spool;
    } catch (err) {
      await spool.discard();
      throw err;
    }
  };

  return {
    async spool() {
      return newSpool();
    },
    async put(key, data, contentType) {
      // Written under temporary names and renamed once whole: a write that fails (a full disk)
      // leaves no partial file behind, and a reader never sees half of one (decision 0057). A
      // spooled upload is already such a file: it is moved, not copied (decision 0061).
      const file = pathOf(key);
      let spool: DiskSpool | null = null;
      let partial = '';
      let typeInPlace = false;
      try {
        await mkdir(partials, { recursive: true });
        await mkdir(dirname(file), { recursive: true });
        spool = await partialOf(data);
        partial = await spool.settle();
        await write(`${partial}.type`, contentType);
        await rename(`${partial}.type`, `${file}.type`);
        typeInPlace = true;
        await rename(partial, file);
      } catch (err) {
        await Promise.allSettled([
          ...(spool ? [spool.discard()] : []),
          ...(partial ? [rm(`${partial}.type`, { force: true })] : []),
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
