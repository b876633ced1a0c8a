// Tables of the platform-settings module (Drizzle mirror of its migration).
export {};
