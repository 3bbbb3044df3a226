import type { Words } from '../evaluator/words.js';
import type { TablePlayer, TimedCommand } from '../controller/table-controller.js';
import type { HandPage, HandReplay } from '../store/hand-archive.js';
import type { Decision, ViewModel } from '../controller/view-model.js';
import type { TableConfig } from '../engine/table/table-config.js';
import type { SignInGate } from '../engine/table/table-operations.js';
import type { PanelPress } from '../../drivers/panel/panel-protocol.js';
import type { SimFault } from '../hardware/sim-faults.js';
import type { FloorReport, ReportKind } from '../reports/floor-report.js';
import type { Credentials, Role } from './staff.js';

export type { HandPage, HandReplay, HandSummary, ReplayStep } from '../store/hand-archive.js';
export type { TablePlayer } from '../controller/table-controller.js';

/**
 * The typed surface of the core, the same for every shell: Electron's preload and browser mode's
 * WebSocket carry these requests as `{ id, name, args }` and their replies as `{ id, ok, result | error }`
 * (protocol.ts). Names are `noun-verb`; a client's `send(name, args)` is typed by this map end to end.
 */
export type Requests = {
  /** What this core is: simulated or real hardware (the simulation panel shows only with `sim`). */
  'app-info': { args: undefined; result: AppInfo };
  'table-view': { args: undefined; result: ViewModel };
  /**
   * A table command under an id chosen by the sender (a retry with the same id applies once). A player's
   * action (fold, check, call, bet, all-in, show, muck) carries `decision`, the view's decision it was made
   * on, and is refused as `table-moved-on` when the table has moved on since. Floor commands need an
   * unlocked floor session on this connection; their `by` is the session's, and one taken ends the session.
   * A refusal is this sender's error (the rule's code and words); other screens are not shown it.
   */
  'table-submit': { args: { commandId: string; command: WireCommand; decision?: Decision }; result: ViewModel };
  /** Opens the floor functions for this connection: a supervisor or manager signs in (they lock again after a while). */
  'floor-unlock': { args: Credentials; result: FloorStatus };
  /** A croupier (or anyone of the staff) signs in as the dealer on duty, between hands: recorded in the log. */
  'dealer-sign-in': { args: Credentials; result: ViewModel };
  /**
   * A manager (number and PIN, or badge) lifts the lock-out wrong PINs put on a sign-in — the floor's or
   * the dealer's, counted apart (D60); logged with who and when. Refused when it is not locked out.
   */
  'lockout-lift': { args: Credentials & { gate: SignInGate }; result: { readonly gate: SignInGate } };
  'floor-lock': { args: undefined; result: FloorStatus };
  'floor-status': { args: undefined; result: FloorStatus };
  /**
   * Why card entry is stopped (D65), for the floor: the card a screen entered and where it lies, whether a
   * report was made and can be taken now; `stopped` null while card entry is open. Needs the floor's session.
   */
  'card-entry': { args: undefined; result: { readonly stopped: { readonly words: Words; readonly report: boolean; readonly canTake: boolean } | null } };
  /** The hands of this table, newest first, a page at a time: the ones before hand `before` (an id), at most `limit` (50). */
  'hand-list': { args: { readonly before?: number; readonly limit?: number } | undefined; result: HandPage };
  /** One hand step by step, as the screen showed it: hole cards only where they were tabled. */
  'hand-replay': { args: { id: number }; result: HandReplay };
  /**
   * A finished hand's PHH hand history, every hole card dealt in it (folded and mucked ones too): a
   * manager's only (a floor session a manager opened), and each one shown is written to the log (D66).
   */
  'hand-phh': { args: { id: number }; result: { readonly fileName: string; readonly text: string } };
  /**
   * The table's players (D102): number, name or when and by whom it was erased, the seat held now; and
   * whether names can be erased at this table (not at one an earlier Felt began, D103). A manager's only (a
   * floor session a manager opened): names are the guests' data.
   */
  'player-list': { args: undefined; result: PlayerList };
  /**
   * A manager erases a player's name while the table runs (D114): the name leaves the table's database and
   * memory, a chained row records who (the session's manager) and when. A manager's only; refused in words
   * for a seated player, one erased already (when, by whom), one the table does not have. The list after it.
   */
  'player-erase': { args: { player: number }; result: PlayerList };
  /** Simulated hardware: the simulated shoe deals the card the table expects next. */
  'sim-deal': { args: undefined; result: ViewModel };
  /** Simulated hardware: one of the devices fails as real ones do (src/hardware/sim-faults.ts). */
  'sim-fault': { args: { fault: SimFault }; result: ViewModel };
  /** A floor report over the table's log (the floor's functions: needs an unlocked floor session). */
  /** `hours`: over the last so many hours by the table's clock (a shift), else the whole log. */
  'floor-report': { args: { kind: ReportKind; count?: number; hours?: number }; result: FloorReport };
  /** The same report as a printable PDF in the screen's language (base64): the floor's, like the report. */
  'floor-report-pdf': { args: { kind: ReportKind; count?: number; hours?: number; lang: 'en' | 'de' }; result: { readonly fileName: string; readonly base64: string } };
  /** A press on the keypad that types into the screen (the keyboard wedge): handled as the button panel's. */
  'panel-press': { args: { press: PanelPress }; result: ViewModel };
};

export type RequestName = keyof Requests;
export type ArgsOf<N extends RequestName> = Requests[N]['args'];
export type ResultOf<N extends RequestName> = Requests[N]['result'];

/** The table's players, for a manager (`player-list`, `player-erase`). */
export type PlayerList = { readonly players: readonly TablePlayer[]; readonly erasable: boolean };

/** The one shape of an error at the process boundary. */
export type WireError = { readonly code: string; readonly words: Words };

/** What the table runs: its hardware, and the software's version and build (src/version.ts). */
export type AppInfo = { readonly hardware: 'sim' | 'real'; readonly version: string; readonly build: string };

/**
 * `who` names the person who opened the floor with their role and number, `name` alone (the status bar's
 * word for who holds it) and `role` theirs; `until` is when the session locks by itself (ms since the epoch).
 */
export type FloorStatus = { readonly unlocked: boolean; readonly who: Words | null; readonly name: string | null; readonly role: Role | null; readonly until: number | null };

/** Commands only the floor may give: the hand voided, a stack corrected, time due waived, a ruling, the last step undone. */
export type FloorCommand =
  | { readonly type: 'misdeal'; readonly reason: Extract<TimedCommand, { type: 'misdeal' }>['reason'] }
  | { readonly type: 'adjust-stack'; readonly seat: number; readonly amount: number; readonly reason: string }
  | { readonly type: 'waive-time'; readonly seat: number; readonly amount: number; readonly reason: string }
  | { readonly type: 'ruling'; readonly text: string }
  | { readonly type: 'undo'; readonly reason: string }
  /** A cash table's new setup, between hands. */
  | { readonly type: 'configure'; readonly config: TableConfig }
  /** Card entry stopped by a card a screen named (D65) resumes: the report taken as made, or dropped. */
  | { readonly type: 'resume-card-entry'; readonly take: boolean };

export const FLOOR_COMMANDS: ReadonlySet<string> = new Set<FloorCommand['type']>(['misdeal', 'adjust-stack', 'waive-time', 'ruling', 'undo', 'configure', 'resume-card-entry']);

/** A command as a screen sends it: the croupier's own, or a floor command (whose `by` the core fills in). */
export type WireCommand = Exclude<TimedCommand, { type: FloorCommand['type'] | 'dealer-change' | 'device-incident' | 'card-refused' | 'lift-lockout' | 'stop-card-entry' | 'history-viewed' | 'software-start' }> | FloorCommand;


/** A reply to a request, typed by its name. */
export type ReplyOf<N extends RequestName> = { readonly ok: true; readonly result: ResultOf<N> } | { readonly ok: false; readonly error: WireError };

/**
 * The one door from a window to the core: Electron's preload exposes it as `window.felt`; in browser mode
 * the renderer builds the same thing over the WebSocket. `onView` gets every view the core publishes.
 */
export interface CoreBridge {
  request<N extends RequestName>(name: N, args: ArgsOf<N>): Promise<ReplyOf<N>>;
  onView(listener: (view: ViewModel) => void): () => void;
}

/** The WebSocket path of browser mode; the socket needs the table's screen key (`?key=`, D56). */
export const SOCKET_PATH = '/socket';
