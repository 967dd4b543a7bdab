export const serverDist: string;
export function serverBuildIsStale(outDir?: string): boolean;
export function buildServer(outDir?: string): Promise<void>;
