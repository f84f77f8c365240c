import type { z } from 'zod';

/** The first problem of a failed parse as one line naming the field ("ImageURL: must not contain..."). */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const field = issue.path.join('.') || 'value';
  return `${field}: ${issue.message}`;
}
