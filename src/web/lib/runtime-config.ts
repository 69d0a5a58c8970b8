import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';

/**
 * What the browser needs to know before anyone signs in, from the public `GET /api/config`:
 * the tag manager id and which sign-in providers are enabled. Nothing secret.
 */
export const runtimeConfigSchema = z.object({
  gtmId: z.string().min(1).nullable().catch(null),
  auth: z
    .object({
      google: z.boolean().catch(false),
      oidc: z
        .object({ name: z.string().min(1) })
        .nullable()
        .catch(null),
    })
    .catch({ google: false, oidc: null }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export const RUNTIME_CONFIG_URL = '/api/config';

/** Used when the server cannot be asked: no tag manager, password sign-in only. */
export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  gtmId: null,
  auth: Object.freeze({ google: false, oidc: null }),
});

/** Parses a /api/config body; unknown or malformed fields fall back to the defaults. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(body);
  return parsed.success ? parsed.data : DEFAULT_RUNTIME_CONFIG;
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/**
 * A loader that asks the server once and shares the answer. A failed request resolves to
 * the defaults (the app must start without it) and is not cached, so a later call retries.
 */
export function createRuntimeConfigLoader(fetchFn: Fetch = (input, init) => fetch(input, init)) {
  let pending: Promise<RuntimeConfig> | null = null;

  async function request(): Promise<{ config: RuntimeConfig; ok: boolean }> {
    try {
      const response = await fetchFn(RUNTIME_CONFIG_URL, {
        headers: { Accept: 'application/json' },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_URL} answered ${response.status}`);
      return { config: parseRuntimeConfig(await response.json()), ok: true };
    } catch (error) {
      console.error('Could not load the runtime configuration; using the defaults', error);
      return { config: DEFAULT_RUNTIME_CONFIG, ok: false };
    }
  }

  return {
    load(): Promise<RuntimeConfig> {
      pending ??= request().then(({ config, ok }) => {
        if (!ok) pending = null;
        return config;
      });
      return pending;
    },
    /** Forgets the cached answer (tests). */
    reset(): void {
      pending = null;
    },
  };
}

const loader = createRuntimeConfigLoader();

/** The runtime configuration, fetched once per page load. */
export function loadRuntimeConfig(): Promise<RuntimeConfig> {
  return loader.load();
}

export const runtimeConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['runtime-config'],
    queryFn: loadRuntimeConfig,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The runtime configuration in a component; undefined until it has loaded. */
export function useRuntimeConfig(): RuntimeConfig | undefined {
  return useQuery(runtimeConfigQueryOptions()).data;
}
