import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../support/until.js';
import { parseCard } from '../../../src/cards/notation.js';
import { DriverError } from '../../../drivers/driver-error.js';
import { encodeShoeCommand, encodeShoeMessage } from '../../../drivers/shoe/shoe-protocol.js';
import { type ShoeEvent, ShoeReader } from '../../../drivers/shoe/shoe-reader.js';
import { SerialBinding } from '../../../drivers/transport/serial-binding.js';
import type { TransportPort } from '../../../drivers/transport/transport.js';
import { PtyCable } from '../../../src/hardware/pty-wiring.js';

let cable: PtyCable | null = null;

afterEach(async () => {
  await cable?.unplug();
  cable = null;
});

describe('serial ports through serialport, over socat pseudo-terminals', () => {
  it('carries a shoe’s sentences in pieces to the reader, its commands back, and reports the cable pulled', async () => {
    // A pair of connected pseudo-terminals (Debian's socat): what one end writes, the other reads, as over a cable.
    cable = await PtyCable.lay(mkdtempSync(join(tmpdir(), 'felt-pty-')), 'shoe');
    const { tablePath: table, devicePath: device } = cable;
    const binding = new SerialBinding();
    const port = await binding.open(table, { baudRate: 115_200 });
    const shoeSide: TransportPort = await binding.open(device, { baudRate: 115_200 });
    const events: ShoeEvent[] = [];
    const reader = new ShoeReader(port, (event) => events.push(event));
    const received: number[] = [];
    shoeSide.onData((chunk) => received.push(...chunk));

    const deck = ['As', 'Kd', '7h', '2c', 'Td'];
    const text = deck.map((code, seq) => encodeShoeMessage({ type: 'card', seq, card: parseCard(code) })).join('');
    // Written in pieces of 7 bytes: the reader reassembles the sentences.
    for (let at = 0; at < text.length; at += 7) await shoeSide.write(new TextEncoder().encode(text.slice(at, at + 7)));
    await until(() => events.length === deck.length, 'five cards');
    expect(events).toEqual(deck.map((code) => ({ type: 'card-dealt', card: parseCard(code) })));

    await reader.send({ type: 'check-deck' });
    const command = encodeShoeCommand({ type: 'check-deck' });
    await until(() => received.length >= command.length, 'the deck check command');
    expect(new TextDecoder().decode(Uint8Array.from(received))).toBe(command);

    const closed = new Promise<DriverError>((resolve) => port.onClose(resolve));
    await cable.unplug();
    const reason = await closed;
    expect(reason.kind).toBe('disconnected');
    await shoeSide.close();
  });

  it('opening a port that is not there, or listing without udevadm, is a DriverError, not a crash', async () => {
    const binding = new SerialBinding();
    await expect(binding.open('/dev/felt-no-such-port', {})).rejects.toMatchObject({ kind: 'not-found', message: expect.stringContaining('/dev/felt-no-such-port cannot be opened') });
    const listed = await binding.list().then(
      (ports) => ports,
      (error: unknown) => error,
    );
    expect(Array.isArray(listed) || (listed instanceof DriverError && listed.kind === 'not-found')).toBe(true);
  });
});
