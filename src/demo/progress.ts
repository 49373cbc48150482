/** How the demo's long steps report progress (the CLI prints it: src/cli/progress.ts). */
export type OnProgress = (what: string, done: number, total: number) => void;
