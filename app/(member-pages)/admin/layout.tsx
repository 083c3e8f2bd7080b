import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Area } from "@/components/ui/area";
import { AdminNav } from "@/components/admin/admin-nav";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/** Every staff page: the staff navigation above the page. Each page checks its own permission. */
export default function AdminLayout({ children }: { children: ReactNode }) {
  return <Area nav={<AdminNav />}>{children}</Area>;
}
