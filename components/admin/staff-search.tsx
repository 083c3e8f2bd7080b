"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { TextField } from "@/components/ui/text-field";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import styles from "./admin.module.css";

/**
 * A staff list's search: one search field (what is typed stays until Search is pressed), and the trimmed,
 * clipped text handed on. `name` names the search landmark after the list.
 */
export function StaffSearch({ name, label, onSearch }: { name: string; label: string; onSearch: (q: string) => void }) {
  const t = useTranslations("Admin");
  const [draft, setDraft] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(draft.trim().slice(0, MAX_SEARCH_LENGTH));
  }

  return (
    <form className={styles.toolbar} role="search" aria-label={name} onSubmit={submit}>
      <TextField label={label} name="q" type="search" value={draft} maxLength={MAX_SEARCH_LENGTH} onChange={(event) => setDraft(event.target.value)} />
      <button type="submit" className="button">
        {t("search")}
      </button>
    </form>
  );
}
