import type { ReactNode } from "react";
import { AccountNav } from "@/components/account/account-nav";

/** Every account page: the section navigation above the page's own content. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <div className="account-area">
      <AccountNav />
      {children}
    </div>
  );
}
