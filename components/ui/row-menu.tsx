"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import styles from "./row-menu.module.css";

/** One thing a row's menu does: open a page, or act here (a confirmation, say). */
export type RowMenuItem =
  | {
      label: string;
      href: string;
      /** A page outside the app's own navigation (the public calendar): a full page load. */
      fullPage?: boolean;
    }
  | { label: string; onSelect: () => void };

/**
 * A row's actions behind one button, "Actions for <name>" (the WAI-ARIA menu button pattern). Enter, Space
 * or Down opens it on its first item, Up on its last; Up and Down move (round), Home and End go to the ends,
 * a letter goes to the next item starting with it. Escape closes it and focus returns to the button; Tab
 * leaves it, and so does a click anywhere else. An item that acts here (rather than opening a page) hands
 * focus back to the button first, so a confirmation it opens returns there when it closes.
 */
export function RowMenu({ name, items }: { name: string; items: readonly RowMenuItem[] }) {
  const t = useTranslations("Ui");
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState<"first" | "last">("first");
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();

  const entries = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const all = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    (start === "first" ? all[0] : all[all.length - 1])?.focus();
    const outside = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open, start]);

  function show(from: "first" | "last") {
    setStart(from);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      show(event.key === "ArrowDown" ? "first" : "last");
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLUListElement>) {
    const all = entries();
    const current = all.findIndex((element) => element === document.activeElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        return focusAt(current + 1);
      case "ArrowUp":
        event.preventDefault();
        return focusAt(current - 1);
      case "Home":
        event.preventDefault();
        return focusAt(0);
      case "End":
        event.preventDefault();
        return focusAt(all.length - 1);
      case "Escape":
        event.preventDefault();
        event.stopPropagation();
        return close();
      case "Tab":
        // Backwards lands on the button anyway: close on the way. Forwards, focus leaving closes it.
        if (event.shiftKey) {
          event.preventDefault();
          close();
        }
        return;
      case " ":
        // Space opens a link item too, as it presses a button item.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const letter = event.key.toLowerCase();
          for (let step = 1; step <= all.length; step++) {
            const index = (current + step) % all.length;
            if (all[index]?.textContent?.trim().toLowerCase().startsWith(letter)) return focusAt(index);
          }
        }
    }
  }

  return (
    <div ref={root} className={styles.root}>
      <button
        ref={button}
        id={buttonId}
        type="button"
        className={`button ${styles.button}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : show("first"))}
        onKeyDown={onButtonKey}
      >
        {t.rich("actionsFor", { name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
        <span aria-hidden="true" className={styles.caret} />
      </button>
      {open ? (
        <ul
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={styles.menu}
          onKeyDown={onMenuKey}
          onBlur={(event) => {
            if (!(event.relatedTarget instanceof Node) || !root.current?.contains(event.relatedTarget)) setOpen(false);
          }}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              {"href" in item ? (
                item.fullPage ? (
                  <a role="menuitem" tabIndex={-1} href={item.href} className={styles.item} onClick={() => setOpen(false)}>
                    {item.label}
                  </a>
                ) : (
                  <Link role="menuitem" tabIndex={-1} href={item.href} className={styles.item} onClick={() => setOpen(false)}>
                    {item.label}
                  </Link>
                )
              ) : (
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.item}
                  onClick={() => {
                    close();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
