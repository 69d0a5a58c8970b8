import type { Context } from 'hono';
import { HttpError } from './errors.ts';

const REQUIRED = 'This field is required';

/**
 * The form fields of a multipart/form-data upload and its `file` field, or a 4xx: 415 when
 * the body is not multipart, 400 (on the field `file`) when no file was sent.
 */
export async function readMultipartUpload(
  c: Context,
  messages: { notMultipart: string; fileRequired?: string },
): Promise<{ file: File; fields: Record<string, string | File> }> {
  if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.notMultipart);
  }
  const fields = await c.req.parseBody();
  const file = fields.file;
  if (!(file instanceof File)) {
    const message = messages.fileRequired ?? REQUIRED;
    throw new HttpError(400, 'VALIDATION_ERROR', message, { file: [message] });
  }
  return { file, fields };
}
