import { parseEnv } from "node:util";

/**
 * The address `npm run demo` tells the user to open: BASE_URL as the server will read it (the environment
 * first, then .env, as Next loads it), else `http://localhost:PORT`, the server's own default (lib/env.ts).
 * A form posted from any other origin fails its origin check, so printing `localhost` while BASE_URL names
 * another host sent people to a demo that refused them.
 */
export function demoAddress(environment: Readonly<Record<string, string | undefined>>, dotEnv: string | null, port: number): string {
  const fromFile = dotEnv === null ? undefined : parseEnv(dotEnv).BASE_URL;
  const configured = [environment.BASE_URL, fromFile].map((value) => value?.trim()).find((value) => value);
  // lib/env.ts drops trailing slashes from BASE_URL the same way.
  return configured ? configured.replace(/\/+$/, "") : `http://localhost:${port}`;
}
