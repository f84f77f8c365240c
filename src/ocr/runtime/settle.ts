/**
 * Like Promise.all, but waits for every promise before throwing the first failure: work
 * started for a task must not go on after the task has returned (its worker thread is
 * already running the next task, and a cancelled task's flag is gone).
 */
export async function settleAll<T>(promises: Promise<T>[]): Promise<T[]> {
  const settled = await Promise.allSettled(promises);
  const failed = settled.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<T>).value);
}
