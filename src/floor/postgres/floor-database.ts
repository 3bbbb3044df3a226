import pg from 'pg';
import { FloorError } from '../floor-error.js';
import { checkedMigrations, migrate } from '../schema/migrate.js';
import { EmbeddedPostgres } from './embedded.js';

/** Where the floor's data is: an existing PostgreSQL (`--pg URL`, the production path) or the floor's own folder with its embedded one. */
export type FloorSource = { readonly pg: string } | { readonly folder: string; readonly runAs?: string };

/** A bigint (a row's number, a count) as a number: a table's rows stay far below 2^53. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/**
 * The floor's database: a pool of connections to it, the schema checked (and brought up to date by the
 * floor server), and the embedded PostgreSQL behind it when there is one. `keepsServer`: the floor server
 * stops its embedded PostgreSQL when it closes (one it found running too: it was a killed floor's); a short
 * command stops only one it started itself.
 */
export class FloorDatabase {
  private constructor(
    readonly pool: pg.Pool,
    readonly embedded: EmbeddedPostgres | null,
    private readonly keepsServer: boolean,
  ) {}

  static async open(source: FloorSource, { migrateSchema, keepsServer = false }: { readonly migrateSchema: boolean; readonly keepsServer?: boolean }): Promise<FloorDatabase> {
    const embedded = 'folder' in source ? await EmbeddedPostgres.open(source.folder, { create: migrateSchema, ...(source.runAs === undefined ? {} : { runAs: source.runAs }) }) : null;
    const config: pg.PoolConfig = 'pg' in source ? { connectionString: source.pg } : { ...(embedded as EmbeddedPostgres).address };
    const pool = new pg.Pool({ ...config, types: TYPES, max: 10, connectionTimeoutMillis: 10_000 });
    // A connection that breaks while idle (PostgreSQL restarted) is dropped from the pool; the next query
    // opens another. Without a listener the pool's error would end the process.
    pool.on('error', () => undefined);
    // And one that breaks while the floor holds it between two queries (in a transaction, PostgreSQL crashed):
    // the query after fails and is answered 503; the client's own error must not end the floor server.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const database = new FloorDatabase(pool, embedded, keepsServer);
    try {
      if (migrateSchema) await migrate(pool);
      else if ((await checkedMigrations(pool)) === 0) throw new FloorError("this PostgreSQL database holds no floor (no schema_migrations): start felt floor on it first");
      return database;
    } catch (error) {
      await database.close();
      if (error instanceof FloorError) throw error;
      throw new FloorError(`cannot use the floor's database: ${(error as Error).message}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    if (this.embedded !== null && (this.keepsServer || this.embedded.startedHere)) await this.embedded.stop();
  }
}
