import { expect } from 'vitest';
import { PERMISSION_FIELD, type PermissionSpec } from '../http/permission.ts';
import type { TestClient } from './harness.ts';

/** One operation of the API's OpenAPI document, as the tests that cover every route read it. */
export type ApiOperation = {
  method: string;
  /** As the document writes it: `/agents/{id}` (without the /api/v1 prefix). */
  path: string;
  permission: PermissionSpec | undefined;
  jsonBody: boolean;
  /** Answers a live event stream when allowed (it may never end). */
  eventStream: boolean;
};

type OperationObject = {
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
  [PERMISSION_FIELD]?: PermissionSpec;
};

/** Every operation of /api/v1/openapi.json (the routes mounted, nothing listed by hand). */
export async function apiOperations(client: TestClient): Promise<ApiOperation[]> {
  const doc = await client.get('/api/v1/openapi.json');
  expect(doc.status).toBe(200);
  return Object.entries(doc.json.paths as Record<string, Record<string, OperationObject>>).flatMap(
    ([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        permission: op[PERMISSION_FIELD],
        jsonBody: Boolean(op.requestBody?.content?.['application/json']),
        eventStream: Boolean(op.responses?.['200']?.content?.['text/event-stream']),
      })),
  );
}
