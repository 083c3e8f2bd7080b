"use client";

import { useState } from "react";
import { Actions, Card, CardList, Fact, Facts, QueryStates, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { failedMessage } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { dataRequestStatus, dataRequestTitle } from "./data-request-words";
import { useDataRequests, useSaveExport } from "./privacy-queries";

/** Every copy and deletion the member asked for, newest first, with its status; copies can be downloaded again. */
export function RequestsSection() {
  const requests = useDataRequests();
  const save = useSaveExport();
  const [failure, setFailure] = useState("");

  function download(request: DataRequest) {
    if (save.isPending) return;
    setFailure("");
    save.mutate(request, { onError: (error) => setFailure(failedMessage("download your copy", error)) });
  }

  return (
    <Section id="requests-title" title="Your requests" alert={failure}>
      <QueryStates
        query={requests}
        what="your requests"
        empty={(data) => data.requests.length === 0 && "You have not asked for a copy of your data or for your account to be deleted."}
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
  const status = dataRequestStatus(request);
  return (
    <Card
      titleId={`request-${request.id}`}
      title={
        <>
          {dataRequestTitle(request)} <span className={status.badge}>{status.label}</span>
        </>
      }
    >
      <Facts>
        <Fact term="Asked for">
          <LocalDateTime iso={request.created_at} />
        </Fact>
        {request.type === "deletion" && request.status === "pending" && request.due_at ? (
          <Fact term="Deleted on">
            <LocalDateTime iso={request.due_at} />
          </Fact>
        ) : null}
        {request.cancelled_at ? (
          <Fact term="Cancelled">
            <LocalDateTime iso={request.cancelled_at} />
          </Fact>
        ) : null}
      </Facts>
      {request.type === "export" && request.status === "fulfilled" ? (
        <Actions>
          <button type="button" className="button" aria-disabled={saving || undefined} onClick={onDownload}>
            {saving ? "Downloading…" : "Download"}
            <span className="visually-hidden"> the copy made on {request.created_at.slice(0, 10)}</span>
          </button>
        </Actions>
      ) : null}
    </Card>
  );
}
