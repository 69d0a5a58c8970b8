import type { RunEvent } from '../../../../shared/engine/types';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { runEventsUrl } from '../api/agent-detail';
import { createSseParser, parseRunEvent } from './detail-logic';

/**
 * Follows a run's events (GET …/runs/{runId}/events) with a streamed fetch, which, unlike
 * EventSource, sends the selected organisation's header. Resolves when the stream ends.
 */
export async function followRun(
  agentId: string,
  runId: string,
  signal: AbortSignal,
  onEvent: (event: RunEvent) => void,
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
  if (orgId) headers['X-Organization-Id'] = orgId;
  const response = await fetch(runEventsUrl(agentId, runId), {
    headers,
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const push = createSseParser((name, data) => {
    const event = parseRunEvent(name, data);
    if (event) onEvent(event);
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    push(value);
  }
  push('\n\n');
}
