/**
 * A failure of the floor the user can act on — a folder PostgreSQL cannot use, a database that is not the
 * floor's, an enrolment code that is wrong or used — in words for one line. The commands print it without a
 * stack; anything else is a bug.
 */
export class FloorError extends Error {
  override readonly name: string = 'FloorError';
}
