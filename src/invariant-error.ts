/** A bug: something the code guarantees did not hold. Never a player's or croupier's mistake. */
export class InvariantError extends Error {
  override readonly name = 'InvariantError';
}
