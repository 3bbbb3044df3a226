/** Why a card or a set of cards was refused: bad notation, a card given twice, or the wrong number. */
export type CardInputErrorCode = 'not-a-card' | 'duplicate-card' | 'wrong-card-count';

/**
 * Bad card input from a person, a file or a reader. The message names the offending token so the
 * croupier or engineer can fix exactly that one (`'1x' is not a card`).
 */
export class CardInputError extends Error {
  override readonly name = 'CardInputError';

  constructor(
    readonly code: CardInputErrorCode,
    message: string,
    /** The token or card that was wrong, as given. */
    readonly token?: string,
  ) {
    super(message);
  }
}
