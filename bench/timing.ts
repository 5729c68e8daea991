import { performance } from 'node:perf_hooks';

/** The p-th percentile of times sorted ascending. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `run` timed `runs` times one after another, in milliseconds, in the order they ran. */
export async function timeRuns(runs: number, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}
