import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const tmpDir = resolve(root, 'tests/.tmp');
export const templateDb = resolve(tmpDir, 'template.db');
