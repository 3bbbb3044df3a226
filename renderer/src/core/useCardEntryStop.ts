import { useCallback, useEffect, useState } from 'react';
import type { ResultOf } from '../../../src/api/requests';
import { useCore } from './core-context';

export type CardEntryStop = ResultOf<'card-entry'>['stopped'];

/**
 * What stopped card entry (D65), asked for the floor while `open` (its dialog open, its session unlocked,
 * card entry stopped): the card entered and where it lies, which only the floor may see.
 */
export function useCardEntryStop(open: boolean): CardEntryStop {
  const core = useCore();
  const [stop, setStop] = useState<CardEntryStop>(null);
  const ask = useCallback(async () => {
    const reply = await core.request('card-entry', undefined);
    setStop(reply.ok ? reply.result.stopped : null);
  }, [core]);
  useEffect(() => {
    if (open) void ask();
    else setStop(null);
  }, [open, ask]);
  return stop;
}
