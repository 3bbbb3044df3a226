import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const FELT = fileURLToPath(new URL('../../bin/felt', import.meta.url));

/** A floor server run as an operator runs it: `felt floor` in its own process (the built dist/). */
export type FloorProcess = {
  readonly output: () => string;
  /** Ends it as a crash does: SIGKILL, no cleanup (its PostgreSQL runs on, detached). */
  kill(): Promise<void>;
  /** Stops it as `systemctl stop` does (SIGTERM: it stops its PostgreSQL) and resolves with its exit code. */
  stop(): Promise<number | null>;
};

/** Starts `felt floor --data FOLDER --port PORT --address ADDRESS` and waits until it says where the tables reach it. */
export function startFloorProcess(folder: string, port: number, address: string): Promise<FloorProcess> {
  const child: ChildProcess = spawn(FELT, ['floor', '--data', folder, '--port', String(port), '--address', address], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`felt floor did not start within 60 s:\n${output}`)), 60_000);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!/tables reach it at /.test(output)) return;
      clearTimeout(timer);
      resolve({
        output: () => output,
        kill: async () => {
          child.kill('SIGKILL');
          await exited;
        },
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`felt floor exited with ${String(code)}:\n${output}`));
    });
  });
}
