import { useEffect, useState } from 'react';
import type { ConnectionState, Core } from './core';

/** The state of the line to the core, live. */
export function useConnection(core: Core): ConnectionState {
  const [state, setState] = useState<ConnectionState>('connecting');
  useEffect(() => core.onConnection(setState), [core]);
  return state;
}
