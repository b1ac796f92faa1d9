// Loaded into the server by `npm run bench:scale` (node --import): the event loop's delay, kept
// by perf_hooks, is written to BENCH_LOOP_DELAY_FILE (milliseconds: max, p99) and started afresh
// each time the process gets SIGUSR2. The app itself knows nothing of it.
import { renameSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    // Written aside, then renamed: the bench never reads a file half written.
    writeFileSync(`${file}.part`, JSON.stringify({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 }));
    renameSync(`${file}.part`, file);
    histogram.reset();
  });
}
