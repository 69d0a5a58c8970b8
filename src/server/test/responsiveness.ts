/** The CPU time this thread has used, in milliseconds. */
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

export type HealthAnswer = {
  /** Time this thread worked between the request and its answer. */
  cpuMs: number;
  /** Wall-clock time between the request and its answer. */
  wallMs: number;
  /** Answered before `work` was done. */
  duringWork: boolean;
};

/**
 * Asks `/api/health` again and again while `work` runs. For each answer it records the time the
 * event loop's thread spent working before the answer came: what a request waits for when the
 * machine is idle. (The wall-clock time is recorded too, but on a busy machine, such as one
 * running the browser tests, it also counts the waits for a free core, which no code can remove.)
 */
export async function healthDuring<T>(
  app: { request: (path: string) => Response | Promise<Response> },
  work: () => Promise<T>,
): Promise<{ result: T; answers: HealthAnswer[] }> {
  let done = false;
  const answers: HealthAnswer[] = [];
  const poll = (async () => {
    while (!done) {
      const [cpu, wall] = [threadCpuMs(), performance.now()];
      const res = await app.request('/api/health');
      if (res.status !== 200) throw new Error(`/api/health answered ${res.status}`);
      answers.push({
        cpuMs: threadCpuMs() - cpu,
        wallMs: performance.now() - wall,
        duringWork: !done,
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  try {
    return { result: await work(), answers };
  } finally {
    done = true;
    await poll;
  }
}
