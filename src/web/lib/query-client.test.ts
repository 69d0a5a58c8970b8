import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_LOG_MAX_ENTRIES } from '../../shared/constants';
import { attachQueryLog, createQueryClient, createQueryLog, getQueryLog } from './query-client';

describe('query log', () => {
  it('records fetches, results and errors with key, status and time', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const log = createQueryLog();
    let clock = 1000;
    attachQueryLog(client.getQueryCache(), log, () => clock++);

    await client.fetchQuery({ queryKey: ['me'], queryFn: async () => ({ id: 1 }) });
    await client
      .fetchQuery({
        queryKey: ['projects', { page: 2 }],
        queryFn: async () => {
          throw new Error('nope');
        },
      })
      .catch(() => undefined);

    expect(log.entries()).toEqual([
      { queryKey: ['me'], queryHash: '["me"]', action: 'fetch', status: 'pending', time: 1000 },
      { queryKey: ['me'], queryHash: '["me"]', action: 'success', status: 'success', time: 1001 },
      expect.objectContaining({ queryKey: ['projects', { page: 2 }], action: 'fetch', time: 1002 }),
      expect.objectContaining({ action: 'error', status: 'error', time: 1003 }),
    ]);

    client.removeQueries({ queryKey: ['me'] });
    expect(log.entries().at(-1)).toMatchObject({ queryKey: ['me'], action: 'removed' });
    client.clear();
  });

  it('keeps at most 100 entries, dropping the oldest', () => {
    expect(QUERY_LOG_MAX_ENTRIES).toBe(100);
    const log = createQueryLog();
    for (let i = 0; i < 250; i++) {
      log.add({ queryKey: [i], queryHash: `[${i}]`, action: 'fetch', status: 'pending', time: i });
    }
    const entries = log.entries();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.time).toBe(150);
    expect(entries.at(-1)?.time).toBe(249);
  });

  it('hands out copies', () => {
    const log = createQueryLog(2);
    log.add({ queryKey: ['a'], queryHash: '["a"]', action: 'fetch', status: 'pending', time: 0 });
    log.entries().length = 0;
    expect(log.entries()).toHaveLength(1);
    log.clear();
    expect(log.entries()).toEqual([]);
  });

  it("is attached to the app's query client, readable through getQueryLog", async () => {
    const client = createQueryClient();
    const before = getQueryLog().length;
    await client.fetchQuery({ queryKey: ['app-log-test'], queryFn: async () => 1 });
    const added = getQueryLog().slice(before);
    expect(added.map((entry) => [entry.queryKey, entry.action])).toEqual([
      [['app-log-test'], 'fetch'],
      [['app-log-test'], 'success'],
    ]);
    expect(getQueryLog().length).toBeLessThanOrEqual(QUERY_LOG_MAX_ENTRIES);
    client.clear();
  });
});
