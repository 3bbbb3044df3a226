import { useState } from 'react';
import type { FloorCommand } from '../../../../src/api/requests';
import type { BettingStructure } from '../../../../src/engine/hand/config';
import type { TableConfig } from '../../../../src/engine/table/table-config';
import { useLanguage } from '../../i18n';
import { Keypad, digitsOnly } from '../controls/Keypad';

type Kind = BettingStructure['kind'];
type Fee = 'time' | 'rake' | 'none';

/** The numbers of a setup, as typed: one keypad fills whichever field was tapped last. */
type Field = 'smallBlind' | 'bigBlind' | 'ante' | 'bigBlindAnte' | 'straddle' | 'smallBet' | 'bigBet' | 'lowerMin' | 'lowerMax' | 'higherMin' | 'higherMax' | 'timeAmount' | 'timeEvery' | 'rakeBasisPoints' | 'rakeCap' | 'seatCount' | 'maxPlayers' | 'buyInMin' | 'buyInMax' | 'prematurePerStreet';

const KINDS: readonly Kind[] = ['no-limit', 'pot-limit', 'fixed-limit', 'spread-limit'];
const FEES: readonly Fee[] = ['time', 'rake', 'none'];

function fieldsOf(config: TableConfig): Record<Field, string> {
  const { hand } = config;
  const structure = hand.structure;
  const text = (value: number): string => String(value);
  return {
    smallBlind: text(hand.smallBlind),
    bigBlind: text(hand.bigBlind),
    ante: text(hand.ante),
    bigBlindAnte: text(hand.bigBlindAnte),
    straddle: text(hand.straddle),
    smallBet: text(structure.kind === 'fixed-limit' ? structure.smallBet : hand.bigBlind),
    bigBet: text(structure.kind === 'fixed-limit' ? structure.bigBet : hand.bigBlind * 2),
    lowerMin: text(structure.kind === 'spread-limit' ? structure.lower.min : hand.bigBlind),
    lowerMax: text(structure.kind === 'spread-limit' ? structure.lower.max : hand.bigBlind * 3),
    higherMin: text(structure.kind === 'spread-limit' ? structure.higher.min : hand.bigBlind * 2),
    higherMax: text(structure.kind === 'spread-limit' ? structure.higher.max : hand.bigBlind * 6),
    timeAmount: text(config.timeCollection?.amount ?? 0),
    timeEvery: text(config.timeCollection?.everyMinutes ?? 30),
    rakeBasisPoints: text(hand.rake?.basisPoints ?? 500),
    rakeCap: text(hand.rake?.cap ?? 0),
    seatCount: text(config.seatCount),
    maxPlayers: text(config.maxPlayers),
    buyInMin: text(config.buyIn.min),
    buyInMax: text(config.buyIn.max),
    prematurePerStreet: text(config.prematurePerStreet ?? 1),
  };
}

/**
 * The floor's table setup: the game, blinds, antes and straddle (0 for none), the house fee (time or
 * rake), seats and buy-ins, starting from the table's current setup. It only gathers numbers: the core
 * checks the whole setup and refuses it with the reason (a big blind below the small blind, a taken seat
 * removed …).
 */
export function TableSetup({ config, onCommand, onCancel }: { readonly config: TableConfig; readonly onCommand: (command: FloorCommand) => void; readonly onCancel: () => void }) {
  const { t } = useLanguage();
  const [kind, setKind] = useState<Kind>(config.hand.structure.kind);
  const [fee, setFee] = useState<Fee>(config.timeCollection !== null ? 'time' : config.hand.rake !== null ? 'rake' : 'none');
  const [button, setButton] = useState(config.button);
  const [fields, setFields] = useState(() => fieldsOf(config));
  const [active, setActive] = useState<Field>('smallBlind');
  const number = (field: Field): number => (fields[field] === '' ? 0 : Number.parseInt(fields[field], 10));
  const cap = config.hand.structure.kind === 'fixed-limit' || config.hand.structure.kind === 'spread-limit' ? config.hand.structure : { maxBetsPerRound: 4, uncapped: 'two-players-left' as const };

  const structure = (): BettingStructure => {
    switch (kind) {
      case 'fixed-limit':
        return { kind, smallBet: number('smallBet'), bigBet: number('bigBet'), maxBetsPerRound: cap.maxBetsPerRound, uncapped: cap.uncapped };
      case 'spread-limit':
        return { kind, lower: { min: number('lowerMin'), max: number('lowerMax') }, higher: { min: number('higherMin'), max: number('higherMax') }, maxBetsPerRound: cap.maxBetsPerRound, uncapped: cap.uncapped };
      default:
        return { kind };
    }
  };
  const submit = (): void => {
    const rake = fee === 'rake' ? { basisPoints: number('rakeBasisPoints'), cap: number('rakeCap'), noFlopNoDrop: config.hand.rake?.noFlopNoDrop ?? true } : null;
    const timeCollection = fee === 'time' ? { amount: number('timeAmount'), everyMinutes: number('timeEvery'), sittingOutPays: config.timeCollection?.sittingOutPays ?? false, courtesyHands: config.timeCollection?.courtesyHands ?? 0 } : null;
    const next: TableConfig = {
      ...config,
      hand: { ...config.hand, structure: structure(), smallBlind: number('smallBlind'), bigBlind: number('bigBlind'), ante: number('ante'), bigBlindAnte: number('bigBlindAnte'), straddle: number('straddle'), rake },
      seatCount: number('seatCount'),
      maxPlayers: number('maxPlayers'),
      buyIn: { min: number('buyInMin'), max: number('buyInMax') },
      button,
      timeCollection,
      prematurePerStreet: number('prematurePerStreet'),
    };
    onCommand({ type: 'configure', config: next });
  };

  const input = (field: Field) => (
    <label className={`field setup-field${active === field ? ' field-active' : ''}`} key={field}>
      <span className="field-label">{t.setupFields[field]}</span>
      <input
        className="field-input"
        data-testid={`setup-${field}`}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={fields[field]}
        aria-invalid={!digitsOnly(fields[field])}
        onFocus={() => setActive(field)}
        onChange={(event) => setFields({ ...fields, [field]: event.target.value.replace(/\s/g, '') })}
      />
      {/* A point or a comma is refused in words, never dropped: "0.5" must not become an ante of 5. */}
      {!digitsOnly(fields[field]) && (
        <span className="inline-error" role="alert" data-testid={`setup-${field}-invalid`}>
          {t.digitsOnly}
        </span>
      )}
    </label>
  );
  const allDigits = Object.values(fields).every(digitsOnly);
  const choices = <T extends string>(values: readonly T[], value: T, set: (next: T) => void, names: Readonly<Record<T, string>>, testId: string) => (
    <div className="choice-row">
      {values.map((option) => (
        <button type="button" key={option} className={`button button-small${value === option ? ' button-on' : ''}`} aria-pressed={value === option} data-testid={`${testId}-${option}`} onClick={() => set(option)}>
          {names[option]}
        </button>
      ))}
    </div>
  );

  return (
    <div className="table-setup dialog-columns">
      <div className="setup-form">
        {choices(KINDS, kind, setKind, t.structureNames, 'setup-structure')}
        <div className="setup-row">
          {input('smallBlind')}
          {input('bigBlind')}
          {input('ante')}
          {input('bigBlindAnte')}
          {config.tournament === null && input('straddle')}
        </div>
        {kind === 'fixed-limit' && <div className="setup-row">{[input('smallBet'), input('bigBet')]}</div>}
        {kind === 'spread-limit' && <div className="setup-row">{[input('lowerMin'), input('lowerMax'), input('higherMin'), input('higherMax')]}</div>}
        {choices(FEES, fee, setFee, t.feeNames, 'setup-fee')}
        {fee === 'time' && <div className="setup-row">{[input('timeAmount'), input('timeEvery')]}</div>}
        {fee === 'rake' && <div className="setup-row">{[input('rakeBasisPoints'), input('rakeCap')]}</div>}
        <div className="setup-row">
          {input('seatCount')}
          {input('maxPlayers')}
          {input('buyInMin')}
          {input('buyInMax')}
          {input('prematurePerStreet')}
        </div>
        {choices(['dead', 'moving'] as const, button, setButton, t.buttonRules, 'setup-button')}
      </div>
      <div className="dialog-amount">
        <Keypad value={fields[active]} onChange={(value) => setFields({ ...fields, [active]: value })} />
        <p className="hint">{t.setupNote}</p>
        <button type="button" className="button action" data-testid="setup-confirm" disabled={!allDigits} onClick={submit}>
          {t.setupConfirm}
        </button>
        {/* Beside the confirm, not under the form: the form is taller than a 1280×800 screen's dialog. */}
        <button type="button" className="button" data-testid="floor-back" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
