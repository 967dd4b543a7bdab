export function checkSnapshot(): { written: string[]; sql: string };
export function writeSnapshot(): string | null;
