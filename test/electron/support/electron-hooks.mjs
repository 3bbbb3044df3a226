// Module hooks for the main-process smoke test: `electron` resolves to the stub beside this file, so the
// real main bundle runs in plain Node and Electron's binary is never needed (nor loaded).
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: new URL('./electron-stub.mjs', import.meta.url).href, shortCircuit: true };
  return next(specifier, context);
}
