import type { Words } from '../../../src/evaluator/words';
import type { Notice } from '../core/useTable';
import { useLanguage } from '../i18n';

type Props = {
  readonly prompt: Words;
  readonly awards: readonly Words[];
  readonly notice: Notice | null;
  readonly onDismiss: () => void;
  /**
   * What the button panel or the keypad holds armed or typed ("Seat 2 calls 10 — press Confirm"), with the
   * device's name: under the prompt, where the croupier looks before pressing Confirm, at every screen size.
   */
  readonly armed?: { readonly device: string; readonly words: Words } | null;
};

/** What the croupier does next, in large words; the awards to push; a refusal in red until the next action. */
export function Prompt({ prompt, awards, notice, onDismiss, armed = null }: Props) {
  const { t, words } = useLanguage();
  return (
    <section className="prompt-area" aria-live="polite">
      {notice !== null && (
        <div className="last-error" role="alert" data-testid="last-error">
          <span className="last-error-words">{words(notice.words)}</span>
          <button type="button" className="button button-quiet" data-testid="last-error-dismiss" onClick={onDismiss}>
            {t.dismiss}
          </button>
        </div>
      )}
      <p className={`prompt${promptLength(words(prompt))}`} data-testid="prompt">
        {words(prompt)}
      </p>
      {armed !== null && (
        <p className="armed" role="status" data-testid="panel-armed">
          {armed.device}: {words(armed.words)}
        </p>
      )}
      {awards.length > 0 && (
        <ul className="awards" data-testid="awards">
          {awards.map((award, index) => (
            <li key={index}>{words(award)}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * A long prompt (a showdown's awards of many pots, then the next hand's blinds) in smaller letters: in
 * the large ones it would fill half the screen and push the seats into the action pad.
 */
function promptLength(text: string): string {
  if (text.length > 220) return ' prompt-longer';
  if (text.length > 100) return ' prompt-long';
  return '';
}
