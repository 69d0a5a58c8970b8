import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { healthDuring } from '../../../test/responsiveness.ts';
import { FileParseError, decodeText, parseFile, parseFileInWorker } from './file-parse.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const encode = (text: string) => Buffer.from(text);
const rowsOf = (batches: string[]) => batches.flatMap((batch) => JSON.parse(batch) as unknown[]);

/** A CSV file of about `bytes` bytes (a header and rows of every column type), and its rows. */
function largeCsv(bytes: number) {
  const header = Buffer.from('id,name,email,amount,created,active,notes\n');
  const block = Buffer.from(
    Array.from(
      { length: 1000 },
      (_, i) =>
        `${i},Name ${i},user${i}@example.test,${i}.25,2024-01-${String((i % 28) + 1).padStart(2, '0')},${i % 2 === 0},"notes, ""quoted"" ${i}"\n`,
    ).join(''),
  );
  const blocks = Math.floor(bytes / block.length);
  const file = Buffer.alloc(header.length + blocks * block.length);
  header.copy(file);
  file.fill(block, header.length);
  return { file, rows: blocks * 1000 };
}

describe('reading an uploaded file in a worker thread', () => {
  it('gives what parseFile gives, the rows as JSON batches, and leaves the bytes as they were', async () => {
    const csv = ['a,b,c', '1,x,2024-01-01', '2,"y, z",', 'bad', ...Array(20_000).fill('3,w,')];
    const bytes = encode(csv.join('\r\n'));
    const before = Buffer.from(bytes);
    const expected = parseFile('csv', decodeText(bytes));
    const parsed = await parseFileInWorker('csv', bytes);
    expect(parsed).toMatchObject({
      columns: expected.columns,
      errors: expected.errors,
      errorCount: 1,
      rows: { length: 20_002 },
    });
    expect(parsed.rows.batches.length).toBeGreaterThan(1);
    expect(rowsOf(parsed.rows.batches)).toEqual(expected.rows);
    expect(bytes.equals(before)).toBe(true);

    const json = JSON.stringify([{ id: 1, tags: ['a'] }, 'x', { id: 2.5 }]);
    const fromJson = await parseFileInWorker('json', encode(json));
    expect(rowsOf(fromJson.rows.batches)).toEqual(parseFile('json', json).rows);
    expect(fromJson.errors).toEqual([{ location: 'item 2', message: 'Not an object' }]);
  });

  it('refuses an unusable file with the same errors', async () => {
    await expect(parseFileInWorker('csv', encode(''))).rejects.toThrow(
      new FileParseError('The file is empty'),
    );
    await expect(parseFileInWorker('json', encode('[{"a": 1},'))).rejects.toThrow(
      /^The file is not valid JSON: /,
    );
    await expect(parseFileInWorker('json', encode('{}'))).rejects.toBeInstanceOf(FileParseError);
  });

  it('ends the worker, not the server, when a file needs more memory than allowed', async () => {
    await expect(parseFileInWorker('csv', largeCsv(20e6).file, { memoryMb: 24 })).rejects.toThrow(
      new FileParseError('The file needs more memory than a file may use to be read'),
    );
    // The server goes on, and so does the next file.
    expect((await server.app.request('/api/health')).status).toBe(200);
    expect((await parseFileInWorker('csv', encode('a\n1\n'))).rows.length).toBe(1);
  });

  it('keeps /api/health answering within 100 ms while a 40 MB CSV is read', async () => {
    const { file, rows } = largeCsv(40e6);
    const { result, answers } = await healthDuring(server.app, () =>
      parseFileInWorker('csv', file),
    );
    expect(result.rows.length).toBe(rows);
    const during = answers.filter((answer) => answer.duringWork);
    const slowest = Math.max(...answers.map((answer) => answer.cpuMs));
    expect(during.length, 'health answers while the file was read').toBeGreaterThan(10);
    const wall = Math.round(Math.max(...answers.map((answer) => answer.wallMs)));
    expect(
      slowest,
      `slowest answer (wall-clock, waits for a core included: ${wall} ms)`,
    ).toBeLessThan(100);
  }, 120_000);
});
