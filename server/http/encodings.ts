import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A file's brotli and gzip forms at the highest settings, made once and kept: the build's
 * copies of its text files (scripts/vite/precompress.ts) and the server's per-host index.html
 * (index-page.ts). Answers made per request use lighter settings (compression.ts).
 */
export function compressedForms(content: Buffer): { br: Buffer; gzip: Buffer } {
  return {
    br: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip: gzipSync(content, { level: 9 }),
  };
}
