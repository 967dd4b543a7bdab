export const PRODUCTION_BUILD: [label: string, args: string[]][];
