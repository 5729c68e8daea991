/**
 * Writes that arrive while one is in flight go together in the next, as one statement: under
 * load one round trip and one commit serve many writes instead of each waiting its turn for a
 * connection and a flush of its own. A write that arrives when none is in flight goes at once,
 * alone, so a quiet server adds no wait.
 *
 * `write` answers one result per input, in their order. When a batch fails, each of its writes is
 * tried again alone: one bad write (a listing deleted meanwhile) fails only its own sender.
 */
export class WriteBatcher<In, Out> {
  private readonly waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly write: (inputs: In[]) => Promise<Out[]>,
    private readonly max: number,
  ) {}

  add(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.waiting.push({ input, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain() {
    this.writing = true;
    try {
      while (this.waiting.length > 0) await this.settle(this.waiting.splice(0, this.max));
    } finally {
      this.writing = false;
    }
  }

  private async settle(batch: typeof this.waiting) {
    try {
      const outs = await this.write(batch.map((w) => w.input));
      batch.forEach((w, i) => w.resolve(outs[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Through a promise, so a writer that throws at once fails its own write, not the drain.
      await Promise.all(
        batch.map((w) =>
          Promise.resolve([w.input])
            .then((alone) => this.write(alone))
            .then(
              ([out]) => w.resolve(out!),
              (alone: unknown) => w.reject(alone),
            ),
        ),
      );
    }
  }
}
