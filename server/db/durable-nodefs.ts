/**
 * PGlite as it ships does not make a commit durable on disk. It starts PostgreSQL with `-F`
 * (fsync off), and its Node file system (Emscripten's NODEFS) has no fsync at all: fdatasync is
 * a no-op and fsync finds no handler. A write still reaches the kernel before the commit is
 * answered, which is why a killed server loses nothing (npm run test:durability), but a power
 * cut or an operating system crash can lose acknowledged commits, and with fsync off PostgreSQL
 * may not even recover the database consistently (its documentation: "can result in
 * unrecoverable data corruption").
 *
 * So the embedded database runs as PostgreSQL does by default: fsync on, the WAL flushed with
 * fsync at every commit (wal_sync_method=fsync, the one method that reaches NODEFS), and NODEFS
 * given the fsync it lacks. It costs about 1.5 ms per commit on the development machine's disk.
 */
import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The parts of Emscripten's NODEFS used here (not in PGlite's types). */
interface NodeFsInternals {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  /** Runs a Node fs call, turning its error into the errno Emscripten hands to C. */
  tryFSOperation: <T>(operation: () => T) => T;
}

/** How many fsyncs reached the disk; a test checks that commits make them. */
export const fsyncCounter = { count: 0 };

/** PGlite's own start parameters, with fsync left on and the WAL flushed by fsync. */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
    '-c',
    'wal_sync_method=fsync',
  ];
}

/** NODEFS with fsync: PostgreSQL's fsync of a file or directory becomes the kernel's. */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, options);
    const preRun = result.emscriptenOpts.preRun ?? [];
    result.emscriptenOpts.preRun = [
      ...preRun,
      (mod) => {
        const nodefs = mod.NODEFS as unknown as NodeFsInternals;
        nodefs.stream_ops.fsync = (stream) => {
          const fd = stream.nfd;
          if (fd === undefined) return 0;
          nodefs.tryFSOperation(() => fsyncSync(fd));
          fsyncCounter.count += 1;
          return 0;
        };
      },
    ];
    return result;
  }
}
