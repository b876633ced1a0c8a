// Owner services and app services (spec 4 Service: ACTIVE, PAUSE, INACTIVE).
export {};
