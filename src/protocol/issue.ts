import type { z } from 'zod';

/**
 * The first problem of a failed parse as one line naming the field ("ImageURL is required",
 * "FileType: Invalid option: ..."). The gateway puts it in -1100 answers; the extension uses it for
 * its own request checks and for answers that do not match the protocol. `subject` names the whole
 * value when the problem is not in one field.
 */
export function describeIssue(error: z.ZodError, subject = 'request'): string {
  const issue = error.issues[0];
  if (!issue) return `invalid ${subject}`;
  const field = issue.path.join('.') || subject;
  if (issue.code === 'invalid_type' && /received undefined/.test(issue.message)) return `${field} is required`;
  return `${field}: ${issue.message}`;
}
