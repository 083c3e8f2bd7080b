import type { ReactNode } from "react";
import { Area } from "@/components/ui/area";
import { AccountNav } from "@/components/account/account-nav";

/** Every account page: the section navigation above the page's own content. */
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <Area nav={<AccountNav />}>{children}</Area>;
}
