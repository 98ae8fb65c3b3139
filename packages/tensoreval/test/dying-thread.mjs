// Worker entry standing in for a shard worker in worker-inputs.test.ts: its thread dies in the
// middle of every task, the way DYING_THREAD says: `exit` (the thread exits), `throw` (an error
// thrown outside the task, from a timer), `oom` (it allocates until its heap runs out: the test
// caps the threads' heaps, so V8 ends the thread within a second instead of the machine's memory).
export default function dyingTask() {
  if (process.env.DYING_THREAD === 'exit') process.exit(3);
  if (process.env.DYING_THREAD === 'oom') {
    const held = [];
    for (;;) held.push(new Array(1 << 16).fill({ held: held.length }));
  }
  setTimeout(() => {
    throw new Error('lost outside the task');
  }, 5);
  return new Promise(() => {});
}
