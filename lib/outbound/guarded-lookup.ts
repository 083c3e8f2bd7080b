import { lookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isPrivateAddress } from "./private-addresses.ts";

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for node:net, node:http and node:https that refuses private answers (unless the operator allows
 * them): the address is judged where the connection is made, so a name that resolves to a public address when
 * checked and a private one when dialled (DNS rebinding) still cannot reach this host or the network behind it.
 * A refusal is an error whose `code` is `EPRIVATE`. An IP literal never reaches a lookup: judge it before dialling.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const usable = allowPrivate ? addresses : addresses.filter((entry) => !isPrivateAddress(entry.address));
      if (usable.length === 0) return callback(Object.assign(new Error("private address refused"), { code: "EPRIVATE" }), []);
      if (options.all) return callback(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}

