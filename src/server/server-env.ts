/**
 * Defaults for the server process's environment, set by whoever spawns it (the supervisor of
 * `npm start`, the benchmark); the environment wins. glibc's malloc keeps freed memory once its
 * trim threshold has grown, which it does while PGlite's WebAssembly compiles: a fixed threshold
 * hands it back, about 150 MB of the server's memory at rest.
 */
export const SERVER_ENV_DEFAULTS = { MALLOC_TRIM_THRESHOLD_: String(128 * 1024) };
