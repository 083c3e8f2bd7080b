"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { rankedSearchBodySchema, verifyMembershipBodySchema, type MembershipCampus, type MembershipChallenge, type MembershipMatch } from "@/lib/membership/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import formStyles from "../account-forms.module.css";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { CodeForm, codeRefusalMessage } from "../code-form";
import { LoadError } from "../load-error";
import { LocalDate } from "../local-time";
import styles from "../recovery/recovery.module.css";
import { useMembershipChallenge, useMembershipSearch, useMyMembership, useSuggestMembership, useVerifyMembership } from "./membership-queries";
import { StatusMessage } from "@/components/ui/live-messages";

/** A record as the page may show it: never a name or a contact, only where it belongs. */
const recordAt = (campus: MembershipCampus) => (campus ? `Record at ${campus.name}` : "Record with no campus");
const scoreText = (score: number) => score.toFixed(2);

/**
 * Finding one's own record in the church's register and claiming it: search by name, email or phone;
 * each match shown only as "Record at <campus>, score"; a code sent to the record's contact on file (shown
 * masked) links it, or church staff are asked to. Once linked, the page says so.
 */
export function MembershipSection() {
  const mine = useMyMembership();
  const [announcement, setAnnouncement] = useState("");
  const linkedHeading = useRef<HTMLHeadingElement>(null);
  const focusLinked = useRef(false);

  useEffect(() => {
    if (!focusLinked.current || !mine.data?.membership) return;
    focusLinked.current = false;
    linkedHeading.current?.focus();
  });

  let body;
  if (mine.isPending) {
    body = (
      <p className="muted" aria-busy="true">
        Loading your membership…
      </p>
    );
  } else if (!mine.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your membership"
        message={mine.error?.message ?? "Please try again in a moment."}
        retrying={mine.isFetching}
        onRetry={() => void mine.refetch()}
      />
    );
  } else if (mine.data.membership) {
    const { membership } = mine.data;
    body = (
      <article className={styles.card} aria-labelledby="membership-linked">
        <h3 id="membership-linked" ref={linkedHeading} tabIndex={-1} className={styles.cardTitle}>
          {recordAt(membership.campus)}
          <span className="badge">Linked</span>
        </h3>
        <p className={styles.meta}>
          Linked to your account on <LocalDate iso={membership.linked_at} />. Church staff see your sign-in on your membership record.
        </p>
      </article>
    );
  } else {
    body = (
      <>
        {mine.data.requests.length > 0 ? (
          <div className={styles.section}>
            <h3 className={styles.formTitle}>Waiting for church staff</h3>
            <ul role="list" className={styles.cards}>
              {mine.data.requests.map((request) => (
                <li key={request.membership_id} className={styles.card}>
                  <p className={styles.meta}>
                    {recordAt(request.campus)} · asked <LocalDate iso={request.created_at} />
                  </p>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <MembershipSearch
          onLinked={(campus) => {
            focusLinked.current = true;
            setAnnouncement(`Your account is now linked to your membership record${campus ? ` at ${campus.name}` : ""}.`);
          }}
          onAsked={() => setAnnouncement("We asked church staff to link that record to your account. They will check it and link it for you.")}
        />
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="membership-title">
      <h2 id="membership-title" className={styles.sectionTitle}>
        Your membership record
      </h2>
      <p className="muted">Link your account to your record in the church’s membership register, so staff know it is you.</p>
      <StatusMessage message={announcement} />
      {body}
    </section>
  );
}

function MembershipSearch({ onLinked, onAsked }: { onLinked: (campus: MembershipCampus) => void; onAsked: () => void }) {
  const search = useMembershipSearch();
  const [query, setQuery] = useState("");
  const [invalid, setInvalid] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [searched, setSearched] = useState(0);

  useEffect(() => {
    if (searched > 0) resultsHeading.current?.focus();
  }, [searched]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (search.isPending) return;
    const parsed = rankedSearchBodySchema.safeParse({ query });
    if (!parsed.success) {
      setInvalid(asSentence(`It ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      input.current?.focus();
      return;
    }
    setInvalid("");
    search.mutate(parsed.data.query, { onSuccess: () => setSearched((count) => count + 1), onError: () => input.current?.focus() });
  }

  const refusal = search.error ? (waitMessage(search.error) ?? failedMessage("search the register", search.error)) : "";
  const matches = search.data?.matches;

  return (
    <>
      <form className={`${formStyles.form} ${styles.addForm}`} onSubmit={submit} noValidate role="search" aria-label="Membership register">
        <h3 className={styles.formTitle}>Find your record</h3>
        <TextField
          label="Your name, email address or phone number"
          hint="As the church office would have it. Accents and capitals don’t matter. An email address or phone number finds your record only once you have verified it on your account."
          error={invalid || refusal || undefined}
          inputRef={input}
          name="query"
          type="search"
          autoComplete="name"
          spellCheck={false}
          maxLength={100}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            if (invalid) setInvalid("");
          }}
        />
        <div className={formStyles.actions}>
          <button type="submit" className="button button--primary" aria-disabled={search.isPending || undefined}>
            {search.isPending ? "Searching…" : "Search"}
          </button>
        </div>
      </form>
      {matches ? (
        <div className={styles.section}>
          <h3 ref={resultsHeading} tabIndex={-1} className={styles.formTitle}>
            {matches.length === 0 ? "No records match" : `${matches.length} ${matches.length === 1 ? "record matches" : "records match"}`}
          </h3>
          {matches.length === 0 ? (
            <p className="muted">Check the spelling, or try the email address or phone number the church has for you.</p>
          ) : (
            <>
              <p className="muted">For your privacy we show only where each record belongs and how closely it matches (1.00 is exact).</p>
              <ol role="list" className={styles.cards}>
                {matches.map((match, index) => (
                  <li key={match.membership_id}>
                    <MatchCard match={match} position={index + 1} onLinked={onLinked} onAsked={onAsked} />
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      ) : null}
    </>
  );
}

function MatchCard({
  match,
  position,
  onLinked,
  onAsked,
}: {
  match: MembershipMatch;
  position: number;
  onLinked: (campus: MembershipCampus) => void;
  onAsked: () => void;
}) {
  const challenge = useMembershipChallenge();
  const verify = useVerifyMembership();
  const suggest = useSuggestMembership();
  const [sent, setSent] = useState<MembershipChallenge | null>(null);
  const [note, setNote] = useState("");
  const titleId = `match-${match.membership_id}`;
  const label = `${recordAt(match.campus)}, score ${scoreText(match.score)}`;
  const busy = challenge.isPending || suggest.isPending;

  function sendCode() {
    if (busy) return;
    setNote("");
    verify.reset();
    challenge.mutate(match.membership_id, {
      onSuccess: (answer) => {
        setSent(answer);
        setNote("If this record is yours, the code is on its way to the email address or phone the church has for you.");
      },
      onError: (error) =>
        setNote(
          waitMessage(error) ??
            (error instanceof PortalApiError && error.code === "conflict" ? asSentence(error.message) : failedMessage("send a code", error)),
        ),
    });
  }

  function askStaff() {
    if (busy) return;
    setNote("");
    suggest.mutate(match.membership_id, {
      onSuccess: onAsked,
      onError: (error) => setNote(error instanceof PortalApiError && error.code === "conflict" ? asSentence(error.message) : failedMessage("ask church staff", error)),
    });
  }

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.cardTitle}>
        {label}
      </h4>
      <p className={styles.meta}>Match {position}</p>
      {sent ? (
        <CodeForm
          schema={verifyMembershipBodySchema.pick({ code: true })}
          label="6-digit code from the church"
          hint="It is valid for 10 minutes."
          submitLabel="Link this record"
          busyLabel="Checking…"
          busy={verify.isPending}
          refusal={verify.error ? codeRefusalMessage(verify.error) : ""}
          onSubmit={(code) => verify.mutate({ membershipId: match.membership_id, code }, { onSuccess: () => onLinked(match.campus) })}
        />
      ) : null}
      <div className={`${formStyles.actions} ${styles.cardActions}`}>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={sendCode}>
          {challenge.isPending ? "Sending…" : sent ? "Send a new code" : "Send me a code"}
          <span className="visually-hidden"> for match {position}</span>
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={askStaff}>
          {suggest.isPending ? "Asking…" : "Ask church staff"}
          <span className="visually-hidden"> about match {position}</span>
        </button>
      </div>
      <p role="status" className={note ? styles.resent : undefined}>
        {note}
      </p>
    </article>
  );
}
