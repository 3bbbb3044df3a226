import { connect, createServer, type Server, type Socket } from 'node:net';
import { SeededRandom } from '../../src/cards/random.js';

/**
 * What the proxy does to the link, each a chance per piece of data (a TCP chunk) or per connection: the
 * tables' requests cut on the way (the floor never sees the whole batch), the floor's answers cut on the
 * way (the floor stored the batch, the table does not know it and sends it again: a duplicate), chunks
 * held back up to `delayMs`, connections refused; `blocked`: every connection refused (a table offline).
 */
export type ProxyFaults = { cutRequest: number; cutAnswer: number; delayMs: number; refuse: number; blocked: boolean };

export const NO_FAULTS: ProxyFaults = { cutRequest: 0, cutAnswer: 0, delayMs: 0, refuse: 0, blocked: false };

/**
 * A TCP proxy between tables and the floor that breaks the link as a room's network does (the TLS inside
 * is the tables' and the floor's own: the proxy sees bytes). Seeded: the same seed breaks the same chunks
 * of the same traffic (the traffic itself depends on timing). Counts what it did, for the test to show.
 */
export class FaultProxy {
  readonly done = { connections: 0, refused: 0, requestsCut: 0, answersCut: 0, delayed: 0 };
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly faults: ProxyFaults,
  ) {}

  static async start(target: { host: string; port: () => number }, faults: ProxyFaults, seed: number): Promise<FaultProxy> {
    const random = new SeededRandom(seed);
    const chance = (p: number): boolean => p > 0 && random.nextInt(1_000_000) < p * 1_000_000;
    const server = createServer();
    const proxy = new FaultProxy(server, faults);
    server.on('connection', (client) => {
      proxy.done.connections++;
      proxy.track(client);
      if (proxy.faults.blocked || chance(proxy.faults.refuse)) {
        proxy.done.refused++;
        client.destroy();
        return;
      }
      const upstream = connect(target.port(), target.host);
      proxy.track(upstream);
      const cut = (): void => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', cut);
      upstream.on('error', cut);
      client.on('close', cut);
      upstream.on('close', cut);
      // Each direction keeps its order when chunks are held back.
      const forward = (from: Socket, to: Socket, cutChance: () => number, counted: 'requestsCut' | 'answersCut'): void => {
        let queue = Promise.resolve();
        from.on('data', (chunk: Buffer) => {
          if (chance(cutChance())) {
            proxy.done[counted]++;
            cut();
            return;
          }
          const delay = proxy.faults.delayMs > 0 ? random.nextInt(proxy.faults.delayMs + 1) : 0;
          if (delay > 0) proxy.done.delayed++;
          queue = queue.then(
            () =>
              new Promise<void>((resolve) => {
                setTimeout(() => {
                  if (!to.destroyed) to.write(chunk);
                  resolve();
                }, delay);
              }),
          );
        });
      };
      forward(client, upstream, () => proxy.faults.cutRequest, 'requestsCut');
      forward(upstream, client, () => proxy.faults.cutAnswer, 'answersCut');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    const address = this.server.address();
    return typeof address === 'object' && address !== null ? address.port : 0;
  }

  get address(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /** Cuts every connection now (a switch that reboots). */
  cutAll(): void {
    for (const socket of this.sockets) socket.destroy();
  }

  async close(): Promise<void> {
    this.cutAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
  }
}
