// Tables of the templates module (Drizzle mirror of its migration).
export {};
