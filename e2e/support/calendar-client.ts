import { expect, type APIRequestContext } from "@playwright/test";
import { upcomingFeedSchema, type CalendarEvent, type UpcomingFeed } from "./calendar-contract.ts";

export function feedUrl(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.set(name, String(value));
  const query = search.toString();
  return `/api/calendar/events/upcoming${query ? `?${query}` : ""}`;
}

export async function getFeed(request: APIRequestContext, params: Record<string, string | number | undefined>): Promise<UpcomingFeed> {
  const response = await request.get(feedUrl(params));
  expect(response.status(), await response.text()).toBe(200);
  return upcomingFeedSchema.parse(await response.json());
}

/** Follows nextCursor to the end; answers every event of every page, in the order served. */
export async function readWholeFeed(
  request: APIRequestContext,
  params: Record<string, string | number | undefined>,
): Promise<{ events: CalendarEvent[]; pages: number }> {
  const events: CalendarEvent[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await getFeed(request, { ...params, cursor });
    events.push(...page.items);
    pages += 1;
    cursor = page.nextCursor ?? undefined;
    expect(pages).toBeLessThan(2000);
  } while (cursor);
  return { events, pages };
}
