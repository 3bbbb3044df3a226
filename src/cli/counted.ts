/** A count and its noun for a person: `1 hand`, `0 hands`, `2 operations` (nouns whose plural takes an s). */
export function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
