-- placeholder (filled by its module)
SELECT 1;
