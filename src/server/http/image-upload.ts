import type { RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HttpError } from './errors.ts';

type RequestBody = NonNullable<NonNullable<RouteConfig['request']>['body']>;
type Response = RouteConfig['responses'][string];

/**
 * The request body of a picture upload route, for the OpenAPI document: multipart/form-data
 * with the field `file` (a plain schema, not zod: the handler reads the multipart body itself).
 */
export const imageUploadBody = {
  content: {
    'multipart/form-data': {
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' } },
        required: ['file'],
      },
    },
  },
  required: true,
} satisfies RequestBody;

/** The 200 response of a route that serves a stored picture. */
export const imageResponse = {
  description: 'The image',
  content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
} satisfies Response;

/** Answers with a stored picture, cached for a year (its address changes with it). */
export const serveImage = (c: Context, image: { data: Uint8Array; contentType: string }) =>
  c.body(new Uint8Array(image.data), 200, {
    'Content-Type': image.contentType,
    'Cache-Control': 'private, max-age=31536000, immutable',
    'Content-Disposition': 'inline',
  });

const SIGNATURES: { type: string; test: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The image type of an uploaded picture (avatar, organisation logo), read from the file's
 * first bytes (never trusted from the client), or a 4xx: empty, larger than `maxBytes`
 * (`tooLarge` is the message), or not a PNG, JPEG, WebP or GIF.
 */
export function checkImageUpload(
  data: Buffer,
  limit: { maxBytes: number; tooLarge: string },
): string {
  if (data.length === 0) throw new HttpError(400, 'VALIDATION_ERROR', 'The file is empty');
  if (data.length > limit.maxBytes) {
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', limit.tooLarge);
  }
  const match = SIGNATURES.find((s) => s.test(data));
  if (!match) {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Use a PNG, JPEG, WebP or GIF picture');
  }
  return match.type;
}
