import { describe, expect, it } from 'vitest';
import { batchedLoader } from './batched-load.ts';

describe('batchedLoader', () => {
  it('sends a lone load at once and the loads asked for meanwhile together', async () => {
    const calls: number[][] = [];
    const load = batchedLoader(async (keys: number[]) => {
      calls.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return keys.map((k) => k * 10);
    });
    const values = await Promise.all([1, 2, 3, 4].map((k) => load(k)));
    expect(values).toEqual([10, 20, 30, 40]);
    expect(calls).toEqual([[1], [2, 3, 4]]);
    expect(await load(5)).toBe(50);
    expect(calls.at(-1)).toEqual([5]);
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
