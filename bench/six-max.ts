import type { SeededRandom } from '../src/cards/random.js';

/** The benchmark's table: six players with 200–3,190 in chips each, blinds 5/10. */
export const PLAYERS = 6;

/** One player's stack: 200–3,190 in tens. */
export function randomStack(random: SeededRandom): number {
  return (20 + random.nextInt(300)) * 10;
}

export function randomStacks(random: SeededRandom): number[] {
  const stacks: number[] = [];
  for (let seat = 0; seat < PLAYERS; seat++) stacks.push(randomStack(random));
  return stacks;
}
