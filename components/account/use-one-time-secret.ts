"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "./api-messages";

/** What a section says as its secret is made, replaced or revoked, in the member's words (the page's language). */
export interface OneTimeSecretWords {
  /** "Your card is ready to print." */
  made: string;
  /** "Your new card is ready to print. Your old card no longer works." */
  replaced: string;
  /** "Your card is revoked. Kiosks no longer accept it." */
  revoked: string;
  /** "That card had already been revoked." */
  alreadyRevoked: string;
  /** "We couldn’t make your card.", followed by the API's reason. */
  makeFailed: string;
  /** "We couldn’t revoke your card." */
  revokeFailed: string;
}

/**
 * A member's one live secret that is shown only when it is made (the household card, the private calendar
 * feed): making, replacing and revoking it, each replacement and revocation confirmed first, with what the
 * section announces and where focus goes after. The section keeps what it shows; this keeps the steps, so
 * both sections behave alike.
 */
export function useOneTimeSecret<Issued>(issue: UseMutationResult<Issued, Error, void>, revoke: UseMutationResult<unknown, Error, void>, words: OneTimeSecretWords) {
  const api = useApiMessages();
  const replacement = useConfirmation();
  const revocation = useConfirmation();
  const focusAfterClose = useFocusAfterClose(replacement.open || revocation.open);
  const heading = useRef<HTMLHeadingElement>(null);
  const [issued, setIssued] = useState<Issued | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");

  function make(replacing: boolean) {
    if (issue.isPending) return;
    setAnnouncement("");
    setFailure("");
    issue.mutate(undefined, {
      onSuccess: (secret) => {
        focusAfterClose(() => heading.current);
        replacement.close();
        setIssued(secret);
        setAnnouncement(replacing ? words.replaced : words.made);
      },
      onError: (error) => {
        replacement.close();
        setFailure(api.wait(error) ?? api.failed(words.makeFailed, error));
      },
    });
  }

  function confirmRevoke() {
    if (revoke.isPending) return;
    setAnnouncement("");
    setFailure("");
    revoke.mutate(undefined, {
      onSuccess: () => {
        focusAfterClose(() => heading.current);
        revocation.close();
        setIssued(null);
        setAnnouncement(words.revoked);
      },
      onError: (error) => {
        revocation.close();
        setFailure(error instanceof PortalApiError && error.code === "not_found" ? words.alreadyRevoked : api.failed(words.revokeFailed, error));
      },
    });
  }

  /** "Done": the secret leaves the page for good, and focus returns to the section's heading. */
  function done() {
    setIssued(null);
    setAnnouncement("");
    requestAnimationFrame(() => heading.current?.focus());
  }

  return { issue, revoke, replacement, revocation, heading, issued, announcement, failure, make, confirmRevoke, done };
}
