import { X509Certificate } from 'node:crypto';
import { Agent, request } from 'node:https';
import { connect, type PeerCertificate } from 'node:tls';
import type { Words } from '../../evaluator/words.js';
import { FloorError } from '../floor-error.js';
import { fingerprintHex, floorAddress } from './enrolment-code.js';
import type { DirectoryAnswer } from '../staff/table-copy.js';
import { rowLines, ROWS_CONTENT_TYPE } from './row-lines.js';
import { type BoardStatus, type EnrolAnswer, type Head, type RestorePage, restorePage, type RowBatch, type ShipAnswer } from './wire.js';

/** The floor did not answer: no route, refused, cut, timed out — the shipper waits and tries again. */
export class FloorUnreachable extends FloorError {
  override readonly name = 'FloorUnreachable';
}

/** The floor answered with a refusal (its words): wrong credentials, a used code, a request it cannot take. */
export class FloorRefused extends FloorError {
  override readonly name = 'FloorRefused';
  constructor(
    readonly status: number,
    readonly words: Words,
  ) {
    super(words.en);
  }
}

/** A request's time to answer before it counts as lost: a batch of a few thousand rows is stored in well under a second. */
const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The table's side of the link: HTTPS to the floor's address, trusting exactly one certificate — the
 * floor's, pinned by its SHA-256 fingerprint at enrolment (D74): no certificate authority is asked, and a
 * certificate with another fingerprint is refused whatever signed it. One connection, kept alive.
 */
export class FloorClient {
  private readonly url: URL;
  private readonly agent: Agent;

  constructor(
    address: string,
    private readonly fingerprint: string,
    certificate: string,
    private readonly credential: { readonly tableId: string; readonly secret: string } | null,
  ) {
    this.url = floorAddress(address);
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 1,
      ca: certificate,
      // The name the floor is reached by is not in its self-made certificate: the pin is the check.
      checkServerIdentity: (_host, peer) => pinProblem(peer, fingerprint),
    });
  }

  /** Where the floor's copy of this table's log ends. */
  async head(): Promise<Head> {
    return (await this.call<{ head: Head }>('GET', '/v1/head', null)).head;
  }

  /** Sends a batch of rows, as Felt's row lines (D117); the floor's answer (stored, gap, fork, refused). */
  async ship(batch: RowBatch): Promise<ShipAnswer> {
    return this.send<ShipAnswer>('POST', '/v1/rows', { text: rowLines(batch), type: ROWS_CONTENT_TYPE }, null);
  }

  /** Enrols with a one-time secret and the credential the table made for itself: the table's id and name. */
  async enrol(secret: string, credential: string): Promise<EnrolAnswer> {
    return this.call<EnrolAnswer>('POST', '/v1/enrol', { secret, credential });
  }

  /**
   * A page of the table this PC replaces, read back with the replacement code's secret (D99): rows after
   * `after`, up to `upTo` (null: the floor's head). Checked for shape here: what the floor sends is data.
   */
  async restorePage(secret: string, after: number, upTo: number | null, limit: number | null = null): Promise<RestorePage> {
    const answer = await this.call<unknown>('GET', `/v1/restore?after=${after}${upTo === null ? '' : `&upTo=${upTo}`}${limit === null ? '' : `&limit=${limit}`}`, null, `Bearer replace.${secret}`);
    const checked = restorePage.safeParse(answer);
    if (!checked.success) throw new FloorRefused(0, { en: "the floor's answer is not a page of the table's log", de: 'die Antwort des Floors ist keine Seite des Tischprotokolls' });
    return checked.data;
  }

  /** This PC takes over the table it replaces, having read and verified its log up to `head` (D99). */
  async takeOver(secret: string, credential: string, head: Head): Promise<EnrolAnswer> {
    return this.call<EnrolAnswer>('POST', '/v1/replace', { secret, credential, head });
  }

  /** The floor's staff directory (D91). */
  async staff(): Promise<DirectoryAnswer> {
    return this.call<DirectoryAnswer>('GET', '/v1/staff', null);
  }

  /** The table's line for the floor board. */
  async status(status: BoardStatus): Promise<void> {
    await this.call<{ ok: true }>('POST', '/v1/status', status);
  }

  /** Any request of the link's protocol with a JSON body (or none), answered as JSON. */
  async call<T>(method: 'GET' | 'POST', path: string, body: unknown, authorization: string | null = null): Promise<T> {
    return this.send<T>(method, path, body === null ? null : { text: JSON.stringify(body), type: 'application/json' }, authorization);
  }

  private async send<T>(method: 'GET' | 'POST', path: string, body: { readonly text: string; readonly type: string } | null, authorization: string | null): Promise<T> {
    const text = body?.text ?? null;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== null) {
      headers['content-type'] = body.type;
      headers['content-length'] = String(Buffer.byteLength(body.text));
    }
    if (this.credential !== null) headers['authorization'] = `Bearer ${this.credential.tableId}.${this.credential.secret}`;
    if (authorization !== null) headers['authorization'] = authorization;
    return new Promise<T>((resolve, reject) => {
      const req = request({ protocol: 'https:', hostname: this.url.hostname, port: this.url.port || 443, method, path, headers, agent: this.agent, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => reject(new FloorUnreachable(`the floor's answer was cut: ${error.message}`, { cause: error })));
        res.on('end', () => {
          let parsed: unknown;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(new FloorUnreachable(`the floor answered ${res.statusCode ?? '?'} without JSON`));
            return;
          }
          if (res.statusCode === 200) resolve(parsed as T);
          else if (res.statusCode !== undefined && res.statusCode >= 500) reject(new FloorUnreachable(`the floor cannot answer now (${res.statusCode}): ${wordsOf(parsed).en}`));
          else reject(new FloorRefused(res.statusCode ?? 0, wordsOf(parsed)));
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
      req.on('error', (error) => {
        if ((error as { code?: string }).code === 'ERR_FLOOR_PIN') reject(new FloorRefused(0, pinWords(this.fingerprint)));
        else reject(new FloorUnreachable(`the floor at ${this.url.host} cannot be reached: ${error.message}`, { cause: error }));
      });
      if (text !== null) req.write(text);
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The floor's words from an error answer, or words that say the answer had none. */
function wordsOf(parsed: unknown): Words {
  const error = (parsed as { error?: { en?: unknown; de?: unknown } } | null)?.error;
  if (typeof error?.en === 'string' && typeof error.de === 'string') return { en: error.en, de: error.de };
  return { en: 'the floor refused the request without saying why', de: 'der Floor hat die Anfrage ohne Grund abgelehnt' };
}

function pinWords(fingerprint: string): Words {
  return {
    en: `the floor's certificate is not the one this table was enrolled with (${fingerprint.slice(0, 16)}…): another server answers at the floor's address`,
    de: `das Zertifikat des Floors ist nicht das bei der Anmeldung dieses Tisches (${fingerprint.slice(0, 16)}…): an der Adresse des Floors antwortet ein anderer Server`,
  };
}

function pinProblem(peer: PeerCertificate, fingerprint: string): Error | undefined {
  if (fingerprintHex(peer.fingerprint256) === fingerprint) return undefined;
  return Object.assign(new Error('the certificate is not the pinned one'), { code: 'ERR_FLOOR_PIN' });
}

/**
 * The floor's certificate as PEM, fetched from its address and accepted only if its SHA-256 fingerprint is
 * the one given (the enrolment code's): before anything is sent, so a one-time secret never goes to a
 * server that is not the floor.
 */
export async function fetchPinnedCertificate(address: string, fingerprint: string): Promise<string> {
  const url = floorAddress(address);
  const raw = await new Promise<Buffer>((resolve, reject) => {
    // The certificate is checked by its fingerprint below, not by a certificate authority.
    const socket = connect({ host: url.hostname, port: Number(url.port || 443), rejectUnauthorized: false, servername: url.hostname.match(/^[\d.]+$|:/) === null ? url.hostname : '' }, () => {
      const peer = socket.getPeerCertificate();
      socket.end();
      if (peer.raw === undefined) reject(new FloorUnreachable(`the floor at ${url.host} showed no certificate`));
      else resolve(peer.raw);
    });
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy(new Error('no answer')));
    socket.on('error', (error) => reject(new FloorUnreachable(`the floor at ${url.host} cannot be reached: ${error.message}`, { cause: error })));
  });
  const certificate = new X509Certificate(raw);
  if (fingerprintHex(certificate.fingerprint256) !== fingerprint) throw new FloorError(`the server at ${url.host} is not the floor of this enrolment code: its certificate's fingerprint is ${fingerprintHex(certificate.fingerprint256)}, the code's ${fingerprint}`);
  return certificate.toString();
}
