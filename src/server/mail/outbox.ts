import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export type StoredMail = { file: string; to: string; subject: string; date: string; text: string };

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodePart(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** Parses one .eml written by the mailer: its recipients, subject, date and plain-text body. */
export function parseEml(raw: string, file = ''): StoredMail {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = headersOf(raw.slice(0, split));
  const body = raw.slice(split).replace(/^\r?\n\r?\n/, '');
  let text: string;
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const plain = parts
      .map((part) => {
        const at = part.search(/\r?\n\r?\n/);
        return { headers: headersOf(part.slice(0, at)), body: part.slice(at).trim() };
      })
      .find((part) => (part.headers['content-type'] ?? '').startsWith('text/plain'));
    text = plain ? decodePart(plain.headers, plain.body) : '';
  } else {
    text = decodePart(headers, body);
  }
  return {
    file,
    to: decodeHeader(headers.to ?? ''),
    subject: decodeHeader(headers.subject ?? ''),
    date: headers.date ?? '',
    text,
  };
}

/** Every message in the outbox folder, newest first. */
export async function readOutbox(dir: string): Promise<StoredMail[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  files.sort().reverse();
  return Promise.all(
    files.map(async (f) => parseEml(await readFile(path.join(dir, f), 'utf8'), f)),
  );
}

/** The first link in the newest message to `to` whose URL contains `contains`. */
export async function findMailLink(
  dir: string,
  to: string,
  contains: string,
): Promise<string | null> {
  for (const mail of await readOutbox(dir)) {
    if (!mail.to.toLowerCase().includes(to.toLowerCase())) continue;
    const link = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(contains));
    if (link) return link;
  }
  return null;
}
