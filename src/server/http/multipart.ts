import type { Context } from 'hono';
import type { ErrorFields } from '../../shared/schemas/error.ts';
import { HttpError } from './errors.ts';
import { checkTextFile, textProblem } from './text-input.ts';

const REQUIRED = 'This field is required';
/** A file whose name or type says CSV, TSV, plain text or JSON, as the file readers take it. */
const TEXT_NAME = /\.(csv|tsv|txt|json)$/i;
const TEXT_TYPE = /^text\/|json|csv|tab-separated/i;

/**
 * The form fields of a multipart/form-data upload and its `file` field, or a 4xx: 415 when
 * the body is not multipart, 400 (on the field `file`) when no file was sent, 400 on a text
 * field that holds NUL or a lone surrogate, and 400 when a file that calls itself text (by its
 * name or type) holds binary data, before any reader parses it.
 */
export async function readMultipartUpload(
  c: Context,
  messages: { notMultipart: string; fileRequired?: string },
): Promise<{ file: File; fields: Record<string, string | File> }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.notMultipart);
  }
  const fields = await c.req.parseBody();
  const problems: ErrorFields = {};
  for (const [name, value] of Object.entries(fields)) {
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) problems[name] = [problem];
  }
  const [firstProblem] = Object.values(problems);
  if (firstProblem) throw new HttpError(400, 'VALIDATION_ERROR', firstProblem[0]!, problems);

  const file = fields.file;
  if (!(file instanceof File)) {
    const message = messages.fileRequired ?? REQUIRED;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { file: [message] });
  }
  if (TEXT_NAME.test(file.name) || TEXT_TYPE.test(file.type)) {
    await checkTextFile(file, 'file');
  }
  return { file, fields };
}
