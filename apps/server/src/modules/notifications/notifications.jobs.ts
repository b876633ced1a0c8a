import { z } from 'zod';
import { ZOrdersReportRequest } from '@omnio/domain';
import { defineJob } from '../../platform/jobs/jobs';
import { registerSchedulableJob } from '../schedules/schedulable';
import { registerNotificationMailJob } from './notification-mail';
import { buildOrdersReport } from './orders-report';
import { ORDERS_REPORT_JOB } from './reports.service';

/**
 * The orders report: the payload is checked again when the job runs (a schedule's stored payload may be
 * old); a final failure is announced by the job platform's generic FAILED notification.
 */
export const ordersReportJob = defineJob({
  name: ORDERS_REPORT_JOB,
  payload: z.object({ filters: ZOrdersReportRequest.default({}) }).strict(),
  handler: buildOrdersReport,
});

/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerNotificationJobs(): void {
  registerNotificationMailJob();
  registerSchedulableJob(ordersReportJob.name, { label: 'Orders report (CSV)' });
}
