"use client";

import { useState } from "react";
import { Actions, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { failedMessage } from "../api-messages";
import { LocalDate } from "../local-time";
import { useAnswerGuardianship, useMyGuardians } from "./family-queries";
import styles from "./family.module.css";

/**
 * For a young member: who acts for them as guardian, and the household's adults proposed as guardians,
 * each waiting for their own Yes or No (docs/decisions/0013). A "yes" lets that adult manage their apps'
 * access until they come of age.
 */
export function GuardiansSection({ onAnnounce }: { onAnnounce: (text: string) => void }) {
  const guardians = useMyGuardians();
  const answer = useAnswerGuardianship();
  const [failure, setFailure] = useState("");

  function respond(requestId: string, name: string, reply: "confirm" | "decline") {
    if (answer.isPending) return;
    setFailure("");
    answer.mutate(
      { requestId, answer: reply },
      {
        onSuccess: () => onAnnounce(reply === "confirm" ? `${name} is your guardian now.` : `You said no to ${name} as your guardian.`),
        onError: (error) => setFailure(failedMessage(reply === "confirm" ? `confirm ${name}` : `decline ${name}`, error)),
      },
    );
  }

  return (
    <Section id="guardians-title" title="Your guardians" alert={failure}>
      <QueryStates query={guardians} what="your guardians">
        {(data) => (
          <>
            {data.guardians.length === 0 ? (
              <p className="muted">No one acts for you as guardian.</p>
            ) : (
              <RowList label="Your guardians">
                {data.guardians.map((guardian) => (
                  <Row key={guardian.user_id} spread>
                    <span className={styles.memberName}>{guardian.name}</span>
                    <Meta>
                      Since <LocalDate iso={guardian.since} />
                    </Meta>
                  </Row>
                ))}
              </RowList>
            )}
            {data.requests.map((request) => (
              <div key={request.id} className="notice" role="group" aria-label={`${request.guardian.name} as your guardian`}>
                <p>
                  {request.guardian.name}, an adult in {request.family_name}, would like to be your guardian: they could then see and take back the
                  access apps have to your account until you come of age. Only you can say yes.
                </p>
                <Actions>
                  <button type="button" className="button button--primary" aria-disabled={answer.isPending || undefined} onClick={() => respond(request.id, request.guardian.name, "confirm")}>
                    Yes, {request.guardian.name} is my guardian
                  </button>
                  <button type="button" className="button" aria-disabled={answer.isPending || undefined} onClick={() => respond(request.id, request.guardian.name, "decline")}>
                    No<span className="visually-hidden">, {request.guardian.name} is not my guardian</span>
                  </button>
                </Actions>
              </div>
            ))}
          </>
        )}
      </QueryStates>
    </Section>
  );
}
