import { createRoute, OpenAPIHono, type RouteConfig, type z } from '@hono/zod-openapi';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';
import { declaredPermission } from './permission.ts';
import { apiErrorSchema } from '../../shared/schemas/error.ts';

/** A router whose request validation failures become the API's 400 error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
}

/** A JSON body of a request or response: `content: jsonContent(schema)`. */
export const jsonContent = <T extends z.ZodType>(schema: T) => ({
  'application/json': { schema },
});

export const ERROR_DESCRIPTIONS = {
  400: 'Invalid input, or no organisation selected (VALIDATION_ERROR, ORGANIZATION_REQUIRED, …)',
  401: 'Not signed in (UNAUTHENTICATED)',
  403: 'Not allowed (FORBIDDEN, CROSS_SITE_REQUEST, …)',
  404: 'Not found, deleted, or another organisation’s (NOT_FOUND)',
  409: 'Conflicts with existing data (a specific code such as PROJECT_NAME_TAKEN)',
  410: 'No longer available (e.g. INVITATION_CLOSED)',
  413: 'Request body too large (PAYLOAD_TOO_LARGE)',
  415: 'Wrong content type (UNSUPPORTED_MEDIA_TYPE)',
  422: 'Understood but cannot be done (a specific code)',
  428: 'A precondition header is missing (e.g. If-Match: AGENT_REVISION_REQUIRED)',
  429: 'Too many requests (RATE_LIMITED); see Retry-After',
  502: 'The external system could not be reached (CONNECTION_FAILED)',
} as const;

export type DeclaredErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

/** Error responses for the OpenAPI document, all in the one error shape (or the route's own). */
export function errorResponses(
  statuses: Iterable<DeclaredErrorStatus>,
  schema: z.ZodType = apiErrorSchema,
) {
  const responses: Partial<
    Record<DeclaredErrorStatus, { description: string; content: ReturnType<typeof jsonContent> }>
  > = {};
  for (const status of [...statuses].sort((a, b) => a - b)) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: jsonContent(schema),
    };
  }
  return responses;
}

const UNSAFE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/**
 * The errors any route may answer, from what it declares: 400 for input it validates or an
 * organisation it needs, 401 unless public, 403 where a permission or the cross-site check
 * applies, 404 for a record in the path or a selected organisation.
 */
function standardErrors(config: RouteConfig): DeclaredErrorStatus[] {
  const permission = declaredPermission(config);
  const kind = permission?.kind ?? 'public';
  const request = config.request ?? {};
  const needsOrg = kind === 'organization' || kind === 'ability';
  const statuses = new Set<DeclaredErrorStatus>();
  if (request.body || request.query || request.params || needsOrg) statuses.add(400);
  if (kind !== 'public') statuses.add(401);
  if (kind === 'ability' || kind === 'superAdmin' || UNSAFE_METHODS.has(config.method)) {
    statuses.add(403);
  }
  if (request.params || needsOrg) statuses.add(404);
  if (request.body) statuses.add(413);
  return [...statuses];
}

/**
 * `createRoute` with the route's error responses in the document: the standard ones (above)
 * and `errors`, the ones its handler or service throws besides (409, 410, 422, 429, …).
 *
 * ```ts
 * const create = defineRoute({
 *   method: 'post', path: '/projects', ...permission.can('create', 'Project'),
 *   request: { body: { content: jsonContent(projectCreateSchema), required: true } },
 *   responses: { 201: { description: 'Created', content: jsonContent(projectSchema) } },
 *   errors: [409],
 * });
 * ```
 */
export function defineRoute<const R extends RouteConfig>(
  config: R & {
    errors?: readonly DeclaredErrorStatus[];
    /** The shape of this route's errors when it is not the API's (the OpenAI-compatible path). */
    errorSchema?: z.ZodType;
  },
): R & { getRoutingPath(): string } {
  const { errors = [], errorSchema, ...route } = config;
  const responses = {
    ...errorResponses(new Set([...standardErrors(route as R), ...errors]), errorSchema),
    ...route.responses,
  };
  // The added error responses only document what a handler throws; its typed returns stay R's.
  return createRoute({ ...(route as R), responses }) as R & { getRoutingPath(): string };
}
