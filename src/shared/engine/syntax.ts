/**
 * Parsing of the two languages a graph holds: Liquid templates (prompts, URLs, bodies) and
 * JSONata expressions (transforms, conditions). Used by validation (does it parse?) and by the
 * executors (the one configured Liquid engine).
 *
 * Isomorphic: no Node API.
 */
import jsonata from 'jsonata';
import { Liquid } from 'liquidjs';

/**
 * The Liquid engine: no file system (no include/render/layout of files), output and parse
 * limits so that a template cannot take the process's memory.
 */
export const liquid = new Liquid({
  strictFilters: false,
  strictVariables: false,
  parseLimit: 100_000,
  renderLimit: 2_000,
  memoryLimit: 10_000_000,
  relativeReference: false,
  // Dates' names in one language everywhere; and without it the engine asks Intl for the
  // runtime's locale when it is created, which costs a browser's first page ~50 ms of ICU set-up.
  locale: 'en-US',
  fs: {
    exists: async () => false,
    existsSync: () => false,
    readFile: async () => '',
    readFileSync: () => '',
    resolve: () => '',
    contains: async () => false,
    sep: '/',
  },
});

/** The error's message (JSONata throws plain objects `{ code, message, position }`). */
const message = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error
    ? String((error as { message: unknown }).message)
    : String(error);

/**
 * Remembers what a parse said about a source text: the builder validates the whole graph on
 * every edit, and most of its templates and expressions have not changed since the last time.
 */
/** Longer texts are parsed each time, so the memory stays small. */
const MAX_REMEMBERED_CHARS = 4_000;

function remembered(parse: (source: string) => string | null, size = 2_000) {
  const known = new Map<string, string | null>();
  return (source: string): string | null => {
    if (known.has(source)) return known.get(source)!;
    const verdict = parse(source);
    if (source.length > MAX_REMEMBERED_CHARS) return verdict;
    if (known.size >= size) known.delete(known.keys().next().value!);
    known.set(source, verdict);
    return verdict;
  };
}

/** Null when the template parses, else the parser's message. */
export const parseTemplate = remembered((source) => {
  try {
    liquid.parse(source);
    return null;
  } catch (error) {
    return message(error);
  }
});

/** Null when the expression parses (or is blank), else the parser's message. */
export const parseExpression = remembered((source) => {
  if (!source.trim()) return null;
  try {
    jsonata(source);
    return null;
  } catch (error) {
    return message(error);
  }
});
