import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Writes a benchmark's results with the machine they were measured on (date, Node, CPUs, load). */
export async function writeBenchResults(file: string, fields: Record<string, unknown>) {
  await mkdir(path.dirname(file), { recursive: true });
  const machine = {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadAverage: os.loadavg(),
  };
  await writeFile(file, `${JSON.stringify({ ...machine, ...fields }, null, 2)}\n`);
}
