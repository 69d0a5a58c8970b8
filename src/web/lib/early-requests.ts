/**
 * The requests public/initial-loader.js starts before the app's code has arrived: GET
 * /api/auth/get-session on every page load, and for someone who was signed in (user data kept,
 * no explicit logout) GET /api/v1/me (with the organisation stored then), POST
 * /api/functions/check-super-admin and, when the page opened is an agent's, GET
 * /api/v1/agents/{id} (in the stored organisation). The first caller of each takes its answer
 * instead of asking again (lib/session, lib/me, the agent query); an answer that is missing,
 * failed, or was asked for another organisation is not used, and the caller asks as it always
 * did.
 *
 * They belong to the page's start only: a sign-in, a sign-out or a user update (auth events
 * other than the initial session), and the end of the first navigation, drop those not taken.
 */
export type EarlyRequestName = 'session' | 'me' | 'superAdmin' | 'agent';

interface EarlyRequest {
  /** null when the request failed (network). */
  response: Promise<Response | null>;
  /** The X-Organization-Id it was sent with (GET /api/v1/me, /api/v1/agents/{id}). */
  orgId?: string | null;
  /** What it was asked about (the agent's id). */
  key?: string;
}

type EarlyRequests = Partial<Record<EarlyRequestName, EarlyRequest>>;

declare global {
  interface Window {
    __meridianEarly?: EarlyRequests;
  }
}

/** undefined until first asked: then what the loader started (null: nothing, or dropped). */
let requests: EarlyRequests | null | undefined;

function early(): EarlyRequests | null {
  if (requests === undefined) {
    requests = typeof window === 'undefined' ? null : (window.__meridianEarly ?? null);
    if (typeof window !== 'undefined') delete window.__meridianEarly;
  }
  return requests;
}

/**
 * The answer of the early request `name`, once: null if there was none (or it was dropped or
 * already taken), or if it was sent for another organisation than `orgId` (GET /api/v1/me) or
 * about another thing than `key` (the agent's id). Resolves to null when the request failed.
 */
export function takeEarlyResponse(
  name: EarlyRequestName,
  orgId: string | null = null,
  key?: string,
): Promise<Response | null> | null {
  const pending = early();
  const request = pending?.[name];
  if (!pending || !request) return null;
  delete pending[name];
  if ((request.orgId ?? null) !== orgId || request.key !== key) return null;
  return request.response;
}

/** The answers not taken are not used any more (the page's start is over, or the user changed). */
export function dropEarlyRequests(): void {
  early();
  requests = null;
}
