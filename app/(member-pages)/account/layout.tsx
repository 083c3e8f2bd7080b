import type { ReactNode } from "react";
import { Area } from "@/components/ui/area";
import { AccountNav } from "@/components/account/account-nav";
import { ClientMessages } from "@/components/i18n/client-messages";

/**
 * Every account page: the section navigation above the page's own content. The navigation reads the
 * "Account" namespace; a page's own ClientMessages replaces this one, so each names "Account" too.
 */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={["Account"]}>
      <Area nav={<AccountNav />}>{children}</Area>
    </ClientMessages>
  );
}
