/**
 * npm run bench:server — whether one screen can hold the table up for the others (D57). A reading screen
 * asks for the table's view over its socket, one request after another, and its round trips are timed
 * (p50, p99) in four situations of one run:
 * 1. alone — the peer of situation 3;
 * 2. while the table pushes 200 views a second to every screen — the peer of situation 4;
 * 3. beside a screen that floods the table with requests as fast as its socket takes them;
 * 4. as 2, beside a client that never reads what it is sent.
 * The attackers run in a process of their own (this file, `--attack flood|never-read`), as they would; the
 * server's memory (RSS) is sampled while the non-reader is there, and when it was closed is printed.
 * Printed: each situation's p50/p99 and its p99 as a ratio to its peer. Target: the reading screen's p99
 * beside either attacker within 3× of its peer's, and the non-reader closed before it costs the server
 * 20 MB. Options: --rounds N (requests a situation, × 100; default 5).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { Core } from '../src/api/core.js';
import { startBrowserServer } from '../src/server/browser-server.js';
import { parseBenchOptions } from './options.js';

const attack = process.argv.indexOf('--attack');
if (attack !== -1) await attacker(process.argv[attack + 1] as string, process.argv[attack + 2] as string);
else await bench();

async function bench(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2), { hands: 1, rounds: 5, seed: 1 });
  const requests = options.rounds * 100;
  const root = join(mkdtempSync(join(tmpdir(), 'felt-bench-server-')), 'renderer');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Felt</title>');
  const core = await Core.open({ dbPath: ':memory:', hardware: 'sim', floorPin: '246813', seed: options.seed });
  const server = await startBrowserServer({ core, root, port: 0 });
  const socketUrl = `${server.base.replace(/^http/, 'ws')}socket?key=${server.key}`;

  // Ten seats with long names, so each view is a few kilobytes, as at a busy table.
  const driver = core.connect(() => undefined);
  for (let seat = 1; seat <= 10; seat++) {
    driver.handle(JSON.stringify({ id: `s${seat}`, name: 'table-submit', args: { commandId: `s${seat}`, command: { type: 'sit', seat, name: `${'Player with a long name '.repeat(8)}${seat}`, buyIn: 500 } } }));
  }
  const viewBytes = JSON.stringify(core.controller.view()).length;
  let pushes = 0;
  // Seat 1 sits out and comes back: each step written to the log and its view pushed to every screen.
  const pushViews = (): NodeJS.Timeout =>
    setInterval(() => {
      for (let burst = 0; burst < 2; burst++, pushes++) driver.handle(JSON.stringify({ id: `c${pushes}`, name: 'table-submit', args: { commandId: `c${pushes}`, command: { type: pushes % 2 === 0 ? 'sit-out' : 'come-back', seat: 1 } } }));
    }, 10);

  const reader = await new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(socketUrl);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
  await roundTrips(reader, 40, 'w'); // warm-up

  const alone = await roundTrips(reader, requests, 'a');
  let pushing = pushViews();
  const whilePushed = await roundTrips(reader, requests, 'p');
  clearInterval(pushing);

  const flooder = start('flood', socketUrl);
  await waitFor(() => server.screens() === 2);
  const besideFlood = await roundTrips(reader, requests, 'f');
  const flooded = await finish(flooder);

  await waitFor(() => server.screens() === 1);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const nonReader = start('never-read', socketUrl);
  await waitFor(() => server.screens() === 2);
  const pushedBefore = pushes;
  let closedAfter: number | null = null;
  pushing = pushViews();
  const watching = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    if (closedAfter === null && server.screens() === 1) closedAfter = pushes - pushedBefore;
  }, 10);
  const besideNonReader = await roundTrips(reader, requests, 'n');
  clearInterval(pushing);
  clearInterval(watching);
  await finish(nonReader);

  const row = (name: string, times: number[], peer: number[] | null): string =>
    `${name.padEnd(46)} p50 ${percentile(times, 50).toFixed(2).padStart(6)} ms   p99 ${percentile(times, 99).toFixed(2).padStart(6)} ms${peer === null ? '' : `   p99 ×${(percentile(times, 99) / percentile(peer, 99)).toFixed(2)} of its peer`}`;
  console.log(`A reading screen's table-view round trips, ${requests} in each situation (views of ${viewBytes} bytes):`);
  console.log(row('1. alone', alone, null));
  console.log(row('2. views pushed, 200 a second', whilePushed, null));
  console.log(row('3. beside a screen that floods requests (1)', besideFlood, alone));
  console.log(`   the flooder: ${flooded.trim()} (its budget: 40 a second, bursts of 200)`);
  console.log(row('4. as 2, beside a client that never reads (2)', besideNonReader, whilePushed));
  console.log(`   the non-reader: ${closedAfter === null ? 'never closed' : `closed after ${closedAfter} views`}; server RSS ${mb(rssBefore)} before it, at most ${mb(rssPeak)} beside it (+${mb(rssPeak - rssBefore)})`);

  reader.close();
  driver.close();
  await server.close();
  core.close();
}

/** The reading screen's round trips for `count` table-view requests, one after another, in ms. */
async function roundTrips(ws: WebSocket, count: number, tag: string): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const id = `${tag}${index}`;
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const onMessage = (data: unknown): void => {
        if ((JSON.parse(String(data)) as { id?: string }).id !== id) return;
        ws.off('message', onMessage);
        resolve();
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, name: 'table-view' }));
    });
    times.push(performance.now() - started);
    // The reading screen stays well inside its own budget: that is not what is measured.
    if (index % 20 === 19) await new Promise((resolve) => setTimeout(resolve, 600));
  }
  return times;
}

function percentile(values: number[], p: number): number {
  return [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? Number.NaN;
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

async function waitFor(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) throw new Error('the attacker did not connect');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An attacker in a process of its own: this file again, `--attack KIND URL`. */
function start(kind: string, url: string): ChildProcess & { said: Promise<string> } {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--attack', kind, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let said = '';
  child.stdout?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  return Object.assign(child, { said: new Promise<string>((resolve) => child.once('exit', () => resolve(said))) });
}

/** Stops an attacker and resolves with what it says it did. */
function finish(child: ChildProcess & { said: Promise<string> }): Promise<string> {
  child.kill('SIGTERM');
  return child.said;
}

/** `flood`: requests as fast as the socket takes them, counted; `never-read`: the upgrade, then no read ever again. */
async function attacker(kind: string, url: string): Promise<void> {
  if (kind === 'never-read') {
    const target = new URL(url);
    const raw = connect(Number(target.port), target.hostname);
    raw.on('error', () => undefined);
    raw.once('connect', () => raw.write(`GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`));
    raw.once('data', () => raw.pause());
    // A socket that is not read keeps no process alive by itself.
    const alive = setInterval(() => undefined, 1_000);
    raw.once('close', () => {
      clearInterval(alive);
      process.stdout.write('its socket closed by the server\n');
    });
    process.once('SIGTERM', () => process.exit(0));
    return;
  }
  const ws = new WebSocket(url);
  let sent = 0;
  let answered = 0;
  const began = performance.now();
  ws.on('message', () => answered++);
  const flood = (): void => {
    if (ws.readyState !== ws.OPEN) return;
    // A sender's buffer that does not drain is the server not reading: send more once it has taken some.
    if (ws.bufferedAmount < 1_000_000) for (let burst = 0; burst < 50; burst++, sent++) ws.send(JSON.stringify({ id: `f${sent}`, name: 'table-view' }));
    setImmediate(flood);
  };
  ws.once('open', flood);
  process.once('SIGTERM', () => {
    process.stdout.write(`${sent} requests sent in ${((performance.now() - began) / 1000).toFixed(1)} s, ${answered} answered${ws.readyState === ws.OPEN ? '' : ', its socket closed'}\n`);
    process.exit(0);
  });
}
