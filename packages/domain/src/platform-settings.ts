// Platform settings: custom login, general settings, code snippets.
export {};
