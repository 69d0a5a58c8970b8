/** Problems of an import, from the server's `fields` of a refused commit. */

/** One problem of an import report or of a refused commit: row (from 1), field, message. */
export interface RowProblem {
  row: number;
  field: string;
  message: string;
}

/** The `rows.N.field` entries of a refused commit (422 IMPORT_INVALID), in row order. */
export function rowProblemsFromFields(
  fields: Record<string, string[] | undefined> | undefined,
): RowProblem[] {
  if (!fields) return [];
  const problems: RowProblem[] = [];
  for (const [key, messages] of Object.entries(fields)) {
    const match = /^rows\.(\d+)\.(.+)$/.exec(key);
    if (!match || !messages) continue;
    for (const message of messages) {
      problems.push({ row: Number(match[1]), field: match[2] ?? '', message });
    }
  }
  return problems.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field));
}

/** Problems grouped by row, rows in order (for the report: "Row 3: e-mail: …; value: …"). */
export function groupByRow(
  problems: readonly RowProblem[],
): { row: number; problems: RowProblem[] }[] {
  const rows = new Map<number, RowProblem[]>();
  for (const problem of problems) {
    const list = rows.get(problem.row);
    if (list) list.push(problem);
    else rows.set(problem.row, [problem]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, list]) => ({ row, problems: list }));
}
