/**
 * What a failed compile of user code says. A page whose Content Security Policy leaves out
 * 'unsafe-eval' makes every `new Function` throw an EvalError: the code is fine, the page forbids
 * running it, and the message says so (docs/host-guide.md, "Content Security Policy").
 */
export function compileErrorText(err: unknown): string {
  if (err instanceof EvalError) {
    return "EvalError: this page's Content Security Policy does not allow user code to be compiled (its script-src needs 'unsafe-eval')";
  }
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
