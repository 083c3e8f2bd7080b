import type { Metadata } from "next";
import { EmbedBuilder } from "@/components/embed/embed-builder";
import { listFilterOptions, type FilterOptions } from "@/lib/calendar/list-filter-options";
import { currentChurch } from "@/lib/http/current-church";
import { database } from "@/lib/db";
import { env } from "@/lib/env";
import { describeError, logLine } from "@/lib/log/json-log";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const church = await currentChurch();
  return {
    title: "Calendar widget",
    description: `Put ${church.name}'s calendar on your website: one script tag or an iframe, with your filters and colours.`,
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
  return (
    <div className="page">
      <h1>Calendar widget</h1>
      <p className="lede">
        Show {church.name}’s upcoming events on your own website. Paste two lines where the calendar should appear; it keeps itself up to
        date, uses your colours, sets no cookies and works with a keyboard and a screen reader.
      </p>
      <EmbedBuilder origin={env().BASE_URL} options={options} brandColour={church.brandColour} />
    </div>
  );
}
