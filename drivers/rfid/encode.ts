import { crc16 } from './crc16.js';
import { COMMAND_TYPE_CODE, FRAME_OVERHEAD, MAX_LENGTH, MESSAGE_TYPE, type RfidMessage, START_BYTE } from './messages.js';
import { type TagUid, tagUidBytes, UID_BYTES } from './tag-uid.js';

/** The bytes of one frame carrying `message` (the host's commands, and the simulator's and tests' reader). */
export function encodeFrame(message: RfidMessage): Uint8Array {
  switch (message.type) {
    case 'start-inventory':
    case 'stop':
    case 'ping':
      return encodeRawFrame(COMMAND_TYPE_CODE[message.type], []);
    case 'tag-seen':
      return encodeRawFrame(MESSAGE_TYPE.TAG_SEEN, [byte(message.antenna, 'antenna'), ...feltUid(message.uid), signedByte(message.rssi)]);
    case 'tag-gone':
      return encodeRawFrame(MESSAGE_TYPE.TAG_GONE, [byte(message.antenna, 'antenna'), ...feltUid(message.uid)]);
    case 'antenna-fault':
      return encodeRawFrame(MESSAGE_TYPE.ANTENNA_FAULT, [byte(message.antenna, 'antenna'), byte(message.code, 'fault code')]);
    case 'heartbeat': {
      const uptime = message.uptimeSeconds;
      if (!Number.isInteger(uptime) || uptime < 0 || uptime > 0xffffffff) throw new RangeError(`uptime must be 0–4294967295 seconds, got ${String(uptime)}`);
      return encodeRawFrame(MESSAGE_TYPE.HEARTBEAT, [byte(message.flags, 'flags'), uptime >>> 24, (uptime >>> 16) & 0xff, (uptime >>> 8) & 0xff, uptime & 0xff]);
    }
    case 'ack':
      return encodeRawFrame(MESSAGE_TYPE.ACK, [COMMAND_TYPE_CODE[message.command], byte(message.status, 'status')]);
  }
}

/**
 * A frame with any TYPE and payload, CRC included: for the simulator's faults and for tests of what
 * the parser does with types and lengths it does not know.
 */
export function encodeRawFrame(type: number, payload: ArrayLike<number>): Uint8Array {
  const length = 1 + payload.length;
  if (length > MAX_LENGTH) throw new RangeError(`a frame carries at most ${MAX_LENGTH - 1} payload bytes, got ${payload.length}`);
  const frame = new Uint8Array(length + FRAME_OVERHEAD);
  frame[0] = START_BYTE;
  frame[1] = length;
  frame[2] = byte(type, 'type');
  for (let index = 0; index < payload.length; index++) frame[3 + index] = byte(payload[index] ?? -1, 'payload byte');
  const crc = crc16(frame, 1, 2 + length);
  frame[2 + length] = crc >> 8;
  frame[3 + length] = crc & 0xff;
  return frame;
}

/** Felt's reader protocol carries 8-byte (ISO 15693) UIDs only: a shorter one has no place in its frames. */
function feltUid(uid: TagUid): Uint8Array {
  const bytes = tagUidBytes(uid);
  if (bytes.length !== UID_BYTES) throw new RangeError(`Felt's reader protocol carries ${UID_BYTES}-byte UIDs; ${uid} has ${bytes.length}`);
  return bytes;
}

function byte(value: number, what: string): number {
  if (!Number.isInteger(value) || value < 0 || value > 0xff) throw new RangeError(`${what} must be a byte (0–255), got ${String(value)}`);
  return value;
}

function signedByte(value: number): number {
  if (!Number.isInteger(value) || value < -128 || value > 127) throw new RangeError(`RSSI must be −128–127 dBm, got ${String(value)}`);
  return value & 0xff;
}
