import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * A tiny Y4M video for Chromium's fake camera (--use-file-for-fake-video-capture): a light bar
 * sweeping across a dark frame, so a recorded take visibly moves. 4:2:0 planes, looped by Chromium.
 * Written once per path (to a temporary name, then renamed: workers may start at once).
 */
export function writeY4m(path: string, { width = 320, height = 240, fps = 15, frames = 30 } = {}): string {
  if (existsSync(path)) return path;
  mkdirSync(dirname(path), { recursive: true });
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const luma = width * height;
  const chroma = (width / 2) * (height / 2);
  const frameMark = Buffer.from('FRAME\n', 'ascii');
  const parts: Buffer[] = [header];
  for (let f = 0; f < frames; f += 1) {
    const y = Buffer.alloc(luma, 40);
    const barLeft = Math.floor((f / frames) * width);
    const barWidth = Math.max(8, Math.floor(width / 8));
    for (let row = 0; row < height; row += 1) {
      for (let col = barLeft; col < Math.min(width, barLeft + barWidth); col += 1) y[row * width + col] = 220;
    }
    parts.push(frameMark, y, Buffer.alloc(chroma, 128), Buffer.alloc(chroma, 160));
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.concat(parts));
  renameSync(temporary, path);
  return path;
}
