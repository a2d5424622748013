/**
 * `npm start`: builds the portal when needed, then one Node process serves it and the API.
 */
import { buildIfStale, DIST_DIR } from './lib/build.ts';

process.env.NODE_ENV ??= 'production';
process.env.STATIC_DIR ??= DIST_DIR;

try {
  buildIfStale();
  const { main } = await import('../server/main.ts');
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
