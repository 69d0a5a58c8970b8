// Issue 13's table: each figure `npm run bench` reports, next to its goal.

interface Row {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  rpsRatio: number;
}

interface BundleReport {
  measuredAt?: string;
  stackFloor?: { gzipBytes: number };
  routes?: { path: string; files: unknown[]; gzipBytes: number; stackFloorRatio?: number }[];
}

export interface Figures {
  health?: Row;
  me?: Row;
  helpRequests?: Row;
  projects?: Row;
  customers?: Row;
  customersSearch?: Row;
  dashboard?: Row;
  bundle: BundleReport | null;
  delivery: {
    contentEncoding: string | null;
    cacheControl: string | null;
    htmlCacheControl: string | null;
  } | null;
  memoryAtRest: { rssMb: number; heapUsedMb: number | null } | null;
  startSeconds: number;
  database: string;
}

export interface GoalRow {
  figure: string;
  value: string;
  goal: string;
  /** null: not measured in this run. */
  met: boolean | null;
}

const ratio = (row: Row) =>
  `${row.rpsRatio.toFixed(3)}× (${row.requestsPerSecond.toFixed(0)} req/s)`;
const latency = (row: Row) =>
  `p50 ${row.latencyP50Ms.toFixed(1)} ms, p99 ${row.latencyP99Ms.toFixed(1)} ms`;

function throughput(figure: string, row: Row | undefined, min: number): GoalRow {
  return row
    ? {
        figure,
        value: `${ratio(row)}, ${latency(row)}`,
        goal: `≥ ${min}×`,
        met: row.rpsRatio >= min,
      }
    : { figure, value: 'not measured', goal: `≥ ${min}×`, met: null };
}

function p99(figure: string, row: Row | undefined, maxMs: number): GoalRow {
  const goal = `p99 ≤ ${maxMs} ms`;
  return row
    ? { figure, value: `${latency(row)}, ${ratio(row)}`, goal, met: row.latencyP99Ms <= maxMs }
    : { figure, value: 'not measured', goal, met: null };
}

function bundleSize(figure: string, report: BundleReport | null, page: string, maxKb: number) {
  const route = report?.routes?.find((r) => r.path === page);
  const goal = `≤ ${maxKb} KB gzip`;
  if (!route) return { figure, value: 'run npm run bench:bundle', goal, met: null };
  const kb = route.gzipBytes / 1024;
  const floor = report?.stackFloor
    ? `, ${route.stackFloorRatio?.toFixed(2)}× the stack floor of ${(report.stackFloor.gzipBytes / 1024).toFixed(0)} KB`
    : '';
  return {
    figure,
    value: `${kb.toFixed(0)} KB gzip${floor}, ${route.files.length} files (bench/results/bundle.json, ${report?.measuredAt ?? '?'})`,
    goal,
    met: kb <= maxKb,
  };
}

export function goalRows(f: Figures): GoalRow[] {
  const help = f.helpRequests;
  const delivery = f.delivery;
  const compressed = delivery?.contentEncoding === 'br' || delivery?.contentEncoding === 'gzip';
  const immutable = /immutable/.test(delivery?.cacheControl ?? '');
  return [
    throughput('GET /api/health', f.health, 0.5),
    throughput('GET /api/v1/me', f.me, 0.3),
    help
      ? {
          figure: 'POST /api/v1/help-requests',
          value: `${ratio(help)}, ${latency(help)}`,
          goal: '≥ 0.05×, p99 ≤ 20 ms',
          met: help.rpsRatio >= 0.05 && help.latencyP99Ms <= 20,
        }
      : {
          figure: 'POST /api/v1/help-requests',
          value: 'not measured',
          goal: '≥ 0.05×, p99 ≤ 20 ms',
          met: null,
        },
    p99('projects list (1,000), page of 20', f.projects, 25),
    p99('customers list (100,000), page of 20', f.customers, 25),
    p99('customers search (100,000, imported)', f.customersSearch, 40),
    p99('CRM dashboard (100,000, imported)', f.dashboard, 50),
    bundleSize('JS for /login, gzip', f.bundle, '/login', 150),
    {
      figure: 'JS for /login as a browser receives it',
      value: delivery
        ? `entry script content-encoding ${delivery.contentEncoding ?? 'none'}, cache-control ` +
          `${delivery.cacheControl ?? 'none'}; index.html cache-control ${delivery.htmlCacheControl ?? 'none'}`
        : 'not measured (no web build?)',
      goal: 'gzip or brotli, immutable caching for hashed files',
      met: delivery ? compressed && immutable : null,
    },
    bundleSize('JS for / after sign-in, gzip', f.bundle, '/', 260),
    f.memoryAtRest
      ? {
          figure: `server RSS at rest on ${f.database}`,
          value: `${f.memoryAtRest.rssMb} MB (V8 heap used ${f.memoryAtRest.heapUsedMb ?? '?'} MB)`,
          goal: f.database === 'pglite' ? '≤ 200 MB' : '≤ 200 MB (goal is for PGlite)',
          met: f.memoryAtRest.rssMb <= 200,
        }
      : { figure: 'server RSS at rest', value: 'not measured', goal: '≤ 200 MB', met: null },
    {
      figure:
        'server start to healthy, fresh data dir (as npm start runs it, after the first build)',
      value: `${f.startSeconds.toFixed(2)} s`,
      goal: '≤ 5 s',
      met: f.startSeconds <= 5,
    },
  ];
}
