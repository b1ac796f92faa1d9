/**
 * `npm test`: every check the project has, in stages, each timed. A stage runs its lanes side by
 * side and the steps of a lane one after the other: the type check keeps one core busy while the
 * other lints, builds and runs Vitest (which needs the build). The first failing stage stops the
 * run. Prints how long each step and the whole run took.
 *
 *   node scripts/test.ts            every stage
 *   node scripts/test.ts unit e2e   only the named steps, in this order
 */
import { spawn } from 'node:child_process';

interface Step {
  name: string;
  command: string[];
}

/** Stages in order; each stage's lanes run at the same time, a lane's steps in turn. */
const STAGES: Step[][][] = [
  [
    // astro check type-checks every file of tsconfig.json (.ts, .tsx and .astro): one type check.
    [{ name: 'typecheck', command: ['astro', 'check'] }],
    [
      { name: 'lint', command: ['eslint', '.'] },
      // The Vitest suites render pages of the built site, and the browser tests serve it.
      { name: 'build', command: ['npm', 'run', 'build'] },
      { name: 'unit', command: ['vitest', 'run'] },
    ],
  ],
  [[{ name: 'e2e', command: ['playwright', 'test'] }]],
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs one step; its lines are prefixed with its name when it shares the terminal with another. */
function run(step: Step, prefixed: boolean): Promise<{ step: Step; code: number; ms: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const [bin, ...args] = step.command;
    const child = spawn(bin!, args, { stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (prefixed) {
      for (const [from, to] of [
        [child.stdout!, process.stdout],
        [child.stderr!, process.stderr],
      ] as const) {
        let rest = '';
        from.on('data', (chunk: Buffer) => {
          const lines = (rest + chunk.toString()).split('\n');
          rest = lines.pop()!;
          for (const line of lines) to.write(`[${step.name}] ${line}\n`);
        });
        from.on('end', () => rest && to.write(`[${step.name}] ${rest}\n`));
      }
    }
    child.on('error', (error) => {
      console.error(`[${step.name}] ${error.message}`);
      done({ step, code: 1, ms: performance.now() - started });
    });
    child.on('close', (code) => done({ step, code: code ?? 1, ms: performance.now() - started }));
  });
}

const only = process.argv.slice(2);
const known = STAGES.flat(2).map((s) => s.name);
const unknown = only.filter((name) => !known.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown step ${unknown.join(', ')}: the steps are ${known.join(', ')}.`);
  process.exit(2);
}
const stages: Step[][][] = only.length > 0 ? only.map((name) => [STAGES.flat(2).filter((s) => s.name === name)]) : STAGES;

const started = performance.now();
const times: string[] = [];
let failed: string[] = [];
/** Runs a lane's steps in turn, up to the first that fails; reports each as it ends. */
async function runLane(lane: Step[], prefixed: boolean) {
  const results: Awaited<ReturnType<typeof run>>[] = [];
  for (const step of lane) {
    const result = await run(step, prefixed);
    results.push(result);
    times.push(`${step.name.padEnd(10)} ${seconds(result.ms).padStart(9)}${result.code === 0 ? '' : `  failed (exit ${result.code})`}`);
    console.log(`== ${step.name}: ${result.code === 0 ? 'passed' : 'FAILED'} in ${seconds(result.ms)}`);
    if (result.code !== 0) break;
  }
  return results;
}

for (const stage of stages) {
  const stageStarted = performance.now();
  const results = (await Promise.all(stage.map((lane) => runLane(lane, stage.length > 1)))).flat();
  if (stage.length > 1) times.push(`${'(stage)'.padEnd(10)} ${seconds(performance.now() - stageStarted).padStart(9)}`);
  failed = results.filter((r) => r.code !== 0).map((r) => r.step.name);
  if (failed.length > 0) break;
}
console.log(`\n== npm test: time per step\n${times.join('\n')}\n${'total'.padEnd(10)} ${seconds(performance.now() - started).padStart(9)}`);
if (failed.length > 0) {
  console.error(`npm test failed: ${failed.join(', ')}`);
  process.exit(1);
}
