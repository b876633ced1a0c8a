/** Spec 9: the version shown on the sidebar chip. */
export const APP_VERSION = 'v1.9.3';
