import { describe, expect, it } from 'vitest';
import {
  type BusinessHours,
  isValidTimeZone,
  isWithinBusinessHours,
  localWeekdayAndMinute,
  opensOnQuarterHours,
  toBusinessHourMap,
} from './business-hours';

const weekdays9to17: BusinessHours = {
  enabled: true,
  timeZone: 'Asia/Kolkata',
  days: [1, 2, 3, 4, 5].map((day) => ({ day: day as 1, open: '09:00', close: '17:00' })),
};

describe('business hours', () => {
  it('reads the weekday and minute in the given time zone', () => {
    // 2026-11-23 is a Monday; 04:00Z is 09:30 in Kolkata (UTC+5:30).
    expect(localWeekdayAndMinute(new Date('2026-11-23T04:00:00Z'), 'Asia/Kolkata')).toEqual({
      day: 1,
      minute: 9 * 60 + 30,
    });
    // 02:00Z on Monday is still Sunday evening in New York.
    expect(localWeekdayAndMinute(new Date('2026-11-23T02:00:00Z'), 'America/New_York').day).toBe(0);
  });

  it('is open inside an interval, closed at its end, on other days and outside', () => {
    expect(isWithinBusinessHours(weekdays9to17, new Date('2026-11-23T04:00:00Z'))).toBe(true); // Mon 09:30
    expect(isWithinBusinessHours(weekdays9to17, new Date('2026-11-23T03:29:00Z'))).toBe(false); // Mon 08:59
    expect(isWithinBusinessHours(weekdays9to17, new Date('2026-11-23T11:30:00Z'))).toBe(false); // Mon 17:00
    expect(isWithinBusinessHours(weekdays9to17, new Date('2026-11-22T06:00:00Z'))).toBe(false); // Sunday
  });

  it('is always open when switched off, never when on with no day', () => {
    const at = new Date('2026-11-22T06:00:00Z');
    expect(isWithinBusinessHours({ ...weekdays9to17, enabled: false }, at)).toBe(true);
    expect(isWithinBusinessHours({ ...weekdays9to17, days: [] }, at)).toBe(false);
  });

  it('knows valid time zones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('tells whether every opening and closing time is on a quarter hour', () => {
    expect(opensOnQuarterHours(weekdays9to17)).toBe(true);
    expect(opensOnQuarterHours({ ...weekdays9to17, days: [{ day: 1, open: '08:45', close: '17:30' }] })).toBe(
      true,
    );
    expect(opensOnQuarterHours({ ...weekdays9to17, days: [{ day: 1, open: '09:10', close: '17:00' }] })).toBe(
      false,
    );
    expect(opensOnQuarterHours({ ...weekdays9to17, days: [{ day: 1, open: '09:00', close: '16:59' }] })).toBe(
      false,
    );
  });

  it('gives the Kommunicate widget one HHMM-HHMM interval a day, empty when not enabled', () => {
    expect(toBusinessHourMap(weekdays9to17)).toEqual({
      '1': '0900-1700',
      '2': '0900-1700',
      '3': '0900-1700',
      '4': '0900-1700',
      '5': '0900-1700',
    });
    const split: BusinessHours = {
      enabled: true,
      timeZone: 'UTC',
      days: [
        { day: 6, open: '14:00', close: '18:30' },
        { day: 6, open: '08:15', close: '12:00' },
      ],
    };
    expect(toBusinessHourMap(split)).toEqual({ '6': '0815-1830' });
    expect(toBusinessHourMap({ ...weekdays9to17, enabled: false })).toEqual({});
  });
});
