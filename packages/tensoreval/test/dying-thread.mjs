// Worker entry standing in for a shard worker in worker-inputs.test.ts: its thread dies in the
// middle of every task, the way DYING_THREAD says: `exit` (the thread exits), `throw` (an error
// thrown outside the task, from a timer).
export default function dyingTask() {
  if (process.env.DYING_THREAD === 'exit') process.exit(3);
  setTimeout(() => {
    throw new Error('lost outside the task');
  }, 5);
  return new Promise(() => {});
}
