import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentGraph } from '../../../../shared/schemas/agent-graph';
import type { AgentGraphProblem } from '../../../../shared/schemas/agents';
import { api, ApiError } from '../../../lib/api';
import { readStorage, STORAGE_KEYS } from '../../../lib/storage';
import { agentKeys, type Agent } from '../api/agents';

/** How long the builder waits after the last edit before it saves. */
export const AUTOSAVE_DELAY_MS = 800;

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'conflict' }
  | { kind: 'failed'; error: unknown };

interface Saved {
  revision: number;
  updatedAt: string;
  problems: AgentGraphProblem[];
}

/**
 * Saves the draft a moment after each edit, with the revision it started from (`If-Match`). A
 * save that finds a newer revision stops and says so (`conflict`): the person chooses to load
 * the other version or to keep theirs (`overwrite`). Nothing typed is dropped while a save is
 * under way: the next save starts when it ends.
 */
export function useDraftAutosave(options: {
  agentId: string;
  revision: number;
  graph: AgentGraph;
  /** Changes on every edit (the history's version); 0 is the loaded draft. */
  version: number;
  enabled: boolean;
}) {
  const { agentId, graph, version, enabled } = options;
  const queryClient = useQueryClient();
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const [problems, setProblems] = useState<AgentGraphProblem[] | null>(null);
  const revision = useRef(options.revision);
  const savedVersion = useRef(version);
  const latest = useRef({ graph, version });
  latest.current = { graph, version };
  const inFlight = useRef<Promise<void> | null>(null);

  const save = useCallback(async (): Promise<void> => {
    if (inFlight.current) return inFlight.current;
    const { graph: sending, version: sendingVersion } = latest.current;
    if (sendingVersion === savedVersion.current) return;
    setState({ kind: 'saving' });
    const run = (async () => {
      try {
        const saved = await api<Saved>(`/agents/${encodeURIComponent(agentId)}/draft`, {
          method: 'PUT',
          body: { graph: sending },
          headers: { 'If-Match': String(revision.current) },
        });
        revision.current = saved.revision;
        savedVersion.current = sendingVersion;
        setProblems(saved.problems);
        const orgId = readStorage(STORAGE_KEYS.selectedOrgId);
        // The other tabs (test console, overview) read the draft from the agent query.
        queryClient.setQueryData<Agent>(agentKeys.detail(orgId, agentId), (agent) =>
          agent
            ? {
                ...agent,
                draft: sending,
                revision: saved.revision,
                updatedAt: saved.updatedAt,
                problems: saved.problems,
              }
            : agent,
        );
        void queryClient.invalidateQueries({ queryKey: agentKeys.lists(orgId) });
        setState(
          latest.current.version === sendingVersion ? { kind: 'saved' } : { kind: 'pending' },
        );
      } catch (error) {
        setState(
          error instanceof ApiError && error.status === 409
            ? { kind: 'conflict' }
            : { kind: 'failed', error },
        );
        throw error;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = run.catch(() => {});
    return run;
  }, [agentId, queryClient]);

  // A debounced save after each edit; a save under way is followed by the next one.
  useEffect(() => {
    if (!enabled || version === savedVersion.current) return;
    if (state.kind === 'conflict') return;
    setState((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
    const timer = window.setTimeout(() => {
      void save().catch(() => {});
    }, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
    // state.kind is read to hold saves while a conflict is shown, not to save again on change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, version, save]);

  // After a save ends with more edits waiting, save those.
  useEffect(() => {
    if (state.kind !== 'pending' || inFlight.current) return;
    if (version === savedVersion.current) return;
    const timer = window.setTimeout(() => void save().catch(() => {}), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.kind, version, save]);

  // Leaving the editor (another tab, another page) saves what is waiting at once.
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(
    () => () => {
      if (latest.current.version !== savedVersion.current) void saveRef.current().catch(() => {});
    },
    [],
  );

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    const unsaved = state.kind !== 'saved';
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state.kind]);

  /** Keep this draft: take the newer revision as the base and save over it. */
  const overwrite = useCallback(async () => {
    const current = await api<{ revision: number }>(`/agents/${encodeURIComponent(agentId)}`);
    revision.current = current.revision;
    setState({ kind: 'pending' });
    await save();
  }, [agentId, save]);

  /** Take what is stored now as the base (after loading the other person's version). */
  const rebase = useCallback((nextRevision: number, nextVersion: number) => {
    revision.current = nextRevision;
    savedVersion.current = nextVersion;
    setProblems(null);
    setState({ kind: 'saved' });
  }, []);

  return { state, problems, save, overwrite, rebase };
}
