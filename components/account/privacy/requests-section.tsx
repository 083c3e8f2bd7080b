"use client";

import { useState } from "react";
import type { DataRequest } from "@/lib/privacy/schemas";
import { failedMessage } from "../api-messages";
import { LoadError } from "../load-error";
import { LocalDateTime } from "../local-time";
import { dataRequestStatus, dataRequestTitle } from "./data-request-words";
import { useDataRequests, useSaveExport } from "./privacy-queries";
import styles from "./privacy.module.css";
import { AlertMessage } from "@/components/ui/live-messages";

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

  let body;
  if (requests.isPending) {
    body = <p className="muted" aria-busy="true">Loading your requests…</p>;
  } else if (!requests.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your requests"
        message={requests.error?.message ?? "Please try again in a moment."}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  } else if (requests.data.requests.length === 0) {
    body = <p className="muted">You have not asked for a copy of your data or for your account to be deleted.</p>;
  } else {
    body = (
      <ul role="list" className={styles.cards}>
        {requests.data.requests.map((request) => (
          <li key={request.id}>
            <RequestCard request={request} saving={save.isPending && save.variables?.id === request.id} onDownload={() => download(request)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="requests-title">
      <h2 id="requests-title" className={styles.sectionTitle}>
        Your requests
      </h2>
      <AlertMessage message={failure} />
      {body}
    </section>
  );
}

function RequestCard({ request, saving, onDownload }: { request: DataRequest; saving: boolean; onDownload: () => void }) {
  const title = dataRequestTitle(request);
  const status = dataRequestStatus(request);
  const titleId = `request-${request.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {title} <span className={status.badge}>{status.label}</span>
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Asked for</dt>
          <dd>
            <LocalDateTime iso={request.created_at} />
          </dd>
        </div>
        {request.type === "deletion" && request.status === "pending" && request.due_at ? (
          <div>
            <dt>Deleted on</dt>
            <dd>
              <LocalDateTime iso={request.due_at} />
            </dd>
          </div>
        ) : null}
        {request.cancelled_at ? (
          <div>
            <dt>Cancelled</dt>
            <dd>
              <LocalDateTime iso={request.cancelled_at} />
            </dd>
          </div>
        ) : null}
      </dl>
      {request.type === "export" && request.status === "fulfilled" ? (
        <button type="button" className="button" aria-disabled={saving || undefined} onClick={onDownload}>
          {saving ? "Downloading…" : "Download"}
          <span className="visually-hidden"> the copy made on {request.created_at.slice(0, 10)}</span>
        </button>
      ) : null}
    </article>
  );
}
