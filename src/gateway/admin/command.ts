import type { Services } from '../services';

/** Options as node:util parseArgs gives them. */
export type AdminArgs = Record<string, string | boolean | undefined>;

/**
 * One admin command: `npm run --silent admin -- <group> <verb> [--opt value]`. It returns the one
 * JSON object printed on stdout; problems are thrown as AdminError (printed as {"error": ...}).
 */
export interface AdminCommand {
  usage: string;
  options: Record<string, { type: 'string' | 'boolean' }>;
  run(services: Services, args: AdminArgs, log: (line: string) => void): Promise<Record<string, unknown>>;
}

export class AdminError extends Error {}

export function requireString(args: AdminArgs, name: string): string {
  const v = args[name];
  if (typeof v !== 'string' || v === '') throw new AdminError(`--${name} is required`);
  return v;
}

export function requireInt(args: AdminArgs, name: string): number {
  const v = requireString(args, name);
  if (!/^\d+$/.test(v)) throw new AdminError(`--${name} must be a whole number`);
  return Number(v);
}

export function optionalInt(args: AdminArgs, name: string): number | undefined {
  return args[name] === undefined ? undefined : requireInt(args, name);
}
