/**
 * `felt <command>`: finds the command and runs it (main.ts is the process's entry). Commands load on
 * demand, so `felt --help` answers at once without decoding the evaluator's tables.
 */
import { SOFTWARE } from '../version.js';
import { CliUsageError, type CommandIo } from './io.js';

type Command = {
  summary: string;
  usage: string;
  run: (args: readonly string[], io: CommandIo) => Promise<number>;
};

const COMMANDS: Readonly<Record<string, Command>> = {
  start: {
    summary: "Start the croupier's screen: the kiosk where Electron is installed, else browser mode (simulated hardware by default)",
    usage: 'felt start [--browser] [--port N] [--host ADDRESS] [--db PATH] [--hardware sim|real] [--floor-pin PIN] [--seed N] [--tournament FILE] [--floor CODE|FILE]   (--floor: enrol the table at a floor with the code felt floor enrol printed)',
    run: async (args, io) => (await import('./commands/start.js')).runStart(args, io),
  },
  eval: {
    summary: 'Evaluate a poker hand (5–7 cards): category, value, the five cards that play, words',
    usage: 'felt eval [--json] CARD CARD CARD CARD CARD [CARD [CARD]]\n       felt eval --stdin   (one hand a line in, one JSON object a line out)',
    run: async (args, io) => (await import('./commands/eval.js')).runEval(args, io),
  },
  sim: {
    summary: 'Play a simulated table session (players come and go, time collection, random play) and print its totals',
    usage: 'felt sim --hands N --seed S [--players K] [--structure nl|pl|fl|spread] [--button dead|moving] [--mode cash|tournament] [--json] [--phh DIR] [--db PATH [--resume]] | felt sim --hardware pty [--reader felt|metratec|pn532|pepper] [--faults] --hands N --seed S [--players K] [--db PATH] [--json]',
    run: async (args, io) => (await import('./commands/sim.js')).runSim(args, io),
  },
  verify: {
    summary: "Check a table's log: the hash chain, the head, and every chip through a replay",
    usage: 'felt verify --db PATH [--expect-head HASH] [--full] [--daily] [--floor DIR|postgres://… [--table ID]]   (--daily: the result left for the running table to show; --floor: also against the floor\'s copy of the table\'s log, the table from its link file or --table)',
    run: async (args, io) => (await import('./commands/verify.js')).runVerify(args, io),
  },
  report: {
    summary: "A floor report over a table's log (verified first): the session's hands, the collections, the cash flow and chip reconciliation, the incidents, a tournament's standings",
    usage: 'felt report --db PATH --kind session|collections|cashflow|incidents|standings [--format json|csv|pdf] [--lang en|de] [--from T] [--to T] [--count CHIPS] [--out FILE]\n       felt report --db PATH --kind hand (--hand ID | --hand-number N) [--format json|phh] [--out FILE]   (one hand: its full history, or its PHH; ID its place in the log, N its number as the reports give it)',
    run: async (args, io) => (await import('./commands/report.js')).runReport(args, io),
  },
  staff: {
    summary: "The table's staff (croupiers, floor supervisors, managers) and how they sign in: list, add, change, remove",
    usage: 'felt staff list|add|change|remove --db PATH [--number N] [--name NAME] [--role croupier|supervisor|manager]\n       (the PIN and badge from FELT_STAFF_PIN / FELT_STAFF_BADGE, or the PIN as the first line on standard input)',
    run: async (args, io) => (await import('./commands/staff.js')).runStaff(args, io),
  },
  players: {
    summary: "A table's players, and a manager's erasure of one's name at the guest's request (GDPR art. 17): the log then says 'erased player'",
    usage: 'felt players list --db PATH [--json]\n       felt players erase --db PATH (--player ID | --name NAME) --staff N   (a manager: the PIN from FELT_STAFF_PIN or the first line on standard input, or a badge in FELT_STAFF_BADGE; the table stopped)\n       felt players migrate --db PATH --staff N   (a table an earlier Felt began: its players\' names moved out of its log, once, under a chained record; erase does it first)',
    run: async (args, io) => (await import('./commands/players.js')).runPlayers(args, io),
  },
  migrate: {
    summary: "Bring a stopped table's database to this version's schema (what its next start would do; an update runs it)",
    usage: 'felt migrate --db PATH',
    run: async (args, io) => (await import('./commands/migrate.js')).runMigrate(args, io),
  },
  devices: {
    summary: "A technician's tools: the serial and HID devices present and which configured device each is; one reader's tags seen and gone, antenna by antenna",
    usage: 'felt devices list [--db PATH | --config FILE] [--json]\n       felt devices monitor --device felt|metratec|pn532|pepper --port PATH [--json] [--deck FILE | --db PATH | --config FILE] [--baud N] [--antennas N]   (until Ctrl-C)',
    run: async (args, io) => (await import('./commands/devices.js')).runDevices(args, io),
  },
  export: {
    summary: "Write every hand of a table's log as PHH hand histories",
    usage: 'felt export --db PATH --format phh --out DIR',
    run: async (args, io) => (await import('./commands/export.js')).runExport(args, io),
  },
  floor: {
    summary: "The floor: every table's log in one PostgreSQL, anchored (the floor server; enrolment codes; a simulated room)",
    usage: 'felt floor [serve] [--data DIR] [--pg URL] [--pg-user USER] [--host ADDRESS] [--port N] [--address https://HOST:PORT]\n       felt floor enrol --name NAME|--replaces TABLE [--data DIR] [--pg URL] [--address https://HOST:PORT] [--out FILE]   (a one-time code: felt start --floor CODE|FILE; --replaces: for a PC that replaces a table\'s dead one, on a new --db)\n       felt floor sim [--tables N] [--hands N] [--seed S] [--port N] [--linger SECONDS] [--data DIR] [--pg URL]   (simulated tables feeding a floor of their own, its board live)\n       felt floor tables [--data DIR] [--pg URL]\n       felt floor staff list|add|change|remove|max-age [--number N] [--name NAME] [--role croupier|supervisor|manager] [--max-age-hours H] [--data DIR] [--pg URL]   (the PIN from FELT_STAFF_PIN or standard input)\n       felt floor report --kind session|collections|cashflow|incidents [--from DATE] [--to DATE] [--format json|csv] [--out FILE] [--data DIR] [--pg URL]   (each table\'s own report and the room\'s totals)\n       (--pg also from FELT_FLOOR_PG; without it the floor runs its own PostgreSQL in its folder)',
    run: async (args, io) => (await import('./commands/floor.js')).runFloor(args, io),
  },
  replay: {
    summary: 'Replay PHH hand histories through the engine: final stacks, pots, whether they match the record',
    usage: 'felt replay [--json] FILE…   (.phh or .phhs; one line per hand)',
    run: async (args, io) => (await import('./commands/replay.js')).runReplay(args, io),
  },
};

function helpText(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, command]) => `  ${name.padEnd(width)}  ${command.summary}`);
  return [
    'Felt — table controller for dealer-operated Texas Hold\'em tables',
    '',
    'Usage: felt <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    'felt <command> --help shows a command\'s usage; felt --version the software\'s version and build.',
    '',
  ].join('\n');
}

/**
 * Runs `felt ARGV…` and returns its exit code: 2 for wrong arguments (with the usage), 1 for a failure the
 * user can act on (a file, a database, a lock), said on one line; anything else — a bug — is thrown, stack
 * and all.
 */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(helpText());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === 'version') {
    io.out(`felt ${SOFTWARE.version} (build ${SOFTWARE.build})\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (command === undefined) {
    io.err(`felt: '${name}' is not a command. Commands: ${Object.keys(COMMANDS).join(', ')}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliUsageError) {
      io.err(`felt ${name}: ${error.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    const { knownFailure } = await import('./failure.js');
    const problem = knownFailure(error);
    if (problem === null) throw error;
    io.err(`felt ${name}: ${problem}\n`);
    return 1;
  }
}
