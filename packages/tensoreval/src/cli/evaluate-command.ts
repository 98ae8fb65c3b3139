// Implemented by the evaluate feature work; kept so the CLI builds in the meantime.
export async function evaluateCommand(_argv: readonly string[]): Promise<number> {
  throw new Error('tensoreval evaluate is not available in this build');
}
