import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Scratch space of one Vitest run: global setup picks a folder per run and hands it to the
 * test workers through the environment, so runs started side by side never share files.
 */
export const tmpDir = process.env.DRX_TEST_TMP ?? resolve(root, 'tests/.tmp', `run-${process.pid}`);
export const templateDb = resolve(tmpDir, 'template.db');
