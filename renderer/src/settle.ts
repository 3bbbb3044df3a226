import { createContext, useCallback, useContext, useEffect, useRef, useState } from 'react';

/**
 * How long a player's decision is on the screen before a tap on it counts. Nobody sees a new seat to act
 * and taps for it in less: a tap sooner was aimed at what was there before — the second tap of a double
 * tap (82 ms apart, tried as a new user would), or another screen's action arriving as this one tapped —
 * and is refused instead of acting for the next player (D59).
 */
export const SETTLE_MS = 400;

/** The settling time of this window's decisions: SETTLE_MS, or 0 in component tests that tap at once. */
export const SettleContext = createContext(SETTLE_MS);

export type Settled = {
  /** Still within the settling time: the buttons look new (and tests wait for `data-settling` to go). */
  readonly settling: boolean;
  /** Runs `act` when the decision has been shown long enough, else `tooSoon`: for a button's onClick. */
  guard(act: () => void): () => void;
};

/**
 * The settling of the decision a component shows: from its mount, so a component keyed by the decision
 * starts again for each new one. The time is read at the tap, not from the state, which may lag a frame.
 */
export function useSettled(tooSoon: () => void): Settled {
  const ms = useContext(SettleContext);
  const shownAt = useRef(performance.now());
  const [settling, setSettling] = useState(ms > 0);
  useEffect(() => {
    shownAt.current = performance.now();
    if (ms <= 0) return;
    const timer = setTimeout(() => setSettling(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  const guard = useCallback(
    (act: () => void) => () => {
      if (performance.now() - shownAt.current < ms) tooSoon();
      else act();
    },
    [ms, tooSoon],
  );
  return { settling, guard };
}
