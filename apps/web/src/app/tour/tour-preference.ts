import { http } from '../../shared/api/http';

/** Spec 3's `tour` preference: whether tours are offered, and which the user finished or skipped. */
export interface TourPreference {
  enabled: boolean;
  done: string[];
}

export const WELCOME_TOUR = 'welcome';
/** Spec 2/10: the tour starts 1 s after the shell has loaded. */
export const TOUR_DELAY_MS = 1000;
const TOUR_PREFERENCE_VERSION = 1;

export function readTour(value: unknown): TourPreference {
  const v = (value ?? {}) as Partial<TourPreference>;
  return { enabled: v.enabled === true, done: Array.isArray(v.done) ? v.done.filter((d): d is string => typeof d === 'string') : [] };
}

export const tourPending = (tour: TourPreference) => tour.enabled && !tour.done.includes(WELCOME_TOUR);

export function saveTour(tour: TourPreference): Promise<unknown> {
  return http.post('/preferences/update-or-create', { type: 'preferences', data: { preferences: { tour }, version: TOUR_PREFERENCE_VERSION } });
}
