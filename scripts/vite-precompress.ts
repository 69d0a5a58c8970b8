// Vite plugin: after a build, writes a brotli (.br, best quality) and a gzip (.gz, level 9)
// copy next to every compressible file of the output over 1 KB, so that the server sends them
// as they are (src/server/http/spa.ts) instead of compressing on every request. A copy that
// would not be smaller is not written.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|map|xml)$/i;
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function precompress(file: string): Promise<number> {
  const data = await readFile(file);
  if (data.length < MIN_BYTES) return 0;
  const [br, gz] = await Promise.all([
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(data, { level: 9 }),
  ]);
  let written = 0;
  if (br.length < data.length) written += (await writeFile(`${file}.br`, br), 1);
  if (gz.length < data.length) written += (await writeFile(`${file}.gz`, gz), 1);
  return written;
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'meridian-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const started = performance.now();
      const eligible: string[] = [];
      for await (const file of files(outDir)) {
        // The manifest is read by the server and the bundle benchmark, never sent.
        if (COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`)) {
          eligible.push(file);
        }
      }
      let written = 0;
      // A few at a time: brotli at its best quality is CPU-bound.
      for (let i = 0; i < eligible.length; i += 4) {
        const counts = await Promise.all(eligible.slice(i, i + 4).map(precompress));
        written += counts.reduce((a, b) => a + b, 0);
      }
      this.info?.(
        `precompressed: ${written} .br/.gz files in ${Math.round(performance.now() - started)} ms`,
      );
    },
  };
}
