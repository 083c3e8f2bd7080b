import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SetupWizard } from "@/components/setup/setup-wizard";
import { churchIsSetUp } from "@/lib/http/current-church";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up", robots: { index: false, follow: false } };

/**
 * /setup?token=… - the church's first day (issue 39): reached only from the address the server writes in its log
 * while there is no administrator, and gone (404) once there is one.
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await churchIsSetUp()) notFound();
  const token = (await searchParams).token;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Setting up</p>
      <h1>Welcome</h1>
      <p className="lede">A few questions and your church’s member portal is ready: its name and place, email, and you as its administrator.</p>
      <SetupWizard tokenFromAddress={typeof token === "string" ? token : null} />
    </div>
  );
}
