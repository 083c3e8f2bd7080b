"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Actions, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { useApiMessages } from "../api-messages";
import { LocalDate } from "../local-time";
import { useAnswerGuardianship, useMyGuardians } from "./family-queries";
import styles from "./family.module.css";

/**
 * For a young member: who acts for them as guardian, and the household's adults proposed as guardians,
 * each waiting for their own Yes or No (docs/decisions/0013). A "yes" lets that adult manage their apps'
 * access until they come of age.
 */
export function GuardiansSection({ onAnnounce }: { onAnnounce: (text: string) => void }) {
  const t = useTranslations("AccountFamily.guardians");
  const api = useApiMessages();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const guardians = useMyGuardians();
  const answer = useAnswerGuardianship();
  const [failure, setFailure] = useState("");

  function respond(requestId: string, name: string, reply: "confirm" | "decline") {
    if (answer.isPending) return;
    setFailure("");
    answer.mutate(
      { requestId, answer: reply },
      {
        onSuccess: () => onAnnounce(reply === "confirm" ? t("confirmed", { name }) : t("declined", { name })),
        onError: (error) => setFailure(api.failed(reply === "confirm" ? t("confirmFailed", { name }) : t("declineFailed", { name }), error)),
      },
    );
  }

  return (
    <Section id="guardians-title" title={t("title")} alert={failure}>
      <QueryStates query={guardians} loading={t("loading")} failure={t("loadFailed")}>
        {(data) => (
          <>
            {data.guardians.length === 0 ? (
              <p className="muted">{t("none")}</p>
            ) : (
              <RowList label={t("title")}>
                {data.guardians.map((guardian) => (
                  <Row key={guardian.user_id} spread>
                    <span className={styles.memberName}>{guardian.name}</span>
                    <Meta>{t.rich("since", { date: () => <LocalDate iso={guardian.since} /> })}</Meta>
                  </Row>
                ))}
              </RowList>
            )}
            {data.requests.map((request) => (
              <div key={request.id} className="notice" role="group" aria-label={t("requestLabel", { name: request.guardian.name })}>
                <p>{t("request", { name: request.guardian.name, family: request.family_name })}</p>
                <Actions>
                  <button type="button" className="button button--primary" aria-disabled={answer.isPending || undefined} onClick={() => respond(request.id, request.guardian.name, "confirm")}>
                    {t("yes", { name: request.guardian.name })}
                  </button>
                  <button type="button" className="button" aria-disabled={answer.isPending || undefined} onClick={() => respond(request.id, request.guardian.name, "decline")}>
                    {t.rich("no", { name: request.guardian.name, hidden })}
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
