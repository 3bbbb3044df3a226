/**
 * npm run soak:recovery — crash-recovery trials (scripts/recovery-trials.ts): `felt sim --db` killed with
 * SIGKILL at random moments and resumed must end with the uninterrupted session's head hash.
 * Options: --trials N (default 1,000), --hands N (default 40), --seed N (default 7).
 */
import { recoveryTrials } from './recovery-trials.js';

const settings = { trials: 1000, hands: 40, seed: 7 };
const argv = process.argv.slice(2);
for (let index = 0; index < argv.length; index += 2) {
  const name = argv[index]?.replace(/^--/, '');
  const value = Number(argv[index + 1]);
  if (name === undefined || !(name in settings) || !Number.isInteger(value) || value < 1) throw new Error(`usage: soak-recovery [--trials N] [--hands N] [--seed N]`);
  settings[name as keyof typeof settings] = value;
}
const started = performance.now();
let kills = 0;
let differing = 0;
const { expected, results, failures } = await recoveryTrials({ ...settings, killSeed: 2026 }, (result, expectedHead) => {
  kills += result.kills;
  if (result.logHash !== expectedHead) {
    differing++;
    console.log(`trial ${result.trial}: resumed head ${result.logHash} differs`);
  }
  if (result.trial % 50 === 0) console.log(`${result.trial} trials, ${kills} kills, ${differing} differing`);
});
console.log(`${results.length} trials, ${kills} kills with SIGKILL, ${((performance.now() - started) / 1000).toFixed(0)} s; uninterrupted head ${expected}`);
if (failures.length > 0) {
  console.log(`DIFFERENT head after resuming in trials ${failures.map((failure) => failure.trial).join(', ')}`);
  process.exitCode = 1;
} else {
  console.log('every resumed session ended with the same head hash');
}
