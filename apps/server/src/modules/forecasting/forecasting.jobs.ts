import { forecastJob } from './forecasting.run';

/** The forecast-run job kind, known to the API process and the worker alike (job-kinds.ts). */
export function registerForecastJobs(): void {
  void forecastJob;
}
