import type { MiddlewareHandler } from 'hono';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { acceptedEncodings } from './spa.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** JSON bodies only: never a stream (server-sent events), a download or a file. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/**
 * Compresses JSON responses of at least `threshold` bytes with brotli (a fast level: these are
 * made per request) or gzip, whichever the client accepts. Smaller ones go as they are: below a
 * packet or two, compressing costs more time than it saves.
 */
export function compressJson(options: { threshold?: number } = {}): MiddlewareHandler {
  const threshold = options.threshold ?? 1024;
  return async (c, next) => {
    await next();
    const accepted = c.req.header('accept-encoding');
    if (!accepted || c.req.method === 'HEAD') return;
    const res = c.res;
    // Status and headers first: reading `body` makes the Node adapter build a whole Response.
    if (
      res.status === 204 ||
      res.status === 206 ||
      res.headers.has('content-encoding') ||
      !JSON_TYPE.test(res.headers.get('content-type') ?? '') ||
      /no-transform/i.test(res.headers.get('cache-control') ?? '')
    ) {
      return;
    }
    const declared = Number(res.headers.get('content-length') ?? NaN);
    if (declared < threshold) return;
    const encodings = acceptedEncodings(accepted);
    const encoding = encodings.has('br') ? 'br' : encodings.has('gzip') ? 'gzip' : undefined;
    if (!encoding || !res.body) return;

    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    const vary = headers.get('vary');
    if (!vary || !/accept-encoding/i.test(vary)) {
      headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    let sent: Buffer = body;
    if (body.length >= threshold) {
      sent =
        encoding === 'br'
          ? await brotli(body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzip(body, { level: 6 });
      headers.set('Content-Encoding', encoding);
    }
    headers.set('Content-Length', String(sent.length));
    // Set in two steps: assigning over a response makes Hono copy its headers (the old length).
    c.res = undefined;
    c.res = new Response(new Uint8Array(sent), {
      status: res.status,
      statusText: res.statusText,
      headers,
    });
  };
}
