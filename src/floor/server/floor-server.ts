import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { Words } from '../../evaluator/words.js';
import { EnrolmentRefused, redeemEnrolment, secretHash } from '../enrolment.js';
import { checkBatch, refusedAt } from '../ingest/batch-check.js';
import { ingest, storedHead } from '../ingest/ingest.js';
import { parseRowLines, ROWS_CONTENT_TYPE } from '../link/row-lines.js';
import { boardStatus, enrolRequest, MAX_REQUEST_BYTES, takeOverRequest } from '../link/wire.js';
import { readRestorePage, RESTORE_PAGE_ROWS, revokedCredential, takeOver } from '../restore/replacement.js';
import { readBoard, storeStatus } from '../board.js';
import type { FloorDatabase } from '../postgres/floor-database.js';
import { CONTENT_SECURITY_POLICY } from '../../api/content-security-policy.js';
import { type BuiltFile, builtPath } from '../../server/built-files.js';
import { readDirectory } from '../staff/directory.js';
import type { FloorCertificate } from './certificate.js';
import { FloorSessions } from './floor-sessions.js';
import { roomCsv } from '../reports/room-csv.js';
import { FactDeriver, type FactDeriverOptions } from '../reports/fact-deriver.js';
import { ROOM_REPORT_KINDS, roomReport } from '../reports/room-report.js';
import { tableHandReplay, tableHands } from '../reports/room-hands.js';

export type FloorServerOptions = {
  readonly database: FloorDatabase;
  readonly certificate: FloorCertificate;
  readonly host: string;
  /** 0: a free port (tests). */
  readonly port: number;
  /** The key that reads the floor board (`GET /v1/board`, `Bearer board.<key>`); null: no board over the link. */
  readonly boardKey?: string | null;
  /** The floor's screens (dist/renderer, `floor.html` and its assets, D90); null: the link only. */
  readonly screens?: ReadonlyMap<string, BuiltFile> | null;
  /** A line for the floor's operator (stderr): a table enrolled, a fork, a refused batch, PostgreSQL restarted. */
  readonly log?: (line: string) => void;
  /** When the report facts are derived behind the rows (D119): the defaults, 1 s quiet and at most 10 s after. */
  readonly facts?: Omit<FactDeriverOptions, 'log'>;
};

/** An answer with a status and a JSON body. */
type Answer = { readonly status: number; readonly body: unknown; readonly file?: BuiltFile };

const refusal = (status: number, words: Words): Answer => ({ status, body: { error: words } });

/** An enrolment's body: two secrets. */
const ENROL_BYTES = 4_096;
/** A sign-in's body: a staff number and a PIN. */
const SIGN_IN_BYTES = 1_024;

/** The floor's page: `/` opens it. */
const FLOOR_PAGE = '/floor.html';

const signInRequest = z.object({ staff: z.string().max(20), pin: z.string().max(40) }).strict();
/** A table's line for the board: its devices' words are the longest part. */
const STATUS_BYTES = 64 * 1024;

/** How often the floor looks whether its embedded PostgreSQL still runs (and starts it again if not). */
const WATCH_EVERY_MS = 2_000;

/**
 * The floor server: the tables' link (HTTPS with the floor's own certificate, which the tables pin) and
 * the only writer of the floor's database (D72): a table proves who it is with its credential and can
 * append its own log's rows, nothing else — it never gets database credentials. Requests:
 * `POST /v1/enrol` (a one-time secret and the table's own credential → the table's id), `GET /v1/head`
 * (where the floor's copy of the table's log ends), `POST /v1/rows` (a batch of rows → stored, gap, fork or
 * refused), `POST /v1/status` (the table's line for the board); and the board's data, `GET /v1/board`,
 * with the board's key.
 */
export class FloorServer {
  private readonly watch: NodeJS.Timeout | null;
  readonly sessions = new FloorSessions();
  /** The room's report facts, derived in the background after the rows they come from (D119). */
  readonly facts: FactDeriver;

  private constructor(
    private readonly server: Server,
    private readonly options: FloorServerOptions,
  ) {
    this.facts = new FactDeriver(options.database.pool, { ...options.facts, log: (line) => this.log(line) });
    const embedded = options.database.embedded;
    this.watch =
      embedded === null
        ? null
        : setInterval(() => {
            embedded
              .ensureRunning()
              .then((started) => {
                if (started) this.log('PostgreSQL was not running: started again');
              })
              .catch((error: unknown) => this.log(`PostgreSQL is not running and does not start: ${(error as Error).message}`));
          }, WATCH_EVERY_MS);
    this.watch?.unref();
  }

  static async start(options: FloorServerOptions): Promise<FloorServer> {
    const server = createServer({ cert: options.certificate.certificate, key: options.certificate.key, minVersion: 'TLSv1.2' });
    server.headersTimeout = 10_000;
    server.requestTimeout = 60_000;
    server.keepAliveTimeout = 30_000;
    const floor = new FloorServer(server, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void floor.handle(req, res));
    // A client that breaks off its TLS handshake is no concern of the floor's.
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    void floor.port;
    return floor;
  }

  /** The port it listens on (kept: a closed server still says where it was). */
  get port(): number {
    this.listening ??= (this.server.address() as AddressInfo).port;
    return this.listening;
  }

  private listening: number | null = null;

  async close(): Promise<void> {
    if (this.watch !== null) clearInterval(this.watch);
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
    await this.facts.close();
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let answer: Answer;
    try {
      answer = await this.answer(req);
    } catch (error) {
      // The database did not answer (PostgreSQL restarting, a connection cut): the table sends again later.
      this.log(`a request could not be answered: ${(error as Error).message}`);
      answer = refusal(503, { en: "the floor's database cannot be reached now: the table sends again later", de: 'die Datenbank des Floors ist gerade nicht erreichbar: der Tisch sendet später erneut' });
    }
    if (res.destroyed) return;
    if (answer.file !== undefined) {
      // The screens' own files: only what the page loads, under the same policy as the table's screens.
      res.writeHead(answer.status, { 'content-type': answer.file.type, 'content-length': answer.file.body.length, 'content-security-policy': CONTENT_SECURITY_POLICY, 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'cache-control': 'no-cache' });
      res.end(answer.file.body);
      return;
    }
    const text = JSON.stringify(answer.body);
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store' });
    res.end(text);
  }

  private async answer(req: IncomingMessage): Promise<Answer> {
    const path = new URL(req.url ?? '/', 'https://floor').pathname;
    const route = `${req.method ?? ''} ${path}`;
    if (route === 'POST /v1/enrol') {
      // Before a table has a credential: a small body only.
      const body = await readJson(req, enrolRequest, ENROL_BYTES);
      if ('status' in body) return body;
      try {
        const enrolled = await redeemEnrolment(this.options.database.pool, body.value.secret, body.value.credential);
        this.log(`table ${enrolled.table.id} enrolled as '${enrolled.table.name}'`);
        return { status: 200, body: enrolled };
      } catch (error) {
        if (error instanceof EnrolmentRefused) return refusal(403, error.words);
        throw error;
      }
    }
    if (route === 'GET /v1/restore' || route === 'POST /v1/replace') return this.replacement(req, route);
    if (req.method === 'GET' && !path.startsWith('/v1/')) {
      req.resume();
      return this.screenFile(req.url ?? '/');
    }
    if (route === 'POST /v1/floor/sign-in') {
      const body = await readJson(req, signInRequest, SIGN_IN_BYTES);
      if ('status' in body) return body;
      const { staff } = await readDirectory(this.options.database.pool);
      // The place it comes from (D101): its wrong PINs are bounded apart from everyone else's.
      const result = this.sessions.signIn(staff, body.value.staff, body.value.pin, req.socket.remoteAddress ?? '');
      if (!result.ok) return refusal(result.status, result.words);
      this.log(`${result.session.who.en} signed in to the floor's screens`);
      return { status: 200, body: { token: result.token, who: result.session.who, role: result.session.role, expiresAt: new Date(result.session.expiresAt).toISOString() } };
    }
    if (route === 'POST /v1/floor/sign-out') {
      req.resume();
      const token = sessionToken(req);
      if (token !== null) this.sessions.signOut(token);
      return { status: 200, body: { ok: true } };
    }
    if (route === 'GET /v1/floor/hands' || route === 'GET /v1/floor/replay' || route === 'GET /v1/floor/incidents') {
      req.resume();
      if (!(await this.boardReader(req))) return refusal(401, { en: "sign in to read a table's hands (a floor supervisor or a manager)", de: 'zum Lesen der Hände eines Tisches anmelden (Floor-Supervisor oder Manager)' });
      const query = new URL(req.url ?? '/', 'https://floor').searchParams;
      const table = query.get('table') ?? '';
      const number = (name: string): number | null | 'bad' => {
        const given = query.get(name) ?? '';
        if (given === '') return null;
        return /^\d{1,15}$/.test(given) ? Number(given) : 'bad';
      };
      const bad = refusal(400, { en: 'hands are asked with table (its id) and, for a replay, seq (the hand\'s last row); before (a row) for older hands', de: 'Hände werden mit table (seiner Kennung) und für eine Wiedergabe mit seq (der letzten Zeile der Hand) angefragt; before (eine Zeile) für ältere Hände' });
      if (!/^t-[0-9a-f]{12}$/.test(table)) return bad;
      if (route === 'GET /v1/floor/incidents') {
        // The table's own incidents report over its rows at the floor (D92), beside its hands.
        const room = await roomReport(this.options.database.pool, 'incidents', { from: null, to: null }, (id) => id === table);
        const found = room.tables[0];
        if (found === undefined || found.report.kind !== 'incidents') return refusal(404, { en: 'the floor has no such table', de: 'diesen Tisch gibt es am Floor nicht' });
        return { status: 200, body: { upToRow: found.upToRow, derivedBy: found.derivedBy, incidents: found.report.incidents } };
      }
      if (route === 'GET /v1/floor/hands') {
        const before = number('before');
        if (before === 'bad') return bad;
        return { status: 200, body: await tableHands(this.options.database.pool, table, before) };
      }
      const seq = number('seq');
      if (seq === 'bad' || seq === null) return bad;
      const replay = await tableHandReplay(this.options.database.pool, table, seq);
      return replay === null ? refusal(404, { en: 'the floor holds no hand of this table that ends at that row', de: 'der Floor hat keine Hand dieses Tisches, die in dieser Zeile endet' }) : { status: 200, body: replay };
    }
    if (route === 'GET /v1/floor/report') {
      req.resume();
      if (!(await this.boardReader(req))) return refusal(401, { en: "sign in to read the room's reports (a floor supervisor or a manager)", de: 'zum Lesen der Berichte des Saals anmelden (Floor-Supervisor oder Manager)' });
      const query = new URL(req.url ?? '/', 'https://floor').searchParams;
      const kind = ROOM_REPORT_KINDS.find((known) => known === query.get('kind'));
      const moment = (name: string): number | null | 'bad' => {
        const given = query.get(name) ?? '';
        if (given === '') return null;
        return /^\d{1,15}$/.test(given) ? Number(given) : 'bad';
      };
      const from = moment('from');
      const to = moment('to');
      const format = query.get('format') ?? 'json';
      const lang = query.get('lang') ?? 'en';
      if (kind === undefined || from === 'bad' || to === 'bad' || (format !== 'json' && format !== 'csv' && format !== 'pdf') || (lang !== 'en' && lang !== 'de') || (from !== null && to !== null && from >= to)) {
        return refusal(400, { en: `a report is asked with kind (${ROOM_REPORT_KINDS.join(', ')}), from and to (ms since 1970, from before to), format (json, csv, pdf) and for a PDF lang (en, de)`, de: `ein Bericht wird mit kind (${ROOM_REPORT_KINDS.join(', ')}), from und to (ms seit 1970, from vor to), format (json, csv, pdf) und für ein PDF lang (en, de) angefragt` });
      }
      const room = await roomReport(this.options.database.pool, kind, { from, to });
      if (format === 'csv') return { status: 200, body: null, file: { body: Buffer.from(roomCsv(room), 'utf8'), type: 'text/csv; charset=utf-8' } };
      if (format === 'pdf') return { status: 200, body: null, file: { body: Buffer.from((await import('../reports/room-pdf.js')).roomPdf(room, { language: lang, generatedAt: Date.now() })), type: 'application/pdf' } };
      return { status: 200, body: room };
    }
    if (route === 'GET /v1/board') {
      req.resume();
      if (!(await this.boardReader(req))) return refusal(401, { en: 'sign in to read the floor board (a floor supervisor or a manager)', de: 'zum Lesen der Floor-Übersicht anmelden (Floor-Supervisor oder Manager)' });
      return { status: 200, body: await readBoard(this.options.database.pool) };
    }
    if (route !== 'GET /v1/head' && route !== 'POST /v1/rows' && route !== 'POST /v1/status' && route !== 'GET /v1/staff') return refusal(404, { en: `the floor has no ${route}`, de: `der Floor kennt ${route} nicht` });
    const table = await this.authenticated(req);
    if (typeof table !== 'string') {
      req.resume();
      if (table !== null) {
        // The old PC of a replaced table came back (D99): refused, never a writer of the table's log again.
        this.log(`the old PC of '${table.name}' (replaced ${table.replacedAt.toISOString()}) came back with its revoked credential: refused`);
        return refusal(401, { en: `this PC was replaced as table '${table.name}' on ${table.replacedAt.toISOString()}: its credential is revoked and its log is not taken — call the floor`, de: `dieser PC wurde am ${table.replacedAt.toISOString()} als Tisch '${table.name}' ersetzt: seine Zugangsdaten sind widerrufen und sein Protokoll wird nicht angenommen — Floor rufen` });
      }
      return refusal(401, { en: "these credentials are not a table's of this floor (enrol the table again)", de: 'diese Zugangsdaten gehören zu keinem Tisch dieses Floors (den Tisch neu anmelden)' });
    }
    if (route === 'GET /v1/head') return { status: 200, body: { head: await storedHead(this.options.database.pool, table) } };
    if (route === 'GET /v1/staff') {
      // The floor's staff directory for the table's sign-ins (D91): hashes only, as the table keeps them.
      const directory = await readDirectory(this.options.database.pool);
      return { status: 200, body: { version: directory.version, maxAgeMs: directory.maxAgeMs, staff: directory.version === 0 ? null : directory.staff } };
    }
    if (route === 'POST /v1/status') {
      const body = await readJson(req, boardStatus, STATUS_BYTES);
      if ('status' in body) return body;
      await storeStatus(this.options.database.pool, table, body.value);
      return { status: 200, body: { ok: true } };
    }
    // The batch as Felt's row lines (D117), their shape checked as they are split.
    if ((req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() !== ROWS_CONTENT_TYPE.split(';')[0]) {
      req.resume();
      return refusal(415, { en: `rows are sent as Felt's row lines (${ROWS_CONTENT_TYPE})`, de: `Zeilen werden als Zeilen im Felt-Format gesendet (${ROWS_CONTENT_TYPE})` });
    }
    const body = await readBody(req, MAX_REQUEST_BYTES);
    if (!Buffer.isBuffer(body)) return body;
    const lines = parseRowLines(body.toString('utf8'));
    if (!lines.ok) return refusal(400, { en: lines.problem, de: `die Sendung ist keine Zeilenfolge im Felt-Format: ${lines.problem}` });
    const batch = lines.batch;
    if (batch.table !== table) {
      this.log(`table ${table} sent rows in the name of table ${batch.table}: refused`);
      return refusal(403, { en: `these are table ${table}'s credentials: they send that table's rows only, not table ${batch.table}'s`, de: `das sind die Zugangsdaten von Tisch ${table}: damit gehen nur dessen Zeilen, nicht die von Tisch ${batch.table}` });
    }
    const checked = checkBatch(batch.rows);
    if (!checked.ok) {
      this.log(`table ${table}: a batch refused at row ${checked.seq}: ${checked.problem}`);
      return { status: 200, body: refusedAt(checked.seq, checked.problem) };
    }
    const result = await ingest(this.options.database.pool, table, checked.rows);
    if (result.kind === 'stored' && result.stored > 0) this.facts.moved(table);
    if (result.kind === 'fork') this.log(`table ${table}: FORK at row ${result.seq} — ${result.words.en}`);
    if (result.kind === 'refused') this.log(`table ${table}: a batch refused: ${result.words.en}`);
    return { status: 200, body: result };
  }

  /** A file of the floor's screens, or 404: only the built files, however the address is spelled. */
  private screenFile(target: string): Answer {
    const files = this.options.screens ?? null;
    const path = builtPath(target);
    const notHere = refusal(404, { en: 'the floor serves no such page', de: 'diese Seite gibt es am Floor nicht' });
    if (files === null || path === 'bad') return notHere;
    // The table's own page is in the same build: the floor serves its own page and the files they share.
    const name = path === '/index.html' ? FLOOR_PAGE : path;
    if (name !== FLOOR_PAGE && !name.startsWith('/assets/')) return notHere;
    const file = files.get(name);
    return file === undefined ? notHere : { status: 200, body: null, file };
  }

  /** Whether the request carries the board's key, or a signed-in supervisor's or manager's session. */
  private async boardReader(req: IncomingMessage): Promise<boolean> {
    const token = sessionToken(req);
    if (token !== null) return this.sessions.session(token, (await readDirectory(this.options.database.pool)).staff) !== null;
    const key = this.options.boardKey ?? null;
    const given = /^Bearer board\.([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '')?.[1];
    if (key === null || given === undefined) return false;
    return timingSafeEqual(Buffer.from(secretHash(key), 'hex'), Buffer.from(secretHash(given), 'hex'));
  }

  /**
   * A replaced table's log read back with the replacement code (`GET /v1/restore?after=N&upTo=M`, `Bearer
   * replace.<secret>`), and the new PC taking the table over (`POST /v1/replace`): D99. A table's own
   * credential reads no rows back.
   */
  private async replacement(req: IncomingMessage, route: string): Promise<Answer> {
    try {
      if (route === 'POST /v1/replace') {
        const body = await readJson(req, takeOverRequest, ENROL_BYTES);
        if ('status' in body) return body;
        const taken = await takeOver(this.options.database.pool, body.value.secret, body.value.credential, body.value.head);
        this.log(`table ${taken.table.id} ('${taken.table.name}') taken over by its replacement PC at row ${body.value.head.seq}: the old PC's credential is revoked`);
        return { status: 200, body: taken };
      }
      req.resume();
      const secret = /^Bearer replace\.([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '')?.[1];
      if (secret === undefined) return refusal(401, { en: "a table's log is read back only with its replacement code (felt floor enrol --replaces TABLE)", de: 'das Protokoll eines Tisches wird nur mit seinem Ersatzcode zurückgelesen (felt floor enrol --replaces TISCH)' });
      const query = new URL(req.url ?? '/', 'https://floor').searchParams;
      const after = query.get('after') ?? '0';
      const upTo = query.get('upTo') ?? '';
      const limit = query.get('limit') ?? String(RESTORE_PAGE_ROWS);
      if (!/^\d{1,15}$/.test(after) || !/^(\d{1,15})?$/.test(upTo) || !/^\d{1,4}$/.test(limit) || Number(limit) < 1 || Number(limit) > RESTORE_PAGE_ROWS) {
        return refusal(400, { en: `rows are read back with after (a row), upTo (a row) and limit (1–${RESTORE_PAGE_ROWS})`, de: `Zeilen werden mit after (einer Zeile), upTo (einer Zeile) und limit (1–${RESTORE_PAGE_ROWS}) zurückgelesen` });
      }
      return { status: 200, body: await readRestorePage(this.options.database.pool, secret, Number(after), upTo === '' ? null : Number(upTo), Number(limit)) };
    } catch (error) {
      if (error instanceof EnrolmentRefused) return refusal(403, error.words);
      throw error;
    }
  }

  /** The table whose credential the request carries (`Bearer <id>.<secret>`); a replaced table's revoked credential (seen: D99); or null. */
  private async authenticated(req: IncomingMessage): Promise<string | { name: string; replacedAt: Date } | null> {
    const match = /^Bearer (t-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '');
    if (match === null) return null;
    const [, id, secret] = match as unknown as [string, string, string];
    const found = await this.options.database.pool.query<{ credential_hash: string }>('SELECT credential_hash FROM floor_table WHERE id = $1', [id]);
    const kept = found.rows[0]?.credential_hash;
    if (kept === undefined) return null;
    if (timingSafeEqual(Buffer.from(kept, 'hex'), Buffer.from(secretHash(secret), 'hex'))) return id;
    return revokedCredential(this.options.database.pool, id, secretHash(secret));
  }
}

/** The session token a screen's request carries (`Bearer session.<token>`), or null. */
function sessionToken(req: IncomingMessage): string | null {
  return /^Bearer session\.([A-Za-z0-9_-]{43})$/.exec(req.headers.authorization ?? '')?.[1] ?? null;
}

/** A request's body, at most `limit` bytes: the bytes, or the answer 413 (the request read no further). */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | Answer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      req.destroy();
      return refusal(413, { en: `the request is larger than ${limit.toLocaleString('en')} bytes: send fewer rows at once`, de: `die Anfrage ist größer als ${limit.toLocaleString('de')} Bytes: weniger Zeilen auf einmal senden` });
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * A request's JSON body, at most `limit` bytes, checked against its schema: the value, or the answer that
 * says what was wrong (413 too large, 400 not JSON or not the request's shape, naming the field).
 */
async function readJson<T>(req: IncomingMessage, schema: z.ZodType<T>, limit = MAX_REQUEST_BYTES): Promise<{ value: T } | Answer> {
  const body = await readBody(req, limit);
  if (!Buffer.isBuffer(body)) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return refusal(400, { en: 'the request is not JSON', de: 'die Anfrage ist kein JSON' });
  }
  const checked = schema.safeParse(parsed);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'the request' : issue.path.join('.');
    return refusal(400, { en: `${where}: ${issue?.message ?? 'not the request the floor takes'}`, de: `${where}: ${issue?.message ?? 'nicht die Anfrage, die der Floor annimmt'}` });
  }
  return { value: checked.data };
}
