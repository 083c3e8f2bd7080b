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

/** "1 day", "3 days". */
function counted(count: number, one: string, other: string): string {
  return `${count} ${count === 1 ? one : other}`;
}

/** A span of time as an office says it: "less than a minute", "5 minutes", "3 hours", "2 days" (hours up to two days). */
export function ageInWords(milliseconds: number): string {
  const minutes = Math.floor(milliseconds / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return counted(minutes, "minute", "minutes");
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return counted(hours, "hour", "hours");
  return counted(Math.floor(hours / 24), "day", "days");
}

const ASK = "Ask whoever runs the church’s server to ";

/** How long ago `since` was, in words; `since` is always there when its count is above zero. */
function age(now: Date, since: Date | null): string {
  return ageInWords(since ? now.getTime() - since.getTime() : 0);
}

export function operatorProblemWords(problem: OperatorProblem, now: Date): OperatorProblemWords {
  switch (problem.kind) {
    case "email_not_configured": {
      const { emailsWaiting } = problem;
      const todo: Instruction = ["Add your church’s mail server under Email sending in the church settings (or ask whoever runs the church’s server to set ", { code: "SMTP_URL" }, ")."];
      if (emailsWaiting === 0) {
        return {
          key: problem.kind,
          href: MAIL_SERVER_SETTINGS_HREF,
          title: "Email sending is not set up",
          text: "No email can leave the server: a member who registers or forgets their password gets no code, and no notice reaches anyone.",
          todo,
        };
      }
      return {
        key: problem.kind,
        count: emailsWaiting,
        href: MAIL_SERVER_SETTINGS_HREF,
        title: emailsWaiting === 1 ? "Email not sent" : "Emails not sent",
        text: `Email sending is not set up, so sign-in codes and notices stay on the server and reach no one. ${emailsWaiting === 1 ? "It has" : "The oldest has"} waited ${age(now, problem.oldestWaitingSince)}.`,
        todo,
      };
    }
    case "outbox_backlog": {
      const { late, givenUp } = problem;
      const lateWords =
        late === 1
          ? `has been waiting for ${age(now, problem.oldestLateSince)}`
          : `have been waiting more than ${OUTBOX_LATE_MINUTES} minutes, the oldest for ${age(now, problem.oldestLateSince)}`;
      const givenUpWords =
        givenUp === 1
          ? `could not be sent after ${MAX_DELIVERY_ATTEMPTS} tries, ${age(now, problem.latestGivenUpAt)} ago`
          : `could not be sent after ${MAX_DELIVERY_ATTEMPTS} tries in the past ${OUTBOX_GIVEN_UP_DAYS} days, the latest ${age(now, problem.latestGivenUpAt)} ago`;
      const what = (count: number) => counted(count, "email or text", "emails or texts");
      const sentence =
        late > 0 && givenUp > 0
          ? `${what(late)} ${lateWords}, and ${givenUp} ${givenUpWords}.`
          : late > 0
            ? `${what(late)} ${lateWords}.`
            : `${what(givenUp)} ${givenUpWords}.`;
      return {
        key: problem.kind,
        count: late + givenUp,
        title: late + givenUp === 1 ? "Message not sent" : "Messages not sent",
        text: `${sentence} Members may be missing sign-in codes and notices.`,
        todo: [
          "Send a test message from the church settings’ Email sending. ",
          ASK,
          "check the text message gateway (",
          { code: "SMS_GATEWAY_URL" },
          ") and that ",
          { code: "npm run outbox:deliver" },
          " runs every minute. A member still waiting for a code can ask for a new one.",
        ],
      };
    }
    case "signing_keys_due":
      return {
        key: problem.kind,
        title: "Sign-in keys due for renewal",
        text: `The keys that vouch for members’ sign-ins to other apps and websites were made ${age(now, problem.keysSince)} ago. They should be replaced every ${problem.rotationDays} days, so that a copied key stops working.`,
        todo: [ASK, "run ", { code: "npm run keys:rotate" }, ". Nobody is signed out."],
      };
  }
}
