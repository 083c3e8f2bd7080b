import type { Metadata } from "next";
import { AcceptInvitationForm } from "@/components/invitation/accept-invitation-form";

export const metadata: Metadata = { title: "Your invitation", robots: { index: false, follow: false } };

/** /invitation#… - the link of an invitation from the church office (issue 40): make your account, linked at once. */
export default function InvitationPage() {
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Invitation</p>
      <h1>Join your church’s member portal</h1>
      <AcceptInvitationForm />
    </div>
  );
}
