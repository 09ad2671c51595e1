/** A moment as the admin screens show it: 'Nov 28, 2026, 1:05 AM', in the admin's own time zone. */
export const dateTime = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
