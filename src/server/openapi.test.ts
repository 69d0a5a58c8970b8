import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_FIELD, type PermissionSpec } from './http/permission.ts';
import { startTestServer, type TestServer } from './test/harness.ts';

type Schema = Record<string, unknown>;
type Response = { description: string; content?: Record<string, { schema?: Schema }> };
type Operation = { responses: Record<string, Response>; [PERMISSION_FIELD]?: PermissionSpec };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

let server: TestServer;
let doc: Document;

beforeAll(async () => {
  server = await startTestServer();
  const res = await server.app.request('/api/v1/openapi.json');
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
});
afterAll(async () => {
  await server?.close();
});

/** Every operation of the document as `GET /path` with its definition. */
function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]): [string, Operation] => [
        `${method.toUpperCase()} ${path}`,
        operation,
      ]),
  );
}

const isError = (status: string) => /^[45]\d\d$/.test(status);

/** The operations (as `GET /path`) for which `problem` says what is wrong, with what. */
function problems(problem: (operation: Operation, name: string) => string | undefined): string[] {
  return operations().flatMap(([name, operation]) => {
    const found = problem(operation, name);
    return found ? [`${name}: ${found}`] : [];
  });
}

describe('the OpenAPI document (/api/v1/openapi.json)', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    // The parser resolves references in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('lists at least one 4xx error response for every operation', () => {
    expect(operations().length).toBeGreaterThan(50);
    expect(
      problems((operation) =>
        Object.keys(operation.responses).some((status) => /^4\d\d$/.test(status))
          ? undefined
          : `no 4xx response (has ${Object.keys(operation.responses).join(', ')})`,
      ),
    ).toEqual([]);
  });

  it('lists 401 for every operation that needs a session', () => {
    expect(
      problems((operation) => {
        const kind = operation[PERMISSION_FIELD]?.kind;
        if (kind === undefined) return `no ${PERMISSION_FIELD}`;
        return kind === 'public' || operation.responses['401'] ? undefined : `${kind}, no 401`;
      }),
    ).toEqual([]);
  });

  it('answers every error in the one error shape { error: { code, message, fields? } }', () => {
    const schemas = operations().flatMap(([, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => isError(status))
        .map(([, response]) => response.content?.['application/json']?.schema),
    );
    expect(schemas.length).toBeGreaterThan(0);
    const [first] = schemas;
    expect(first).toMatchObject({
      type: 'object',
      required: ['error'],
      properties: {
        error: {
          type: 'object',
          required: ['code', 'message'],
          properties: {
            code: { type: 'string' },
            message: { type: 'string' },
            fields: { type: 'object', additionalProperties: { type: 'array' } },
          },
        },
      },
    });
    // The OpenAI-compatible endpoint answers in OpenAI's error shape, which its clients read.
    const openAi = (name: string) => / \/openai\//.test(name);
    expect(
      problems((operation, name) => {
        if (openAi(name)) return undefined;
        const other = Object.entries(operation.responses).find(
          ([status, response]) =>
            isError(status) &&
            JSON.stringify(response.content?.['application/json']?.schema) !==
              JSON.stringify(first),
        );
        return other ? `${other[0]} is not the error schema` : undefined;
      }),
    ).toEqual([]);
  });

  it('answers the OpenAI-compatible endpoint’s errors in OpenAI’s shape { error: { message, type, code } }', () => {
    const openAi = operations().filter(([name]) => / \/openai\//.test(name));
    expect(openAi.length).toBeGreaterThan(0);
    for (const [name, operation] of openAi) {
      const errors = Object.entries(operation.responses).filter(([status]) => isError(status));
      expect(errors.length, name).toBeGreaterThan(0);
      for (const [status, response] of errors) {
        const schema = response.content?.['application/json']?.schema as {
          properties?: { error?: { properties?: Record<string, unknown> } };
        };
        const fields = Object.keys(schema?.properties?.error?.properties ?? {});
        expect(fields, `${name} ${status}`).toEqual(
          expect.arrayContaining(['message', 'type', 'code']),
        );
      }
    }
  });
});
