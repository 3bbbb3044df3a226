import { describe, expect, it } from 'vitest';
import { antennaPlace, DEFAULT_ANTENNA_LAYOUT, describeAntenna } from '../../../drivers/rfid/antenna-layout.js';

describe('the antenna layout (docs/protocols.md, "RFID reader", "Antenna ids")', () => {
  it('wires antennas 1–14 to seats 1–14, 20 to the board, 21 to the burn, 22 to the muck, and nothing else', () => {
    for (let antenna = 1; antenna <= 14; antenna++) expect(antennaPlace(DEFAULT_ANTENNA_LAYOUT, antenna)).toEqual({ kind: 'seat', seat: antenna });
    expect(antennaPlace(DEFAULT_ANTENNA_LAYOUT, 20)).toEqual({ kind: 'board' });
    expect(antennaPlace(DEFAULT_ANTENNA_LAYOUT, 21)).toEqual({ kind: 'burn' });
    expect(antennaPlace(DEFAULT_ANTENNA_LAYOUT, 22)).toEqual({ kind: 'muck' });
    for (const antenna of [0, 15, 19, 23, 255]) expect(antennaPlace(DEFAULT_ANTENNA_LAYOUT, antenna)).toBeNull();
    expect(DEFAULT_ANTENNA_LAYOUT.size).toBe(17);
  });

  it('names antennas for logs and prompts', () => {
    expect(describeAntenna(DEFAULT_ANTENNA_LAYOUT, 3)).toBe('antenna 3 (seat 3)');
    expect(describeAntenna(DEFAULT_ANTENNA_LAYOUT, 22)).toBe('antenna 22 (muck)');
    expect(describeAntenna(DEFAULT_ANTENNA_LAYOUT, 30)).toBe('antenna 30 (not wired)');
  });
});
