/**
 * `npm run lint:messages` (issue 41): the languages' messages agree with English and with the source
 * (scripts/messages/check-messages.ts says what is checked). One line per problem and exit code 1, else a summary.
 */
import path from "node:path";
import { LOCALES } from "../lib/kernel/locales.ts";
import { checkMessages } from "./messages/check-messages.ts";

const root = path.resolve(import.meta.dirname, "..");
const { problems, summary } = checkMessages({
  messagesDir: path.join(root, "messages"),
  sourceDirs: ["app", "components", "lib", "i18n", "server"].map((dir) => path.join(root, dir)),
  locales: LOCALES,
});
if (problems.length > 0) {
  for (const line of problems) console.error(line);
  console.error(`${problems.length} message problem(s)`);
  process.exit(1);
}
console.log(summary);
