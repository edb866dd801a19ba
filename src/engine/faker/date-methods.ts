import { betweenDates, birthday, relativeDate } from "./date-entry-kinds.ts";
import type { FakerEntry } from "./faker-entry.ts";
import { instantText, localDateText, timestampText } from "./java-text.ts";

/** The expression table's dates: Date and TimeAndDate. */

export const DATE_METHODS: Readonly<Record<string, FakerEntry>> = {
  // ─── Date / TimeAndDate ──────────────────────────────────────────────────────
  "Date.past": relativeDate("past", timestampText),
  "Date.future": relativeDate("future", timestampText),
  "Date.between": betweenDates(timestampText),
  "Date.birthday": birthday(timestampText),
  "TimeAndDate.past": relativeDate("past", instantText),
  "TimeAndDate.future": relativeDate("future", instantText),
  "TimeAndDate.between": betweenDates(instantText),
  "TimeAndDate.birthday": birthday(localDateText),
};
