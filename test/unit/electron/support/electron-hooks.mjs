// Node module hook for the built-bundle smoke test: resolves the specifier "electron" to the stub next to this
// file, so out/main/index.js runs under plain Node. Test support only.
const STUB = new URL('./electron-stub.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
