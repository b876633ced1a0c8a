/** Registers this module's job kinds (process-wide; app.ts and worker.ts both call it through job-kinds.ts). */
export function registerNotificationJobs(): void {}
