"use client";

import { useRef, useState } from "react";
import { Fact, Facts, Panel, QueryStates, Section } from "@/components/ui/section";
import { HouseholdGuardianships } from "./household-guardianships";
import { HouseholdMembers } from "./household-members";
import { HouseholdMerge } from "./household-merge";
import { HouseholdNameForm } from "./household-name-form";
import { useHousehold, useRenameHousehold } from "./households-queries";

const DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * One household for the church office: its name (renamed in place), its members and children, its
 * guardianships and waiting requests, and merging a duplicate into it. Staff without families:write see it
 * all and change nothing (the API refuses them anyway). How each action went is said in the page's live region.
 */
export function HouseholdDetail({ id, canWrite }: { id: string; canWrite: boolean }) {
  const household = useHousehold(id);
  const rename = useRenameHousehold(id);
  const [renaming, setRenaming] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <QueryStates query={household} loading="Loading the household…" failure="We couldn’t load this household">
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
                  Rename<span className="visually-hidden"> {detail.name}</span>
                </button>
              ) : undefined
            }
          >
            {renaming ? (
              <Panel title="Rename the household">
                <HouseholdNameForm
                  initial={detail.name}
                  label="Rename the household"
                  submitLabel="Save name"
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
                        setAnnouncement(`The household is now called ${saved.name}.`);
                        requestAnimationFrame(() => heading.current?.focus());
                      },
                    })
                  }
                />
              </Panel>
            ) : null}
            <Facts>
              <Fact term="Members">{detail.member_count}</Fact>
              <Fact term="Created">{DAY.format(new Date(detail.created_at))}</Fact>
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
