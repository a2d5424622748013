import { describe, expect, it } from 'vitest';
import { GroupCommit } from '../../server/db/group-commit.ts';

/** A write that takes a moment, as a commit waiting for the disk does, and records each batch. */
function slowWrite(refuse: (row: string) => boolean = () => false) {
  const batches: string[][] = [];
  const write = async (rows: readonly string[]) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (rows.some(refuse)) throw new Error(`refused ${rows.join(',')}`);
    batches.push([...rows]);
  };
  return { batches, write };
}

describe('group commit', () => {
  it('writes a lone caller at once, and callers arriving meanwhile together in the next write', async () => {
    const { batches, write } = slowWrite();
    const group = new GroupCommit(write);
    const first = group.add(['a']);
    const rest = ['b', 'c', 'd'].map((row) => group.add([row]));
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('answers each caller only once its own rows are written', async () => {
    const { batches, write } = slowWrite();
    const group = new GroupCommit(write);
    const seen: number[] = [];
    await Promise.all(
      ['a', 'b'].map(async (row) => {
        await group.add([row]);
        seen.push(batches.flat().length);
      }),
    );
    expect(seen.every((n) => n >= 1)).toBe(true);
    expect(batches.flat().sort()).toEqual(['a', 'b']);
  });

  it('fails only the caller whose rows cannot be written, not the others sharing its write', async () => {
    const { batches, write } = slowWrite((row) => row === 'bad');
    const group = new GroupCommit(write);
    const first = group.add(['a']);
    const results = await Promise.allSettled([
      first,
      group.add(['b']),
      group.add(['bad']),
      group.add(['c']),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(batches.flat().sort()).toEqual(['a', 'b', 'c']);
  });

  it('writes nothing for a caller with no rows', async () => {
    const { batches, write } = slowWrite();
    await new GroupCommit(write).add([]);
    expect(batches).toEqual([]);
  });
});
