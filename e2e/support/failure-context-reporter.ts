import { readFile } from 'node:fs/promises';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Enough of the page to tell which page it was and what was on it. */
const MAX_CHARS = 8_000;

/** The page snapshot of an error context: its YAML block (the errors and source are printed already). */
function pageSnapshotOf(errorContext: string): string | null {
  const start = errorContext.indexOf('```yaml\n');
  if (start < 0) return null;
  const end = errorContext.indexOf('\n```', start + 8);
  return errorContext.slice(start + 8, end < 0 ? undefined : end);
}

/**
 * Prints, for each failed test, the page as Playwright saw it when the test failed (the
 * "error-context" attachment: the failed test's page snapshot, by roles and names). CI keeps
 * no artefacts, so a failure that does not happen again is only understood from its log.
 */
export default class FailureContextReporter implements Reporter {
  private readonly pending: Promise<void>[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const context = result.attachments.find((attachment) => attachment.name === 'error-context');
    if (!context?.path) return;
    const path = context.path;
    this.pending.push(
      readFile(path, 'utf8').then(
        (text) => {
          const snapshot = pageSnapshotOf(text);
          if (!snapshot) return;
          const shown =
            snapshot.length > MAX_CHARS ? `${snapshot.slice(0, MAX_CHARS)}\n[…]` : snapshot;
          process.stdout.write(
            `\n--- page when "${test.title}" failed (${path}) ---\n${shown}\n--- end ---\n`,
          );
        },
        () => undefined,
      ),
    );
  }

  async onEnd(): Promise<void> {
    await Promise.all(this.pending);
  }

  printsToStdio(): boolean {
    return true;
  }
}
