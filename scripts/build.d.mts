/** Types of scripts/build.mjs for the TypeScript that calls it (tests start the compiled server). */
export const ROOT: string;
export const SERVER_DIST: string;
export const SERVER_ENTRY: string;
export type BuildTarget = 'web' | 'server';
export function inputsHash(paths: string[], extra?: string): string;
export function isUpToDate(name: BuildTarget): boolean;
export function buildChanged(
  names?: BuildTarget[],
  opts?: { force?: boolean; log?: (message: string) => void },
): Promise<Partial<Record<BuildTarget, { state: 'built' | 'fresh'; ms: number }>>>;
