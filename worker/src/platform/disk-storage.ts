import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { ObjectStore } from './storage.ts';

/** The object store of the Node runtime: one file per key, with its content type beside it. */
export function createDiskStorage(root: string): ObjectStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes('..')) throw new Error('Invalid object key');
    const file = join(base, key);
    if (!file.startsWith(base + sep)) throw new Error('Invalid object key');
    return file;
  };
  return {
    async put(key, data, contentType) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, data);
      await writeFile(`${file}.type`, contentType);
    },
    async get(key) {
      let file: string;
      try {
        file = pathOf(key);
      } catch {
        return null;
      }
      try {
        const [info, data, contentType] = await Promise.all([
          stat(file),
          readFile(file),
          readFile(`${file}.type`, 'utf8'),
        ]);
        const bytes = new Uint8Array(data);
        return {
          size: info.size,
          contentType,
          body: new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(bytes);
              controller.close();
            },
          }),
        };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
  };
}
