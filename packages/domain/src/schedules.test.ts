import { describe, expect, it } from 'vitest';
import { cronError, nextCronRun, presetOf, SCHEDULE_PRESETS, ZScheduleCreate } from './schedules';

describe('cron expressions', () => {
  it('accepts the spec 9 presets and common forms', () => {
    for (const cron of [...Object.values(SCHEDULE_PRESETS), '*/15 * * * *', '0 9-17/2 * * MON-FRI', '30 2 1,15 * *', '0 0 1 JAN *', '5 4 * * 7']) {
      expect(cronError(cron), cron).toBeNull();
    }
  });

  it('refuses bad ones with a message a person can act on', () => {
    expect(cronError('* * * *')).toMatch(/5 fields/);
    expect(cronError('60 * * * *')).toBe('Minute must be between 0 and 59');
    expect(cronError('0 24 * * *')).toBe('Hour must be between 0 and 23');
    expect(cronError('0 0 0 * *')).toBe('Day of month must be between 1 and 31');
    expect(cronError('0 0 * 13 *')).toBe('Month must be between 1 and 12');
    expect(cronError('0 0 * * 8')).toBe('Day of week must be between 0 and 7');
    expect(cronError('*/0 * * * *')).toMatch(/step/);
    expect(cronError('0 5-1 * * *')).toMatch(/backwards/);
    expect(cronError('a * * * *')).toMatch(/not a number/);
  });

  it('finds the next run, presets at midnight', () => {
    const from = new Date('2026-11-20T15:30:00Z'); // a Friday
    expect(nextCronRun(SCHEDULE_PRESETS.daily, from)?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.weekdays, from)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.weekends, from)?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.monday_to_saturday, from)?.toISOString()).toBe('2026-11-21T00:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.sundays, from)?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(nextCronRun('*/15 * * * *', from)?.toISOString()).toBe('2026-11-20T15:45:00.000Z');
    expect(nextCronRun('0 0 29 2 *', from)?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    // Day of month OR day of week when both are given (cron's rule).
    expect(nextCronRun('0 0 25 * 1', from)?.toISOString()).toBe('2026-11-23T00:00:00.000Z');
  });

  it('midnight in the schedule\'s time zone, across a daylight saving change', () => {
    expect(nextCronRun(SCHEDULE_PRESETS.daily, new Date('2026-11-20T15:30:00Z'), 'Europe/Madrid')?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.daily, new Date('2026-07-01T12:00:00Z'), 'Europe/Madrid')?.toISOString()).toBe('2026-07-01T22:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.daily, new Date('2026-03-07T12:00:00Z'), 'America/New_York')?.toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(nextCronRun(SCHEDULE_PRESETS.daily, new Date('2026-03-08T12:00:00Z'), 'America/New_York')?.toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('knows a preset by its expression', () => {
    expect(presetOf('0 0 * * 1-5')).toBe('weekdays');
    expect(presetOf('0  0 * *   0')).toBe('sundays');
    expect(presetOf('0 1 * * *')).toBeNull();
  });

  it('a body takes a preset or an expression, not both and not neither', () => {
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k', preset: 'daily' }).success).toBe(true);
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k', cron: '0 3 * * *', timezone: 'Europe/Madrid' }).success).toBe(true);
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k' }).success).toBe(false);
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k', preset: 'daily', cron: '0 3 * * *' }).success).toBe(false);
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k', preset: 'hourly' }).success).toBe(false);
    expect(ZScheduleCreate.safeParse({ name: 'x', job_kind: 'k', preset: 'daily', timezone: 'Mars/Olympus' }).success).toBe(false);
  });
});
