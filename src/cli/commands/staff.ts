import { addStaffMember, changeStaffMember, loadStaff, newStaffFile, ROLES, type Role, type StaffFile, saveStaff, staffPath, withStaffLock } from '../../api/staff.js';
import { existsSync } from 'node:fs';
import { linkFilePath } from '../../floor/link/link-file.js';
import { keepTableFilesPrivate } from '../../api/data-folder.js';
import { readArgs } from '../args.js';
import { CliUsageError, type CommandIo } from '../io.js';
import { notATableDatabase } from '../table-database.js';

/**
 * `felt staff --db PATH list | add --number N --name NAME --role ROLE | change --number N [--name NAME]
 * [--role ROLE] | remove --number N`: the table's staff (`<db>.staff.json`). A PIN and a badge never go on
 * the command line (the process list shows it): FELT_STAFF_PIN and FELT_STAFF_BADGE give them, or, without
 * either, the PIN is the first line on standard input. A running table reads the file at every sign-in.
 */
export async function runStaff(args: readonly string[], io: CommandIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const options = parse(args);
  const action = options.action;
  // The staff are kept beside a table's database: without one there is no table to keep them for.
  const noTable = notATableDatabase(options.db);
  if (noTable !== null) {
    io.err(`felt staff: ${noTable}: --db names a table's database (a table's first felt start makes it)\n`);
    return 1;
  }
  keepTableFilesPrivate();
  const file = staffPath(options.db);
  if (action === 'list') return listStaff(options.db, file, io);
  // An enrolled table's staff are the floor's (D91): a change here would be replaced at its next contact.
  if (existsSync(linkFilePath(options.db))) {
    io.err(`felt staff: this table is enrolled at a floor: its staff are edited there (felt floor staff ${action} …), and reach the table by its link\n`);
    return 1;
  }
  // A PIN or badge from standard input comes before the lock: the file is read, changed and written inside it.
  const secrets = action === 'add' || action === 'change' ? await secretsOf(env, io, action === 'add') : {};
  // A change that is refused writes nothing, so it needs no lock: refused before one is taken, it leaves no
  // lock file behind. One that goes through is decided again under the lock, on the file as it is then.
  const refusal = planChange(action, options, loadStaff(file), secrets);
  if ('refused' in refusal) {
    io.err(`felt staff: ${refusal.refused}\n`);
    return 1;
  }
  return withStaffLock(file, () => {
    const change = planChange(action, options, loadStaff(file), secrets);
    if ('refused' in change) {
      io.err(`felt staff: ${change.refused}\n`);
      return 1;
    }
    saveStaff(file, change.next);
    io.out(`${change.done}\n`);
    return 0;
  });
}

type Options = ReturnType<typeof parse>;

const ACTIONS: readonly string[] = ['list', 'add', 'change', 'remove'];

/** What a change makes of the staff (`next`, and `done` to say so), or why it is refused. */
type Change = { readonly next: StaffFile; readonly done: string } | { readonly refused: string };

function listStaff(db: string, file: string, io: CommandIo): number {
  const staff = loadStaff(file);
  if (staff === null) {
    io.err(`felt staff: the table ${db} has no staff yet: ${firstManager(db)}\n`);
    return 1;
  }
  for (const member of staff.staff) io.out(`${member.number}\t${member.name}\t${member.role}\t${member.pin === null ? 'no PIN' : 'PIN'}\t${member.badge === null ? 'no badge' : 'badge'}\n`);
  return 0;
}

/** How a table with no staff (one felt sim made, never started) gets its first manager. */
function firstManager(db: string): string {
  return `its first start makes its manager, staff number 1 (felt start --db ${db}; the PIN from FELT_FLOOR_PIN, or made up and shown once), or add the manager now: FELT_STAFF_PIN=… felt staff add --db ${db} --number 1 --name NAME --role manager`;
}

function planChange(action: string | undefined, options: Options, staff: StaffFile | null, secrets: { pin?: string; badge?: string }): Change {
  switch (action) {
    case 'add':
    case 'change': {
      const number = required(options.number, '--number');
      const kept = staff?.staff.find((member) => member.number === number) ?? null;
      // The staff as they are, not the command's form: refused as input (exit 1), without the usage.
      if (action === 'add' && kept !== null) return { refused: `staff number ${number} is ${kept.name}'s already: use change` };
      if (action === 'change' && kept === null) return { refused: `there is no staff number ${number}` };
      let next: StaffFile;
      try {
        next =
          kept === null
            ? addStaffMember(staff ?? newStaffFile(), { number, name: required(options.name, '--name'), role: required(options.role, '--role'), ...secrets })
            : changeStaffMember(staff ?? newStaffFile(), number, { ...options, ...secrets });
      } catch (error) {
        if (error instanceof CliUsageError) throw error;
        return { refused: (error as Error).message };
      }
      const refusal = leavesNoManager(next);
      // No manager before either: a table with no staff yet (one made by felt sim, never started).
      if (refusal !== null) return { refused: leavesNoManager(staff ?? newStaffFile()) === null ? refusal : `the table ${options.db} has no manager yet, and the first staff member must be one: ${firstManager(options.db)}` };
      return { next, done: `${action === 'add' ? 'Added' : 'Changed'} staff number ${number}` };
    }
    case 'remove': {
      const number = required(options.number, '--number');
      if (staff === null || !staff.staff.some((member) => member.number === number)) return { refused: `there is no staff number ${number}` };
      const next = { ...staff, staff: staff.staff.filter((member) => member.number !== number) };
      const refusal = leavesNoManager(next);
      return refusal === null ? { next, done: `Removed staff number ${number}` } : { refused: refusal };
    }
    default:
      throw new CliUsageError(`the action is list, add, change or remove, got '${action ?? ''}'`);
  }
}

/** A table keeps a manager who can sign in: else nobody could open its floor functions or change its staff. */
function leavesNoManager(staff: StaffFile): string | null {
  return staff.staff.some((member) => member.role === 'manager' && (member.pin !== null || member.badge !== null)) ? null : 'the table would have no manager who can sign in';
}

/** The PIN and badge from the environment, or the PIN from standard input's first line (needed for a new member without a badge). */
async function secretsOf(env: NodeJS.ProcessEnv, io: CommandIo, needed: boolean): Promise<{ pin?: string; badge?: string }> {
  const pin = env['FELT_STAFF_PIN'] || undefined;
  const badge = env['FELT_STAFF_BADGE'] || undefined;
  if (pin !== undefined || badge !== undefined || !needed) return { ...(pin === undefined ? {} : { pin }), ...(badge === undefined ? {} : { badge }) };
  for await (const line of io.lines()) return { pin: line.trim() };
  throw new CliUsageError('a new member needs a PIN (FELT_STAFF_PIN, or the first line on standard input) or a badge (FELT_STAFF_BADGE)');
}

function required<T>(value: T | undefined, option: string): T {
  if (value === undefined) throw new CliUsageError(`${option} is required`);
  return value;
}

function parse(args: readonly string[]): { action: string; db: string; number?: string; name?: string; role?: Role } {
  // Named before anything else is read: a secret typed on the command line is the mistake to point at.
  const secret = args.find((arg) => /^--(pin|badge)(=|$)/.test(arg));
  if (secret !== undefined) throw new CliUsageError(`${secret.replace(/=.*$/, '')}: a PIN or badge on the command line shows in the process list; give it in FELT_STAFF_PIN / FELT_STAFF_BADGE or on standard input`);
  const { values, positionals } = readArgs(args, { db: { type: 'string' }, number: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } }, true);
  const [action, extra] = positionals;
  if (action === undefined || !ACTIONS.includes(action)) throw new CliUsageError(`the action is list, add, change or remove, got '${action ?? ''}'`);
  if (extra !== undefined) throw new CliUsageError(`unexpected argument '${extra}': give one action (list, add, change or remove) and options`);
  const { db, number, name } = values;
  let role: Role | undefined;
  if (values.role !== undefined) {
    if (!(ROLES as readonly string[]).includes(values.role)) throw new CliUsageError(`--role is ${ROLES.join(', ')}, got '${values.role}'`);
    role = values.role as Role;
  }
  if (db === undefined) throw new CliUsageError('--db is required');
  return { action, db, ...(number === undefined ? {} : { number }), ...(name === undefined ? {} : { name }), ...(role === undefined ? {} : { role }) };
}
