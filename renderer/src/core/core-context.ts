import { createContext, useContext } from 'react';
import type { Core } from './core';

/** The one core of this window: main.tsx provides it, tests provide a fake. */
export const CoreContext = createContext<Core | null>(null);

export function useCore(): Core {
  const core = useContext(CoreContext);
  if (core === null) throw new Error('useCore needs a CoreContext provider');
  return core;
}
