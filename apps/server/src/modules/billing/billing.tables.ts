// Tables of the billing module (Drizzle mirror of its migration).
export {};
