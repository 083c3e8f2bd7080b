// Stands in for `server-only` in scripts run with Node's ordinary conditions (server-only-allowed.mjs).
export {};
