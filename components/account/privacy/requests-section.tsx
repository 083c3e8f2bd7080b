"use client";

import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Actions, Card, CardList, Fact, Facts, QueryStates, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { useApiMessages } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { dataRequestStatus, dataRequestTitle } from "./data-request-words";
import { useDataRequests, useSaveExport } from "./privacy-queries";

/** Every copy and deletion the member asked for, newest first, with its status; copies can be downloaded again. */
export function RequestsSection() {
  const t = useTranslations("AccountPrivacy");
  const api = useApiMessages();
  const requests = useDataRequests();
  const save = useSaveExport();
  const [failure, setFailure] = useState("");

  function download(request: DataRequest) {
    if (save.isPending) return;
    setFailure("");
    save.mutate(request, { onError: (error) => setFailure(api.failed(t("downloadFailed"), error)) });
  }

  return (
    <Section id="requests-title" title={t("requests.title")} alert={failure}>
      <QueryStates
        query={requests}
        loading={t("requests.loading")}
        failure={t("requests.loadFailed")}
        empty={(data) => data.requests.length === 0 && t("requests.empty")}
      >
        {(data) => (
          <CardList>
            {data.requests.map((request) => (
              <li key={request.id}>
                <RequestCard request={request} saving={save.isPending && save.variables?.id === request.id} onDownload={() => download(request)} />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
    </Section>
  );
}

function RequestCard({ request, saving, onDownload }: { request: DataRequest; saving: boolean; onDownload: () => void }) {
  const t = useTranslations("AccountPrivacy");
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const status = dataRequestStatus(t, request);
  return (
    <Card
      titleId={`request-${request.id}`}
      title={
        <>
          {dataRequestTitle(t, request)} <span className={status.badge}>{status.label}</span>
        </>
      }
    >
      <Facts>
        <Fact term={t("requests.askedFor")}>
          <LocalDateTime iso={request.created_at} />
        </Fact>
        {request.type === "deletion" && request.status === "pending" && request.due_at ? (
          <Fact term={t("requests.deletedOn")}>
            <LocalDateTime iso={request.due_at} />
          </Fact>
        ) : null}
        {request.cancelled_at ? (
          <Fact term={t("requests.cancelledOn")}>
            <LocalDateTime iso={request.cancelled_at} />
          </Fact>
        ) : null}
      </Facts>
      {request.type === "export" && request.status === "fulfilled" ? (
        <Actions>
          <button type="button" className="button" aria-disabled={saving || undefined} onClick={onDownload}>
            {saving
              ? t.rich("requests.downloading", { date: request.created_at.slice(0, 10), hidden })
              : t.rich("requests.download", { date: request.created_at.slice(0, 10), hidden })}
          </button>
        </Actions>
      ) : null}
    </Card>
  );
}
