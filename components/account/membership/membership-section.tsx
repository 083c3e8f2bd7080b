"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Actions, Card, CardList, CardNote, Group, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { Form, useTextInput } from "@/components/ui/form";
import { useFocusWhenShown } from "@/components/ui/focus-when-shown";
import { TextField } from "@/components/ui/text-field";
import {
  MAX_QUERY_LENGTH,
  MIN_QUERY_LENGTH,
  rankedSearchBodySchema,
  verifyMembershipBodySchema,
  type MembershipCampus,
  type MembershipChallenge,
  type MembershipHint,
  type MembershipMatch,
} from "@/lib/membership/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../api-messages";
import { CodeForm } from "../code-form";
import { LocalDate } from "../local-time";
import { useMembershipChallenge, useMembershipSearch, useMyMembership, useSuggestMembership, useVerifyMembership } from "./membership-queries";

/**
 * "R. O., born in the 1980s, at Desert Springs Campus": what a member recognises their own record by (the
 * "match.hint" message's arguments). `born` is a decade ("1980s") or a year ("1984"); numbers go as strings,
 * so no language writes "1,980".
 */
function hintValues(hint: MembershipHint, campus: MembershipCampus) {
  const born = hint.born === null ? "none" : hint.born.endsWith("s") ? "decade" : "year";
  return {
    initials: hint.initials,
    hasInitials: hint.initials ? "yes" : "no",
    born,
    decade: born === "decade" ? hint.born!.slice(0, -1) : "",
    year: born === "year" ? hint.born! : "",
    hasCampus: campus ? "yes" : "no",
    campus: campus?.name ?? "",
  };
}

const QUERY_INPUT = { name: "query", type: "search", autoComplete: "name", spellCheck: false, maxLength: 100 } as const;

/**
 * Finding one's own record in the church's register and claiming it: search by name, email or phone;
 * each match shown by hints its owner recognises (initials, decade of birth, campus; never a name, a contact
 * or a score); a code sent to the record's contact on file links it, or church staff are asked to. Once
 * linked, the page says what was linked: the record's names, birth date and campus, now the member's own.
 */
export function MembershipSection() {
  const t = useTranslations("AccountMembership");
  const mine = useMyMembership();
  const [announcement, setAnnouncement] = useState("");
  const linkedHeading = useFocusWhenShown<HTMLHeadingElement>();

  return (
    <Section
      id="membership-title"
      title={t("title")}
      description={t("description")}
      status={announcement}
    >
      <QueryStates query={mine} loading={t("loading")} failure={t("loadFailed")}>
        {({ membership, requests }) =>
          membership ? (
            <Card
              titleId="membership-linked"
              headingRef={linkedHeading.ref}
              title={
                <>
                  {membership.given_name} {membership.family_name}
                  <span className="badge">{t("linked.badge")}</span>
                </>
              }
            >
              <p>
                {membership.born ? t("linked.born", { year: membership.born }) : t("linked.noBirthYear")} · {membership.campus ? membership.campus.name : t("linked.noCampus")}
              </p>
              <Meta>{t.rich("linked.since", { date: () => <LocalDate iso={membership.linked_at} /> })}</Meta>
            </Card>
          ) : (
            <>
              {requests.length > 0 ? (
                <Group title={t("waiting.title")}>
                  <RowList>
                    {requests.map((request) => (
                      <Row key={request.membership_id}>
                        <Meta>
                          {t.rich("waiting.request", {
                            hasCampus: request.campus ? "yes" : "no",
                            campus: request.campus?.name ?? "",
                            date: () => <LocalDate iso={request.created_at} />,
                          })}
                        </Meta>
                      </Row>
                    ))}
                  </RowList>
                </Group>
              ) : null}
              <MembershipSearch
                onLinked={(campus) => {
                  linkedHeading.request();
                  setAnnouncement(campus ? t("linked.announcedAt", { campus: campus.name }) : t("linked.announced"));
                }}
                onAsked={() => setAnnouncement(t("waiting.asked"))}
              />
            </>
          )
        }
      </QueryStates>
    </Section>
  );
}

function MembershipSearch({ onLinked, onAsked }: { onLinked: (campus: MembershipCampus) => void; onAsked: () => void }) {
  const t = useTranslations("AccountMembership");
  const api = useApiMessages();
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
      // The schema's words are English ("must be from 2 to 100 characters"): the sentence is the page's.
      query.reject(t("search.queryLength", { min: MIN_QUERY_LENGTH, max: MAX_QUERY_LENGTH }));
      return;
    }
    query.accept();
    search.mutate(parsed.data.query, { onSuccess: () => setSearched((count) => count + 1), onError: query.focus });
  }

  const refusal = search.error ? (api.wait(search.error) ?? api.failed(t("search.failed"), search.error)) : "";
  const matches = search.data?.matches;

  return (
    <>
      <Panel title={t("search.title")}>
        <Form onSubmit={submit} submitLabel={t("search.submit")} pendingLabel={t("search.searching")} pending={search.isPending} role="search" label={t("search.formLabel")}>
          <TextField label={t("search.queryLabel")} hint={t("search.queryHint")} {...query.field(refusal)} />
        </Form>
      </Panel>
      {matches ? (
        <Group
          headingRef={resultsHeading}
          title={matches.length === 0 ? t("search.noMatches") : t("search.matches", { count: matches.length })}
        >
          {matches.length === 0 ? (
            <p className="muted">{t("search.noMatchesHint")}</p>
          ) : (
            <>
              <p className="muted">{t("search.privacyNote")}</p>
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
  const t = useTranslations("AccountMembership");
  const account = useTranslations("Account");
  const api = useApiMessages();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
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
        setNote(t("match.codeSent"));
      },
      onError: (error) =>
        setNote(api.wait(error) ?? (error instanceof PortalApiError && error.code === "conflict" ? api.reason(error) : api.failed(t("match.sendFailed"), error))),
    });
  }

  function askStaff() {
    if (busy) return;
    setNote("");
    suggest.mutate(match.membership_id, {
      onSuccess: onAsked,
      onError: (error) => setNote(error instanceof PortalApiError && error.code === "conflict" ? api.reason(error) : api.failed(t("match.askFailed"), error)),
    });
  }

  return (
    <Card titleId={`match-${match.membership_id}`} headingLevel={4} title={t("match.hint", hintValues(match.hint, match.campus))}>
      <Meta>{t("match.position", { position })}</Meta>
      {sent ? (
        <CodeForm
          schema={verifyMembershipBodySchema.pick({ code: true })}
          label={t("match.codeLabel")}
          hint={account("code.validTenMinutes")}
          submitLabel={t("match.link")}
          action={verify}
          onSubmit={(code) => verify.mutate({ membershipId: match.membership_id, code }, { onSuccess: () => onLinked(match.campus) })}
        />
      ) : null}
      <Actions divided>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={sendCode}>
          {challenge.isPending ? t.rich("match.sending", { position, hidden }) : sent ? t.rich("match.sendNew", { position, hidden }) : t.rich("match.send", { position, hidden })}
        </button>
        <button type="button" className="button" aria-disabled={busy || undefined} onClick={askStaff}>
          {suggest.isPending ? t.rich("match.asking", { position, hidden }) : t.rich("match.ask", { position, hidden })}
        </button>
      </Actions>
      <CardNote message={note} />
    </Card>
  );
}
