/**
 * A name as typed at the table (a player's, a dealer's, a staff member's): a control character in it — a
 * line break, a tab, a bell typed with a keyboard — would break the lists and reports it goes into (a
 * report's row, the staff list's line) and shows as a box on the screen.
 */
export function hasControlCharacter(name: string): boolean {
  return /\p{Cc}/u.test(name);
}
