/** The store could not do what was asked: a database it cannot open, read or trust. Nothing was written. */
export class PersistenceError extends Error {
  override readonly name = 'PersistenceError';
}
