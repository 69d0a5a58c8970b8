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

type Phase =
  { kind: 'idle' } | { kind: 'saving' } | { kind: 'conflict' } | { kind: 'failed'; error: unknown };

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
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [savedVersion, setSavedVersion] = useState(version);
  const [problems, setProblems] = useState<AgentGraphProblem[] | null>(null);
  const revision = useRef(options.revision);
  const stored = useRef(version);
  const latest = useRef({ graph, version });
  const inFlight = useRef<Promise<void> | null>(null);
  useEffect(() => {
    latest.current = { graph, version };
  }, [graph, version]);

  const save = useCallback(async (): Promise<void> => {
    // Edits made while a save is under way go in the next one, after it.
    while (inFlight.current) await inFlight.current;
    const { graph: sending, version: sendingVersion } = latest.current;
    if (sendingVersion === stored.current) return;
    setPhase({ kind: 'saving' });
    const run = (async () => {
      try {
        const saved = await api<Saved>(`/agents/${encodeURIComponent(agentId)}/draft`, {
          method: 'PUT',
          body: { graph: sending },
          headers: { 'If-Match': String(revision.current) },
        });
        revision.current = saved.revision;
        stored.current = sendingVersion;
        setSavedVersion(sendingVersion);
        setProblems(saved.problems);
        setPhase({ kind: 'idle' });
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
      } catch (error) {
        setPhase(
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

  // A save a moment after the last edit; after a save, the edits made meanwhile.
  useEffect(() => {
    if (!enabled || version === savedVersion || phase.kind === 'conflict') return;
    if (phase.kind === 'saving') return;
    const timer = window.setTimeout(() => void save().catch(() => {}), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, version, savedVersion, phase.kind, save]);

  const state: SaveState =
    phase.kind !== 'idle'
      ? phase
      : version !== savedVersion
        ? { kind: 'pending' }
        : { kind: 'saved' };

  // Leaving the page with unsaved edits asks first.
  const unsaved = state.kind !== 'saved';
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  // Leaving the editor (another tab, another page) saves what is waiting at once.
  const saveOnLeave = useRef(save);
  useEffect(() => {
    saveOnLeave.current = save;
  }, [save]);
  useEffect(
    () => () => {
      if (latest.current.version !== stored.current) void saveOnLeave.current().catch(() => {});
    },
    [],
  );

  /** Keep this draft: take the newer revision as the base and save over it. */
  const overwrite = useCallback(async () => {
    const current = await api<{ revision: number }>(`/agents/${encodeURIComponent(agentId)}`);
    revision.current = current.revision;
    setPhase({ kind: 'idle' });
    await save();
  }, [agentId, save]);

  /** Take what is stored now as the base (after loading the other person's version). */
  const rebase = useCallback((nextRevision: number, nextVersion: number) => {
    revision.current = nextRevision;
    stored.current = nextVersion;
    setSavedVersion(nextVersion);
    setProblems(null);
    setPhase({ kind: 'idle' });
  }, []);

  return { state, problems, save, overwrite, rebase };
}
