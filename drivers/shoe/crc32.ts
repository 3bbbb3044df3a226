/**
 * CRC-32 (the one of zlib, Ethernet and PNG; catalogued as CRC-32/ISO-HDLC): polynomial 0x04C11DB7,
 * reflected (worked here as 0xEDB88320, least significant bit first), initial value 0xFFFFFFFF, final
 * XOR 0xFFFFFFFF. The check value (the CRC of the ASCII bytes "123456789") is 0xCBF43926. Why CRC-32 for
 * the shoe's sentences, and not the RFID reader's CRC-16: D51. Table-driven, one lookup per byte.
 */
const TABLE = buildTable();

function buildTable(): Uint32Array {
  const table = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    let crc = byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
    table[byte] = crc;
  }
  return table;
}

/** The CRC of a sentence's text, read as bytes: every character's code is below 256 (one byte each). */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let index = 0; index < text.length; index++) {
    crc = (TABLE[(crc ^ text.charCodeAt(index)) & 0xff] ?? 0) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
