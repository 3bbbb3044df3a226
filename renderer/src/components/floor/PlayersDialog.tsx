import { useState } from 'react';
import type { TablePlayer } from '../../../../src/api/requests';
import type { TablePlayers } from '../../core/usePlayers';
import { type Lang, useLanguage } from '../../i18n';
import { Modal } from '../dialogs/Modal';

type Props = {
  readonly players: TablePlayers;
  readonly onClose: () => void;
  /** The floor session locked meanwhile (`floor-locked`): open the floor's PIN pad. */
  readonly onUnlock: () => void;
};

/** A moment on this screen's clock, with its date: an erasure may be months old. */
function momentOf(lang: Lang, at: number): string {
  return new Date(at).toLocaleString(lang, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/**
 * The table's players, for a manager (D114): each by number, with their name or when and by whom it was
 * erased, and whether they sit at the table now. A player who is not seated can have their name erased at
 * their request, after a confirmation that says what happens; a seated one cannot (their name is on the
 * screen and in the hand).
 */
export function PlayersDialog({ players, onClose, onUnlock }: Props) {
  const { lang, t, words } = useLanguage();
  const [asking, setAsking] = useState<TablePlayer | null>(null);
  const { list, problem, loading, erased } = players;

  const status = (player: TablePlayer): string => {
    if (player.erased !== null) return t.playerErasedBy(momentOf(lang, player.erased.at), player.erased.by);
    return player.seat === null ? t.playerNotSeated : t.playerSeated(player.seat);
  };

  return (
    <Modal testId="players-dialog" title={t.playersTitle} onClose={onClose}>
      <p className="hint">{t.playersIntro}</p>
      {list !== null && !list.erasable && (
        <p className="hint" data-testid="players-not-erasable">
          {t.playersNotErasable}
        </p>
      )}
      {problem !== null && (
        <div className="choice-row">
          <p className="inline-error" role="alert" data-testid="players-error">
            {words(problem.words)}
          </p>
          {problem.code === 'floor-locked' && (
            <button type="button" className="button" data-testid="players-unlock" onClick={onUnlock}>
              {t.reportsUnlock}
            </button>
          )}
        </div>
      )}
      {erased !== null && (
        <p className="hint" role="status" data-testid="players-erased">
          {t.eraseDone(erased)}
        </p>
      )}
      {asking !== null && (
        <section className="erase-confirm" role="alertdialog" aria-label={t.eraseName} data-testid="erase-confirm">
          <p className="floor-step" data-testid="erase-question">
            {t.eraseQuestion(asking.player, asking.name ?? t.erasedName)}
          </p>
          <p data-testid="erase-what">{t.eraseWhat}</p>
          <div className="choice-row">
            <button type="button" className="button" data-testid="erase-keep" onClick={() => setAsking(null)}>
              {t.eraseKeep}
            </button>
            <button
              type="button"
              className="button button-danger"
              data-testid="erase-for-good"
              onClick={() => {
                const player = asking.player;
                setAsking(null);
                void players.erase(player);
              }}
            >
              {t.eraseForGood}
            </button>
          </div>
        </section>
      )}
      {list === null ? (
        problem === null && loading && <p className="hint hint-large">{t.loading}</p>
      ) : list.players.length === 0 ? (
        <p className="hint hint-large" data-testid="players-none">
          {t.playersNone}
        </p>
      ) : (
        <table className="report-table" data-testid="players-list">
          <thead>
            <tr>
              <th className="number">{t.playerColumn}</th>
              <th>{t.nameColumn}</th>
              <th>{t.statusColumn}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.players.map((player) => (
              <tr key={player.player} data-testid={`player-${player.player}`}>
                <td className="number">{player.player}</td>
                <td data-testid={`player-${player.player}-name`}>{player.name ?? t.erasedName}</td>
                <td data-testid={`player-${player.player}-status`}>{status(player)}</td>
                <td>
                  {list.erasable && player.name !== null && player.seat === null && (
                    <button type="button" className="button button-small button-danger" data-testid={`player-${player.player}-erase`} onClick={() => setAsking(player)}>
                      {t.eraseName}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
