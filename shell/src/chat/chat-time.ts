const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Spec 3 / 9: a chat message time shown as 'YYYY-MM-DD, hh:mm', in the viewer's local time.
 * The hours are on the 24-hour clock: with no AM/PM in the pattern, a 12-hour reading would
 * make 01:05 and 13:05 look alike, which a plant running night shifts cannot afford.
 * An unreadable time gives ''.
 */
export function formatChatTime(time: string | number | Date): string {
  const date = time instanceof Date ? time : new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
