import { ACK_FRAME, COMMAND, encodeResponse, ERROR_FRAME, HOST_TO_PN532, Pn532FrameParser } from '../pn532/pn532-frame.js';
import { BAUD_106_TYPE_A, encodeListedTargets, type ListedTarget, MAX_TARGETS, typicalAnswer } from '../pn532/pn532-messages.js';
import type { TagUid } from '../rfid/tag-uid.js';
import type { DeviceLine } from './device-line.js';

/** GetFirmwareVersion's answer of a PN532 v1.6: IC 32, version 1, revision 6, support 07 (UM0701 §7.2.2). */
export const SIMULATED_PN532_FIRMWARE = [0x32, 0x01, 0x06, 0x07] as const;

/**
 * One PN532 board and its antenna as the host sees it on the HSU line (UM0701-02): it sleeps until woken
 * by 0x55 and zeros, acknowledges every command it reads with an ACK frame, then answers it — firmware
 * version, SAMConfiguration, RFConfiguration, InRelease, and InListPassiveTarget with the tags in its
 * field (106 kbps type A; the first two put down, as a PN532 lists two at most). A command it cannot
 * take is answered with the error frame. It can be told to misbehave the ways a board does: a tag that
 * flickers out of a few polls, an answer cut short or with a wrong checksum, noise, a reset (asleep again).
 */
export class SimulatedPn532 {
  private parser = new Pn532FrameParser();
  private awake = false;
  /** The tags in the field, in the order they were put down. */
  private readonly field = new Map<TagUid, ListedTarget>();
  /** Polls to come that do not see this tag (a hand over the card, a tag at the edge of the field). */
  private readonly hidden = new Map<TagUid, number>();
  private nextAnswer: 'cut' | 'bad-checksum' | null = null;
  /** The last answer sent whole: a host's NACK asks for it again (UM0701 §6.2.1.2). */
  private lastAnswer: Uint8Array | null = null;
  /** How many InListPassiveTarget polls were answered (tests wait on it). */
  polls = 0;

  constructor(private readonly line: DeviceLine) {}

  get isAwake(): boolean {
    return this.awake;
  }

  hear(bytes: Uint8Array): void {
    for (const result of this.parser.push(bytes)) {
      if (result.kind === 'wakeup') this.awake = true;
      // Asleep, a PN532 on HSU reads nothing but the wake-up (UM0701 §6.3.2.3).
      if (!this.awake || result.kind !== 'frame') continue;
      const frame = result.frame;
      if (frame.kind === 'nack') {
        if (this.lastAnswer !== null) this.line.send(this.lastAnswer);
        continue;
      }
      // The host's ACK (to abort) and anything the board itself would send are not commands.
      if (frame.kind !== 'information' || frame.tfi !== HOST_TO_PN532) continue;
      this.line.send(ACK_FRAME);
      this.answer(frame.data[0] ?? -1, frame.data.subarray(1));
    }
  }

  /** A tag comes into the field (answering with the ATQA and SAK of its kind of inlay unless told). */
  place(uid: TagUid, answer: { sensRes: number; selRes: number } = typicalAnswer(uid)): void {
    this.field.set(uid, { tg: 0, uid, ...answer });
  }

  lift(uid: TagUid): void {
    this.field.delete(uid);
    this.hidden.delete(uid);
  }

  /** The tags in the field, in the order put down (for tests and the simulator). */
  tags(): readonly TagUid[] {
    return [...this.field.keys()];
  }

  // Faults on demand.

  /** The tag goes unread for the next `polls` polls, then is read again: a flicker. */
  flicker(uid: TagUid, polls: number): void {
    if (this.field.has(uid)) this.hidden.set(uid, polls);
  }

  /** The next answer to InListPassiveTarget is cut short (its first half), or carries a wrong data checksum. */
  spoilNextAnswer(how: 'cut' | 'bad-checksum'): void {
    this.nextAnswer = how;
  }

  /** Any bytes on the line. */
  garbage(bytes: Uint8Array): void {
    this.line.send(bytes.slice());
  }

  /** A reset or brown-out: asleep until woken, a command half heard forgotten. Tags stay: they lie on the antenna. */
  reset(): void {
    this.awake = false;
    this.parser = new Pn532FrameParser();
  }

  private answer(command: number, parameters: Uint8Array): void {
    switch (command) {
      case COMMAND.GET_FIRMWARE_VERSION:
        this.send(encodeResponse(command, SIMULATED_PN532_FIRMWARE));
        return;
      case COMMAND.SAM_CONFIGURATION:
      case COMMAND.RF_CONFIGURATION:
        this.send(encodeResponse(command));
        return;
      case COMMAND.IN_RELEASE:
        this.send(encodeResponse(command, [0x00]));
        return;
      case COMMAND.IN_LIST_PASSIVE_TARGET: {
        const maxTargets = parameters[0] ?? 0;
        if (maxTargets < 1 || maxTargets > MAX_TARGETS || parameters.length < 2) {
          this.send(ERROR_FRAME);
          return;
        }
        this.polls++;
        // Only type A cards lie on the table: another baud rate and type finds nothing.
        const listed = parameters[1] !== BAUD_106_TYPE_A ? [] : this.visible().slice(0, maxTargets).map((target, index) => ({ ...target, tg: index + 1 }));
        this.send(encodeResponse(command, encodeListedTargets(listed)), this.takeSpoil());
        return;
      }
      default:
        this.send(ERROR_FRAME);
    }
  }

  /** The tags this poll reads: those not hidden by a flicker (whose count goes down). */
  private visible(): ListedTarget[] {
    const seen: ListedTarget[] = [];
    for (const [uid, target] of this.field) {
      const hiddenFor = this.hidden.get(uid) ?? 0;
      if (hiddenFor > 0) {
        if (hiddenFor === 1) this.hidden.delete(uid);
        else this.hidden.set(uid, hiddenFor - 1);
        continue;
      }
      seen.push(target);
    }
    return seen;
  }

  private takeSpoil(): 'cut' | 'bad-checksum' | null {
    const how = this.nextAnswer;
    this.nextAnswer = null;
    return how;
  }

  /** An answer on the line (spoilt as told: the whole one is kept for a NACK). */
  private send(frame: Uint8Array, how: 'cut' | 'bad-checksum' | null = null): void {
    this.lastAnswer = frame;
    if (how === 'cut') {
      this.line.send(frame.slice(0, Math.floor(frame.length / 2)));
      return;
    }
    const bytes = frame.slice();
    if (how === 'bad-checksum') bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 0x5a;
    this.line.send(bytes);
  }
}
