"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { Fact, Facts, Panel, QueryStates, Section } from "@/components/ui/section";
import { HouseholdGuardianships } from "./household-guardianships";
import { HouseholdMembers } from "./household-members";
import { HouseholdMerge } from "./household-merge";
import { HouseholdNameForm } from "./household-name-form";
import { useHousehold, useRenameHousehold } from "./households-queries";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/**
 * One household for the church office: its name (renamed in place), its members and children, its
 * guardianships and waiting requests, and merging a duplicate into it. Staff without families:write see it
 * all and change nothing (the API refuses them anyway). How each action went is said in the page's live region.
 */
export function HouseholdDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const t = useTranslations("AdminHouseholds.detail");
  const format = useFormatter();
  const household = useHousehold(id);
  const rename = useRenameHousehold(id);
  const [renaming, setRenaming] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <QueryStates query={household} loading={t("loading")} failure={t("failure")}>
      {(detail) => (
        <>
          <Section
            id="household-title"
            title={detail.name}
            headingRef={heading}
            status={announcement}
            action={
              canWrite && !renaming ? (
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    rename.reset();
                    setRenaming(true);
                  }}
                >
                  {t.rich("rename", { name: detail.name, hidden })}
                </button>
              ) : undefined
            }
          >
            {renaming ? (
              <Panel title={t("renameTitle")}>
                <HouseholdNameForm
                  initial={detail.name}
                  label={t("renameTitle")}
                  submitLabel={t("saveName")}
                  pending={rename.isPending}
                  error={rename.error}
                  onCancel={() => {
                    setRenaming(false);
                    requestAnimationFrame(() => heading.current?.focus());
                  }}
                  onSubmit={(name) =>
                    rename.mutate(name, {
                      onSuccess: (saved) => {
                        setRenaming(false);
                        setAnnouncement(t("renamed", { name: saved.name }));
                        requestAnimationFrame(() => heading.current?.focus());
                      },
                    })
                  }
                />
              </Panel>
            ) : null}
            <Facts>
              <Fact term={t("members")}>{detail.member_count}</Fact>
              <Fact term={t("created")}>{format.dateTime(new Date(detail.created_at), { dateStyle: "medium", timeZone: "UTC" })}</Fact>
            </Facts>
          </Section>
          <HouseholdMembers household={detail} canWrite={canWrite} onAnnounce={setAnnouncement} />
          <HouseholdGuardianships household={detail} canWrite={canWrite} onAnnounce={setAnnouncement} />
          {canWrite ? <HouseholdMerge household={detail} onAnnounce={setAnnouncement} /> : null}
        </>
      )}
    </QueryStates>
  );
}
