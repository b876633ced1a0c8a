// Tables of the warehouses module (Drizzle mirror of its migration).
export {};
