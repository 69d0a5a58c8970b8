import { describe, expect, it } from 'vitest';
import { batchedLoader } from './batched-load.ts';

describe('batchedLoader', () => {
  it('sends the loads of one turn together, each key once, and those asked for meanwhile next', async () => {
    const calls: number[][] = [];
    const load = batchedLoader(async (keys: number[]) => {
      calls.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return keys.map((k) => k * 10);
    });
    const first = Promise.all([1, 2, 2, 3].map((k) => load(k)));
    // Asked for while the first round is under way: in the next round.
    await new Promise((resolve) => setTimeout(resolve, 1));
    const second = Promise.all([4, 5, 4].map((k) => load(k)));
    expect(await first).toEqual([10, 20, 20, 30]);
    expect(await second).toEqual([40, 50, 40]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(await load(6)).toBe(60);
    expect(calls.at(-1)).toEqual([6]);
  });

  it('rejects every load of a failed batch and goes on with the next', async () => {
    let fail = true;
    const load = batchedLoader(async (keys: string[]) => {
      if (fail) throw new Error('down');
      return keys.map((k) => k.toUpperCase());
    });
    await expect(load('a')).rejects.toThrow('down');
    fail = false;
    expect(await load('b')).toBe('B');
  });
});
