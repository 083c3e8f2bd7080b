import "server-only";
import type { PasskeyView } from "./schemas.ts";

/** What a passkey's answer reads of its row: never the public key, counter or AAGUID. */
export const PASSKEY_VIEW_SELECT = { id: true, name: true, createdAt: true, lastUsedAt: true, deviceType: true, backedUp: true, transports: true } as const;

export interface PasskeyViewRow {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  deviceType: string;
  backedUp: boolean;
  transports: string[];
}

export function passkeyView(row: PasskeyViewRow): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    synced: row.deviceType === "multiDevice",
    backed_up: row.backedUp,
    transports: row.transports,
  };
}
