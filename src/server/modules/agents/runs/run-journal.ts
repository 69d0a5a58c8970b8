/**
 * Group commit of the runs of this process (AGENTS.md, "Runs and steps"): run rows, step rows
 * and run results handed over while a write is under way go together into the next one, so a
 * hundred short runs at once cost a few statements each round, not five per run. A write that
 * fails as a batch is retried run by run, so one run's bad row never loses another run's log.
 * A run's steps and result are handed over after its row, so they are never written before it.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { insertJsonRows } from '../../../db/json-rows.ts';
import { agentRuns, agentRunSteps } from '../../../db/schema/index.ts';

export type RunRowInsert = typeof agentRuns.$inferInsert & { id: string };
export type StepRowInsert = typeof agentRunSteps.$inferInsert;
export interface RunResultRow {
  id: string;
  status: 'succeeded' | 'failed' | 'cancelled';
  output: unknown;
  error: string | null;
  tokensIn: number;
  tokensOut: number;
  cost: number;
  finishedAt: Date;
}

interface Batch {
  runs: RunRowInsert[];
  steps: StepRowInsert[];
  results: RunResultRow[];
  /** Per run id: the callers waiting for what they handed over to be stored. */
  waiters: Map<string, Array<{ resolve: () => void; reject: (error: unknown) => void }>>;
}

const emptyBatch = (): Batch => ({ runs: [], steps: [], results: [], waiters: new Map() });

/** Many runs' results in one statement (one JSON parameter, like `insertJsonRows`). */
function resultsStatement(results: RunResultRow[]): SQL {
  const rows = results.map((r) => ({
    id: r.id,
    status: r.status,
    output: r.output ?? null,
    error: r.error,
    tokens_in: r.tokensIn,
    tokens_out: r.tokensOut,
    cost: r.cost,
    finished_at: r.finishedAt,
  }));
  return sql`
    update ${agentRuns} as r
    set status = v.status, output = v.output, error = v.error, tokens_in = v.tokens_in,
        tokens_out = v.tokens_out, cost = v.cost, finished_at = v.finished_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id uuid, status text, output jsonb, error text, tokens_in integer, tokens_out integer,
           cost double precision, finished_at timestamptz)
    where r.id = v.id`;
}

/**
 * A batch in one statement: its parts as data-modifying `with` queries, which PostgreSQL runs
 * all or none like a transaction, in one round trip (checking the steps' references to runs of
 * the same batch at its end). The parts see the table as it was before the statement, so a
 * result must not be for a run of the same batch: `mergeEnded` has put those in the run's row.
 */
function batchStatement(batch: Pick<Batch, 'runs' | 'steps' | 'results'>): SQL {
  const parts = [
    batch.runs.length > 0 ? insertJsonRows(agentRuns, batch.runs) : null,
    batch.steps.length > 0 ? insertJsonRows(agentRunSteps, batch.steps) : null,
    batch.results.length > 0 ? resultsStatement(batch.results) : null,
  ].filter((part): part is SQL => part !== null);
  if (parts.length === 1) return parts[0]!;
  const named = parts.map((part, i) => sql`${sql.raw(`part${i}`)} as (${part})`);
  return sql`with ${sql.join(named, sql`, `)} select 1`;
}

function write(db: Database, batch: Pick<Batch, 'runs' | 'steps' | 'results'>) {
  return db.execute(batchStatement(batch));
}

/** A run that ended before its row was written is written once, as it ended. */
function mergeEnded(batch: Batch): Batch {
  if (batch.runs.length === 0 || batch.results.length === 0) return batch;
  const results = new Map(batch.results.map((r) => [r.id, r]));
  const runs = batch.runs.map((row) => {
    const result = results.get(row.id);
    if (!result) return row;
    results.delete(row.id);
    return { ...row, ...result };
  });
  return { ...batch, runs, results: [...results.values()] };
}

export class RunJournal {
  private next = emptyBatch();
  private busy = false;
  private readonly holds = new Set<Promise<void>>();
  private readonly db: Database;

  constructor(db: Database) {
    this.db = db;
  }

  /** Stores a new run's row; settles once it is stored. */
  addRun(row: RunRowInsert) {
    this.next.runs.push(row);
    return this.commit(row.id);
  }

  /** Stores a step of a run whose row is stored; settles once it is stored. */
  addStep(row: StepRowInsert) {
    this.next.steps.push(row);
    return this.commit(row.runId);
  }

  /** Stores a run's result; settles once it is stored. */
  finish(result: RunResultRow) {
    this.next.results.push(result);
    return this.commit(result.id);
  }

  /**
   * Keeps the next writes back until `until` settles, at most `maxMs`: a chat's first words go
   * out before its run's rows are written (the embedded database writes on this thread, and a
   * write holds it for milliseconds). What is handed over meanwhile goes in one write after.
   */
  holdWrites(until: Promise<unknown>, maxMs = 250) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hold: Promise<void> = Promise.race([
      until.then(
        () => {},
        () => {},
      ),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs))),
    ]).finally(() => {
      clearTimeout(timer);
      this.holds.delete(hold);
    });
    this.holds.add(hold);
  }

  private commit(runId: string) {
    return new Promise<void>((resolve, reject) => {
      const waiting = this.next.waiters.get(runId) ?? [];
      waiting.push({ resolve, reject });
      this.next.waiters.set(runId, waiting);
      if (this.busy) return;
      this.busy = true;
      // Wait out this turn of the event loop: a run that ends within it (no I/O) is written
      // once, ended, and whatever else this turn hands over goes in the same write.
      setImmediate(() => void this.drain());
    });
  }

  private async drain() {
    try {
      while (this.next.waiters.size > 0) {
        // Only the holds of this moment: later ones wait for the next write, never starve this.
        if (this.holds.size > 0) await Promise.all([...this.holds]);
        const batch = mergeEnded(this.next);
        this.next = emptyBatch();
        await this.store(batch);
      }
    } finally {
      this.busy = false;
    }
  }

  private async store(batch: Batch) {
    try {
      await write(this.db, batch);
      for (const waiting of batch.waiters.values()) for (const w of waiting) w.resolve();
      return;
    } catch {
      // One run's row failed the batch (say, its organisation was just deleted): store each
      // run's part alone, so only that run hears of the failure.
    }
    for (const [runId, waiting] of batch.waiters) {
      try {
        await write(this.db, {
          runs: batch.runs.filter((r) => r.id === runId),
          steps: batch.steps.filter((s) => s.runId === runId),
          results: batch.results.filter((r) => r.id === runId),
        });
        for (const w of waiting) w.resolve();
      } catch (error) {
        for (const w of waiting) w.reject(error);
      }
    }
  }
}

const journals = new WeakMap<Database, RunJournal>();

/** The journal of a database handle (one per handle, shared by every run of the process). */
export function runJournal(db: Database) {
  let journal = journals.get(db);
  if (!journal) {
    journal = new RunJournal(db);
    journals.set(db, journal);
  }
  return journal;
}
