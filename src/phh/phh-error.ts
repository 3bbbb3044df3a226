/** A hand history that cannot be read at all (a missing field, an unsupported variant, a field not Felt's). */
export class PhhError extends Error {
  override readonly name = 'PhhError';
}
