/**
 * Whether a name as typed at the table (a player's, a staff member's) holds a control character: a line
 * break, a tab, a bell typed with a keyboard would break the lists and reports it goes into (a report's
 * row, the staff list's line) and shows as a box on the screen.
 */
export function hasControlCharacter(name: string): boolean {
  // Also the line and paragraph separators, and the bidirectional controls, which make a name show other
  // than it is stored.
  return /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u.test(name);
}
