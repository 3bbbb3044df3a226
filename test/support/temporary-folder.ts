import { rmSync } from 'node:fs';

/**
 * vitest's global setup: removes the run's temporary folder (vitest.config.ts makes it and gives it to
 * every test and every process the tests start as TMPDIR, which `os.tmpdir()` reads) when the run ends.
 * Tables, staff files, PDFs and browser profiles the tests make would otherwise stay behind in the
 * system's temporary folder: thousands per run.
 */
export default function setup(): () => void {
  const folder = process.env.FELT_TEST_RUN_FOLDER;
  return () => {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  };
}
