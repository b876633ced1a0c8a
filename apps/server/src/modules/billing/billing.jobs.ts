/** Billing's background work (checkout expiry, ended subscriptions). */
export function registerBillingJobs(): void {}
