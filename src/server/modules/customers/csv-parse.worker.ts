// The worker thread of `parseCsvInWorker`: parses the CSV text of one import.
import { serveWorkerTask } from '../../threads/worker-task.ts';
import { parseCsv } from './csv-parse.ts';

/** Cells per batch of rows sent back to the main thread. */
const BATCH_CELLS = 20_000;

serveWorkerTask((maxRows: number, csv: string) => {
  const { header, rows } = parseCsv(csv);
  return {
    result: header,
    // One more than the most rows an import takes, so the caller still sees that there are too many.
    items: rows.slice(0, maxRows + 1),
    batchSize: BATCH_CELLS / Math.max(1, header.length),
  };
});
