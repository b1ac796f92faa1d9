import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder of the project's package.json above a module: the same answer whether the module
 * runs from worker/src (development, tests) or from the bundled server in build/server.
 */
export function projectRootFrom(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`No package.json above ${fileURLToPath(moduleUrl)}`);
    dir = up;
  }
  return dir;
}
