import { registerOrderJobs } from './modules/orders/orders.jobs';
import { registerPoEmailJob } from './modules/purchase-orders/po-email';
import { registerNotificationJobs } from './modules/notifications/notifications.jobs';
import { registerProcessJobs } from './modules/processes/processes.jobs';
import { registerScheduleJobs } from './modules/schedules/schedules.jobs';
import { registerBillingJobs } from './modules/billing/billing.jobs';
import { registerChannelJobs } from './modules/channels/channels.jobs';
import { registerEdiJobs } from './modules/edi/edi.jobs';
import { registerRuleJobs } from './modules/rules/rules.jobs';
import { registerForecastJobs } from './modules/forecasting/forecasting.jobs';
import { registerDashboardJobs } from './modules/dashboard/dashboard.jobs';

/** Every job kind, in one place: the API process and the worker must know the same kinds. */
export function registerAllJobKinds(): void {
  registerOrderJobs();
  registerPoEmailJob();
  registerNotificationJobs();
  registerProcessJobs();
  registerScheduleJobs();
  registerBillingJobs();
  registerChannelJobs();
  registerEdiJobs();
  registerRuleJobs();
  registerForecastJobs();
  registerDashboardJobs();
}
