/** Loaded before aws-local-stepfunctions runs a state machine (import-runner.ts, the infra tests). */
// aws-local-stepfunctions times tasks with Promise.withResolvers, which Node 20 lacks (Node 22 has it).
if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value: function withResolvers<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}
