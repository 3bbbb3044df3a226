import { amountWords as chips, STRUCTURE_WORDS } from '../engine/hand/announce.js';
import type { BettingStructure } from '../engine/hand/config.js';
import type { TableConfig } from '../engine/table/table-config.js';
import type { Words } from '../evaluator/words.js';

type Aspect = { readonly label: Words; readonly value: Words };

/** What the floor reads of a table's setup, an aspect at a time, in the order the setup screen has them. */
function aspects(config: TableConfig): Aspect[] {
  const { hand } = config;
  const blinds = { en: `${chips(hand.smallBlind).en}/${chips(hand.bigBlind).en}`, de: `${chips(hand.smallBlind).de}/${chips(hand.bigBlind).de}` };
  const extras = (lang: 'en' | 'de'): string =>
    [
      hand.ante > 0 ? `${lang === 'en' ? 'ante' : 'Ante'} ${chips(hand.ante)[lang]}` : '',
      hand.bigBlindAnte > 0 ? `${lang === 'en' ? 'big-blind ante' : 'Big-Blind-Ante'} ${chips(hand.bigBlindAnte)[lang]}` : '',
      hand.straddle > 0 ? `${lang === 'en' ? 'straddle' : 'Straddle'} ${chips(hand.straddle)[lang]}` : '',
    ]
      .filter((part) => part !== '')
      .map((part) => `, ${part}`)
      .join('');
  const time = config.timeCollection;
  const rake = hand.rake;
  const none = { en: 'none', de: 'keine' };
  const limits = limitWords(hand.structure);
  return [
    { label: { en: 'Game', de: 'Spiel' }, value: { en: `${STRUCTURE_WORDS[hand.structure.kind].en} ${blinds.en}${extras('en')}`, de: `${STRUCTURE_WORDS[hand.structure.kind].de} ${blinds.de}${extras('de')}` } },
    ...(limits === null ? [] : [{ label: { en: 'Limits', de: 'Limits' }, value: limits }]),
    { label: { en: 'Chip unit', de: 'Chipeinheit' }, value: chips(hand.chipUnit) },
    { label: { en: 'Seats', de: 'Plätze' }, value: { en: `${config.seatCount}, at most ${config.maxPlayers} players`, de: `${config.seatCount}, höchstens ${config.maxPlayers} Spieler` } },
    { label: { en: 'Buy-in', de: 'Buy-in' }, value: { en: `${chips(config.buyIn.min).en}–${chips(config.buyIn.max).en}`, de: `${chips(config.buyIn.min).de}–${chips(config.buyIn.max).de}` } },
    {
      label: { en: 'Time', de: 'Zeit' },
      value:
        time === null
          ? none
          : {
              en: `${chips(time.amount).en} every ${time.everyMinutes} min${time.sittingOutPays ? ', sitting out pays' : ''}${time.courtesyHands > 0 ? `, ${time.courtesyHands} courtesy hands` : ''}`,
              de: `${chips(time.amount).de} alle ${time.everyMinutes} Min.${time.sittingOutPays ? ', Aussetzende zahlen' : ''}${time.courtesyHands > 0 ? `, ${time.courtesyHands} freie Hände` : ''}`,
            },
    },
    {
      label: { en: 'Rake', de: 'Rake' },
      value:
        rake === null
          ? none
          : {
              en: `${rake.basisPoints / 100} % up to ${chips(rake.cap).en}${rake.noFlopNoDrop ? ', no flop no drop' : ''}`,
              de: `${String(rake.basisPoints / 100).replace('.', ',')} % bis ${chips(rake.cap).de}${rake.noFlopNoDrop ? ', ohne Flop kein Rake' : ''}`,
            },
    },
    { label: { en: 'Button', de: 'Button' }, value: config.button === 'dead' ? { en: 'dead', de: 'tot' } : { en: 'moving', de: 'wandernd' } },
    { label: { en: 'New players', de: 'Neue Spieler' }, value: config.newPlayers === 'post' ? { en: 'post', de: 'setzen' } : { en: 'post or wait', de: 'setzen oder warten' } },
    { label: { en: 'Return within', de: 'Rückkehr binnen' }, value: { en: `${config.returnWithinMinutes} min`, de: `${config.returnWithinMinutes} Min.` } },
  ];
}

/** A limit game's bet sizes and cap: fixed limit's small and big bet, spread limit's ranges; null in no or pot limit. */
function limitWords(structure: BettingStructure): Words | null {
  if (structure.kind === 'fixed-limit') {
    return { en: `${chips(structure.smallBet).en}/${chips(structure.bigBet).en}, ${structure.maxBetsPerRound} bets a round`, de: `${chips(structure.smallBet).de}/${chips(structure.bigBet).de}, ${structure.maxBetsPerRound} Einsätze je Runde` };
  }
  if (structure.kind === 'spread-limit') {
    const range = (lang: 'en' | 'de', limits: { readonly min: number; readonly max: number }): string => `${chips(limits.min)[lang]}–${chips(limits.max)[lang]}`;
    return { en: `${range('en', structure.lower)}, then ${range('en', structure.higher)}, ${structure.maxBetsPerRound} bets a round`, de: `${range('de', structure.lower)}, dann ${range('de', structure.higher)}, ${structure.maxBetsPerRound} Einsätze je Runde` };
  }
  return null;
}

/**
 * A table set up anew, in words: what changed from the setup before ("Buy-in from 200–1,000 to 200–2,000";
 * words, not an arrow, which the printed report's fonts do not have), or,
 * with none known before it, the setup as it is. The incidents report says so, for the floor to see what a
 * supervisor changed and when.
 */
export function setupWords(config: TableConfig, before: TableConfig | null): Words {
  const now = aspects(config);
  if (before === null) {
    return { en: `The table was set up anew: ${now.map((aspect) => `${aspect.label.en} ${aspect.value.en}`).join('; ')}`, de: `Der Tisch wurde neu eingerichtet: ${now.map((aspect) => `${aspect.label.de} ${aspect.value.de}`).join('; ')}` };
  }
  // Paired by label: a limit game has an aspect more than a no-limit one.
  const then = new Map(aspects(before).map((aspect) => [aspect.label.en, aspect.value]));
  const absent = { en: '—', de: '—' };
  const changed: (Aspect & { readonly was: Words })[] = [];
  for (const aspect of now) {
    const was = then.get(aspect.label.en) ?? absent;
    if (was.en !== aspect.value.en) changed.push({ ...aspect, was });
  }
  if (changed.length === 0) {
    // What the words leave out (burns, premature cards, the uncapping rule …) still shows as a change.
    return JSON.stringify(config) === JSON.stringify(before)
      ? { en: 'The table was set up anew, as it was', de: 'Der Tisch wurde neu eingerichtet, wie er war' }
      : { en: 'The table was set up anew: other rules changed', de: 'Der Tisch wurde neu eingerichtet: andere Regeln geändert' };
  }
  return {
    en: `The table was set up anew: ${changed.map((aspect) => `${aspect.label.en} from ${aspect.was.en} to ${aspect.value.en}`).join('; ')}`,
    de: `Der Tisch wurde neu eingerichtet: ${changed.map((aspect) => `${aspect.label.de} von ${aspect.was.de} auf ${aspect.value.de}`).join('; ')}`,
  };
}
