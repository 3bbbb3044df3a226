/**
 * Where a hand is in play in a table's log: from its `hand-positions` (the positions, then the hand's own
 * operations with every hole card dealt) to its `hand-settled` or `hand-voided`. Rows in between are held
 * at the table until the hand ends (D73): the floor's copy never holds a hole card of a hand in play, so
 * the floor's database is no card oracle. The floor refuses a batch that ends inside a hand too.
 */
export function inHandAfter(inHand: boolean, type: string): boolean {
  if (type === 'hand-positions') return true;
  if (type === 'hand-settled' || type === 'hand-voided') return false;
  return inHand;
}

/** The top-level `type` of a row's payload (canonical JSON of an object), or null. */
export function payloadType(payload: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const type = (parsed as { type?: unknown }).type;
  return typeof type === 'string' ? type : null;
}
