/**
 * File data sources: an uploaded CSV or JSON file, read in a worker thread
 * (connectors/file-parse.ts), makes a new source or replaces the file of one. An unreadable
 * upload is a 422 INVALID_FILE, with `fields` listing the bad rows (`line 12` / `item 3` to
 * messages), unless the caller asked to skip invalid rows.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { dataSources } from '../../db/schema/index.ts';
import type { AuditActor } from '../../audit/record.ts';
import { httpError } from '../../http/errors.ts';
import type { OrgScope } from '../../http/records.ts';
import {
  DATA_SOURCE_ERROR_CODES,
  DATA_SOURCE_MESSAGES,
  type DataSourceUploadResult,
  type FileConfig,
  type FileFormat,
} from '../../../shared/schemas/data-sources.ts';
import { storeFileRows } from './connectors/file.ts';
import { FileParseError, parseFileInWorker } from './connectors/file-parse.ts';
import {
  auditDataSource,
  findDataSource,
  getDataSource,
  snapshot,
  uniqueName,
  type DataSourceDeps,
} from './data-sources.service.ts';

export type UploadedFile = { name: string; type: string; bytes: Uint8Array };

export type FileUpload = {
  file: UploadedFile;
  name?: string | undefined;
  description?: string | undefined;
  dataSourceId?: string | undefined;
  skipInvalidRows: boolean;
};

/** csv or json, from the file name (or, without a known extension, its type). */
export function fileFormatOf(name: string, type: string): FileFormat | null {
  const extension = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (extension === 'csv' || extension === 'tsv' || extension === 'txt') return 'csv';
  if (extension === 'json') return 'json';
  if (/json/.test(type)) return 'json';
  if (/csv|tab-separated/.test(type)) return 'csv';
  return null;
}

const invalidFile = (message: string, fields?: Record<string, string[]>) =>
  httpError(DATA_SOURCE_ERROR_CODES.invalidFile, message, fields);

const invalid = (message: string, field?: string) =>
  httpError('VALIDATION_ERROR', message, field ? { [field]: [message] } : undefined);

/** Reads an upload; 422 INVALID_FILE with a report when rows are bad and not to be skipped. */
export async function readUpload(file: UploadedFile, skipInvalidRows: boolean) {
  const format = fileFormatOf(file.name, file.type);
  if (!format) throw invalid(DATA_SOURCE_MESSAGES.fileFormat, 'file');
  let parsed;
  try {
    parsed = await parseFileInWorker(format, file.bytes);
  } catch (error) {
    if (error instanceof FileParseError) {
      throw invalidFile(error.message, { file: [error.message] });
    }
    throw error;
  }
  const fields = Object.fromEntries(parsed.errors.map((e) => [e.location, [e.message]]));
  if (parsed.rows.length === 0) {
    throw invalidFile(
      parsed.errorCount
        ? `No row of the file can be read (${parsed.errorCount} invalid)`
        : 'The file has no rows',
      parsed.errorCount ? fields : { file: ['The file has no rows'] },
    );
  }
  if (parsed.errorCount > 0 && !skipInvalidRows) {
    const first = parsed.errors[0]!;
    throw invalidFile(
      `${parsed.errorCount} of ${parsed.rows.length + parsed.errorCount} rows cannot be read (${first.location}: ${first.message}). Fix the file, or import the valid rows only.`,
      fields,
    );
  }
  return { format, parsed };
}

/** Creates a file data source from an upload, or replaces the file of an existing one. */
export async function uploadFile(
  deps: DataSourceDeps,
  scope: OrgScope,
  actor: AuditActor,
  upload: FileUpload,
): Promise<DataSourceUploadResult> {
  const { format, parsed } = await readUpload(upload.file, upload.skipInvalidRows);
  const config: FileConfig = {
    format,
    fileName: upload.file.name.slice(0, 255),
    size: upload.file.bytes.byteLength,
    rowCount: parsed.rows.length,
    skippedRows: parsed.errorCount,
    columns: parsed.columns,
    uploadedAt: new Date().toISOString(),
  };
  const id = upload.dataSourceId ?? randomUUID();
  await uniqueName(() =>
    deps.db.transaction(async (tx) => {
      if (upload.dataSourceId) {
        const before = await findDataSource(tx, scope, upload.dataSourceId);
        if (before.type !== 'file') throw invalid(DATA_SOURCE_MESSAGES.notAFile);
        const [after] = await tx
          .update(dataSources)
          .set({
            config,
            ...(upload.name ? { name: upload.name } : {}),
            ...(upload.description !== undefined ? { description: upload.description } : {}),
            updatedAt: new Date(),
          })
          .where(eq(dataSources.id, id))
          .returning();
        await storeFileRows(tx, id, parsed.rows);
        await auditDataSource(tx, scope, actor, id, 'data_source.file.replace', {
          before: snapshot(before),
          after: snapshot(after!),
        });
        return;
      }
      if (!upload.name) throw invalid(DATA_SOURCE_MESSAGES.required, 'name');
      const [created] = await tx
        .insert(dataSources)
        .values({
          id,
          organizationId: scope.organizationId,
          name: upload.name,
          description: upload.description ?? '',
          type: 'file',
          config,
          createdBy: actor.id,
        })
        .returning();
      await storeFileRows(tx, id, parsed.rows);
      await auditDataSource(tx, scope, actor, id, 'data_source.create', {
        after: snapshot(created!),
      });
    }),
  );
  return {
    dataSource: await getDataSource(deps.db, scope, id),
    report: { rowCount: parsed.rows.length, skippedRows: parsed.errorCount, errors: parsed.errors },
  };
}
