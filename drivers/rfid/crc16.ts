/**
 * CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR. The check
 * value (the CRC of the ASCII bytes "123456789") is 0x29B1. Table-driven, one table lookup per byte,
 * because the parser checks every candidate frame it meets in garbage, not only the good ones.
 */
const TABLE = buildTable();

function buildTable(): Uint16Array {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
}

/** The CRC of `bytes[from, to)`: a range, so the parser checks a frame in its buffer without copying it. */
export function crc16(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let crc = 0xffff;
  for (const byte of bytes.subarray(from, to)) {
    crc = ((crc << 8) & 0xff00) ^ (TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc;
}
