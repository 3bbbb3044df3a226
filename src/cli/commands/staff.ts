import { addStaffMember, changeStaffMember, loadStaff, newStaffFile, ROLES, type Role, type StaffFile, saveStaff, staffPath, withStaffLock } from '../../api/staff.js';
import { CliUsageError, type CommandIo } from '../io.js';

/**
 * `felt staff --db PATH list | add --number N --name NAME --role ROLE | change --number N [--name NAME]
 * [--role ROLE] | remove --number N`: the table's staff (`<db>.staff.json`). A PIN and a badge never go on
 * the command line (the process list shows it): FELT_STAFF_PIN and FELT_STAFF_BADGE give them, or, without
 * either, the PIN is the first line on standard input. A running table reads the file at every sign-in.
 */
export async function runStaff(args: readonly string[], io: CommandIo, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [action, ...rest] = args[0] === '--db' ? [args[2], args[0], args[1], ...args.slice(3)] : args;
  const options = parse(rest);
  const file = staffPath(options.db);
  // A PIN or badge from standard input comes before the lock: the file is read, changed and written inside it.
  const secrets = action === 'add' || action === 'change' ? await secretsOf(env, io, action === 'add') : {};
  const run = (): number => changeStaff(action, options, file, secrets, io);
  return action === 'list' ? run() : withStaffLock(file, run);
}

type Options = ReturnType<typeof parse>;

function changeStaff(action: string | undefined, options: Options, file: string, secrets: { pin?: string; badge?: string }, io: CommandIo): number {
  const staff = loadStaff(file);
  switch (action) {
    case 'list': {
      if (staff === null) throw new CliUsageError(`${file} does not exist: the table makes it at its first start`);
      for (const member of staff.staff) io.out(`${member.number}\t${member.name}\t${member.role}\t${member.pin === null ? 'no PIN' : 'PIN'}\t${member.badge === null ? 'no badge' : 'badge'}\n`);
      return 0;
    }
    case 'add':
    case 'change': {
      const number = required(options.number, '--number');
      const kept = staff?.staff.find((member) => member.number === number) ?? null;
      if (action === 'add' && kept !== null) throw new CliUsageError(`staff number ${number} is ${kept.name}'s already: use change`);
      if (action === 'change' && kept === null) throw new CliUsageError(`there is no staff number ${number}`);
      let next: StaffFile;
      try {
        next =
          kept === null
            ? addStaffMember(staff ?? newStaffFile(), { number, name: required(options.name, '--name'), role: required(options.role, '--role'), ...secrets })
            : changeStaffMember(staff ?? newStaffFile(), number, { ...options, ...secrets });
      } catch (error) {
        io.err(`felt staff: ${(error as Error).message}\n`);
        return 1;
      }
      const refusal = leavesNoManager(next);
      if (refusal !== null) {
        // No manager before either: a table with no staff yet (one made by felt sim, never started).
        const first = leavesNoManager(staff ?? newStaffFile()) !== null;
        io.err(`felt staff: ${first ? `${file} has no manager who can sign in yet, and the first staff member must be one: add a manager first (--role manager), then the others` : refusal}\n`);
        return 1;
      }
      saveStaff(file, next);
      io.out(`${action === 'add' ? 'Added' : 'Changed'} staff number ${number}\n`);
      return 0;
    }
    case 'remove': {
      const number = required(options.number, '--number');
      if (staff === null || !staff.staff.some((member) => member.number === number)) throw new CliUsageError(`there is no staff number ${number}`);
      const next = { ...staff, staff: staff.staff.filter((member) => member.number !== number) };
      const refusal = leavesNoManager(next);
      if (refusal !== null) {
        io.err(`felt staff: ${refusal}\n`);
        return 1;
      }
      saveStaff(file, next);
      io.out(`Removed staff number ${number}\n`);
      return 0;
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

function parse(args: readonly (string | undefined)[]): { db: string; number?: string; name?: string; role?: Role } {
  let db: string | undefined;
  let number: string | undefined;
  let name: string | undefined;
  let role: Role | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const value = (): string => {
      const next = args[++index];
      if (next === undefined || next.startsWith('--')) throw new CliUsageError(`${arg} needs a value`);
      return next;
    };
    if (arg === '--db') db = value();
    else if (arg === '--number') number = value();
    else if (arg === '--name') name = value();
    else if (arg === '--role') {
      const given = value();
      if (!(ROLES as readonly string[]).includes(given)) throw new CliUsageError(`--role is ${ROLES.join(', ')}, got '${given}'`);
      role = given as Role;
    } else if (arg === '--pin' || arg === '--badge') throw new CliUsageError(`${arg}: a PIN or badge on the command line shows in the process list; give it in FELT_STAFF_PIN / FELT_STAFF_BADGE or on standard input`);
    else throw new CliUsageError(`unknown option ${arg}`);
  }
  if (db === undefined) throw new CliUsageError('--db is required');
  return { db, ...(number === undefined ? {} : { number }), ...(name === undefined ? {} : { name }), ...(role === undefined ? {} : { role }) };
}
