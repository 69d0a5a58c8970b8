// Reads the mail that the server writes as .eml files under <DATA_DIR>/mail/ when no SMTP_URL
// is set. Used by the browser tests and by the benchmark (no Playwright import here).
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { E2E_MAIL_DIR } from './env.ts';

export interface Mail {
  /** Absolute path of the .eml file. */
  file: string;
  /** Modification time of the file, in ms since the epoch. */
  mtimeMs: number;
  subject: string;
  /** Decoded To and Cc headers. */
  to: string;
  /** Decoded text/plain parts, joined. */
  text: string;
  /** Decoded text/html parts, joined. */
  html: string;
  /** Every http(s) link of the mail, HTML entities decoded, in order of appearance. */
  links: string[];
}

export interface MailQuery {
  /** The mail directory; defaults to the browser tests' <DATA_DIR>/mail. */
  mailDir?: string;
  /** How long to wait for a matching mail; 10 s by default. */
  timeoutMs?: number;
  /** Only consider files modified at or after this time (ms since the epoch). */
  since?: number;
}

type Headers = Map<string, string>;

interface Part {
  headers: Headers;
  body: string;
}

/** Splits raw MIME text into unfolded, lower-cased headers and the body. */
function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Headers = new Map();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers.set(name, headers.has(name) ? `${headers.get(name)}, ${value}` : value);
  }
  return { headers, body };
}

/** Reads one parameter (e.g. boundary, charset) of a structured header value. */
function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(value);
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeCharset(bytes: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('utf8');
  }
}

/** Decodes quoted-printable text into bytes. */
function quotedPrintableBytes(text: string): Buffer {
  const unwrapped = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const char = unwrapped[i]!;
    const hex = unwrapped.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** Decodes a part's body according to its Content-Transfer-Encoding and charset. */
function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = headerParam(part.headers.get('content-type'), 'charset');
  if (encoding === 'base64') {
    return decodeCharset(Buffer.from(part.body.replace(/\s+/g, ''), 'base64'), charset);
  }
  if (encoding === 'quoted-printable') {
    return decodeCharset(quotedPrintableBytes(part.body), charset);
  }
  return part.body;
}

/** Decodes RFC 2047 encoded words (=?utf-8?B?...?= and =?utf-8?Q?...?=) in a header. */
function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text) => {
      const bytes =
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : quotedPrintableBytes(text.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

/** Collects the decoded text/plain and text/html leaves of a (possibly multipart) part. */
function collectLeaves(part: Part, out: { text: string[]; html: string[] }): void {
  const contentType = part.headers.get('content-type') ?? 'text/plain';
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`);
    // sections[0] is the preamble; the section after the closing "--boundary--" starts with "--".
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      collectLeaves(splitPart(section.replace(/^[ \t]*\r?\n/, '')), out);
    }
    return;
  }
  if (mediaType === 'text/html') out.html.push(decodeBody(part));
  else if (mediaType === 'text/plain') out.text.push(decodeBody(part));
}

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&#x([0-9a-f]+);/gi, (_all, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_all, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

function extractLinks(text: string, html: string): string[] {
  const links: string[] = [];
  for (const source of [decodeEntities(html), text]) {
    for (const match of source.matchAll(/https?:\/\/[^\s"'<>()]+/g)) {
      const link = match[0].replace(/[.,;:!?\]]+$/, '');
      if (!links.includes(link)) links.push(link);
    }
  }
  return links;
}

/** Parses one .eml file. */
export async function parseMailFile(file: string): Promise<Mail> {
  const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
  const message = splitPart(raw);
  const leaves = { text: [] as string[], html: [] as string[] };
  collectLeaves(message, leaves);
  const text = leaves.text.join('\n');
  const html = leaves.html.join('\n');
  const to = [message.headers.get('to'), message.headers.get('cc')]
    .filter((value): value is string => !!value)
    .map(decodeHeader)
    .join(', ');
  return {
    file,
    mtimeMs: info.mtimeMs,
    subject: decodeHeader(message.headers.get('subject') ?? ''),
    to,
    text,
    html,
    links: extractLinks(text, html),
  };
}

/** All mail addressed to `recipient`, newest first. */
export async function listMailTo(
  recipient: string,
  { mailDir = E2E_MAIL_DIR, since = 0 }: Pick<MailQuery, 'mailDir' | 'since'> = {},
): Promise<Mail[]> {
  let names: string[];
  try {
    names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const wanted = recipient.toLowerCase();
  const mails = await Promise.all(names.map((name) => parseMailFile(path.join(mailDir, name))));
  return mails
    .filter((mail) => mail.mtimeMs >= since && mail.to.toLowerCase().includes(wanted))
    .sort((a, b) => b.mtimeMs - a.mtimeMs || b.file.localeCompare(a.file));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits (up to `timeoutMs`, 10 s by default) for a mail to `recipient` that holds a link
 * matching `pattern`, and returns the first such link of the newest such mail.
 * A string pattern matches when the link contains it.
 */
export async function waitForMailLink(
  recipient: string,
  pattern: RegExp | string,
  { timeoutMs = 10_000, ...query }: MailQuery = {},
): Promise<string> {
  const matches = (link: string) =>
    typeof pattern === 'string' ? link.includes(pattern) : pattern.test(link);
  const deadline = Date.now() + timeoutMs;
  let seen: Mail[];
  for (;;) {
    seen = await listMailTo(recipient, query);
    for (const mail of seen) {
      const link = mail.links.find(matches);
      if (link) return link;
    }
    if (Date.now() >= deadline) break;
    await sleep(200);
  }
  const dir = query.mailDir ?? E2E_MAIL_DIR;
  const found = seen.length
    ? `${seen.length} mail(s) to ${recipient} had no such link; newest: "${seen[0]!.subject}" ` +
      `with links ${JSON.stringify(seen[0]!.links)}`
    : `no mail to ${recipient} in ${dir}`;
  throw new Error(`No link matching ${String(pattern)} within ${timeoutMs} ms: ${found}.`);
}

/** Link of the e-mail verification mail sent to `recipient`. */
export function waitForVerificationLink(recipient: string, query: MailQuery = {}): Promise<string> {
  return waitForMailLink(recipient, '/api/auth/verify-email?token=', query);
}
