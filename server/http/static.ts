import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRoute, looksLikeApiPath } from './api-path.ts';
import { sendApiNotFound } from './errors.ts';
import { IndexPages } from './index-page.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files whose names carry a content hash (Vite's assets/) may be cached for a year. */
function cacheControlFor(filePath: string, root: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built portal. Any GET of a path outside /api that is not a file gets index.html,
 * so client-side routes survive a reload; a missing file under /assets/ is a real 404 so that a
 * stale chunk fails loudly instead of being parsed as HTML.
 */
export async function installStatic(app: FastifyInstance, root: string, production: boolean) {
  if (!existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The built portal was not found in ${root}; run "npm run build" first.`);
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // .vite/ holds the build's own lists (the theme chunks): not the browser's to read.
    dotfiles: 'ignore',
    cacheControl: false,
    // The build writes a .br and a .gz beside each text file (scripts/vite/precompress.ts): the
    // smallest the browser accepts is sent, with Vary: Accept-Encoding.
    preCompressed: true,
    // Source maps hold the whole source; the build keeps them outside, and none is ever served.
    allowedPath: (pathname) => !pathname.endsWith('.map'),
    setHeaders(res, filePath) {
      res.header('Cache-Control', cacheControlFor(filePath, root));
    },
  });
  // A path meant for the API that no API route matched ("//api/x", "/API/x") is answered by the
  // API's JSON 404 before the file server (which refuses such paths with a 403 of its own) or
  // the portal's index.html can take it.
  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRoute(request) && looksLikeApiPath(request.url)) {
      return sendApiNotFound(request, reply, production);
    }
  });
  // index.html for the host, preloading the theme it wears (index-page.ts).
  const pages = new IndexPages(root);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
    pages.send(request, reply, REVALIDATE);
  // The static plugin refuses directories, and the site root is one.
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (looksLikeApiPath(request.url)) return sendApiNotFound(request, reply, production);
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      pathname.startsWith('/assets/')
    ) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    return sendIndex(request, reply);
  });
}
