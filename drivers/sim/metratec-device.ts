import { ascii, CR, MAX_LINE, metratecCrc, stripCrc } from '../metratec/metratec-protocol.js';
import type { TagUid } from '../rfid/tag-uid.js';
import type { DeviceLine } from './device-line.js';

/** The revision a simulated QuasarMX answers `REV` with: 16 characters of name, 4 of firmware. */
export const SIMULATED_QUASAR_REVISION = 'QUASAR_MX       0218';

const MAX_PORTS = 16;

/**
 * A metratec QuasarMX as the host sees it on the line (metratec-protocol.ts): it takes the commands its
 * SDK sends — BRK, COF/CON (CRC off and on: a command whose CRC is wrong is answered CCE), EOF/NEF, VBL,
 * MOD, SRI, SAP (ARP, AUT, a port), CNR INV and INV, REV, HBT, WAK — and answers them as the reader does,
 * every line with its CRC while CRC is on and the last line of an answer followed by LF while End Of
 * Frame is on. A continuous inventory (CNR INV) sends one inventory per `tick()` (the simulated table
 * calls it every few milliseconds), stepping through the multiplexed antennas: a line per tag, `ARP n`,
 * `IVF xx`. It can be told to misbehave: a tag that flickers out of some inventories, the next
 * inventory cut short or with a wrong CRC, noise, a reset (every setting back to its default, silent).
 */
export class SimulatedMetratecReader {
  private heard = '';
  private crc = false;
  private endOfFrame = false;
  private continuous = false;
  private antennaReport = false;
  /** Ports stepped through by SAP AUT (0: one port, `port`). */
  private multiplexed = 0;
  private port = 0;
  private rf = false;
  /** What lies in each port's field, in the order put down. */
  private readonly present = new Map<number, Set<TagUid>>();
  /** Inventories to come of a port that do not see this tag. */
  private readonly hidden = new Map<string, number>();
  private spoil: 'cut' | 'bad-crc' | null = null;
  /** Inventories sent (tests wait on it). */
  inventories = 0;

  constructor(private readonly line: DeviceLine) {}

  get inventoryRunning(): boolean {
    return this.continuous;
  }

  hear(bytes: Uint8Array): void {
    for (const byte of bytes) {
      if (byte !== CR) {
        if (byte !== 0x0a && this.heard.length < MAX_LINE) this.heard += String.fromCharCode(byte);
        continue;
      }
      const command = this.heard;
      this.heard = '';
      this.command(command);
    }
  }

  /** One inventory of the next antenna, when a continuous inventory runs. */
  tick(): void {
    if (this.continuous) this.inventory();
  }

  place(port: number, uid: TagUid): void {
    this.fieldOf(port).add(uid);
  }

  lift(port: number, uid: TagUid): void {
    this.present.get(port)?.delete(uid);
    this.hidden.delete(`${port}:${uid}`);
  }

  tagsAt(port: number): readonly TagUid[] {
    return [...(this.present.get(port) ?? [])];
  }

  // Faults on demand.

  /** The tag goes unread in the next `inventories` inventories of its port, then is read again. */
  flicker(port: number, uid: TagUid, inventories: number): void {
    if (this.present.get(port)?.has(uid) === true) this.hidden.set(`${port}:${uid}`, inventories);
  }

  /** The next inventory cut short (the line after its first tag ends mid-way), or one of its lines with a wrong CRC. */
  spoilNextInventory(how: 'cut' | 'bad-crc'): void {
    this.spoil = how;
  }

  garbage(bytes: Uint8Array): void {
    this.line.send(bytes.slice());
  }

  /** A power cycle: every setting back to its default (CRC off, no End Of Frame, no inventory); nothing is sent. */
  reset(): void {
    this.heard = '';
    this.crc = false;
    this.endOfFrame = false;
    this.continuous = false;
    this.antennaReport = false;
    this.multiplexed = 0;
    this.port = 0;
    this.rf = false;
  }

  private command(line: string): void {
    let text = line;
    if (this.crc) {
      const checked = stripCrc(line);
      if (!('text' in checked)) {
        this.answer(['CCE'], false);
        return;
      }
      text = checked.text;
    }
    const words = text.trim().split(/ +/);
    const [name = '', ...args] = words;
    if (this.continuous && name !== 'BRK') return;
    switch (name) {
      case 'BRK': {
        // The state first: a host may send its next command while this answer is read.
        const was = this.continuous;
        this.continuous = false;
        this.answer([was ? 'BRA' : 'NCM']);
        return;
      }
      case 'COF':
        this.crc = false;
        this.answer(['OK!']);
        return;
      case 'CON':
        this.crc = true;
        this.answer(['OK!']);
        return;
      case 'EOF':
      case 'NEF':
        this.endOfFrame = name === 'EOF';
        this.answer(['OK!']);
        return;
      case 'VBL':
        this.answer([/^[0-2]$/.test(args[0] ?? '') ? 'OK!' : 'NOR']);
        return;
      case 'MOD':
        this.answer([['156', '14A', '14B'].includes(args[0] ?? '') ? 'OK!' : 'UPA']);
        return;
      case 'SRI':
        if (args[0] === 'OFF') this.rf = false;
        else if (['SS', 'DS'].includes((args[0] ?? '').toUpperCase()) && ['10', '100'].includes(args[1] ?? '')) this.rf = true;
        else return this.answer(['UPA']);
        return this.answer(['OK!']);
      case 'SAP':
        return this.answer([this.setAntenna(args)]);
      case 'CNR':
        if (args[0] !== 'INV') return this.answer(['UPA']);
        if (!this.rf) return this.answer(['NRF']);
        // No answer of its own: the first inventory is the answer.
        this.continuous = true;
        return;
      case 'INV':
        if (!this.rf) return this.answer(['NRF']);
        this.inventory();
        return;
      case 'REV':
        return this.answer([SIMULATED_QUASAR_REVISION]);
      case 'HBT':
        return this.answer(['OK!']);
      case 'WAK':
        return this.answer(['DNS']);
      case '':
        return;
      default:
        this.answer(['UCO']);
    }
  }

  private setAntenna(args: readonly string[]): string {
    const [what = '', value = ''] = args;
    if (what === 'ARP') {
      if (value !== 'ON' && value !== 'OFF') return 'UPA';
      this.antennaReport = value === 'ON';
      return 'OK!';
    }
    if (what === 'AUT') {
      if (value === 'OFF') {
        this.multiplexed = 0;
        return 'OK!';
      }
      const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
      if (!(count >= 1 && count <= MAX_PORTS)) return 'NOR';
      this.multiplexed = count;
      this.port = 0;
      return 'OK!';
    }
    const port = /^\d+$/.test(what) ? Number(what) : Number.NaN;
    if (!(port >= 0 && port < MAX_PORTS)) return 'NOR';
    this.multiplexed = 0;
    this.port = port;
    return 'OK!';
  }

  /** One inventory of the current port, then the next port when multiplexing. */
  private inventory(): void {
    const port = this.port;
    if (this.multiplexed > 0) this.port = (this.port + 1) % this.multiplexed;
    this.inventories++;
    const uids = [...(this.present.get(port) ?? [])].filter((uid) => this.readable(port, uid));
    const lines = [...uids, ...(this.antennaReport ? [`ARP ${port}`] : []), `IVF ${uids.length.toString(16).toUpperCase().padStart(2, '0')}`];
    const how = this.spoil;
    this.spoil = null;
    if (how === 'cut') {
      // The answer breaks off in its first line; the next inventory follows.
      const whole = this.frameText(lines, false);
      this.line.send(ascii(whole.slice(0, Math.max(1, Math.floor((lines[0]?.length ?? 4) / 2)))));
      return;
    }
    this.line.send(ascii(this.frameText(lines, how === 'bad-crc')));
  }

  private readable(port: number, uid: TagUid): boolean {
    const key = `${port}:${uid}`;
    const hiddenFor = this.hidden.get(key) ?? 0;
    if (hiddenFor === 0) return true;
    if (hiddenFor === 1) this.hidden.delete(key);
    else this.hidden.set(key, hiddenFor - 1);
    return false;
  }

  private answer(lines: readonly string[], withCrc = this.crc): void {
    this.line.send(ascii(this.frameText(lines, false, withCrc)));
  }

  /** Lines as the reader sends them: CRC when on, CR each, LF after the last when End Of Frame is on. */
  private frameText(lines: readonly string[], badCrc: boolean, withCrc = this.crc): string {
    const text = lines
      .map((line, index) => {
        if (!withCrc) return `${line}\r`;
        const crc = metratecCrc(`${line} `) ^ (badCrc && index === 0 ? 0x0101 : 0);
        return `${line} ${crc.toString(16).toUpperCase().padStart(4, '0')}\r`;
      })
      .join('');
    return this.endOfFrame ? `${text}\n` : text;
  }

  private fieldOf(port: number): Set<TagUid> {
    let field = this.present.get(port);
    if (field === undefined) {
      field = new Set();
      this.present.set(port, field);
    }
    return field;
  }
}
