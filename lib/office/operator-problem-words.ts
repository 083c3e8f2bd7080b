import { translatorFor } from "../i18n/translator.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";
import { OUTBOX_GIVEN_UP_DAYS, OUTBOX_LATE_MINUTES, type OperatorProblem } from "./read-operator-problems.ts";

/** A sentence with commands or settings in it, each shown as code: `["Run ", { code: "npm run keys:rotate" }, "."]`. */
export type Instruction = ReadonlyArray<string | { code: string }>;

/** One operator problem in a church administrator's words: what is wrong, why it matters, and what to do. */
export interface OperatorProblemWords {
  key: OperatorProblem["kind"];
  /** The big number of the overview's card, when there is something to count. */
  count?: number;
  title: string;
  text: string;
  todo: Instruction;
  /** Where an administrator fixes it themselves, when they can. */
  href?: string;
}

/** Where the church's mail server is saved (components/admin/church-settings-form.tsx). */
export const MAIL_SERVER_SETTINGS_HREF = "/admin/settings#email-sending";

type OperatorT = ReturnType<typeof translatorFor<"OperatorProblems">>;

/** A span of time as an office says it: "less than a minute", "5 minutes", "3 hours", "2 days" (hours up to two days). */
export function ageInWords(milliseconds: number, locale: AppLocale): string {
  return ageIn(milliseconds, translatorFor(locale, "OperatorProblems"));
}

function ageIn(milliseconds: number, t: OperatorT): string {
  const minutes = Math.floor(milliseconds / 60_000);
  if (minutes < 1) return t("age.lessThanAMinute");
  if (minutes < 60) return t("age.minutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("age.hours", { count: hours });
  return t("age.days", { count: Math.floor(hours / 24) });
}

/** How long ago `since` was, in words; `since` is always there when its count is above zero. */
function age(t: OperatorT, now: Date, since: Date | null): string {
  return ageIn(since ? now.getTime() - since.getTime() : 0, t);
}

// Private-use characters around each <code> part of a message while it is split into an Instruction.
const CODE_START = "\uE000";
const CODE_END = "\uE001";

/** A message whose commands and settings are `<code>` tags, as an Instruction. */
function instruction(marked: string): Instruction {
  const parts: Array<string | { code: string }> = [];
  for (const [index, piece] of marked.split(new RegExp(`${CODE_START}|${CODE_END}`)).entries()) {
    if (index % 2 === 1) parts.push({ code: piece });
    else if (piece) parts.push(piece);
  }
  return parts;
}

const code = (chunks: string) => `${CODE_START}${chunks}${CODE_END}`;

/** The problem in words, in the page's language (the "OperatorProblems" messages). */
export function operatorProblemWords(problem: OperatorProblem, now: Date, locale: AppLocale): OperatorProblemWords {
  const t = translatorFor(locale, "OperatorProblems");
  switch (problem.kind) {
    case "email_not_configured": {
      const { emailsWaiting } = problem;
      const todo = instruction(t.markup("emailNotConfigured.todo", { setting: "SMTP_URL", code }));
      if (emailsWaiting === 0) {
        return { key: problem.kind, href: MAIL_SERVER_SETTINGS_HREF, title: t("emailNotConfigured.title"), text: t("emailNotConfigured.text"), todo };
      }
      return {
        key: problem.kind,
        count: emailsWaiting,
        href: MAIL_SERVER_SETTINGS_HREF,
        title: t("emailNotConfigured.waitingTitle", { count: emailsWaiting }),
        text: t("emailNotConfigured.waitingText", { count: emailsWaiting, age: age(t, now, problem.oldestWaitingSince) }),
        todo,
      };
    }
    case "outbox_backlog": {
      const { late, givenUp } = problem;
      const values = {
        late,
        givenUp,
        lateAge: age(t, now, problem.oldestLateSince),
        givenUpAge: age(t, now, problem.latestGivenUpAt),
        lateMinutes: OUTBOX_LATE_MINUTES,
        tries: MAX_DELIVERY_ATTEMPTS,
        givenUpDays: OUTBOX_GIVEN_UP_DAYS,
      };
      return {
        key: problem.kind,
        count: late + givenUp,
        title: t("outboxBacklog.title", { count: late + givenUp }),
        text:
          late > 0 && givenUp > 0
            ? t("outboxBacklog.lateAndGivenUp", values)
            : late > 0
              ? t("outboxBacklog.late", values)
              : t("outboxBacklog.givenUp", values),
        todo: instruction(t.markup("outboxBacklog.todo", { gateway: "SMS_GATEWAY_URL", command: "npm run outbox:deliver", code })),
      };
    }
    case "signing_keys_due":
      return {
        key: problem.kind,
        title: t("signingKeysDue.title"),
        text: t("signingKeysDue.text", { age: age(t, now, problem.keysSince), days: problem.rotationDays }),
        todo: instruction(t.markup("signingKeysDue.todo", { command: "npm run keys:rotate", code })),
      };
  }
}
