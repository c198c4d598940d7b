import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago something came, in the UI language ('hace 5 min', 'hace 2 h', 'ayer', 'ahora' in
 * Spanish; '5 min. ago' in English): under a minute is now, then minutes, hours, days, weeks.
 * A time in the future (a clock a little ahead) reads as now.
 */
export function timeAgo(at: string | Date, now: Date, language: string): string {
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
  const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
  if (elapsed < MINUTE) return format.format(0, 'second');
  if (elapsed < HOUR) return format.format(-Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return format.format(-Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return format.format(-Math.floor(elapsed / DAY), 'day');
  return format.format(-Math.floor(elapsed / (7 * DAY)), 'week');
}

/** Every half minute, so that 'hace 5 min' moves on while the panel is open. */
export const TIME_AGO_REFRESH_MS = 30_000;

/** The current time, renewed every `everyMs`. */
export function useNow(everyMs = TIME_AGO_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
