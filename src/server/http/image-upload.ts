import { HttpError } from './errors.ts';

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
