/** `felt <command>`: the process's entry (bundled as dist/felt.js, run by bin/felt). */
import { main } from './dispatch.js';
import { nodeIo } from './io.js';

process.exitCode = await main(process.argv.slice(2), nodeIo());
