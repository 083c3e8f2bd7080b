/**
 * `npm run lint:messages` (issue 41): the languages' messages agree with English and with the source
 * (scripts/messages/check-messages.ts says what is checked), and no page sends the browser more than its
 * budget of them (scripts/messages/client-budget.ts). One line per problem and exit code 1, else a summary.
 */
import path from "node:path";
import { CLIENT_MESSAGES_BUDGET_BYTES, SHARED_CLIENT_NAMESPACES } from "../lib/i18n/pick-messages.ts";
import { LOCALES } from "../lib/kernel/locales.ts";
import { checkMessages, sourceFiles } from "./messages/check-messages.ts";
import { checkClientBudget } from "./messages/client-budget.ts";

const root = path.resolve(import.meta.dirname, "..");
const messagesDir = path.join(root, "messages");
const sourceDirs = ["app", "components", "lib", "i18n", "server"].map((dir) => path.join(root, dir));
const { problems, summary } = checkMessages({ messagesDir, sourceDirs, locales: LOCALES });
const budget = checkClientBudget({
  messagesDir,
  files: sourceDirs.flatMap(sourceFiles),
  locales: LOCALES,
  shared: SHARED_CLIENT_NAMESPACES,
  budgetBytes: CLIENT_MESSAGES_BUDGET_BYTES,
  root,
});
const all = [...problems, ...budget.problems];
if (all.length > 0) {
  for (const line of all) console.error(line);
  console.error(`${all.length} message problem(s)`);
  process.exit(1);
}
console.log(`${summary}; ${budget.largest}`);
