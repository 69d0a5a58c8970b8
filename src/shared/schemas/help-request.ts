/**
 * Help request (spec sections 2, 3, 5 and 8): the body a signed-in user sends
 * from the Request Help dialog, what the API returns, and the project id derived from its URL.
 *
 * Isomorphic: imports nothing from src/server or src/web.
 */
import { z } from 'zod';
import { HELP_TEXT_MAX_LENGTH, HELP_TEXT_MIN_LENGTH, HELP_URL_MAX_LENGTH } from '../constants.ts';
import { HELP_REQUEST_STATUSES } from './admin.ts';
import { pageSchema } from './pagination.ts';

export const HELP_REQUEST_MESSAGES = {
  required: 'This field is required',
  min: `Minimum ${HELP_TEXT_MIN_LENGTH} characters required`,
  max: `Maximum ${HELP_TEXT_MAX_LENGTH} characters`,
} as const;

/** The description field alone (trimmed), e.g. for the dialog's form. */
export const issueDescriptionSchema = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? HELP_REQUEST_MESSAGES.required
        : 'Expected a string',
  })
  .trim()
  .min(1, { error: HELP_REQUEST_MESSAGES.required, abort: true })
  .min(HELP_TEXT_MIN_LENGTH, { error: HELP_REQUEST_MESSAGES.min })
  .max(HELP_TEXT_MAX_LENGTH, { error: HELP_REQUEST_MESSAGES.max });

/** Body of a help request; unknown fields are rejected. */
export const helpRequestSchema = z.strictObject({
  url: z.string().max(HELP_URL_MAX_LENGTH),
  issue_description: issueDescriptionSchema,
});

/** What a client sends. */
export type HelpRequestInput = z.input<typeof helpRequestSchema>;
/** What the server stores after validation (description trimmed). */
export type HelpRequest = z.output<typeof helpRequestSchema>;

/** A stored help request as the API returns it (POST, PATCH /api/v1/help-requests…). */
export const helpRequestRecordSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  url: z.string(),
  project_id: z.string().nullable(),
  /** The app page of the project (`/projects/{project_id}`), when there is one. */
  project_link: z.string().nullable(),
  issue_description: z.string(),
  status: z.enum(HELP_REQUEST_STATUSES),
  note: z.string().nullable(),
  resolved_at: z.string().nullable(),
  resolved_by: z.string().nullable(),
  created_at: z.string(),
});
export type HelpRequestRecord = z.infer<typeof helpRequestRecordSchema>;

/** A help request in the super admins' list: with the user who sent it. */
export const adminHelpRequestSchema = helpRequestRecordSchema.extend({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
});
export type AdminHelpRequest = z.infer<typeof adminHelpRequestSchema>;

/** GET /api/v1/help-requests. */
export const adminHelpRequestPageSchema = pageSchema(adminHelpRequestSchema);

/** GET /api/v1/help-requests/mine: the caller's own requests. */
export const helpRequestPageSchema = pageSchema(helpRequestRecordSchema);

const PROJECT_SEGMENTS: ReadonlySet<string> = new Set(['project', 'projects']);

/** The path of an absolute or relative URL, without query or hash. */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://base.invalid/').pathname;
  } catch {
    const withoutHash = url.split('#', 1)[0] ?? '';
    const withoutQuery = withoutHash.split('?', 1)[0] ?? '';
    return withoutQuery.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The segment after the first `/project/` or `/projects/` path segment of a
 * URL (absolute or relative); only the path counts, not the query or hash.
 * Null when there is no such segment or the segment after it is empty.
 */
export function extractProjectId(url: string): string | null {
  const segments = pathOf(url).split('/');
  const index = segments.findIndex((segment) => PROJECT_SEGMENTS.has(segment));
  if (index === -1) return null;
  const next = segments[index + 1];
  if (next === undefined || next === '') return null;
  const id = decodeSegment(next);
  return id === '' ? null : id;
}
