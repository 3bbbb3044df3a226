import { type ReactNode, useState } from 'react';
import type { FloorCommand } from '../../../../src/api/requests';
import type { Words } from '../../../../src/evaluator/words';
import { useLanguage } from '../../i18n';
import { AmountField } from '../controls/AmountField';
import { Keypad, amountOf } from '../controls/Keypad';
import { TableSetup } from './TableSetup';
import { TextField } from '../dialogs/TextField';
import type { CardEntryStop } from '../../core/useCardEntryStop';
import type { TableConfig } from '../../../../src/engine/table/table-config';

type MisdealReason = Extract<FloorCommand, { type: 'misdeal' }>['reason'];

const MISDEAL_REASONS: readonly MisdealReason[] = ['first-cards-exposed', 'cards-exposed', 'seat-dealt-wrongly', 'seat-skipped', 'wrong-card-count', 'button-out-of-position', 'fouled-deck'];

type Props = {
  /** The hand's last step the floor may undo, or null. */
  readonly lastStep: Words | null;
  /** The occupied seats (for a stack adjustment). */
  readonly seats: readonly number[];
  /** The seats that owe time, and how much (for waiving it). */
  readonly owingTime: readonly { readonly seat: number; readonly amount: number }[];
  /** The table's setup, and whether a hand is in play (the setup changes between hands). */
  readonly config: TableConfig;
  readonly handInPlay: boolean;
  readonly onCommand: (command: FloorCommand) => void;
  /** Opens the floor's reports (a dialog of their own). */
  readonly onReports: () => void;
  /** Opens the table's players (a dialog of their own): a manager's session only, absent otherwise (D114). */
  readonly onPlayers?: (() => void) | undefined;
  /** What stopped card entry from the screens (D65), or null while it is open (or not known yet). */
  readonly cardEntryStop?: CardEntryStop;
};

type Mode = 'menu' | 'undo' | 'misdeal' | 'adjust' | 'waive' | 'ruling' | 'setup';

/** The floor's functions once unlocked: undo the last step, misdeal, adjust a stack, waive time owed, record a ruling, set the table up, reports; a manager's: the players. */
export function FloorFunctions({ lastStep, seats, owingTime, config, handInPlay, onCommand, onReports, onPlayers, cardEntryStop = null }: Props) {
  const { t, words } = useLanguage();
  const [mode, setMode] = useState<Mode>('menu');
  const [reason, setReason] = useState('');
  const [misdeal, setMisdeal] = useState<MisdealReason | null>(null);
  const [seat, setSeat] = useState<number | null>(null);
  const [sign, setSign] = useState<1 | -1>(1);
  const [amountText, setAmountText] = useState('');
  const open = (next: Mode) => {
    setReason('');
    setSeat(null);
    setMode(next);
  };

  if (mode === 'menu') {
    return (
      <>
        {cardEntryStop !== null && <CardEntryStopPanel stop={cardEntryStop} onCommand={onCommand} />}
        <div className="menu-buttons">
          <button type="button" className="button" data-testid="floor-undo" disabled={lastStep === null} onClick={() => open('undo')}>
            {t.undo}
            <span className="button-detail">{lastStep === null ? t.nothingToUndo : words(lastStep)}</span>
          </button>
          <button type="button" className="button button-danger" data-testid="floor-misdeal" disabled={!handInPlay} onClick={() => open('misdeal')}>
            {t.misdeal}
            {!handInPlay && <span className="button-detail">{t.misdealDuringHand}</span>}
          </button>
          <button type="button" className="button" data-testid="floor-adjust" onClick={() => open('adjust')}>
            {t.adjust}
          </button>
          <button type="button" className="button" data-testid="floor-waive" disabled={owingTime.length === 0} onClick={() => open('waive')}>
            {t.waiveTime}
            {owingTime.length === 0 && <span className="button-detail">{t.nobodyOwesTime}</span>}
          </button>
          <button type="button" className="button" data-testid="floor-ruling" onClick={() => open('ruling')}>
            {t.ruling}
          </button>
          {/* A tournament's structure is fixed at its start (D31): its table is not set up anew. */}
          <button type="button" className="button" data-testid="floor-setup" disabled={handInPlay || config.tournament !== null} onClick={() => open('setup')}>
            {t.setup}
            {config.tournament !== null ? <span className="button-detail">{t.setupFixedInTournament}</span> : handInPlay && <span className="button-detail">{t.setupBetweenHands}</span>}
          </button>
          <button type="button" className="button" data-testid="floor-reports" aria-haspopup="dialog" onClick={onReports}>
            {t.reports}
          </button>
          {onPlayers !== undefined && (
            <button type="button" className="button" data-testid="floor-players" aria-haspopup="dialog" onClick={onPlayers}>
              {t.players}
            </button>
          )}
        </div>
      </>
    );
  }

  if (mode === 'setup') {
    return (
      <div className="floor-form">
        <TableSetup config={config} onCommand={onCommand} onCancel={() => setMode('menu')} />
      </div>
    );
  }

  const text = reason.trim();
  const amount = amountOf(amountText);
  let command: FloorCommand | null;
  let form: ReactNode;
  if (mode === 'undo') {
    command = lastStep === null || text === '' ? null : { type: 'undo', reason: text };
    form = (
      <>
        <p className="floor-step" data-testid="floor-last-step">
          {lastStep === null ? t.nothingToUndo : words(lastStep)}
        </p>
        <div className="choice-row">
          {t.undoReasons.map((preset, index) => (
            <button type="button" className="button button-small" key={preset} data-testid={`undo-reason-${index}`} onClick={() => setReason(preset)}>
              {preset}
            </button>
          ))}
        </div>
        <TextField testId="floor-reason" label={t.reason} value={reason} onChange={setReason} />
      </>
    );
  } else if (mode === 'misdeal') {
    command = misdeal === null ? null : { type: 'misdeal', reason: misdeal };
    form = (
      <div className="choice-list">
        {MISDEAL_REASONS.map((key) => (
          <button type="button" key={key} className={`button${misdeal === key ? ' button-on' : ''}`} aria-pressed={misdeal === key} data-testid={`misdeal-reason-${key}`} onClick={() => setMisdeal(key)}>
            {t.misdealReasons[key]}
          </button>
        ))}
      </div>
    );
  } else if (mode === 'adjust') {
    const signed = amount === null || amount === 0 ? null : sign * amount;
    command = seat === null || signed === null || text === '' ? null : { type: 'adjust-stack', seat, amount: signed, reason: text };
    form = (
      <div className="dialog-columns">
        <div className="dialog-amount">
          <div className="choice-row">
            {seats.map((n) => (
              <button type="button" key={n} className={`button button-small${seat === n ? ' button-on' : ''}`} aria-pressed={seat === n} data-testid={`adjust-seat-${n}`} onClick={() => setSeat(n)}>
                {t.seat(n)}
              </button>
            ))}
          </div>
          <div className="choice-row">
            <button type="button" className={`button button-small${sign === 1 ? ' button-on' : ''}`} aria-pressed={sign === 1} data-testid="adjust-add" onClick={() => setSign(1)}>
              + {t.adjustAdd}
            </button>
            <button type="button" className={`button button-small${sign === -1 ? ' button-on' : ''}`} aria-pressed={sign === -1} data-testid="adjust-remove" onClick={() => setSign(-1)}>
              − {t.adjustRemove}
            </button>
          </div>
          <AmountField testId="floor-amount" label={t.amount} value={amountText} onChange={setAmountText} />
          <Keypad value={amountText} onChange={setAmountText} />
        </div>
        <TextField testId="floor-reason" label={t.reason} value={reason} onChange={setReason} />
      </div>
    );
  } else if (mode === 'waive') {
    const owing = owingTime.find((owed) => owed.seat === seat);
    command = owing === undefined || text === '' ? null : { type: 'waive-time', seat: owing.seat, amount: owing.amount, reason: text };
    form = (
      <div className="dialog-columns">
        <div className="choice-row">
          {owingTime.map((owed) => (
            <button type="button" key={owed.seat} className={`button button-small${seat === owed.seat ? ' button-on' : ''}`} aria-pressed={seat === owed.seat} data-testid={`waive-seat-${owed.seat}`} onClick={() => setSeat(owed.seat)}>
              {t.owesTimeAt(owed.seat, owed.amount)}
            </button>
          ))}
        </div>
        <TextField testId="floor-reason" label={t.reason} value={reason} onChange={setReason} />
      </div>
    );
  } else {
    command = text === '' ? null : { type: 'ruling', text };
    form = <TextField testId="floor-ruling-text" label={t.rulingText} value={reason} onChange={setReason} />;
  }

  return (
    <div className="floor-form">
      {form}
      <div className="choice-row">
        <button type="button" className="button" data-testid="floor-back" onClick={() => setMode('menu')}>
          {t.cancel}
        </button>
        <button
          type="button"
          className="button action"
          data-testid="floor-confirm"
          disabled={command === null}
          onClick={() => {
            if (command !== null) onCommand(command);
          }}
        >
          {command?.type === 'adjust-stack' ? t.adjustConfirm(command.seat, command.amount) : command?.type === 'waive-time' ? t.waiveConfirm(command.seat, command.amount) : t.confirm}
        </button>
      </div>
    </div>
  );
}

/**
 * What stopped card entry (D65), first in the floor's functions: the table waits for it. The card and where
 * it lies are for the floor's eyes; the floor takes a report as made (when it still can be) or resumes
 * without it.
 */
function CardEntryStopPanel({ stop, onCommand }: { readonly stop: NonNullable<CardEntryStop>; readonly onCommand: (command: FloorCommand) => void }) {
  const { t, words } = useLanguage();
  return (
    <section className="card-entry-stop" data-testid="card-entry-stop">
      <p className="floor-step">{t.cardEntryStopTitle(stop.report)}</p>
      <p data-testid="card-entry-words">{words(stop.words)}</p>
      <div className="choice-row">
        {stop.canTake && (
          <button type="button" className="button action" data-testid="card-entry-take" onClick={() => onCommand({ type: 'resume-card-entry', take: true })}>
            {t.cardEntryTake}
          </button>
        )}
        <button type="button" className="button" data-testid="card-entry-resume" onClick={() => onCommand({ type: 'resume-card-entry', take: false })}>
          {stop.report ? t.cardEntryDrop : t.cardEntryResume}
        </button>
      </div>
    </section>
  );
}
