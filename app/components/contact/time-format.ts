import { formatDayInZone, formatInZone, formatTimeInZone } from '~core/contact';

export type TimeStyle = 'full' | 'time' | 'day';

export function formDayAndTime(at: string, zone: string, style: TimeStyle): string {
  const instant = new Date(at);
  if (style === 'time') return formatTimeInZone(instant, zone);
  if (style === 'day') return formatDayInZone(instant, zone);
  return formatInZone(instant, zone);
}
