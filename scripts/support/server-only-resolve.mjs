// The resolve hook of server-only-allowed.mjs: `server-only` is an empty module.
const EMPTY = new URL("./empty-module.mjs", import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: EMPTY, shortCircuit: true };
  return nextResolve(specifier, context);
}
