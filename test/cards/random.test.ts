import { describe, expect, it } from 'vitest';
import { newDeck, shuffle, shuffledDeck } from '../../src/cards/deck.js';
import { SeededRandom } from '../../src/cards/random.js';

describe('seeded random source (xoshiro128**)', () => {
  it('matches the reference implementation on a published test vector', () => {
    // State and outputs from the xoshiro128starstar.c reference, as published with xoshiro-6502's test data.
    const random = SeededRandom.fromState([0x964d4a0c, 0xd40ab895, 0xad7fdecb, 0x3006f0f0]);
    expect([random.nextUint32(), random.nextUint32(), random.nextUint32(), random.nextUint32()]).toEqual([
      0xf1391922, 0x6fe53806, 0xa5be2840, 0xf510ee70,
    ]);
    expect(random.state()).toEqual([0xfc65379c, 0x52006d70, 0x87487639, 0xf1908343]);
  });

  it('starts from state [1, 2, 3, 4] as the reference does', () => {
    const random = SeededRandom.fromState([1, 2, 3, 4]);
    expect(Array.from({ length: 4 }, () => random.nextUint32())).toEqual([11520, 0, 5927040, 70819200]);
  });

  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = new SeededRandom(7);
    const b = new SeededRandom(7);
    const c = new SeededRandom(8);
    const take = (random: SeededRandom): number[] => Array.from({ length: 20 }, () => random.nextUint32());
    const first = take(a);
    expect(take(b)).toEqual(first);
    expect(take(c)).not.toEqual(first);
  });

  it('resumes from a saved state', () => {
    const random = new SeededRandom(99);
    random.nextUint32();
    const resumed = SeededRandom.fromState(random.state());
    expect(resumed.nextUint32()).toBe(random.nextUint32());
  });

  it('draws integers in range without bias', () => {
    const random = new SeededRandom(1);
    const counts = new Array<number>(6).fill(0);
    const draws = 60_000;
    for (let i = 0; i < draws; i++) {
      const face = random.nextInt(6);
      counts[face] = (counts[face] ?? 0) + 1;
    }
    // Chi-square with 5 degrees of freedom: 20.5 is the 0.1 % critical value.
    const expected = draws / 6;
    const chiSquare = counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    expect(chiSquare).toBeLessThan(20.5);
    expect(() => random.nextInt(0)).toThrow(RangeError);
    expect(() => random.nextInt(1.5)).toThrow(RangeError);
    expect(() => new SeededRandom(-1)).toThrow('seed must be an integer');
  });
});

describe('deck and shuffle', () => {
  it('a new deck is the 52 cards in order', () => {
    expect(newDeck()).toEqual(Array.from({ length: 52 }, (_, card) => card));
  });

  it('a shuffle is a permutation that replays from its seed', () => {
    const first = shuffledDeck(new SeededRandom(2026));
    expect([...first].sort((a, b) => a - b)).toEqual(newDeck());
    expect(shuffledDeck(new SeededRandom(2026))).toEqual(first);
    expect(shuffledDeck(new SeededRandom(2027))).not.toEqual(first);
    const items = ['a', 'b', 'c'];
    shuffle(items, new SeededRandom(1));
    expect(items).toEqual(['a', 'b', 'c']);
  });

  it('puts every card in every position about equally often', () => {
    const random = new SeededRandom(5);
    const firstCardCounts = new Array<number>(52).fill(0);
    for (let i = 0; i < 52_000; i++) {
      const first = shuffledDeck(random)[0] ?? 0;
      firstCardCounts[first] = (firstCardCounts[first] ?? 0) + 1;
    }
    expect(Math.min(...firstCardCounts)).toBeGreaterThan(800);
    expect(Math.max(...firstCardCounts)).toBeLessThan(1200);
  });
});
