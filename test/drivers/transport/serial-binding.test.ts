import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { DriverError } from '../../../drivers/driver-error.js';
import { encodeShoeMessage } from '../../../drivers/shoe/shoe-protocol.js';
import { type ShoeEvent, ShoeReader } from '../../../drivers/shoe/shoe-reader.js';
import { SerialBinding } from '../../../drivers/transport/serial-binding.js';
import type { TransportPort } from '../../../drivers/transport/transport.js';

let socat: ChildProcess | null = null;

afterEach(() => {
  socat?.kill('SIGKILL');
  socat = null;
});

/** A pair of connected pseudo-terminals (Debian's socat): what one end writes, the other reads, as over a cable. */
async function ptyPair(): Promise<{ table: string; device: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'felt-pty-'));
  const table = join(folder, 'table');
  const device = join(folder, 'device');
  socat = spawn('socat', [`pty,raw,echo=0,link=${table}`, `pty,raw,echo=0,link=${device}`], { stdio: 'ignore' });
  for (let waited = 0; !(existsSync(table) && existsSync(device)); waited += 20) {
    if (waited > 5_000) throw new Error('socat made no pseudo-terminals');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { table, device };
}

function until(condition: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      if (condition()) resolve();
      else if (Date.now() - started > 5_000) reject(new Error(`waited 5 s for ${what}`));
      else setTimeout(check, 10);
    };
    check();
  });
}

describe('serial ports through serialport, over socat pseudo-terminals', () => {
  it('carries a shoe’s sentences in pieces to the reader, its commands back, and reports the cable pulled', async () => {
    const { table, device } = await ptyPair();
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
    await until(() => received.length >= 9, 'the deck check command');
    expect(new TextDecoder().decode(Uint8Array.from(received))).toBe('$CHK*40\r\n');

    const closed = new Promise<DriverError>((resolve) => port.onClose(resolve));
    socat?.kill('SIGKILL');
    socat = null;
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
