import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this an answer fits in a packet or two whatever its encoding. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Compresses the API's answers above COMPRESS_ABOVE_BYTES (JSON, CSV) with brotli or gzip, as the
 * client accepts; the built portal's files are compressed once at build time instead
 * (scripts/vite/precompress.ts, server/http/static.ts). Brotli at quality 4 costs about what
 * gzip does per byte and still makes smaller answers; its highest settings are for build time.
 * Registered in the API's scope, before its routes.
 */
export async function installApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Answers only: a request body is never taken compressed.
    globalDecompression: false,
  });
}
