// A worker thread does not inherit the TypeScript loader the server's thread runs under (tsx), so
// the database's thread (pglite-thread.ts) starts here and registers it before loading its code.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
