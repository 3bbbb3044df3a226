import { useCallback, useRef, useState } from 'react';
import type { PlayerList } from '../../../src/api/requests';
import { useCore } from './core-context';
import type { Notice } from './useTable';

export type TablePlayers = {
  /** The table's players as the core last gave them, or null while none came (or it was refused). */
  readonly list: PlayerList | null;
  /** The core's refusal (`floor-locked`, `manager-only`, an erasure refused), or null. */
  readonly problem: Notice | null;
  readonly loading: boolean;
  /** The player whose name was erased last from this dialog, or null. */
  readonly erased: number | null;
  /** Asks the core for the list afresh. */
  load(): void;
  /** Erases a player's name (D114); true when the core did, the list then the one after it. */
  erase(player: number): Promise<boolean>;
};

/**
 * The table's players for a manager (`player-list`, `player-erase`), asked for on a tap, never in an
 * effect; an answer that comes after a later request was sent is dropped.
 */
export function usePlayers(): TablePlayers {
  const core = useCore();
  const [list, setList] = useState<PlayerList | null>(null);
  const [problem, setProblem] = useState<Notice | null>(null);
  const [loading, setLoading] = useState(false);
  const [erased, setErased] = useState<number | null>(null);
  const latest = useRef(0);

  const load = useCallback(() => {
    const id = ++latest.current;
    setProblem(null);
    setErased(null);
    setLoading(true);
    void core.request('player-list', undefined).then((reply) => {
      if (id !== latest.current) return;
      setLoading(false);
      if (reply.ok) setList(reply.result);
      else {
        setList(null);
        setProblem({ words: reply.error.words, code: reply.error.code });
      }
    });
  }, [core]);

  const erase = useCallback(
    async (player: number) => {
      const id = ++latest.current;
      setProblem(null);
      setErased(null);
      const reply = await core.request('player-erase', { player });
      if (id !== latest.current) return reply.ok;
      if (!reply.ok) {
        setProblem({ words: reply.error.words, code: reply.error.code });
        return false;
      }
      setList(reply.result);
      setErased(player);
      return true;
    },
    [core],
  );

  return { list, problem, loading, erased, load, erase };
}
