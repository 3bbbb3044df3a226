import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const FELT = fileURLToPath(new URL('../../bin/felt', import.meta.url));

/** A table run as a person or a service runs it: `felt start --browser` in its own process (the built dist/). */
export type TableProcess = {
  /** What it printed until it said where its screen is. */
  readonly output: string;
  /** Stops it as `systemctl stop` does (SIGTERM) and resolves with its exit code. */
  stop(): Promise<number | null>;
};

/**
 * Starts `felt start --browser --port PORT --db DB` (output on pipes: no terminal) and waits until it names its
 * screen. `felt`: the command line to run (the checkout's bin/felt, or an installed package's Node and bundle).
 */
export function startTable(db: string, port: number, env: NodeJS.ProcessEnv = process.env, felt: readonly string[] = [FELT], extra: readonly string[] = []): Promise<TableProcess> {
  const [program = FELT, ...prefix] = felt;
  const child: ChildProcess = spawn(program, [...prefix, 'start', '--browser', '--port', String(port), '--db', db, ...extra], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`felt start named no screen within 20 s:\n${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/^Croupier screen at /m.test(output)) return;
      clearTimeout(timer);
      resolve({
        output,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`felt start exited with ${String(code)}:\n${output}`));
    });
  });
}

/** A port free now (the table then listens on it, and again on the same one after a restart). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
