/** Runs `work` and prints how long it took, so every run shows where its time goes. */
export async function timed<T>(step: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    console.log(`[time] ${step}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
