import { describe, expect, it } from 'vitest';
import { parseCards } from '../../src/cards/notation.js';
import { decideShowdown } from '../../src/evaluator/showdown.js';

const showdown = (board: string, ...hands: [string, string][]): ReturnType<typeof decideShowdown<string>> =>
  decideShowdown(
    hands.map(([id, cards]) => ({ id, holeCards: parseCards(cards) })),
    parseCards(board),
  );

describe('showdown (H1, H3, H9)', () => {
  it('the best hand wins and says why: same two pair, higher kicker', () => {
    const result = showdown('Ac Ad 3h 3s 9c', ['Mira', 'Kh 2c'], ['Leo', 'Qh 2d']);
    expect(result.winners).toEqual(['Mira']);
    expect(result.why).toEqual({ en: 'Same two pair, higher kicker: king', de: 'Gleiche zwei Paare, höherer Kicker: König' });
    expect(result.hands.map((hand) => hand.evaluation.words.en)).toEqual(['Two pair, aces and threes', 'Two pair, aces and threes']);
  });

  it('a different category: flush beats straight', () => {
    const result = showdown('9h 8h 7c 2h Kd', ['A', 'Ah 3h'], ['B', 'Tc 6s']);
    expect(result.winners).toEqual(['A']);
    expect(result.why).toEqual({ en: 'Flush beats straight', de: 'Flush schlägt Straße' });
  });

  it('ties split the pot: the board plays for both (seed 000 split pot)', () => {
    const result = showdown('Tc Jd Qh Ks Ac', ['A', '2c 3d'], ['B', '4h 5s'], ['C', '6h 7h']);
    expect(result.winners).toEqual(['A', 'B', 'C']);
    expect(result.why.en).toBe('Split pot: 3 hands tie with straight, ace high');
  });

  it('two winners and a loser: the reason and the split', () => {
    const result = showdown('As Ac Js Jc 2d', ['A', 'Tc 3c'], ['B', 'Ts 4s'], ['C', '9h 8h']);
    expect(result.winners).toEqual(['A', 'B']);
    expect(result.why.en).toBe('Same two pair, higher kicker: ten; split pot between 2 hands');
  });

  it('explains each kind of difference', () => {
    expect(showdown('Kc 7d 4h 2s 9c', ['A', 'Kd 3c'], ['B', 'Qd Qc']).why.en).toBe('Higher pair: kings');
    expect(showdown('Kc Kd 7h 4s 2c', ['A', 'Ac 3d'], ['B', 'Qc 3h']).why.en).toBe('Same pair, higher kicker: ace');
    expect(showdown('Qc Qd Qh 4s 2c', ['A', 'Ac Ad'], ['B', 'Kc Kd']).why.en).toBe('Same three of a kind, higher pair: aces');
    expect(showdown('5c 6d 7h 8s 2c', ['A', '9c 3d'], ['B', '4c 3h']).why).toEqual({ en: 'Higher straight: nine high', de: 'Höhere Straße: Neun hoch' });
    expect(showdown('Ac Ad 7h 7s 2c', ['A', 'Kc Kd'], ['B', '8c 8d']).why.en).toBe('Same top pair, higher second pair: kings');
    expect(showdown('Ah Kh 7h 4h 2c', ['A', '9h 3d'], ['B', '8h 3h']).why.en).toBe('Both flushes, higher card: nine');
  });

  it('C3 refuses a card seen twice, wrong hole card counts and boards that are too short', () => {
    expect(() => showdown('Ac Ad 3h 3s 9c', ['A', 'Ac 2c'], ['B', 'Qh 2d'])).toThrow('Ac appears twice');
    expect(() => showdown('Ac Ad 3h 3s 9c', ['A', 'Kc 2c Qs'])).toThrow("A has 3 hole cards, Texas Hold'em has 2");
    expect(() => showdown('Ac Ad', ['A', 'Kc 2c'])).toThrow('the board has 3 to 5 cards at a showdown, got 2');
    expect(() => decideShowdown([], parseCards('Ac Ad 3h 3s 9c'))).toThrow('at least one hand');
  });
});
