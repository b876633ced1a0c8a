// Tables of the services module (Drizzle mirror of its migration).
export {};
