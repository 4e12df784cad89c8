// Shared per-file setup for API tests lives in ./helpers.ts (createTestContext); nothing global is needed here.
export {};
