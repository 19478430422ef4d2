let spinner: number | null = null;

/** Start or stop 200 ms of synchronous work every 250 ms on this page's main thread (the busy host). */
export function busy(on: boolean) {
  if (on && spinner === null) {
    spinner = window.setInterval(() => {
      const end = performance.now() + 200;
      while (performance.now() < end) {
        // A host dashboard doing heavy synchronous work (layout, data crunching, chart redraws).
      }
    }, 250);
  } else if (!on && spinner !== null) {
    clearInterval(spinner);
    spinner = null;
  }
}
