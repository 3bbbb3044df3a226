import { describe, expect, it } from 'vitest';
import { getPrompt } from '../../src/engine/table/prompt.js';
import type { TableLogEntry } from '../../src/engine/table/table-operations.js';
import { factsOf } from '../../src/reports/facts.js';
import { incidents } from '../../src/reports/incidents.js';
import { threeAtTheTable } from './three-at-the-table.js';

const AT = Date.UTC(2026, 10, 29, 18);
const SAM = 'Sam (floor supervisor #20)';

/**
 * A table whose floor signs as the log signs people: hand 1 misdealt at once; in hand 2 the floor takes back
 * a raise before the flop, a bet on the flop and a show at the end; the shoe fails a deck check and sends a
 * card already in play; the floor corrects a stack.
 */
function undoTable(): TableLogEntry[] {
  const { log, run, state, deck } = threeAtTheTable(AT);
  run({ type: 'start-hand', at: AT });
  run({ type: 'misdeal', reason: 'seat-skipped', by: SAM });
  run({ type: 'start-hand', at: AT + 60_000 });
  const dealUntilAction = (): void => {
    for (let guard = 0; guard < 20 && getPrompt(state(), AT).kind === 'deal'; guard++) run({ type: 'deal', card: deck.shift() ?? null });
  };
  dealUntilAction();
  run({ type: 'bet', to: 60 });
  run({ type: 'undo', reason: 'pressed the wrong key', by: SAM });
  for (let guard = 0; guard < 10 && state().hand?.street === 'preflop'; guard++) {
    const prompt = getPrompt(state(), AT);
    if (prompt.kind === 'deal') break;
    run(prompt.kind === 'action' && prompt.legal.check ? { type: 'check' } : { type: 'call' });
  }
  dealUntilAction();
  run({ type: 'bet', to: 20 });
  run({ type: 'undo', reason: 'Card misread', by: SAM });
  for (let guard = 0; guard < 100; guard++) {
    const prompt = getPrompt(state(), AT);
    if (prompt.kind === 'deal') run({ type: 'deal', card: deck.shift() ?? null });
    else if (prompt.kind === 'action') run(prompt.legal.check ? { type: 'check' } : { type: 'call' });
    else break;
  }
  run({ type: 'show' });
  run({ type: 'undo', reason: 'the wrong hand was tabled', by: 'Floor Maria' });
  run({ type: 'device-incident', device: 'shoe', kind: 'shoe', incident: 'deck-check', words: { en: 'The deck failed its check', de: 'Das Deck hat die Prüfung nicht bestanden' }, at: AT + 120_000 });
  run({ type: 'card-refused', source: 'shoe', at: AT + 120_000 });
  return log;
}

describe('the incidents report in the floor’s words', () => {
  const found = incidents(factsOf(undoTable()));
  const undone = found.filter((incident) => incident.kind === 'step-undone');

  it('says what an undo took back as the croupier says it, not how many operations it was', () => {
    expect(undone.map((incident) => incident.words)).toEqual([
      { en: 'Taken back: Seat 6 raises to 60 (pressed the wrong key)', de: 'Zurückgenommen: Platz 6 erhöht auf 60 (pressed the wrong key)' },
      // On the flop the row cannot tell a bet from a raise over a short all-in: it says both.
      // A reason the screen offers is given in the report's language, whichever screen sent it.
      { en: expect.stringMatching(/^Taken back: Seat \d bets or raises to 20 \(Card misread\)$/), de: expect.stringMatching(/^Zurückgenommen: Platz \d setzt oder erhöht auf 20 \(Karte falsch gelesen\)$/) },
      { en: expect.stringMatching(/^Taken back: Seat \d's show \(the wrong hand was tabled\)$/), de: expect.stringMatching(/^Zurückgenommen: das Zeigen von Platz \d \(the wrong hand was tabled\)$/) },
    ]);
  });

  it('never names the cards of a show taken back', () => {
    const show = undone[2];
    expect(show?.words.en).not.toMatch(/[♠♥♦♣]|\b[2-9TJQKA][shdc]\b/);
    expect(show?.words.de).not.toMatch(/[♠♥♦♣]|\b[2-9TJQKA][shdc]\b/);
  });

  it('names who in German in German: the role of a person, the device by its name on the screen', () => {
    expect(found.map(({ kind, by, who }) => ({ kind, by, who }))).toEqual([
      { kind: 'misdeal', by: SAM, who: { en: SAM, de: 'Sam (Floor-Supervisor #20)' } },
      { kind: 'step-undone', by: SAM, who: { en: SAM, de: 'Sam (Floor-Supervisor #20)' } },
      { kind: 'step-undone', by: SAM, who: { en: SAM, de: 'Sam (Floor-Supervisor #20)' } },
      // A name the log does not sign with a role stays as it is.
      { kind: 'step-undone', by: 'Floor Maria', who: { en: 'Floor Maria', de: 'Floor Maria' } },
      { kind: 'deck-check', by: 'shoe', who: { en: 'Shoe', de: 'Kartenschlitten' } },
      { kind: 'card-refused', by: 'shoe', who: { en: 'Shoe', de: 'Kartenschlitten' } },
    ]);
  });

  it('words a misdeal and a refused card in German with the words of the kind column and the screen', () => {
    expect(found[0]?.words).toEqual({ en: 'Misdeal: a seat entitled to cards was skipped', de: 'Misdeal: ein Platz wurde beim Geben übersprungen' });
    expect(found.at(-1)?.words.de).toBe('Der Kartenschlitten hat eine Karte gesendet, die schon im Spiel ist: Deck und Leser prüfen');
  });
});

describe('the incidents report: in a hand or between hands', () => {
  it('an unplug after a hand has ended is filed after it, one during the next hand in it', () => {
    const { log, run, state, deck } = threeAtTheTable(AT);
    const unplugged = { type: 'device-incident', device: 'shoe', kind: 'shoe', incident: 'unplugged', words: { en: 'The shoe was unplugged', de: 'Der Kartenschlitten wurde ausgesteckt' } } as const;
    run({ type: 'start-hand', at: AT });
    for (let guard = 0; guard < 100 && state().hand?.phase.kind !== 'complete'; guard++) {
      const prompt = getPrompt(state(), AT);
      if (prompt.kind === 'deal') run({ type: 'deal', card: deck.shift() ?? null });
      else if (prompt.kind === 'action') run({ type: 'fold' });
      else run({ type: 'show' });
    }
    run({ ...unplugged, at: AT + 60_000 });
    run({ type: 'start-hand', at: AT + 120_000 });
    run({ ...unplugged, at: AT + 180_000 });
    expect(incidents(factsOf(log)).map(({ kind, hand, afterHand }) => ({ kind, hand, afterHand }))).toEqual([
      { kind: 'unplugged', hand: 1, afterHand: true },
      { kind: 'unplugged', hand: 2, afterHand: false },
    ]);
  });
});
