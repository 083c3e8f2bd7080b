"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import styles from "./confirm-dialog.module.css";

/**
 * Asks before a destructive action, in a native modal <dialog>: focus moves into it and is trapped
 * there, Escape cancels, and focus returns to the button that opened it when it closes. "Cancel" has
 * focus first, so Enter alone never destroys anything.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useTranslations("Ui");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children ? (
        <div id={bodyId}>
          {children}
        </div>
      ) : null}
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onCancel} disabled={busy} autoFocus>
          {t("cancel")}
        </button>
        <button type="button" className="button button--danger" onClick={onConfirm} aria-disabled={busy || undefined} disabled={busy}>
          {busy ? t("working") : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}

/**
 * Moves focus once a confirmation has closed. The dialog hands focus back to the button that opened it
 * as it closes, in its own effect; when that button is about to go (the row changed or left the list),
 * focus belongs somewhere else. `focusAfterClose(target)` remembers where; an effect of the caller, which
 * runs after the dialog's, moves it there once `open` is false.
 */
export function useFocusAfterClose(open: boolean): (target: () => HTMLElement | null | undefined) => void {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    if (open || !pending.current) return;
    const element = pending.current();
    pending.current = null;
    element?.focus();
  });
  return (target) => {
    pending.current = target;
  };
}

/**
 * A confirmation's state: what it asks about (kept after it closes, so its words do not change while it
 * closes) and whether it is open. `ask(subject)` opens it, `close()` closes it; spread `dialog` on the
 * ConfirmDialog, whose Cancel closes it too.
 */
export function useConfirmation<T = void>() {
  const [state, setState] = useState<{ subject: T; open: boolean } | null>(null);
  const open = state?.open ?? false;
  const close = () => setState((current) => current && { ...current, open: false });
  return {
    subject: state ? state.subject : null,
    open,
    ask: (subject: T) => setState({ subject, open: true }),
    close,
    dialog: { open, onCancel: close },
  };
}
