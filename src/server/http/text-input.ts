import { HttpError } from './errors.ts';

export const TEXT_MESSAGES = {
  nul: 'Text must not contain the NUL character (U+0000)',
  surrogate: 'Text must be valid Unicode (it contains an unpaired surrogate)',
  binary:
    'The file is not a text file (it holds binary data). Upload CSV or JSON text, saved as UTF-8.',
} as const;

/** A UTF-16 surrogate without its partner: not Unicode, and stored as U+FFFD if let through. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Why a string from a request cannot be accepted, or null. PostgreSQL cannot store NUL in
 * text or JSON, and a lone surrogate would be silently changed on the way to the database.
 */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return TEXT_MESSAGES.nul;
  if (value.search(LONE_SURROGATE) !== -1) return TEXT_MESSAGES.surrogate;
  return null;
}

/** The value with NUL and lone surrogates replaced by U+FFFD, fit to be sent back. */
export function printableText(value: string): string {
  return value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * C0 control characters other than tab, line feed, vertical tab, form feed and carriage return:
 * text files do not hold them, binary files (images, spreadsheets, UTF-16) do. Below 0x20 a byte
 * is always a character of its own in UTF-8 and in 8-bit encodings, so bytes and text alike
 * can be scanned for them.
 */
const isBinaryControl = (code: number) => code < 0x09 || (code > 0x0d && code < 0x20);

/** True when uploaded bytes or text hold binary data rather than text. */
export function looksBinary(data: Uint8Array | string): boolean {
  if (typeof data === 'string') {
    for (let i = 0; i < data.length; i++) if (isBinaryControl(data.charCodeAt(i))) return true;
    return false;
  }
  for (const byte of data) if (isBinaryControl(byte)) return true;
  return false;
}

const notText = (field: string) =>
  new HttpError(400, 'VALIDATION_ERROR', TEXT_MESSAGES.binary, { [field]: [TEXT_MESSAGES.binary] });

/** A 400 on `field` when text a browser read from a file holds binary data. */
export function checkTextUpload(text: string, field: string): void {
  if (looksBinary(text)) throw notText(field);
}

/** A 400 on `field` when an uploaded file holds binary data; read in chunks, not copied whole. */
export async function checkTextFile(file: Blob, field: string): Promise<void> {
  const reader = file.stream().getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    if (looksBinary(chunk.value)) {
      await reader.cancel();
      throw notText(field);
    }
  }
}
