import type { MiddlewareHandler } from 'hono';
import type { ErrorFields } from '../../shared/schemas/error.ts';
import { HttpError } from './errors.ts';
import { printableText, textProblem } from './text-input.ts';

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
/**
 * In JSON text, NUL and surrogates can only arrive as `\u` escapes (a raw NUL makes the JSON
 * invalid), so a body without one is not parsed a second time.
 */
const SUSPECT_ESCAPE = /\\u(0000|d[89a-f])/i;
const MAX_FIELDS = 20;

function collect(value: unknown, path: string, add: (field: string, problem: string) => void) {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) add(path, problem);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collect(item, path ? `${path}.${index}` : `${index}`, add));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const field = path ? `${path}.${printableText(key)}` : printableText(key);
      const problem = textProblem(key);
      if (problem) add(field, problem);
      collect(item, field, add);
    }
  }
}

/**
 * Refuses text that cannot be stored (NUL, lone surrogates) in the path, the query string and
 * JSON or form bodies with a 400 VALIDATION_ERROR naming each field, before any handler sees
 * it. Multipart bodies are checked only with `multipart` (routes whose bodies are small): the
 * API's upload routes check their fields in `readMultipartUpload`.
 */
export function inputHygiene(options: { multipart?: boolean } = {}): MiddlewareHandler {
  return async (c, next) => {
    const fields: ErrorFields = {};
    const add = (field: string, problem: string) => {
      if (Object.keys(fields).length < MAX_FIELDS) (fields[field] ??= []).push(problem);
    };

    let path = c.req.path;
    try {
      path = decodeURIComponent(path);
    } catch {
      // Not percent-decodable: the router answers it.
    }
    const pathProblem = textProblem(path);
    if (pathProblem) add('path', pathProblem);
    const url = c.req.url;
    if (url.includes('?')) {
      for (const [key, value] of new URL(url).searchParams) {
        collect({ [key]: value }, '', add);
      }
    }

    // A GET or HEAD has no body, and asking the Node adapter for one builds a whole Request.
    const bodyless = c.req.method === 'GET' || c.req.method === 'HEAD';
    const type = c.req.header('content-type') ?? '';
    if (!bodyless && c.req.raw.body) {
      if (JSON_TYPE.test(type)) {
        const text = await c.req.raw.clone().text();
        if (SUSPECT_ESCAPE.test(text)) {
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            // Malformed JSON: the handler answers it.
          }
          collect(body, '', add);
        }
      } else if (/application\/x-www-form-urlencoded/i.test(type)) {
        for (const [key, value] of new URLSearchParams(await c.req.raw.clone().text())) {
          collect({ [key]: value }, '', add);
        }
      } else if (options.multipart && /multipart\/form-data/i.test(type)) {
        let form: FormData | undefined;
        try {
          form = await c.req.raw.clone().formData();
        } catch {
          // Malformed multipart: the handler answers it.
        }
        form?.forEach((value, key) => {
          collect({ [key]: typeof value === 'string' ? value : '' }, '', add);
        });
      }
    }

    const first = Object.values(fields)[0]?.[0];
    if (first) throw new HttpError(400, 'VALIDATION_ERROR', first, fields);
    await next();
  };
}
