import type { Words } from '../evaluator/words.js';
import { PLAYER_ACTIONS, type TableController, type TimedCommand } from '../controller/table-controller.js';
import type { Decision, ViewModel } from '../controller/view-model.js';
import type { HandArchive } from '../store/hand-archive.js';
import { PersistenceError } from '../store/persistence-error.js';
import { parseCommand } from './command-schema.js';
import type { PanelMapping } from '../controller/panel-mapping.js';
import { PANEL_BUTTONS, PANEL_KEYS, type PanelPress } from '../../drivers/panel/panel-protocol.js';
import type { FloorGate, FloorSession } from './floor-gate.js';
import { signature } from './staff.js';
import { isSimFault, SIM_FAULTS, type SimFault } from '../hardware/sim-faults.js';
import type { Facts, FactSelection } from '../reports/facts.js';
import { WHOLE_LOG, type Window } from '../reports/facts.js';
import type { PlayerNames } from '../reports/player-names.js';
import { type FloorReport, floorReport, REPORT_FACTS, REPORT_KINDS, type ReportKind } from '../reports/floor-report.js';
import { reportPdf } from '../reports/report-pdf.js';
import { erasePlayerName, playerList } from './player-erasure.js';
import { type AppInfo, FLOOR_COMMANDS, type RequestName, type Requests } from './requests.js';

/**
 * One typed message protocol for every shell (Electron's preload, browser mode's WebSocket): a request
 * `{ id, name, args }` gets a reply `{ id, ok: true, result }` or `{ id, ok: false, error }`; views are
 * pushed as `{ push: 'view', view }`. Handlers are named `noun-verb` (requests.ts types them).
 */
export type Request = { readonly id: string; readonly name: string; readonly args?: unknown };
export type Reply =
  | { readonly id: string; readonly ok: true; readonly result: unknown }
  | { readonly id: string | null; readonly ok: false; readonly error: { readonly code: string; readonly words: Words } };
export type Push = { readonly push: 'view'; readonly view: ViewModel };

/** What a request may reach: the table, its hands, the floor gate and this connection's floor session. */
export type Context = {
  readonly controller: TableController;
  readonly archive: HandArchive;
  readonly gate: FloorGate;
  readonly floor: FloorSession;
  readonly info: AppInfo;
  readonly now: () => number;
  /** The table's report facts (for the floor's reports, D36): these. */
  readonly facts: (selection: FactSelection) => Facts;
  /** The players' names beside the log, for the reports (D102). */
  readonly playerNames: PlayerNames;
  /** The keyboard wedge's presses, mapped as the button panel's. */
  readonly keypad: PanelMapping;
  /** Simulated hardware: deals the card the table expects next, and makes a device fail; null with real hardware. */
  readonly simulated: { deal(): ViewModel; fault(fault: SimFault): ViewModel } | null;
};

type Answer<N extends RequestName> = { ok: true; result: Requests[N]['result'] } | { ok: false; code: string; words: Words };
type Handler<N extends RequestName> = (args: unknown, context: Context) => Answer<N>;

/** A sender's command id: no control character (the log's hash puts a line break between its parts), not `#` first (the controller's own); 1–100 characters. */
const COMMAND_ID = /^(?!#)[^\p{Cc}]+$/u;

const HANDLERS: { readonly [N in RequestName]: Handler<N> } = {
  'app-info': (_, { info }) => ({ ok: true, result: info }),
  'table-view': (_, { controller }) => ({ ok: true, result: controller.view() }),
  'table-submit': (args, context) => {
    const envelope = args as { commandId?: unknown; command?: unknown; decision?: unknown } | null;
    if (envelope === null || typeof envelope !== 'object' || typeof envelope.commandId !== 'string' || envelope.commandId.length > 100 || !COMMAND_ID.test(envelope.commandId)) {
      return bad("args.commandId: a command needs an id (1–100 characters, no control characters, not starting with '#')", "args.commandId: ein Befehl braucht eine Kennung (1–100 Zeichen, ohne Steuerzeichen, nicht mit '#' am Anfang)");
    }
    const parsed = parseCommand(envelope.command);
    if (!parsed.ok) return bad(parsed.problem, parsed.problem);
    let command = parsed.command;
    // A player's action names the decision the screen showed: without it a late tap could act for the next player (D59).
    let decision: Decision | null = null;
    if (PLAYER_ACTIONS.has(command.type)) {
      decision = decisionIn(envelope.decision);
      if (decision === null) return bad("args.decision: a player's action carries the decision it was made on: { hand, actions, seat, step } as the view gave it", 'args.decision: eine Spieleraktion nennt die Entscheidung, auf der sie beruht: { hand, actions, seat, step } wie in der Ansicht');
    } else if (envelope.decision !== undefined) {
      return bad(`args.decision belongs to a player's action, not to '${command.type}'`, `args.decision gehört zu einer Spieleraktion, nicht zu '${command.type}'`);
    }
    const floor = FLOOR_COMMANDS.has(command.type);
    if (floor) {
      // The floor session says who approved it: a sender cannot name someone else.
      if ('by' in command && command.by !== undefined) return bad('command.by: the floor session names who approved a floor command', 'command.by: wer einen Floor-Befehl genehmigt, ergibt sich aus der Floor-Sitzung');
      const by = context.floor.approve(context.now());
      if (by === null) return { ok: false, code: 'floor-locked', words: { en: 'This needs the floor: a supervisor or manager signs in', de: 'Dafür braucht es den Floor: ein Supervisor oder Manager meldet sich an' } };
      command = { ...command, by } as TimedCommand;
    }
    const outcome = context.controller.command({ id: envelope.commandId, command: command as TimedCommand }, decision);
    if (!outcome.ok) return outcome;
    // A floor decision taken ends the floor's session: the next one needs a sign-in again (a refused one
    // leaves it open, for the supervisor to put right what was refused).
    if (floor) context.floor.lock();
    return { ok: true, result: outcome.view };
  },
  'floor-unlock': (args, context) => {
    const opened = context.gate.unlock(context.floor, args, context.now());
    return opened.ok ? { ok: true, result: context.floor.status(context.now()) } : opened;
  },
  'dealer-sign-in': (args, context) => {
    // Counted apart from the floor's sign-in: wrong floor PINs never lock the dealer out (D60).
    const signedIn = context.gate.signIn(args, context.now(), 'dealer');
    if (!signedIn.ok) return signedIn;
    const { number, name } = signedIn.member;
    // The controller's own id: a sign-in is not a command a screen may retry under its own id.
    const outcome = context.controller.command({ id: `#dealer-${context.controller.nextRow()}`, command: { type: 'dealer-change', number, name } });
    return outcome.ok ? { ok: true, result: outcome.view } : outcome;
  },
  'lockout-lift': (args, context) => {
    const { gate, ...credentials } = (args ?? {}) as { gate?: unknown };
    if (gate !== 'floor' && gate !== 'dealer') return bad('args.gate: floor or dealer, the sign-in whose lock-out is lifted', 'args.gate: floor oder dealer, die Anmeldung, deren Sperre aufgehoben wird');
    const now = context.now();
    const lifter = context.gate.lift(credentials, now, gate);
    if (!lifter.ok) return lifter;
    // Written before it takes effect: a lift the log cannot hold does not happen (D60).
    const recorded = context.controller.record({ id: `#lift-${context.controller.nextRow()}`, command: { type: 'lift-lockout', gate, by: signature(lifter.member), at: now } });
    if (!recorded.ok) return recorded;
    context.gate.lifted(gate);
    return { ok: true, result: { gate } };
  },
  'floor-lock': (_, context) => {
    context.floor.lock();
    return { ok: true, result: context.floor.status(context.now()) };
  },
  'floor-status': (_, context) => ({ ok: true, result: context.floor.status(context.now()) }),
  'floor-report': (args, context) => {
    const asked = reportArgs(args, context);
    return asked.ok ? { ok: true, result: reportOf(asked, context) } : asked;
  },
  'floor-report-pdf': (args, context) => {
    const { lang, ...report } = (args ?? {}) as { lang?: unknown };
    if (lang !== 'en' && lang !== 'de') return bad('args.lang: en or de', 'args.lang: en oder de');
    const asked = reportArgs(report, context);
    if (!asked.ok) return asked;
    const now = context.now();
    const pdf = reportPdf(reportOf(asked, context), { language: lang, generatedAt: now });
    const stamp = new Date(now).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
    return { ok: true, result: { fileName: `felt-${asked.kind}-${stamp}.pdf`, base64: Buffer.from(pdf).toString('base64') } };
  },
  'card-entry': (_, context) => {
    // It names the card a screen entered and where it lies (a player's hand, the burn): the floor's only.
    if (context.floor.approve(context.now()) === null) return { ok: false, code: 'floor-locked', words: { en: 'What stopped card entry is the floor’s to see: a supervisor or manager signs in', de: 'Was die Karteneingabe gestoppt hat, sieht nur der Floor: ein Supervisor oder Manager meldet sich an' } };
    return { ok: true, result: { stopped: context.controller.cardEntryStop() } };
  },
  'hand-list': (args, { archive }) => {
    const page = (args ?? {}) as { before?: unknown; limit?: unknown };
    const whole = (value: unknown): boolean => value === undefined || (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1);
    if (typeof page !== 'object' || !whole(page.before) || !whole(page.limit)) return bad('args: before and limit are whole numbers from 1', 'args: before und limit sind ganze Zahlen ab 1');
    return { ok: true, result: archive.list(page.before as number | undefined, page.limit as number | undefined) };
  },
  'hand-replay': (args, { archive }) => {
    const id = (args as { id?: unknown } | null)?.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return bad('args.id: a hand id is a whole number from 1', 'args.id: eine Hand-Kennung ist eine ganze Zahl ab 1');
    const replay = archive.replay(id);
    if (replay === null) return { ok: false, code: 'not-found', words: { en: `There is no hand ${id} at this table`, de: `An diesem Tisch gibt es keine Hand ${id}` } };
    return { ok: true, result: replay };
  },
  'hand-phh': (args, context) => {
    const id = (args as { id?: unknown } | null)?.id;
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return bad('args.id: a hand id is a whole number from 1', 'args.id: eine Hand-Kennung ist eine ganze Zahl ab 1');
    // Every hole card is in it, folded and mucked ones too: a manager's, never the table's screen's, and
    // never a supervisor's (D66).
    const now = context.now();
    const status = context.floor.status(now);
    if (!status.unlocked) return { ok: false, code: 'floor-locked', words: { en: 'A hand history shows every hole card: a manager signs in', de: 'Eine Hand-Historie zeigt alle verdeckten Karten: ein Manager meldet sich an' } };
    // Asked before the session is used: a supervisor's is not kept open by it.
    if (status.role !== 'manager') return { ok: false, code: 'manager-only', words: { en: 'A hand history shows every hole card, folded ones too: only a manager may see it', de: 'Eine Hand-Historie zeigt alle verdeckten Karten, auch abgeworfene: nur ein Manager darf sie sehen' } };
    const by = context.floor.approve(now);
    if (by === null) return { ok: false, code: 'floor-locked', words: { en: 'A hand history shows every hole card: a manager signs in', de: 'Eine Hand-Historie zeigt alle verdeckten Karten: ein Manager meldet sich an' } };
    const history = context.archive.history(id);
    if (history === null) return { ok: false, code: 'not-found', words: { en: `There is no hand ${id} at this table`, de: `An diesem Tisch gibt es keine Hand ${id}` } };
    // Named by its number, as the screen shows it (a misdeal dealt again puts the id and the number apart).
    const { handNumber } = history;
    if (history.phh === null) return { ok: false, code: 'not-finished', words: { en: `Hand ${handNumber} was not played to the end: it has no hand history`, de: `Hand ${handNumber} wurde nicht zu Ende gespielt: sie hat keine Hand-Historie` } };
    // Written before it is shown: a history whose viewing cannot be written is not shown.
    const recorded = context.controller.record({ id: `#viewed-${context.controller.nextRow()}`, command: { type: 'history-viewed', hand: id, handNumber, by, at: now } });
    if (!recorded.ok) return recorded;
    // Named by the hand number, as `felt export` names its files and the reports name hands.
    return { ok: true, result: { fileName: `felt-hand-${String(handNumber).padStart(6, '0')}.phh`, text: history.phh } };
  },
  'player-list': (_, context) => {
    const by = managersSession(context, { en: "The players' names are a manager's to see: a manager signs in", de: 'Die Namen der Spieler sieht nur ein Manager: ein Manager meldet sich an' });
    return typeof by === 'string' ? { ok: true, result: playerList(context.controller) } : by;
  },
  'player-erase': (args, context) => {
    const player = (args as { player?: unknown } | null)?.player;
    if (typeof player !== 'number' || !Number.isSafeInteger(player) || player < 1) return bad("args.player: a player's number, a whole number from 1", 'args.player: die Nummer eines Spielers, eine ganze Zahl ab 1');
    // The session's manager signs the erasure, as a floor command's approver (D114).
    const by = managersSession(context, { en: "Only a manager may erase a player's name: a manager signs in", de: 'Nur ein Manager darf den Namen eines Spielers löschen: ein Manager meldet sich an' });
    return typeof by === 'string' ? erasePlayerName(context.controller, player, by, context.now()) : by;
  },
  'panel-press': (args, { keypad, controller }) => {
    const press = (args as { press?: unknown } | null)?.press as { type?: unknown; button?: unknown; key?: unknown } | null | undefined;
    const valid =
      press !== undefined &&
      press !== null &&
      typeof press === 'object' &&
      ((press.type === 'button' && (PANEL_BUTTONS as readonly unknown[]).includes(press.button)) || (press.type === 'key' && (PANEL_KEYS as readonly unknown[]).includes(press.key)));
    if (!valid) return bad(`args.press: a button (${PANEL_BUTTONS.join(', ')}) or a key (${PANEL_KEYS.join(', ')})`, `args.press: eine Taste (${PANEL_BUTTONS.join(', ')}) oder ein Zeichen (${PANEL_KEYS.join(', ')})`);
    keypad.press(press as PanelPress);
    return { ok: true, result: controller.view() };
  },
  'sim-deal': (_, { simulated }) => {
    if (simulated === null) return notSimulated();
    return { ok: true, result: simulated.deal() };
  },
  'sim-fault': (args, { simulated }) => {
    if (simulated === null) return notSimulated();
    const fault = (args as { fault?: unknown } | null)?.fault;
    if (!isSimFault(fault)) return bad(`args.fault: one of ${SIM_FAULTS.join(', ')}`, `args.fault: eines von ${SIM_FAULTS.join(', ')}`);
    return { ok: true, result: simulated.fault(fault) };
  },
};

/** A report request's kind and count, checked; the floor session must be open (and using it keeps it open). */
/** The longest period the screen's reports go back over: a week (the CLI's `--from` goes further). */
const MAX_REPORT_HOURS = 168;

type ReportAsked = { ok: true; kind: ReportKind; count: number | null; window: Window };

function reportArgs(args: unknown, context: Context): ReportAsked | { ok: false; code: string; words: Words } {
  const { kind, count, hours, ...rest } = (args ?? {}) as { kind?: unknown; count?: unknown; hours?: unknown };
  const unknown = Object.keys(rest)[0];
  if (unknown !== undefined) return bad(`args.${unknown}: a report takes kind, count and hours`, `args.${unknown}: ein Bericht nimmt kind, count und hours`);
  if (typeof kind !== 'string' || !(REPORT_KINDS as readonly string[]).includes(kind)) return bad(`args.kind: one of ${REPORT_KINDS.join(', ')}`, `args.kind: eines von ${REPORT_KINDS.join(', ')}`);
  if (count !== undefined && (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)) return bad('args.count: the chips counted on the table, a whole number', 'args.count: die gezählten Chips auf dem Tisch, eine ganze Zahl');
  if (count !== undefined && kind !== 'cashflow') return bad('args.count belongs to the cash flow report', 'args.count gehört zum Bericht über die Geldbewegungen');
  if (hours !== undefined && (typeof hours !== 'number' || !Number.isSafeInteger(hours) || hours < 1 || hours > MAX_REPORT_HOURS)) {
    return bad(`args.hours: the last so many hours, a whole number from 1 to ${MAX_REPORT_HOURS}`, `args.hours: die letzten so vielen Stunden, eine ganze Zahl von 1 bis ${MAX_REPORT_HOURS}`);
  }
  const now = context.now();
  if (context.floor.approve(now) === null) return { ok: false, code: 'floor-locked', words: { en: 'Reports are the floor’s: a supervisor or manager signs in', de: 'Berichte sind Sache des Floors: ein Supervisor oder Manager meldet sich an' } };
  // By the table's clock, which stamps the log: the screen's may differ.
  const window: Window = hours === undefined ? WHOLE_LOG : { from: now - (hours as number) * 3_600_000, to: null };
  return { ok: true, kind: kind as ReportKind, count: (count as number | undefined) ?? null, window };
}

/** The report asked for, over the table's facts; the live table is the table the log leaves (no replay for the cash flow). */
function reportOf({ kind, count, window }: ReportAsked, context: Context): FloorReport {
  return floorReport(kind, context.facts(REPORT_FACTS[kind]), { counted: count, table: context.controller.table, window, names: context.playerNames });
}

/**
 * Who signs what only a manager may do (the players' names, D114): the session's manager, or the refusal —
 * no session, or a supervisor's (asked before the session is used, so that it is not kept open by it).
 */
function managersSession(context: Context, locked: Words): string | { ok: false; code: string; words: Words } {
  const now = context.now();
  const status = context.floor.status(now);
  if (!status.unlocked) return { ok: false, code: 'floor-locked', words: locked };
  if (status.role !== 'manager') return { ok: false, code: 'manager-only', words: { en: `${status.name ?? 'A supervisor'} is a supervisor: the players' names are a manager's only`, de: `${status.name ?? 'Ein Supervisor'} ist Supervisor: die Namen der Spieler sind Sache eines Managers` } };
  return context.floor.approve(now) ?? { ok: false, code: 'floor-locked', words: locked };
}

/** A decision as a screen sends it back (`ViewModel.decision`), or null when it is not one. */
function decisionIn(value: unknown): Decision | null {
  if (value === null || typeof value !== 'object') return null;
  const { hand, actions, seat, step, ...rest } = value as Record<string, unknown>;
  const whole = (number: unknown, min: number): boolean => typeof number === 'number' && Number.isSafeInteger(number) && number >= min;
  if (Object.keys(rest).length > 0 || !whole(hand, 0) || !whole(actions, 0) || !whole(seat, 1) || !whole(step, 0)) return null;
  return { hand: hand as number, actions: actions as number, seat: seat as number, step: step as number };
}

function notSimulated(): { ok: false; code: string; words: Words } {
  return { ok: false, code: 'not-simulated', words: { en: 'The table runs on real hardware: the shoe deals the cards', de: 'Der Tisch läuft mit echter Hardware: der Schlitten gibt die Karten' } };
}

function bad(en: string, de: string): { ok: false; code: string; words: Words } {
  return { ok: false, code: 'bad-request', words: { en, de } };
}

/** Answers one message (JSON text); a message that is not a request gets an error naming why. */
export function handleMessage(context: Context, text: string): Reply {
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return refused(null, 'bad-request', 'the message is not JSON', 'die Nachricht ist kein JSON');
  }
  const request = message as Partial<Request> | null;
  if (request === null || typeof request !== 'object' || typeof request.id !== 'string' || typeof request.name !== 'string') {
    return refused(null, 'bad-request', 'a request needs a string id and name', 'eine Anfrage braucht id und name als Text');
  }
  const handler = Object.hasOwn(HANDLERS, request.name) ? (HANDLERS[request.name as RequestName] as Handler<RequestName>) : undefined;
  if (handler === undefined) return refused(request.id, 'unknown-request', `'${request.name}' is not a request (${Object.keys(HANDLERS).join(', ')})`, `'${request.name}' ist keine Anfrage`);
  let answer: Answer<RequestName>;
  try {
    answer = handler(request.args, context);
  } catch (error) {
    // The table stopped (storage) or a bug surfaced (internal): the sender gets a reply, never silence.
    // A failure while committing may have stored the command after all: after the restart the screen shows
    // what the log holds, and only then may the command be entered again (under a new id it would count twice).
    if (error instanceof PersistenceError) {
      return refused(
        request.id,
        'storage',
        `The table's log cannot be written: ${error.message}. Restart the table, then look at the screen before entering the command again`,
        `Das Protokoll des Tisches kann nicht geschrieben werden: ${error.message}. Tisch neu starten und auf dem Bildschirm nachsehen, bevor der Befehl noch einmal eingegeben wird`,
      );
    }
    return refused(request.id, 'internal', `An internal error stopped the command: ${(error as Error).message}`, `Ein interner Fehler hat den Befehl gestoppt: ${(error as Error).message}`);
  }
  return answer.ok ? { id: request.id, ok: true, result: answer.result } : { id: request.id, ok: false, error: { code: answer.code, words: answer.words } };
}

function refused(id: string | null, code: string, en: string, de: string): Reply {
  return { id, ok: false, error: { code, words: { en, de } } };
}
