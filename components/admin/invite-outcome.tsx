import Link from "next/link";
import type { InviteOutcomeAnswer } from "@/lib/invitations/schemas";

const counted = (count: number, one: string, other: string) => `${count.toLocaleString()} ${count === 1 ? one : other}`;

/** What an invitation mailing did, in the office's words: how many are on the way, and why the others are not. */
export function InviteOutcomeNotice({ outcome }: { outcome: InviteOutcomeAnswer }) {
  const joined = outcome.skipped.already_linked + outcome.skipped.already_invited;
  return (
    <p className="notice notice--success" role="status">
      {counted(outcome.invited, "invitation", "invitations")} on the way.
      {outcome.skipped.no_email > 0 ? ` ${counted(outcome.skipped.no_email, "person has", "people have")} no email address.` : ""}
      {joined > 0 ? ` ${counted(joined, "person was", "people were")} invited or joined already.` : ""} <Link href="/admin/invitations">See the invitations</Link>
    </p>
  );
}
