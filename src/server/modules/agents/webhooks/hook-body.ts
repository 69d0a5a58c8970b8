/**
 * A webhook request's raw body to the start step's input, as src/shared/schemas/webhooks.ts
 * tells callers: JSON object fields, form fields, or the text as the first text input (`body`
 * when there is none). Every failure is a 4xx in the API's error shape.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError, httpError } from '../../../http/errors.ts';
import { textProblem } from '../../../http/text-input.ts';
import { InputError } from '../../../../shared/engine/executors/start.ts';
import { startExecutor } from '../../../../shared/engine/executors/index.ts';
import type { AgentGraph, NodeOfType } from '../../../../shared/schemas/agent-graph.ts';
import {
  WEBHOOK_BODY_INPUT,
  WEBHOOK_MAX_DEPTH,
  WEBHOOK_MESSAGES as M,
  WEBHOOK_SIGNATURE_PREFIX,
} from '../../../../shared/schemas/webhooks.ts';

const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;
const TEXT_TYPE = /^text\//i;

const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message);

/** True when `header` is `sha256=<hex>` of the HMAC-SHA256 of `body` under `secret`. */
export function signatureMatches(body: Uint8Array, secret: string, header: string | undefined) {
  if (!header) throw httpError('WEBHOOK_SIGNATURE_INVALID', M.signatureMissing);
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = header.trim().toLowerCase();
  const hex = given.startsWith(WEBHOOK_SIGNATURE_PREFIX)
    ? given.slice(WEBHOOK_SIGNATURE_PREFIX.length)
    : '';
  const actual = /^[0-9a-f]{64}$/.test(hex) ? Buffer.from(hex, 'hex') : Buffer.alloc(32);
  // Compared in full, in constant time, even when the header is malformed.
  const same = timingSafeEqual(expected, actual);
  if (!same || actual.length !== 32 || hex.length !== 64) {
    throw httpError('WEBHOOK_SIGNATURE_INVALID', M.signatureInvalid);
  }
}

/** The first text input of a start step: `message` in a chat start, else its first string input. */
function textInputName(graph: AgentGraph): string {
  const start = graph.nodes.find((node) => node.type === 'start');
  const data = (start?.data ?? {}) as {
    mode?: string;
    inputs?: { name: string; type: string }[];
  };
  if (data.mode === 'chat') return 'message';
  return data.inputs?.find((input) => input.type === 'string')?.name ?? WEBHOOK_BODY_INPUT;
}

/**
 * Refuses text PostgreSQL cannot store (NUL, lone surrogates) anywhere in the value, and values
 * nested deeper than `WEBHOOK_MAX_DEPTH` (which JSON.parse takes but no later step should have
 * to walk). Iterative: a deep body cannot exhaust the stack here.
 */
function checkInput(root: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value: root, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) throw new HttpError(400, 'VALIDATION_ERROR', problem);
    } else if (value !== null && typeof value === 'object') {
      if (depth >= WEBHOOK_MAX_DEPTH) throw badRequest(M.tooDeep);
      for (const [key, item] of Object.entries(value)) {
        stack.push({ value: key, depth }, { value: item, depth: depth + 1 });
      }
    }
  }
}

function decodeUtf8(body: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw badRequest(M.notUtf8);
  }
}

async function formFields(body: Uint8Array<ArrayBuffer>, contentType: string) {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(M.malformedForm);
  }
  const input: Record<string, unknown> = {};
  for (const [name, value] of form) {
    if (typeof value !== 'string')
      throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', M.filesRefused);
    const before = input[name];
    input[name] =
      before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return input;
}

/** The run's input from the request body and its content type. */
export async function hookInput(
  body: Uint8Array<ArrayBuffer>,
  contentType: string | undefined,
  graph: AgentGraph,
): Promise<Record<string, unknown>> {
  if (body.byteLength === 0) return {};
  const type = (contentType ?? '').trim();
  let input: Record<string, unknown>;
  if (JSON_TYPE.test(type)) {
    let value: unknown;
    try {
      value = JSON.parse(decodeUtf8(body));
    } catch {
      throw badRequest(M.malformedJson);
    }
    input =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? (value as Record<string, unknown>)
        : { [WEBHOOK_BODY_INPUT]: value };
  } else if (FORM_TYPE.test(type)) {
    input = await formFields(body, type);
  } else if (TEXT_TYPE.test(type)) {
    input = { [textInputName(graph)]: decodeUtf8(body) };
  } else {
    throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', M.unsupportedType);
  }
  checkInput(input);
  return input;
}

/**
 * The input checked against the start step's declared inputs before any run exists, as the run
 * API does: 400 VALIDATION_ERROR naming the input (a required one missing, a number that is not).
 */
export async function checkStartInput(graph: AgentGraph, input: Record<string, unknown>) {
  const start = graph.nodes.find((n) => n.type === 'start') as NodeOfType<'start'> | undefined;
  if (!start) return;
  try {
    await startExecutor(start, { inputs: input } as never, {} as never);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    throw new HttpError(400, 'VALIDATION_ERROR', error.message, { input: [error.message] });
  }
}
