import { describe, expect, it } from 'vitest';
import { WriteBatcher } from './write-batcher.js';

/** A writer whose calls are recorded and finish only when the test says so. */
function heldWriter(fail: (input: number) => boolean = () => false) {
  const calls: number[][] = [];
  const pending: (() => void)[] = [];
  const write = (inputs: number[]) => {
    calls.push(inputs);
    return new Promise<string[]>((resolve, reject) => {
      pending.push(() =>
        inputs.some(fail)
          ? reject(new Error(`refused ${inputs.join(',')}`))
          : resolve(inputs.map((i) => `stored ${i}`)),
      );
    });
  };
  /** Lets every write in flight finish, then waits for the next ones to start. */
  const finish = async () => {
    for (const done of pending.splice(0)) done();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { calls, write, finish };
}

describe('WriteBatcher', () => {
  it('writes a lone write at once, and gathers those that arrive meanwhile into the next write', async () => {
    const writer = heldWriter();
    const batcher = new WriteBatcher(writer.write, 10);
    const answers = [1, 2, 3, 4].map((n) => batcher.add(n));
    expect(writer.calls).toEqual([[1]]);
    await writer.finish();
    expect(writer.calls).toEqual([[1], [2, 3, 4]]);
    await writer.finish();
    expect(await Promise.all(answers)).toEqual(['stored 1', 'stored 2', 'stored 3', 'stored 4']);
  });

  it('writes at most `max` at a time, in the order they arrived', async () => {
    const writer = heldWriter();
    const batcher = new WriteBatcher(writer.write, 2);
    const answers = [1, 2, 3, 4, 5, 6].map((n) => batcher.add(n));
    for (let i = 0; i < 4; i++) await writer.finish();
    expect(writer.calls).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `stored ${n}`));
  });

  it('fails only the write that fails when written alone, and goes on with the next', async () => {
    const writer = heldWriter((n) => n === 3);
    const batcher = new WriteBatcher(writer.write, 10);
    const answers = [1, 2, 3, 4].map((n) => batcher.add(n).catch((error: Error) => error.message));
    await writer.finish();
    await writer.finish();
    expect(writer.calls.slice(0, 2)).toEqual([[1], [2, 3, 4]]);
    await writer.finish();
    expect(writer.calls.slice(2)).toEqual([[2], [3], [4]]);
    expect(await Promise.all(answers)).toEqual(['stored 1', 'stored 2', 'refused 3', 'stored 4']);
    const later = batcher.add(5);
    await writer.finish();
    expect(await later).toBe('stored 5');
  });
});
