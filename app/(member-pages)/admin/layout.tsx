import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Area } from "@/components/ui/area";
import { AdminNav } from "@/components/admin/admin-nav";
import { ClientMessages } from "@/components/i18n/client-messages";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * Every staff page: the staff navigation above the page. Each page checks its own permission. The office's
 * shared words ("Admin": the navigation, the refusal of a page, the lists' search) reach every page's
 * browser-side parts; a page that names namespaces of its own names "Admin" with them.
 */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <ClientMessages namespaces={["Admin"]}>
      <Area nav={<AdminNav />}>{children}</Area>
    </ClientMessages>
  );
}
