/**
 * The worker loop's sleep, which whatever the loop waits for (a slot freed, a batch arrived, results
 * written) cuts short. A wake-up while the loop is not asleep, say while a claim statement runs, is
 * kept for its next sleep: lost, it let a claim that had just found a host full sleep a whole poll
 * interval although the host had room again.
 */
export class LoopSleep {
  private wakeUp: (() => void) | null = null;
  private poked = false;

  poke(): void {
    if (this.wakeUp) this.wakeUp();
    else this.poked = true;
  }

  sleep(ms: number): Promise<void> {
    if (this.poked) {
      this.poked = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      const self = this;
      function done() {
        clearTimeout(t);
        if (self.wakeUp === done) self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
