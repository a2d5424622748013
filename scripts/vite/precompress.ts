/**
 * Vite plugin: a brotli (.br) and a gzip (.gz) copy beside every text file of the build, made
 * once at the highest settings, so that the server sends the smallest the browser accepts without
 * compressing on each request (server/http/static.ts serves them with @fastify/static's
 * preCompressed). Files that would not shrink enough to matter are left as they are.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compressedForms } from '../../server/http/encodings.ts';
import { afterBuild } from './after-build.ts';

/** What is worth compressing: text. Fonts (woff2) and images are compressed already. */
const TEXT = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a response fits in a packet or two whatever its encoding. */
const MIN_BYTES = 1024;
/** A copy must save at least this share of the file, or the plain file is served. */
const MIN_SAVING = 0.1;

export function textFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) => TEXT.test(file) && statSync(path.join(dir, file)).isFile(),
  );
}

/** Writes the .br and .gz copies of one file; returns the bytes of each (0: not written). */
export function precompressFile(file: string): { br: number; gz: number } {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) return { br: 0, gz: 0 };
  const worth = (bytes: Buffer) => bytes.length <= content.length * (1 - MIN_SAVING);
  const { br, gzip: gz } = compressedForms(content);
  const sizes = { br: 0, gz: 0 };
  if (worth(br)) {
    writeFileSync(`${file}.br`, br);
    sizes.br = br.length;
  }
  if (worth(gz)) {
    writeFileSync(`${file}.gz`, gz);
    sizes.gz = gz.length;
  }
  return sizes;
}

export function precompress(): Plugin {
  return afterBuild('fdp-precompress', (outDir) => {
    for (const file of textFiles(outDir)) precompressFile(path.join(outDir, file));
  });
}
