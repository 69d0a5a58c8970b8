/** POST /api/v1/data-sources/files: a CSV or JSON file as a new file data source, or a new file. */
import {
  DATA_SOURCE_LIMITS,
  DATA_SOURCE_MESSAGES,
  dataSourceUploadFieldsSchema,
  dataSourceUploadResultSchema,
} from '../../../shared/schemas/data-sources.ts';
import { createRouter, defineRoute, jsonContent } from '../../http/openapi.ts';
import { auditActor } from '../../http/context.ts';
import { httpError, validationError } from '../../http/errors.ts';
import { readMultipartUpload } from '../../http/multipart.ts';
import { permission } from '../../http/permission.ts';
import { orgScope } from '../../http/records.ts';
import { authorizeDataSource } from './data-sources-access.ts';
import { uploadFile } from './data-sources-files.ts';

const upload = defineRoute({
  method: 'post',
  path: '/data-sources/files',
  ...permission.can('create', 'DataSource'),
  tags: ['Data sources'],
  summary: `Upload a CSV or JSON file (${DATA_SOURCE_LIMITS.fileMaxBytes / 1024 / 1024} MB at most) as a new file data source, or as the new file of one (dataSourceId)`,
  description:
    'Invalid rows refuse the file (422 INVALID_FILE, fields name each bad row: `line 12`, `item 3`) unless skipInvalidRows=true, which stores the valid rows and reports the others. A taken name is a 409 DATA_SOURCE_NAME_TAKEN.',
  request: {
    // A plain schema, not zod: the handler reads the multipart body itself.
    body: {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary' },
              name: { type: 'string' },
              description: { type: 'string' },
              dataSourceId: { type: 'string', format: 'uuid' },
              skipInvalidRows: { type: 'string', enum: ['true', 'false'] },
            },
            required: ['file'],
          },
        },
      },
      required: true,
    },
  },
  responses: {
    200: {
      description: 'The data source and the upload report',
      content: jsonContent(dataSourceUploadResultSchema),
    },
  },
  errors: [409, 415, 422],
});

const text = (body: Record<string, string | File>, key: string) =>
  typeof body[key] === 'string' ? body[key] : undefined;

export const dataSourceFileRoutes = createRouter().openapi(upload, async (c) => {
  const { file, fields: body } = await readMultipartUpload(c, {
    notMultipart: 'Send the file as multipart/form-data',
    fileRequired: DATA_SOURCE_MESSAGES.fileRequired,
  });
  if (file.size > DATA_SOURCE_LIMITS.fileMaxBytes) {
    throw httpError('PAYLOAD_TOO_LARGE', DATA_SOURCE_MESSAGES.fileTooLarge, {
      file: [DATA_SOURCE_MESSAGES.fileTooLarge],
    });
  }
  const fields = dataSourceUploadFieldsSchema.safeParse({
    name: text(body, 'name') || undefined,
    description: text(body, 'description'),
    dataSourceId: text(body, 'dataSourceId') || undefined,
    skipInvalidRows: text(body, 'skipInvalidRows') || undefined,
  });
  if (!fields.success) throw validationError(fields.error);
  if (fields.data.dataSourceId) await authorizeDataSource(c, 'update', fields.data.dataSourceId);
  const result = await uploadFile(c.get('deps'), orgScope(c), auditActor(c), {
    file: { name: file.name, type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) },
    ...fields.data,
  });
  return c.json(result, 200);
});
