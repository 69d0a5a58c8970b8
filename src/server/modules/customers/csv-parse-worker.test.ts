import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_LIMITS } from '../../../shared/schemas/customers.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { healthDuring } from '../../test/responsiveness.ts';
import { CsvSyntaxError, CsvTooLargeError, parseCsv, parseCsvInWorker } from './csv-parse.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const maxRows = CUSTOMER_LIMITS.importRows;

/** An import file of `chars` characters at most: a header and `rows` customers. */
function largeCsv(chars: number) {
  const block = Array.from(
    { length: 1000 },
    (_, i) => `Name ${i},user${i}@example.test,+33 1 23 45 ${i},"Company, ${i}",lead,${i}.50\n`,
  ).join('');
  const header = 'name,email,phone,company,status,value\n';
  const blocks = Math.floor((chars - header.length) / block.length);
  return { csv: header + block.repeat(blocks), rows: blocks * 1000 };
}

describe('reading an import file in a worker thread', () => {
  it('gives what parseCsv gives, rows past one too many left out', async () => {
    const text = '\uFEFFname;notes\r\n"Doe; Jane";"said ""hi""\r\ntwice"\r\n\r\n  Bob  ;\n';
    expect(await parseCsvInWorker(text, { maxRows })).toEqual(parseCsv(text));
    const many = `name\n${'x\n'.repeat(maxRows + 50)}`;
    const parsed = await parseCsvInWorker(many, { maxRows });
    expect(parsed.rows).toHaveLength(maxRows + 1);
    expect(parsed.rows).toEqual(parseCsv(many).rows.slice(0, maxRows + 1));
  });

  it('fails on an unclosed quote with the same error, naming its line', async () => {
    const failure = parseCsvInWorker('name\nok\n"broken\nstill', { maxRows });
    await expect(failure).rejects.toBeInstanceOf(CsvSyntaxError);
    await expect(failure).rejects.toMatchObject({
      line: 3,
      message: 'Unclosed quote starting on line 3',
    });
  });

  it('ends the worker, not the server, when a file needs more memory than allowed', async () => {
    const { csv } = largeCsv(CUSTOMER_LIMITS.importChars);
    await expect(parseCsvInWorker(csv, { maxRows, memoryMb: 16 })).rejects.toBeInstanceOf(
      CsvTooLargeError,
    );
    expect((await server.app.request('/api/health')).status).toBe(200);
  });

  it('keeps /api/health answering within 100 ms while a file of the largest size is read', async () => {
    const { csv } = largeCsv(CUSTOMER_LIMITS.importChars);
    const { result, answers } = await healthDuring(server.app, () =>
      parseCsvInWorker(csv, { maxRows }),
    );
    expect(result.rows).toHaveLength(maxRows + 1);
    const during = answers.filter((answer) => answer.duringWork);
    const slowest = Math.max(...answers.map((answer) => answer.cpuMs));
    const wall = Math.round(Math.max(...answers.map((answer) => answer.wallMs)));
    expect(during.length, 'health answers while the file was read').toBeGreaterThan(10);
    expect(
      slowest,
      `slowest answer (wall-clock, waits for a core included: ${wall} ms)`,
    ).toBeLessThan(100);
  }, 60_000);
});
