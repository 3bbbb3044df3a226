/**
 * npm run bench:drivers — a card read's latency, end to end: from the dealing shoe's sentence written on
 * one end of a pseudo-terminal pair (socat, 115,200 baud set on the port) to the table's view model
 * published with the card in it, through serialport, the shoe's parser and reader, the controller's
 * mapping, the engine and the durable log (a file database, synchronous=FULL). The peer in the same run
 * is the transport alone: the same sentence from one end of the pair to a listener on the other.
 * Target: p99 ≤ 10 ms over 10,000 reads.
 * Options: --hands N (cards are read until N × 21 reads, default 480 hands ≈ 10,080 reads), --seed N.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Card } from '../src/cards/card.js';
import { shuffledDeck } from '../src/cards/deck.js';
import { SeededRandom } from '../src/cards/random.js';
import { ShoeMapping } from '../src/controller/shoe-mapping.js';
import { TableController } from '../src/controller/table-controller.js';
import { CASINO_5_10 } from '../src/engine/table/table-config.js';
import { Store } from '../src/store/store.js';
import { PtyCable } from '../src/hardware/pty-wiring.js';
import { encodeShoeMessage, SEQ_MODULO } from '../drivers/shoe/shoe-protocol.js';
import { ShoeReader } from '../drivers/shoe/shoe-reader.js';
import { SerialBinding } from '../drivers/transport/serial-binding.js';
import type { TransportPort } from '../drivers/transport/transport.js';
import { parseBenchOptions } from './options.js';

const options = parseBenchOptions(process.argv.slice(2), { hands: 480, rounds: 1, seed: 11 });
const dir = mkdtempSync(join(tmpdir(), 'felt-bench-drivers-'));

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number): string => `${value.toFixed(3)} ms`;

/** Resolves when `check` holds, looking on every turn of the event loop. */
function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const look = (): void => (check() ? resolve() : void setImmediate(look));
    look();
  });
}

async function main(): Promise<void> {
  const cable = await PtyCable.lay(dir, 'shoe');
  const { tablePath: table, devicePath: shoe } = cable;
  const binding = new SerialBinding();
  const tablePort = await binding.open(table, { baudRate: 115_200 });
  const shoePort: TransportPort = await binding.open(shoe, { baudRate: 115_200 });
  const target = options.hands * 21;

  // The peer: the transport alone, sentence in, sentence out.
  const transport: number[] = [];
  let received = 0;
  const off = tablePort.onData((chunk) => void (received += chunk.length));
  const sentence = new TextEncoder().encode(encodeShoeMessage({ type: 'card', seq: 1, card: 0 as Card }));
  for (let read = 0; read < Math.min(target, 5_000); read++) {
    const expected = received + sentence.length;
    const started = performance.now();
    await shoePort.write(sentence);
    await until(() => received >= expected);
    transport.push(performance.now() - started);
  }
  off();

  // Felt: the card through the reader, the mapping, the engine and the durable log to the published view.
  const store = Store.open(join(dir, 'table.db'));
  const controller = TableController.open(store, { now: () => Date.now() }, CASINO_5_10);
  let published = 0;
  controller.subscribe(() => void published++);
  const mapping = new ShoeMapping(controller);
  new ShoeReader(tablePort, (event) => mapping.handle(event));
  let id = 0;
  const submit = (command: Parameters<TableController['submit']>[0]['command']) => controller.submit({ id: `b${++id}`, command });
  for (const seat of [1, 2, 3]) submit({ type: 'sit', seat, name: `P${seat}`, buyIn: 1_000 });
  // Seat 3 draws the ace of spades: the button.
  for (const [seat, card] of [[1, 0], [2, 1], [3, 51]] as const) submit({ type: 'draw', seat, card: card as Card });
  const random = new SeededRandom(options.seed);
  const reads: number[] = [];
  let seq = 0;
  while (reads.length < target) {
    submit({ type: 'start-hand' });
    const deck = shuffledDeck(random);
    let next = 0;
    for (let guard = 0; guard < 200 && controller.table.hand?.phase.kind !== 'complete'; guard++) {
      const view = controller.view();
      if (view.prompt.kind === 'deal') {
        const before = published;
        const bytes = new TextEncoder().encode(encodeShoeMessage({ type: 'card', seq, card: deck[next++] as Card }));
        seq = (seq + 1) % SEQ_MODULO;
        const started = performance.now();
        await shoePort.write(bytes);
        await until(() => published > before);
        reads.push(performance.now() - started);
        if (controller.view().lastError !== null) throw new Error(`a card was refused: ${controller.view().lastError?.en ?? ''}`);
      } else if (view.prompt.kind === 'action') submit(view.actor?.legal.check ? { type: 'check' } : { type: 'call' });
      else submit({ type: 'show' });
    }
  }
  await tablePort.close();
  await shoePort.close();
  await cable.unplug();
  store.close();
  rmSync(dir, { recursive: true, force: true });

  const feltP99 = percentile(reads, 99);
  const peerP99 = percentile(transport, 99);
  console.log(`${reads.length.toLocaleString('en')} card reads over a socat pty pair, persistence on (WAL, synchronous=FULL), node ${process.version}`);
  console.log(`transport alone   p50 ${ms(percentile(transport, 50))}  p99 ${ms(peerP99)}  (${transport.length.toLocaleString('en')} sentences)`);
  console.log(`card → view model p50 ${ms(percentile(reads, 50))}  p99 ${ms(feltP99)}  max ${ms(Math.max(...reads))}`);
  console.log(`felt / transport at p99: ${(feltP99 / peerP99).toFixed(2)}×; target p99 ≤ 10 ms: ${feltP99 <= 10 ? 'met' : 'NOT met'}`);
}

await main();
