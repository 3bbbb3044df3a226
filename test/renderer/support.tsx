import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppInfo, ArgsOf, FloorStatus, ReplyOf, RequestName } from '../../src/api/requests';
import type { ViewModel } from '../../src/controller/view-model';
import type { ConnectionState, Core } from '../../renderer/src/core/core';
import { CoreContext } from '../../renderer/src/core/core-context';
import { SettleContext } from '../../renderer/src/settle';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export type Rendered = {
  readonly container: HTMLElement;
  /** The element with this data-testid; throws (failing the test) when there is none or more than one. */
  get(testId: string): HTMLElement;
  query(testId: string): HTMLElement | null;
  text(testId: string): string;
  click(testId: string): Promise<void>;
  /** Types into an input the way a user does, so React's onChange sees it. */
  fill(testId: string, value: string): Promise<void>;
  unmount(): Promise<void>;
};

const mounted: Rendered[] = [];

/**
 * Renders `node`; a player's decision takes taps at once (`settleMs` 0), unless a test gives the time a
 * decision must be on the screen first (D59).
 */
export async function render(node: ReactNode, settleMs = 0): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<SettleContext.Provider value={settleMs}>{node}</SettleContext.Provider>));
  const all = (testId: string) => Array.from(container.ownerDocument.querySelectorAll<HTMLElement>(`[data-testid="${testId}"]`));
  const get = (testId: string): HTMLElement => {
    const found = all(testId);
    if (found.length !== 1) throw new Error(`expected one [data-testid="${testId}"], found ${found.length}`);
    return found[0] as HTMLElement;
  };
  const rendered: Rendered = {
    container,
    get,
    query: (testId) => all(testId)[0] ?? null,
    text: (testId) => get(testId).textContent ?? '',
    async click(testId) {
      const element = get(testId);
      await act(async () => {
        element.click();
      });
    },
    async fill(testId, value) {
      const input = get(testId);
      if (!(input instanceof HTMLInputElement)) throw new Error(`${testId} is not an input`);
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      await act(async () => {
        setter?.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    async unmount() {
      await act(async () => root.unmount());
      container.remove();
    },
  };
  mounted.push(rendered);
  return rendered;
}

/** Unmounts everything rendered (call in afterEach). */
export async function cleanup(): Promise<void> {
  for (const rendered of mounted.splice(0)) await rendered.unmount();
}

/** Lets pending promises (the fake core's replies) settle inside act. */
export async function settle(): Promise<void> {
  await act(async () => {
    for (let round = 0; round < 5; round++) await Promise.resolve();
  });
}

type Handler<N extends RequestName> = (args: ArgsOf<N>) => ReplyOf<N>;
export type Recorded = { readonly name: RequestName; readonly args: unknown };

/**
 * A core in memory: records every request, answers from handlers the test sets, and can push views and
 * change the connection like the real bridges do.
 */
export class FakeCore implements Core {
  readonly requests: Recorded[] = [];
  view: ViewModel;
  appInfo: AppInfo = { hardware: 'real', version: 'test', build: 'test' };
  floor: FloorStatus = { unlocked: false, who: null, name: null, role: null, until: null };
  private readonly handlers = new Map<RequestName, (args: unknown) => unknown>();
  private readonly viewListeners = new Set<(view: ViewModel) => void>();
  private readonly connectionListeners = new Set<(state: ConnectionState) => void>();
  private state: ConnectionState = 'connected';

  constructor(view: ViewModel) {
    this.view = view;
  }

  /** Answers requests named `name` with `handler` from now on. */
  on<N extends RequestName>(name: N, handler: Handler<N>): this {
    this.handlers.set(name, handler as (args: unknown) => unknown);
    return this;
  }

  request<N extends RequestName>(name: N, args: ArgsOf<N>): Promise<ReplyOf<N>> {
    this.requests.push({ name, args });
    const handler = this.handlers.get(name);
    if (handler !== undefined) return Promise.resolve(handler(args) as ReplyOf<N>);
    return Promise.resolve(this.defaultReply(name) as ReplyOf<N>);
  }

  private defaultReply(name: RequestName): ReplyOf<RequestName> {
    switch (name) {
      case 'app-info':
        return { ok: true, result: this.appInfo };
      case 'floor-status':
      case 'floor-lock':
        return { ok: true, result: this.floor };
      case 'hand-list':
        return { ok: true, result: { hands: [], more: false } };
      default:
        return { ok: true, result: this.view };
    }
  }

  /** The requests named `name`, with their arguments. */
  sent<N extends RequestName>(name: N): ArgsOf<N>[] {
    return this.requests.filter((request) => request.name === name).map((request) => request.args as ArgsOf<N>);
  }

  /** The table commands sent, in order. */
  commands(): ArgsOf<'table-submit'>['command'][] {
    return this.sent('table-submit').map((args) => args.command);
  }

  onView(listener: (view: ViewModel) => void): () => void {
    this.viewListeners.add(listener);
    return () => this.viewListeners.delete(listener);
  }

  onConnection(listener: (state: ConnectionState) => void): () => void {
    this.connectionListeners.add(listener);
    listener(this.state);
    return () => this.connectionListeners.delete(listener);
  }

  async push(view: ViewModel): Promise<void> {
    this.view = view;
    await act(async () => {
      for (const listener of this.viewListeners) listener(view);
    });
  }

  async setConnection(state: ConnectionState): Promise<void> {
    this.state = state;
    await act(async () => {
      for (const listener of this.connectionListeners) listener(state);
    });
  }
}

export function withCore(core: Core, node: ReactNode): ReactNode {
  return <CoreContext.Provider value={core}>{node}</CoreContext.Provider>;
}
