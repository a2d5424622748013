import { parse, protocol, type PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements for PGlite, as node-postgres gives PostgreSQL (postgres.ts).
 *
 * PGlite's query() sends every statement as the extended protocol's unnamed statement, so each
 * call parses, plans and describes it again, one message exchange at a time. In WebAssembly the
 * planning is most of the cost of a short query: the access check on a unit took about 4.6 ms
 * through query() and about 1.2 ms as a named statement (demo data, on this project's 2-core
 * machine). Here each distinct SQL text is parsed once, and a call is one exchange: Bind,
 * Describe, Execute, Sync.
 *
 * Parameters are serialised and rows parsed by PGlite's own serialisers and parsers, chosen by
 * the types PostgreSQL inferred for the statement, exactly as query() does, so a value reads and
 * writes the same either way.
 */
export class PgliteStatements {
  /** By SQL text, least recently used first (a Map keeps insertion order). */
  private readonly statements = new Map<string, Statement>();
  private nextName = 1;

  constructor(
    private readonly pg: PGlite,
    /** Statements kept prepared; the least recently used is closed beyond this. */
    private readonly limit = 500,
  ) {}

  /**
   * Outside a transaction: waits for an open one to end, as PGlite's query() does, and makes
   * what the statement wrote durable before answering.
   */
  query<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const rows = await this.run<T>(sql, params, true);
        await this.pg.syncToFs();
        return rows;
      }),
    );
  }

  /** Inside the transaction that holds the database (PGlite's tx.query()). */
  queryInTransaction<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.pg._runExclusiveQuery(() => this.run<T>(sql, params, false));
  }

  private async run<T>(sql: string, params: readonly unknown[], mayRetry: boolean): Promise<T[]> {
    const statement = await this.statement(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.paramTypes[i] ?? 0];
      if (serializer) return serializer(value);
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
        return String(value);
      }
      return JSON.stringify(value);
    });
    try {
      const { messages } = await this.pg.execProtocol(
        concat(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ),
        { syncToFs: false },
      );
      const [result] = parse.parseResults(messages, this.pg.parsers);
      return (result?.rows ?? []) as T[];
    } catch (error) {
      // A table the statement reads changed shape (a migration run while it was prepared):
      // PostgreSQL refuses the cached plan. Outside a transaction it is prepared again, once;
      // inside one the transaction has failed and the caller's retry prepares it afresh.
      if (isStalePlan(error)) {
        await this.close(sql);
        if (mayRetry) return this.run<T>(sql, params, false);
      }
      throw withStatement(error, sql, params);
    }
  }

  private async statement(sql: string): Promise<Statement> {
    const known = this.statements.get(sql);
    if (known) {
      this.statements.delete(sql);
      this.statements.set(sql, known);
      return known;
    }
    const name = `fdp_${String(this.nextName++)}`;
    const { messages } = await this.pg
      .execProtocol(
        concat(
          serialize.parse({ name, text: sql }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ),
        { syncToFs: false },
      )
      .catch((error: unknown) => {
        throw withStatement(error, sql, undefined);
      });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(sql, statement);
    if (this.statements.size > this.limit) {
      const [oldest] = this.statements.keys();
      if (oldest !== undefined) await this.close(oldest);
    }
    return statement;
  }

  private async close(sql: string): Promise<void> {
    const statement = this.statements.get(sql);
    if (!statement) return;
    this.statements.delete(sql);
    // A name is never used twice, so a statement the database failed to close costs only its
    // memory there; the caller's own error or answer matters more than this one.
    await this.pg
      .execProtocol(
        concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()),
        {
          syncToFs: false,
        },
      )
      .catch(() => undefined);
  }
}

interface Statement {
  name: string;
  /** The type of each parameter as PostgreSQL inferred it (its oid). */
  paramTypes: number[];
}

const { serialize } = protocol;

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * PGlite's query() names the failed statement on its errors (`query`, `params`), and the server
 * log keeps the statement while leaving out its values (server/http/logging): so do we.
 */
function withStatement(error: unknown, sql: string, params: readonly unknown[] | undefined) {
  if (error instanceof Error) Object.assign(error, { query: sql, params });
  return error;
}

function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as Error & { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}
