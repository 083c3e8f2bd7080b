import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { EmbedBuilder } from "@/components/embed/embed-builder";
import { ClientMessages } from "@/components/i18n/client-messages";
import { listFilterOptions, type FilterOptions } from "@/lib/calendar/list-filter-options";
import { currentChurch } from "@/lib/http/current-church";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { describeError, logLine } from "@/lib/log/json-log";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const church = await currentChurch();
  const t = await getTranslations("EmbedBuilder");
  return {
    title: t("title"),
    description: t("description", { church: church.name }),
  };
}

async function readFilterOptions(): Promise<FilterOptions> {
  try {
    return await listFilterOptions(await database());
  } catch (error) {
    logLine("error", "embed page: could not read the filter options", describeError(error));
    return { campuses: [], ministries: [], audiences: [] };
  }
}

/** /embed: the calendar widget's documentation, a snippet builder and a live preview (docs/decisions/0028). */
export default async function EmbedPage() {
  const church = await currentChurch();
  const options = await readFilterOptions();
  const t = await getTranslations("EmbedBuilder");
  return (
    <div className="page">
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede", { church: church.name })}</p>
      <ClientMessages namespaces={["EmbedBuilder.builder", "Calendar.labels"]}>
        <EmbedBuilder origin={env().BASE_URL} options={options} brandColour={church.brandColour} />
      </ClientMessages>
    </div>
  );
}
