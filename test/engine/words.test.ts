import { describe, expect, it } from 'vitest';
import { amountWords, STRUCTURE_WORDS } from '../../src/engine/hand/announce.js';
import { getPrompt } from '../../src/engine/table/prompt.js';
import type { MisdealReason } from '../../src/engine/table/table-operations.js';
import { TableDriver } from '../support/table-driver.js';

/**
 * Words the engine hands to the screen and the floor's reports, read word for word in English and German:
 * a misdeal's reason as the croupier's prompt names it, the betting structures' names, amounts.
 */
describe('the engine\'s words', () => {
  it('each misdeal\'s reason, in the prompt for the redeal (T10)', () => {
    const reasons: readonly (readonly [MisdealReason, string, string])[] = [
      ['first-cards-exposed', 'the first or second card of the deal exposed', 'erste oder zweite Karte aufgedeckt'],
      ['cards-exposed', 'two or more cards boxed or exposed', 'zwei oder mehr Karten verkehrt oder aufgedeckt'],
      ['seat-dealt-wrongly', 'a seat dealt that should not have been', 'ein Platz bekam Karten, der keine bekommen durfte'],
      ['seat-skipped', 'a seat entitled to cards was skipped', 'ein Platz wurde beim Geben übersprungen'],
      ['wrong-card-count', 'a player has the wrong number of cards', 'ein Spieler hat die falsche Zahl Karten'],
      ['button-out-of-position', 'the button was out of position', 'der Button lag falsch'],
      ['fouled-deck', 'a fouled deck', 'ein fehlerhaftes Deck'],
    ];
    for (const [reason, en, de] of reasons) {
      const table = new TableDriver().sit(1, 'A').sit(2, 'B').sit(3, 'C').draw('1:As 2:2c 3:3c').start();
      table.do({ type: 'deal', card: null }).do({ type: 'misdeal', reason, by: 'Floor' });
      expect(getPrompt(table.state, table.now).words).toEqual({
        en: `Misdeal (${en}): every chip back, redeal. Button to seat 1. Post blinds: seat 2 small blind 5, seat 3 big blind 10`,
        de: `Misdeal (${de}): alle Chips zurück, neu geben. Button auf Platz 1. Blinds setzen: Platz 2 Small Blind 5, Platz 3 Big Blind 10`,
      });
    }
  });

  it('the betting structures\' names and amounts, digits grouped as each language groups them', () => {
    expect(STRUCTURE_WORDS).toEqual({
      'no-limit': { en: 'No limit', de: 'No Limit' },
      'pot-limit': { en: 'Pot limit', de: 'Pot Limit' },
      'fixed-limit': { en: 'Fixed limit', de: 'Fixed Limit' },
      'spread-limit': { en: 'Spread limit', de: 'Spread Limit' },
    });
    expect(amountWords(1_234_567)).toEqual({ en: '1,234,567', de: '1.234.567' });
    expect(amountWords(5)).toEqual({ en: '5', de: '5' });
  });
});
