// The worker thread of `parseFileInWorker`: decodes and parses one uploaded file; the JSON
// batches of its rows go back one message each.
import type { FileFormat } from '../../../../shared/schemas/data-sources.ts';
import { serveWorkerTask } from '../../../threads/worker-task.ts';
import { parseUpload } from './file-parse.ts';

serveWorkerTask((format: FileFormat, bytes: Uint8Array) => {
  const parsed = parseUpload(format, bytes);
  const { batches } = parsed.rows;
  return {
    result: { ...parsed, rows: { ...parsed.rows, batches: [] } },
    items: batches,
    batchSize: 1,
  };
});
