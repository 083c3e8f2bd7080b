// `tsx --import ./scripts/support/server-only-allowed.mjs …`: runs a script with Node's ordinary conditions
// (React's and react-dom/server's own builds, which the church's emails are rendered with: lib/email) while
// the product's `server-only` markers, which throw outside a server component's condition, import nothing,
// as the bundled server has them (scripts/build-server.ts). For scripts that send email: npm run outbox:deliver.
import { register } from "node:module";

register("./server-only-resolve.mjs", import.meta.url);
