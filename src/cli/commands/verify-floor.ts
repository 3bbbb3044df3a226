import { resolve } from 'node:path';
import { FloorError } from '../../floor/floor-error.js';
import { readLinkFile } from '../../floor/link/link-file.js';
import { counted } from '../counted.js';
import type { CommandIo } from '../io.js';

/**
 * `felt verify --db PATH --floor DIR|URL [--table ID]`, after the file verified on its own: the file read
 * against the floor's copy of the table's log (D75) — the floor's folder (its embedded PostgreSQL started
 * for this, when its server is not running) or its PostgreSQL's URL; the table named by `--table`, else by
 * the link file beside the database. Exit 0 when every row the floor holds is the file's, 1 with the first
 * row where they part.
 */
export async function verifyAgainstFloor(db: string, floor: string, table: string | null, io: CommandIo): Promise<number> {
  try {
    const tableId = table ?? readLinkFile(db)?.table.id ?? null;
    if (tableId === null) throw new FloorError(`${db} has no link to a floor beside it (no ${db}.floor.json): name the table with --table ID (felt floor tables lists them)`);
    const { FloorDatabase } = await import('../../floor/postgres/floor-database.js');
    const { compareWithFloor } = await import('../../floor/verify-floor.js');
    const source = /^postgres(ql)?:\/\//.test(floor) ? { pg: floor } : { folder: resolve(floor) };
    const database = await FloorDatabase.open(source, { migrateSchema: false });
    try {
      const result = await compareWithFloor(db, database.pool, tableId);
      for (const fork of result.forks) io.out(`${db}: note: the floor refused a fork of this table's log at row ${fork.seq} on ${fork.seenAt.toISOString()} (another log was sent under its credential)\n`);
      if (result.ok) {
        const waiting = result.notYet === 0 ? 'the floor holds all of it' : `${counted(result.notYet, 'row')} after it not at the floor yet (a hand in play, or a link that was down)`;
        io.out(`${db}: the floor's copy of table ${tableId} is this log row for row up to row ${result.atFloor} (head ${result.floorHead}); ${waiting}\n`);
        return 0;
      }
      io.out(result.row === 0 ? `${db}: ${result.problem}\n` : `${db}: row ${result.row} is not the floor's: ${result.problem}\n`);
      return 1;
    } finally {
      await database.close();
    }
  } catch (error) {
    if (!(error instanceof FloorError)) throw error;
    io.err(`felt verify: ${error.message}\n`);
    return 1;
  }
}
