import type { TagUid } from './tag-uid.js';

/**
 * The RFID reader's binary protocol (docs/protocols.md, "RFID reader"): every frame is
 *
 *   0x02 | LEN | TYPE | PAYLOAD (LEN − 1 bytes) | CRC high | CRC low
 *
 * LEN counts TYPE and PAYLOAD; the CRC is CRC-16/CCITT-FALSE over LEN, TYPE and PAYLOAD, big-endian.
 * There is no byte stuffing: 0x02 may appear inside a frame, and the parser finds frames again by trying
 * each start byte and checking length and CRC, as fixed-length CRC framings do.
 */
export const START_BYTE = 0x02;
/** LEN's range. 32 leaves room for longer messages of newer firmware, which are skipped whole as unknown. */
export const MIN_LENGTH = 1;
export const MAX_LENGTH = 32;
/** Start byte, LEN and the two CRC bytes around TYPE and PAYLOAD. */
export const FRAME_OVERHEAD = 4;
export const MAX_FRAME_BYTES = MAX_LENGTH + FRAME_OVERHEAD;

/** TYPE bytes. Host → reader below 0x80, reader → host from 0x80. */
export const MESSAGE_TYPE = {
  START_INVENTORY: 0x10,
  STOP: 0x11,
  PING: 0x12,
  TAG_SEEN: 0x81,
  TAG_GONE: 0x82,
  ANTENNA_FAULT: 0x83,
  HEARTBEAT: 0x84,
  ACK: 0x90,
} as const;

/** Payload bytes per TYPE (LEN is one more). */
export const PAYLOAD_BYTES: ReadonlyMap<number, number> = new Map([
  [MESSAGE_TYPE.START_INVENTORY, 0],
  [MESSAGE_TYPE.STOP, 0],
  [MESSAGE_TYPE.PING, 0],
  [MESSAGE_TYPE.TAG_SEEN, 10],
  [MESSAGE_TYPE.TAG_GONE, 9],
  [MESSAGE_TYPE.ANTENNA_FAULT, 2],
  [MESSAGE_TYPE.HEARTBEAT, 5],
  [MESSAGE_TYPE.ACK, 2],
]);

/** What the host asks of the reader. Each is answered with an ACK naming it. */
export type RfidCommandType = 'start-inventory' | 'stop' | 'ping';

export const COMMAND_TYPE_CODE: Readonly<Record<RfidCommandType, number>> = {
  'start-inventory': MESSAGE_TYPE.START_INVENTORY,
  stop: MESSAGE_TYPE.STOP,
  ping: MESSAGE_TYPE.PING,
};

export const COMMAND_BY_CODE: ReadonlyMap<number, RfidCommandType> = new Map(
  Object.entries(COMMAND_TYPE_CODE).map(([command, code]) => [code, command as RfidCommandType]),
);

/** HEARTBEAT flag bits; the others are reserved (sent as 0, kept as read). */
export const HEARTBEAT_FLAG = {
  INVENTORY_RUNNING: 0x01,
  ANTENNA_FAULT: 0x02,
  OVER_TEMPERATURE: 0x04,
} as const;

/** ACK status bytes. */
export const ACK_STATUS = { OK: 0x00, BUSY: 0x01, REFUSED: 0x02 } as const;

/** ANTENNA_FAULT codes. */
export const ANTENNA_FAULT_CODE = { CLEARED: 0x00, OPEN_CIRCUIT: 0x01, SHORT_CIRCUIT: 0x02, DETUNED: 0x03 } as const;

export type RfidMessage =
  | { readonly type: 'start-inventory' }
  | { readonly type: 'stop' }
  | { readonly type: 'ping' }
  /** A tag is in an antenna's field (repeated while it stays, every inventory round). RSSI in dBm. */
  | { readonly type: 'tag-seen'; readonly antenna: number; readonly uid: TagUid; readonly rssi: number }
  /** A tag the antenna saw has not answered for the reader's hold time: it left the field. */
  | { readonly type: 'tag-gone'; readonly antenna: number; readonly uid: TagUid }
  | { readonly type: 'antenna-fault'; readonly antenna: number; readonly code: number }
  /** Every second: HEARTBEAT_FLAG bits and the seconds since the reader powered up (a drop means a reboot). */
  | { readonly type: 'heartbeat'; readonly flags: number; readonly uptimeSeconds: number }
  | { readonly type: 'ack'; readonly command: RfidCommandType; readonly status: number };

export type RfidCommand = Extract<RfidMessage, { readonly type: RfidCommandType }>;

/** Device words for an antenna fault code. */
export function describeAntennaFault(code: number): string {
  switch (code) {
    case ANTENNA_FAULT_CODE.CLEARED:
      return 'working again';
    case ANTENNA_FAULT_CODE.OPEN_CIRCUIT:
      return 'no antenna connected (open circuit)';
    case ANTENNA_FAULT_CODE.SHORT_CIRCUIT:
      return 'short circuit';
    case ANTENNA_FAULT_CODE.DETUNED:
      return 'detuned: too much power reflected (metal on or near the antenna?)';
    default:
      return `fault code 0x${hex(code)}`;
  }
}

/** Device words for an ACK status. */
export function describeAckStatus(status: number): string {
  switch (status) {
    case ACK_STATUS.OK:
      return 'done';
    case ACK_STATUS.BUSY:
      return 'busy';
    case ACK_STATUS.REFUSED:
      return 'refused';
    default:
      return `status 0x${hex(status)}`;
  }
}

export function hex(byte: number): string {
  return byte.toString(16).toUpperCase().padStart(2, '0');
}
