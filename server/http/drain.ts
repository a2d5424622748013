import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { retryLater } from './errors.ts';

/** However long requests take to finish, the drain ends by then (the rest get cut off). */
const DRAIN_LIMIT_MS = 5_000;
/** How long kept-alive clients get to send one more request and be told to go. */
const LINGER_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stop that cuts nobody off. Node's server.close() destroys every kept-alive connection it
 * considers idle, and a connection whose next request is still unread in its socket (the event
 * loop was busy in the database) counts as idle: the client's request is reset, and the client
 * cannot tell whether it was applied. So first the server drains: requests in progress finish;
 * every answer closes its connection; new requests are answered 503 with Retry-After, which a
 * client or load balancer takes to another server or tries again. Only when the requests in
 * progress are done, and the clients have closed their connections or had a moment to, does
 * the caller close the server.
 */
export function installDrain(app: FastifyInstance): { drain: () => Promise<void> } {
  let draining = false;
  let inProgress = 0;
  const sockets = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (draining) {
      reply.header('connection', 'close');
      throw retryLater(503, 'The server is restarting. Please try again in a moment.', 1);
    }
    inProgress += 1;
    // onResponse does not run for a request whose client went away; this does, once.
    reply.raw.once('close', () => (inProgress -= 1));
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });
  return {
    async drain() {
      draining = true;
      const started = Date.now();
      for (;;) {
        const elapsed = Date.now() - started;
        if (elapsed >= DRAIN_LIMIT_MS) return;
        if (inProgress === 0 && (sockets.size === 0 || elapsed >= LINGER_MS)) return;
        await sleep(20);
      }
    },
  };
}
