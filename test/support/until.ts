/** Resolves when `check` holds, looking every few milliseconds; rejects after `ms`, naming what it waited for. */
export function until(check: () => boolean, what = 'the condition', ms = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const look = (): void => {
      if (check()) resolve();
      else if (Date.now() - started > ms) reject(new Error(`waited ${ms / 1000} s for ${what}`));
      else setTimeout(look, 5);
    };
    look();
  });
}
