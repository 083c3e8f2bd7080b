import "server-only";
import type { Database } from "../db/database.ts";
import { eventStatusSql } from "../calendar/event-status.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import { describeRule } from "./recurrence.ts";
import type { AdminSeriesListItem, AdminSeriesListQuery } from "./schemas.ts";
import { ruleOfRow } from "./series-rows.ts";

const SERIES_SORT = { title: "lower(s.title)", createdAt: "s.created_at" };

interface SeriesListRow {
  id: string;
  title: string;
  frequency: "WEEKLY" | "MONTHLY" | null;
  interval: number;
  weekdays: string[];
  month_week: number | null;
  until_date: string | null;
  count: number | null;
  timezone: string | null;
  event_count: number;
  draft_count: number;
  next_occurrence: AdminSeriesListItem["nextOccurrence"];
  created_at: string;
}

/**
 * GET /api/v1/admin/series (events:read): one page of series, each with its rule in words, how many dates it
 * has and how many are still drafts, and its next date not yet ended, which staff open to edit or publish the
 * series (its Series panel). Before this list a series could only be reached through one of its dates.
 */
export async function listSeries(database: Database, query: AdminSeriesListQuery): Promise<{ metadata: { total: number; page: number; per: number }; items: AdminSeriesListItem[] }> {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = `WHERE s.title ILIKE $1`;
  }
  const page = await selectPage<SeriesListRow>(database, query, {
    select: `s.id, s.title, s.frequency::text AS frequency, s.interval, s.weekdays, s.month_week, s.until_date, s.count, s.timezone,
      (SELECT count(*)::int FROM event e WHERE e.series_id = s.id) AS event_count,
      (SELECT count(*)::int FROM event e WHERE e.series_id = s.id AND e.status = 'DRAFT') AS draft_count,
      (SELECT json_build_object('eventId', e.id, 'startDate', e.start_date, 'startTime', e.start_time, 'status', ${eventStatusSql("now()")})
         FROM event e WHERE e.series_id = s.id AND e.end_at >= now() ORDER BY e.start_at, e.id LIMIT 1) AS next_occurrence,
      ${isoTimestamp("s.created_at")} AS created_at`,
    from: `event_series s ${where}`,
    values,
    order: orderBy(query.sort, SERIES_SORT, "s.id"),
  });
  return {
    metadata: page.metadata,
    items: page.items.map((row) => {
      const rule = ruleOfRow({ frequency: row.frequency, interval: row.interval, weekdays: row.weekdays, monthWeek: row.month_week, untilDate: row.until_date, count: row.count });
      return {
        id: row.id,
        title: row.title,
        summary: rule ? describeRule(rule) : null,
        timezone: row.timezone,
        eventCount: row.event_count,
        draftCount: row.draft_count,
        nextOccurrence: row.next_occurrence,
        createdAt: row.created_at,
      };
    }),
  };
}
