"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { Actions, Card, CardList, CardNote, Group, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { Form, useTextInput } from "@/components/ui/form";
import { useFocusWhenShown } from "@/components/ui/focus-when-shown";
import { TextField } from "@/components/ui/text-field";
import { rankedSearchBodySchema, verifyMembershipBodySchema, type MembershipCampus, type MembershipChallenge, type MembershipHint, type MembershipMatch } from "@/lib/membership/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { asSentence, failedMessage, waitMessage } from "../api-messages";
import { CodeForm } from "../code-form";
import { LocalDate } from "../local-time";
import { useMembershipChallenge, useMembershipSearch, useMyMembership, useSuggestMembership, useVerifyMembership } from "./membership-queries";

/** A record as the page may show it before it is the member's: never a name or a contact, only where it belongs. */
const recordAt = (campus: MembershipCampus) => (campus ? `Record at ${campus.name}` : "Record with no campus");

/** "R. O., born in the 1980s, at Desert Springs Campus": what a member recognises their own record by. */
function hintWords(hint: MembershipHint, campus: MembershipCampus): string {
  const born = hint.born === null ? null : hint.born.endsWith("s") ? `born in the ${hint.born}` : `born in ${hint.born}`;
  return [hint.initials || "No name initials", born, campus ? `at ${campus.name}` : "no campus"].filter(Boolean).join(", ");
}

const QUERY_INPUT = { name: "query", type: "search", autoComplete: "name", spellCheck: false, maxLength: 100 } as const;

/**
 * Finding one's own record in the church's register and claiming it: search by name, email or phone;
 * each match shown by hints its owner recognises (initials, decade of birth, campus; never a name, a contact
 * or a score); a code sent to the record's contact on file links it, or church staff are asked to. Once
 * linked, the page says what was linked: the record's names, birth date and campus, now the member's own.
 */
export function MembershipSection() {
  const mine = useMyMembership();
  const [announcement, setAnnouncement] = useState("");
  const linkedHeading = useFocusWhenShown<HTMLHeadingElement>();

  return (
    <Section
      id="membership-title"
      title="Your membership record"
      description="Link your account to your record in the church’s membership register, so staff know it is you."
      status={announcement}
    >
      <QueryStates query={mine} what="your membership">
        {({ membership, requests }) =>
          membership ? (
            <Card
              titleId="membership-linked"
              headingRef={linkedHeading.ref}
              title={
                <>
                  {membership.given_name} {membership.family_name}
                  <span className="badge">Linked</span>
                </>
              }
            >
              <p>
                {membership.born ? `Born ${membership.born}` : "No year of birth on the record"} ·{" "}
                {membership.campus ? membership.campus.name : "No campus"}
              </p>
              <Meta>
                Linked to your account on <LocalDate iso={membership.linked_at} />. Church staff see your sign-in on your membership record.
              </Meta>
            </Card>
          ) : (
            <>
              {requests.length > 0 ? (
                <Group title="Waiting for church staff">
                  <RowList>
                    {requests.map((request) => (
                      <Row key={request.membership_id}>
                        <Meta>
                          {recordAt(request.campus)} · asked <LocalDate iso={request.created_at} />
                        </Meta>
                      </Row>
                    ))}
                  </RowList>
                </Group>
              ) : null}
              <MembershipSearch
                onLinked={(campus) => {
                  linkedHeading.request();
                  setAnnouncement(`Your account is now linked to your membership record${campus ? ` at ${campus.name}` : ""}.`);
                }}
                onAsked={() => setAnnouncement("We asked church staff to link that record to your account. They will check it and link it for you.")}
              />
            </>
          )
        }
      </QueryStates>
    </Section>
  );
}

function MembershipSearch({ onLinked, onAsked }: { onLinked: (campus: MembershipCampus) => void; onAsked: () => void }) {
  const search = useMembershipSearch();
  const query = useTextInput(QUERY_INPUT);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const [searched, setSearched] = useState(0);

  useEffect(() => {
    if (searched > 0) resultsHeading.current?.focus();
  }, [searched]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (search.isPending) return;
    const parsed = rankedSearchBodySchema.safeParse({ query: query.value });
    if (!parsed.success) {
      query.reject(asSentence(`It ${parsed.error.issues[0]?.message ?? "is not valid"}`));
      return;
    }
    query.accept();
    search.mutate(parsed.data.query, { onSuccess: () => setSearched((count) => count + 1), onError: query.focus });
  }

  const refusal = search.error ? (waitMessage(search.error) ?? failedMessage("search the register", search.error)) : "";
  const matches = search.data?.matches;

  return (
    <>
      <Panel title="Find your record">
        <Form onSubmit={submit} submitLabel="Search" pendingLabel="Searching…" pending={search.isPending} role="search" label="Membership register">
          <TextField
            label="Your name, email address or phone number"
            hint="As the church office would have it. Accents and capitals don’t matter. An email address or phone number finds your record only once you have verified it on your account."
            {...query.field(refusal)}
          />
        </Form>
      </Panel>
      {matches ? (
        <Group
          headingRef={resultsHeading}
          title={matches.length === 0 ? "No records match" : `${matches.length} ${matches.length === 1 ? "record matches" : "records match"}`}
        >
          {matches.length === 0 ? (
            <p className="muted">Check the spelling, or try the email address or phone number the church has for you.</p>
          ) : (
            <>
              <p className="muted">For your privacy we show only where each record belongs and how closely it matches (1.00 is exact).</p>
              <CardList ordered>
                {matches.map((match, index) => (
                  <li key={match.membership_id}>
                    <MatchCard match={match} position={index + 1} onLinked={onLinked} onAsked={onAsked} />
                  </li>
                ))}
              </CardList>
            </>
          )}
        </Group>
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
    <Card titleId={`match-${match.membership_id}`} headingLevel={4} title={hintWords(match.hint, match.campus)}>
      <Meta>Match {position}</Meta>
      {sent ? (
        <CodeForm
          schema={verifyMembershipBodySchema.pick({ code: true })}
          label="6-digit code from the church"
          hint="It is valid for 10 minutes."
          submitLabel="Link this record"
          action={verify}
          onSubmit={(code) => verify.mutate({ membershipId: match.membership_id, code }, { onSuccess: () => onLinked(match.campus) })}
        />
      ) : null}
      <Actions divided>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={sendCode}>
          {challenge.isPending ? "Sending…" : sent ? "Send a new code" : "Send me a code"}
          <span className="visually-hidden"> for match {position}</span>
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={askStaff}>
          {suggest.isPending ? "Asking…" : "Ask church staff"}
          <span className="visually-hidden"> about match {position}</span>
        </button>
      </Actions>
      <CardNote message={note} />
    </Card>
  );
}
