import { existsSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrolTable } from '../../src/floor/link/enrol.js';
import { formatEnrolmentCode, parseEnrolmentCode } from '../../src/floor/link/enrolment-code.js';
import { rowLines, ROWS_CONTENT_TYPE } from '../../src/floor/link/row-lines.js';
import { FloorClient, FloorRefused } from '../../src/floor/link/floor-client.js';
import { linkFilePath, readLinkFile } from '../../src/floor/link/link-file.js';
import { SimulatedTable } from '../../src/floor/sim/simulated-table.js';
import { startTestFloor, type TestFloor } from './support.js';

let floor: TestFloor;

beforeAll(async () => {
  floor = await startTestFloor();
}, 60_000);

afterAll(async () => {
  await floor.close();
});

/** A request to the floor as anyone may send it: the certificate pinned, any body and headers. */
async function raw(method: string, path: string, body: string | Buffer | null, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: floor.server.port, method, path, headers: { 'content-type': 'application/json', ...headers }, ca: floor.certificate.certificate, checkServerIdentity: () => undefined }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') }));
    });
    req.on('error', reject);
    if (body !== null) req.write(body);
    req.end();
  });
}

describe('enrolment', () => {
  it("gives a table its own credential, kept beside its database for its user only, with the floor's certificate pinned", async () => {
    const db = join(floor.folder, 'one.db');
    const link = await enrolTable(db, await floor.enrolment('Table 1'));
    expect(link.table).toMatchObject({ name: 'Table 1', id: expect.stringMatching(/^t-[0-9a-f]{12}$/) });
    expect(link.fingerprint).toBe(floor.certificate.fingerprint);
    expect(readLinkFile(db)).toEqual(link);
    expect(statSync(linkFilePath(db)).mode & 0o777).toBe(0o600);
    // The floor keeps the credential's hash only.
    const kept = await floor.database.pool.query<{ credential_hash: string }>('SELECT credential_hash FROM floor_table WHERE id = $1', [link.table.id]);
    expect(kept.rows[0]?.credential_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(kept.rows)).not.toContain(link.credential);
    expect(await new FloorClient(link.address, link.fingerprint, link.certificate, { tableId: link.table.id, secret: link.credential }).head()).toEqual({ seq: 0, hash: '0'.repeat(64) });
  });

  it('takes a code once, and not after it expired; a table enrolled already is not enrolled again', async () => {
    const code = await floor.enrolment('Table 2');
    await enrolTable(join(floor.folder, 'two.db'), code);
    await expect(enrolTable(join(floor.folder, 'two-again.db'), code)).rejects.toThrow(/used already/);
    await expect(enrolTable(join(floor.folder, 'late.db'), await floor.enrolment('Table 3', -1))).rejects.toThrow(/expired/);
    await expect(enrolTable(join(floor.folder, 'two.db'), await floor.enrolment('Table 4'))).rejects.toThrow(/enrolled already, as 'Table 2'/);
    await expect(floor.enrolment('Table 2')).rejects.toThrow(/enrolled at this floor already/);
    expect(existsSync(linkFilePath(join(floor.folder, 'late.db')))).toBe(false);
  });

  it('answers an enrolment sent again with the same credential (its answer was lost), and refuses the code with another', async () => {
    const code = parseEnrolmentCode(await floor.enrolment('Table 7'));
    const client = new FloorClient(code.address, code.fingerprint, floor.certificate.certificate, null);
    const first = await client.enrol(code.secret, 'c'.repeat(43));
    expect(await client.enrol(code.secret, 'c'.repeat(43))).toEqual(first);
    await expect(client.enrol(code.secret, 'd'.repeat(43))).rejects.toThrow(/used already/);
    const tables = await floor.database.pool.query('SELECT id FROM floor_table WHERE name = $1', ['Table 7']);
    expect(tables.rows).toEqual([{ id: first.table.id }]);
    client.close();
  });

  it("never sends the secret to a server whose certificate is not the code's", async () => {
    const code = parseEnrolmentCode(await floor.enrolment('Table 5'));
    const other = formatEnrolmentCode({ ...code, fingerprint: 'a'.repeat(64) });
    await expect(enrolTable(join(floor.folder, 'five.db'), other)).rejects.toThrow(/is not the floor of this enrolment code/);
    // The secret was not spent: the real code still enrols.
    await expect(enrolTable(join(floor.folder, 'five.db'), formatEnrolmentCode(code))).resolves.toMatchObject({ table: { name: 'Table 5' } });
  });

  it('says what is wrong with a code that is not one', () => {
    expect(() => parseEnrolmentCode('hello')).toThrow(/not a floor's enrolment code/);
    expect(() => parseEnrolmentCode('felt-floor-1.e30')).toThrow(/damaged/);
    expect(() => parseEnrolmentCode(formatEnrolmentCode({ address: 'http://x:1', fingerprint: 'a'.repeat(64), secret: 'b'.repeat(43) }))).toThrow(/not a floor's address/);
  });

  it('refuses a client whose certificate pin does not match, before it sends anything', async () => {
    const link = await enrolTable(join(floor.folder, 'six.db'), await floor.enrolment('Table 6'));
    const client = new FloorClient(link.address, 'b'.repeat(64), link.certificate, { tableId: link.table.id, secret: link.credential });
    await expect(client.head()).rejects.toThrow(/not the one this table was enrolled with/);
    client.close();
  });
});

describe("the floor server's door", () => {
  let table: { id: string; secret: string };
  let other: { id: string; secret: string };

  beforeAll(async () => {
    const a = await enrolTable(join(floor.folder, 'door-a.db'), await floor.enrolment('Door A'));
    const b = await enrolTable(join(floor.folder, 'door-b.db'), await floor.enrolment('Door B'));
    table = { id: a.table.id, secret: a.credential };
    other = { id: b.table.id, secret: b.credential };
  });

  const bearer = (who: { id: string; secret: string }): Record<string, string> => ({ authorization: `Bearer ${who.id}.${who.secret}` });
  const asRows = { 'content-type': ROWS_CONTENT_TYPE };

  it('refuses a request without credentials, with wrong ones, or with a forged id', async () => {
    expect(await raw('GET', '/v1/head', null)).toMatchObject({ status: 401 });
    expect(await raw('GET', '/v1/head', null, { authorization: `Bearer ${table.id}.${other.secret}` })).toMatchObject({ status: 401 });
    expect(await raw('GET', '/v1/head', null, { authorization: `Bearer t-000000000000.${table.secret}` })).toMatchObject({ status: 401 });
    expect(await raw('GET', '/v1/head', null, bearer(table))).toMatchObject({ status: 200, body: { head: { seq: 0 } } });
  });

  it("refuses rows sent with one table's credentials in another table's name", async () => {
    const source = SimulatedTable.open(join(floor.folder, 'door-source.db'), { hands: 2, seed: 3 });
    source.playAll();
    const rows = [...source.store.rows()];
    source.close();
    const answer = await raw('POST', '/v1/rows', rowLines({ table: other.id, rows }), { ...bearer(table), ...asRows });
    expect(answer).toMatchObject({ status: 403, body: { error: { en: expect.stringMatching(/credentials/) } } });
    const stored = await floor.database.pool.query('SELECT 1 FROM log_row WHERE table_id = $1 OR table_id = $2', [table.id, other.id]);
    expect(stored.rowCount).toBe(0);
  });

  it('answers garbage with what was wrong: not row lines, the wrong shape (naming the line), too large, an unknown request', async () => {
    const row = { seq: 1, command_id: 'c-1', payload: '{"type":"x"}', prev_hash: '0'.repeat(64), hash: 'a'.repeat(64) };
    // Rows as JSON (the link before D117) or with no type: 415, naming the format.
    expect(await raw('POST', '/v1/rows', JSON.stringify({ table: table.id, rows: [row] }), bearer(table))).toMatchObject({ status: 415, body: { error: { en: expect.stringMatching(/application\/x-felt-rows/) } } });
    expect(await raw('POST', '/v1/rows', rowLines({ table: table.id, rows: [row] }), { ...bearer(table), 'content-type': '' })).toMatchObject({ status: 415 });
    expect(await raw('POST', '/v1/rows', '{"table":', { ...bearer(table), ...asRows })).toMatchObject({ status: 400, body: { error: { en: expect.stringMatching(/do not begin with the line 'felt-rows 1/) } } });
    expect(await raw('POST', '/v1/rows', rowLines({ table: table.id, rows: [row] }).replace('\n1\t', '\none\t'), { ...bearer(table), ...asRows })).toMatchObject({ status: 400, body: { error: { en: expect.stringMatching(/^line 2: the row's number/) } } });
    expect(await raw('POST', '/v1/rows', `felt-rows 1 ${table.id}\n`, { ...bearer(table), ...asRows })).toMatchObject({ status: 400, body: { error: { en: 'the batch holds no row' } } });
    // The content of a row: refused by the floor's check, with the row named (the batch stored nothing).
    expect(await raw('POST', '/v1/rows', rowLines({ table: table.id, rows: [row] }), { ...bearer(table), 'content-type': 'Application/X-Felt-Rows' })).toMatchObject({ status: 200, body: { kind: 'refused', seq: 1, words: { en: expect.stringMatching(/^row 1: .*hash/) } } });
    const huge = await raw('POST', '/v1/rows', Buffer.alloc(17 * 1024 * 1024, 0x20), { ...bearer(table), ...asRows }).catch((error: Error) => ({ status: -1, body: error.message }));
    // The floor answers 413 and closes; a client still writing may see the connection reset instead.
    expect([413, -1]).toContain(huge.status);
    expect(await raw('DELETE', '/v1/rows', null, bearer(table))).toMatchObject({ status: 404 });
    // Before a table has a credential, the floor reads a few kilobytes at most.
    const bigEnrolment = await raw('POST', '/v1/enrol', JSON.stringify({ secret: 'x'.repeat(43), credential: 'y'.repeat(43), more: 'z'.repeat(100_000) })).catch((error: Error) => ({ status: -1, body: error.message }));
    expect([413, -1]).toContain(bigEnrolment.status);
    expect(await raw('POST', '/v1/enrol', JSON.stringify({ secret: 'x' }))).toMatchObject({ status: 400 });
    expect(await raw('POST', '/v1/enrol', JSON.stringify({ secret: 'x'.repeat(43) }))).toMatchObject({ status: 400, body: { error: { en: expect.stringMatching(/^credential/) } } });
    expect(await raw('POST', '/v1/enrol', JSON.stringify({ secret: 'x'.repeat(43), credential: 'y'.repeat(43) }))).toMatchObject({ status: 403, body: { error: { en: 'this enrolment code is not one this floor made' } } });
    // The floor still answers.
    expect(await raw('GET', '/v1/head', null, bearer(table))).toMatchObject({ status: 200 });
  });

  it('keeps the certificate and key for its user only', () => {
    const key = join(floor.folder, 'floor', 'floor-key.pem');
    expect(statSync(key).mode & 0o777).toBe(0o600);
    expect(readFileSync(key, 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
  });

  it('answers a refused request with words in English and German', async () => {
    const client = new FloorClient(floor.address(), floor.certificate.fingerprint, floor.certificate.certificate, { tableId: table.id, secret: other.secret });
    const refused = await client.head().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FloorRefused);
    expect((refused as FloorRefused).words.de).toMatch(/Zugangsdaten/);
    client.close();
  });
});
