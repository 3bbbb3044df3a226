import { useEffect, useState } from 'react';
import type { WireCommand } from '../../../src/api/requests';
import type { Decision, ViewModel } from '../../../src/controller/view-model';
import { cardErrorMoment, cardErrorsNow } from '../components/controls/CardErrorPanel';
import { ControlPanel } from '../components/controls/ControlPanel';
import { FloorFunctions } from '../components/floor/FloorFunctions';
import { FloorGate } from '../components/floor/FloorGate';
import { LockoutLift } from '../components/floor/LockoutLift';
import { Modal } from '../components/dialogs/Modal';
import { Prompt } from '../components/Prompt';
import { PlayersDialog } from '../components/floor/PlayersDialog';
import { ReportsDialog } from '../components/floor/ReportsDialog';
import { SeatDialog } from '../components/dialogs/SeatDialog';
import { SeatMenu } from '../components/dialogs/SeatMenu';
import { SignIn } from '../components/floor/SignIn';
import { SimFaultPanel } from '../components/dialogs/SimFaultPanel';
import { Table } from '../components/table/Table';
import type { FloorSession } from '../core/useFloor';
import { useFloorReport } from '../core/useFloorReport';
import { usePlayers } from '../core/usePlayers';
import type { TableSession } from '../core/useTable';
import { useKeyboardWedge } from '../core/useKeyboardWedge';
import { useLockoutLift } from '../core/useLockoutLift';
import { useCardEntryStop } from '../core/useCardEntryStop';
import { DICTIONARIES, useLanguage } from '../i18n';

/** A dialog over the table: seat a player, a seat's menu, the floor functions, the floor's reports, a manager's list of the players, or (simulated hardware) the faults. */
export type Overlay =
  | { readonly kind: 'seat'; readonly seat: number }
  | { readonly kind: 'seat-menu'; readonly seat: number }
  | { readonly kind: 'floor'; readonly needed: boolean }
  | { readonly kind: 'reports' }
  | { readonly kind: 'players' }
  | { readonly kind: 'sim-faults' }
  | { readonly kind: 'dealer' }
  | null;

type Props = {
  readonly view: ViewModel;
  readonly session: TableSession;
  readonly floor: FloorSession;
  readonly overlay: Overlay;
  readonly setOverlay: (overlay: Overlay) => void;
  /** Resolves true when the table took the command: a dialog closes only then, and keeps what was typed otherwise. */
  readonly onCommand: (command: WireCommand, decision?: Decision) => Promise<boolean>;
};

/** A confirmation tapped in the moment it appeared: the second tap of a double tap, not a decision. */
const DOUBLE_TAP = { en: DICTIONARIES.en.tooSoon, de: DICTIONARIES.de.tooSoon };

/** At most this many simulated cards for "deal to the end of the step" (a flop is four with its burn). */
const SIM_STEP_LIMIT = 30;

/** The main screen: prompt, table, the panel for what the prompt asks, and any dialog over them. */
export function TableScreen({ view, session, floor, overlay, setOverlay, onCommand }: Props) {
  const { t, words } = useLanguage();
  const simulated = session.appInfo?.hardware === 'sim';
  const reports = useFloorReport();
  const players = usePlayers();
  const cardEntryStop = useCardEntryStop(overlay?.kind === 'floor' && floor.status?.unlocked === true && view.cardEntry !== 'open');
  const lockedGate = session.notice?.code === 'dealer-locked-out' ? 'dealer' : session.notice?.code === 'floor-locked-out' ? 'floor' : null;
  const floorLift = useLockoutLift('floor');
  const dealerLift = useLockoutLift('dealer');
  // A lift belongs to the dialog it was made in.
  const { reset: resetFloorLift } = floorLift;
  const { reset: resetDealerLift } = dealerLift;
  useEffect(() => {
    if (overlay?.kind !== 'floor') resetFloorLift();
    if (overlay?.kind !== 'dealer') resetDealerLift();
  }, [overlay?.kind, resetFloorLift, resetDealerLift]);
  // Stops at the first refusal, and when the table asks for something other than a card.
  const simDealStep = async () => {
    for (let count = 0; count < SIM_STEP_LIMIT; count++) {
      const reply = await session.simDeal();
      if (!reply.ok || reply.result.lastError !== null || reply.result.prompt.kind !== 'deal') break;
    }
  };

  // The button panel's or the keypad's armed action: shown under the prompt.
  const armed = view.devices.find((device) => device.armed !== undefined);
  const menuSeat = overlay?.kind === 'seat-menu' ? view.seats.find((seat) => seat.seat === overlay.seat) : undefined;
  const close = () => setOverlay(null);
  const openFloorDialog = (): void => {
    setOverlay({ kind: 'floor', needed: false });
    void floor.refresh();
  };
  const submitThenClose = (command: WireCommand): void => {
    void onCommand(command).then((accepted) => {
      if (accepted) close();
    });
  };
  // A refusal while a dialog is open shows in the dialog too: the prompt's line is behind it.
  const dialogError = session.notice === null ? null : (
    <p className="inline-error" role="alert" data-testid="dialog-error">
      {words(session.notice.words)}
    </p>
  );
  // A menu for a seat that has emptied meanwhile shows nothing: the panel must not stay hidden for it.
  const simFaultsOpen = simulated && overlay?.kind === 'sim-faults';
  const dialogOpen = overlay?.kind === 'seat' || overlay?.kind === 'floor' || overlay?.kind === 'reports' || overlay?.kind === 'players' || overlay?.kind === 'dealer' || simFaultsOpen || menuSeat !== undefined;
  useKeyboardWedge(!dialogOpen);
  // The card errors belong to the moment they were opened at: a step of the hand (a card, an action, the
  // error recorded) closes them; a refusal leaves them open with its words in the prompt.
  const [cardErrorsAt, setCardErrorsAt] = useState<string | null>(null);
  const moment = cardErrorMoment(view);
  // No card error is reported while card entry is stopped: the floor has the last one to look at.
  const cardErrorsAllowed = view.cardEntry !== 'open' ? null : cardErrorsNow(view);
  const cardErrors = cardErrorsAt === moment ? cardErrorsAllowed : null;
  // Closed for good once the moment has passed: a later moment that looks the same (a flop dealt again
  // with the same cards) does not open them again. Passed by a step the croupier did not send (a card the
  // shoe read meanwhile), the closing is said until the next step: what was open is not what is shown now.
  const [cardErrorsMovedOn, setCardErrorsMovedOn] = useState<string | null>(null);
  const busy = session.busy;
  // With the line to the table down nothing can be entered: a tap would act on a table this screen no longer sees.
  const offline = session.connection !== 'connected';
  useEffect(() => {
    if (cardErrorsAt === null || cardErrorsAt === moment) return;
    setCardErrorsAt(null);
    if (!busy) setCardErrorsMovedOn(moment);
  }, [cardErrorsAt, moment, busy]);
  const recordCardError = (command: WireCommand): void => {
    void onCommand(command).then((accepted) => {
      if (accepted) setCardErrorsAt(null);
    });
  };

  return (
    <main className="table-screen">
      <div className="prompt-row">
        {/* Before the next hand the prompt itself says what to push to whom: the list would repeat it. */}
        <Prompt prompt={view.prompt.words} awards={view.prompt.kind === 'start-hand' ? [] : view.awards} notice={session.notice} onDismiss={session.dismissNotice} armed={armed?.armed === undefined ? null : { device: t.deviceKind[armed.kind], words: armed.armed }} />
        {/* Beside the prompt, whatever it asks: a device can fail at any moment of a hand, or between hands. */}
        {(simulated || cardErrorsAllowed !== null) && (
          <div className="prompt-side">
            {cardErrorsAllowed !== null && (
              <button
                type="button"
                className="button"
                aria-pressed={cardErrors !== null}
                data-testid="card-error"
                disabled={session.busy || offline}
                onClick={() => {
                  setCardErrorsMovedOn(null);
                  setCardErrorsAt(cardErrors === null ? moment : null);
                }}
              >
                {t.cardError.open}
              </button>
            )}
            {cardErrorsMovedOn === moment && (
              <p className="hint" role="status" data-testid="card-error-moved-on">
                {t.cardError.movedOn}
              </p>
            )}
            {simulated && (
              <button type="button" className="button button-sim" aria-haspopup="dialog" data-testid="sim-faults" disabled={offline} onClick={() => setOverlay({ kind: 'sim-faults' })}>
                {t.simFaults}
              </button>
            )}
          </div>
        )}
      </div>
      <Table view={view} disabled={offline} onSeatTap={(seat) => setOverlay({ kind: 'seat-menu', seat })} onEmptySeatTap={(seat) => setOverlay({ kind: 'seat', seat })} />
      {!dialogOpen && (
        <ControlPanel
          view={view}
          simulated={simulated}
          onCommand={onCommand}
          onCallFloor={() => openFloorDialog()}
          onTooSoon={(seat) => session.refuse(seat === null ? { words: DOUBLE_TAP, code: 'too-soon' } : { words: { en: DICTIONARIES.en.movedOn(seat), de: DICTIONARIES.de.movedOn(seat) }, code: 'table-moved-on' })}
          onSimDeal={() => void session.simDeal()}
          onSimDealStep={simDealStep}
          busy={session.busy || offline}
          cardErrors={cardErrors}
          onCardError={recordCardError}
          onCardErrorsClose={() => setCardErrorsAt(null)}
        />
      )}
      {overlay?.kind === 'seat' && (
        <SeatDialog
          seat={overlay.seat}
          buyIn={view.buyIn}
          tournament={view.stakes.mode === 'tournament'}
          onClose={close}
          error={dialogError}
          onConfirm={(name, buyIn) => submitThenClose({ type: 'sit', seat: overlay.seat, name, buyIn })}
        />
      )}
      {menuSeat !== undefined && (
        <SeatMenu
          seat={menuSeat}
          buyIn={view.buyIn}
          chipUnit={view.config.hand.chipUnit}
          cash={view.stakes.mode === 'cash'}
          leave={view.stakes.mode === 'cash' || view.seatsOpen || menuSeat.stack === 0}
          onCommand={submitThenClose}
          onClose={close}
          error={dialogError}
          onTooSoon={() => session.refuse({ words: DOUBLE_TAP, code: 'too-soon' })}
        />
      )}
      {simFaultsOpen && (
        <SimFaultPanel
          busy={session.busy}
          error={dialogError}
          onClose={close}
          onFault={(fault) => {
            // The dialog closes at once: what the table makes of the fault (or a refusal) shows in the prompt.
            close();
            void session.simFault(fault);
          }}
        />
      )}
      {overlay?.kind === 'floor' && (
        <Modal testId="floor-dialog" title={t.floorTitle} onClose={close}>
          {overlay.needed && floor.status?.unlocked !== true && <p className="hint hint-large">{t.floorNeeded}</p>}
          {dialogError}
          <FloorGate status={floor.status} problem={floor.problem} lift={floorLift} onUnlock={(pin) => void floor.unlock(pin)} onLock={() => void floor.lock()}>
            <FloorFunctions
              lastStep={view.lastStep}
              seats={view.seats.map((seat) => seat.seat)}
              owingTime={view.seats.flatMap((seat) => (seat.timeDue > 0 ? [{ seat: seat.seat, amount: seat.timeDue }] : []))}
              config={view.config}
              handInPlay={view.handInPlay}
              cardEntryStop={cardEntryStop}
              onCommand={submitThenClose}
              onReports={() => {
                setOverlay({ kind: 'reports' });
                reports.show('session');
              }}
              // The players' names are a manager's (D114): a supervisor's session has no such button.
              onPlayers={
                floor.status?.role === 'manager'
                  ? () => {
                      setOverlay({ kind: 'players' });
                      players.load();
                    }
                  : undefined
              }
            />
          </FloorGate>
        </Modal>
      )}
      {overlay?.kind === 'dealer' && (
        <Modal testId="dealer-dialog" title={t.dealerTitle} onClose={close}>
          <p className="hint">{t.dealerBetweenHands}</p>
          {dialogError}
          {/* A floor staff number is counted on the floor's sign-in: its lock-out is the one to lift then. */}
          <LockoutLift gate={lockedGate ?? 'dealer'} lift={lockedGate === 'floor' ? floorLift : dealerLift} lockedOut={lockedGate !== null}>
            <SignIn
              testId="dealer"
              action={t.dealerTakeOver}
              problem={null}
              onSignIn={(credentials) =>
                void session.dealerSignIn(credentials).then((reply) => {
                  if (reply.ok) close();
                })
              }
            />
          </LockoutLift>
        </Modal>
      )}
      {overlay?.kind === 'players' && (
        <PlayersDialog
          players={players}
          onClose={close}
          onUnlock={() => {
            setOverlay({ kind: 'floor', needed: true });
            void floor.refresh();
          }}
        />
      )}
      {overlay?.kind === 'reports' && (
        <ReportsDialog
          reports={reports}
          tournament={view.stakes.mode === 'tournament'}
          onClose={close}
          onUnlock={() => {
            // The floor session locked meanwhile: its PIN pad, as for a floor command on a locked session.
            setOverlay({ kind: 'floor', needed: true });
            void floor.refresh();
          }}
        />
      )}
    </main>
  );
}
